"""The schema fuzz (apps/demo/tests/test_fuzz.py) is one test that runs for most of a minute: under
pytest-xdist it goes first, so one worker runs it while the others share everything else, instead of
it starting half-way through and keeping the whole run waiting at the end. (A hook in this conftest
sees every collected test, not only core's.)"""

import os

import pytest

from apps.core.tests.suite_order import LONGEST_FIRST


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST_FIRST))
