from __future__ import annotations

from collections.abc import Iterator

import pytest

from apps.groupbuy.fakes import FAKE_PLATFORMS, FakePlatform

from .factories import platforms


@pytest.fixture(scope="session")
def fake_platforms() -> Iterator[dict[str, FakePlatform]]:
    """The fake Meituan, Douyin and Channels servers on 127.0.0.1, for the whole run."""
    started = {name: cls(slow_seconds=2.0).start() for name, cls in FAKE_PLATFORMS.items()}
    yield started
    for fake in started.values():
        fake.stop()


@pytest.fixture
def platform_accounts(fake_platforms, settings) -> dict[str, FakePlatform]:
    """GROUPBUY_PLATFORMS naming the fakes (an adapter times out after 1 s: the slow code's 2 s is late)."""
    settings.GROUPBUY_PLATFORMS = {
        name: {**fake.settings_entry(), "timeout_seconds": "1"} for name, fake in fake_platforms.items()
    }
    return fake_platforms


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def fixed_platforms(db):
    return platforms()
