"""The longest tests (apps/core/tests/suite_order.py) go first under pytest-xdist, so one worker
runs each while the other shares everything else, instead of one starting late and keeping the whole
run waiting at the end. (A hook in this conftest sees every collected test, not only core's.)"""

import os

import pytest

from apps.core.tests.suite_order import LONGEST_FIRST


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST_FIRST))
