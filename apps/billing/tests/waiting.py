"""Waiting in a test for what another thread brings (a provider's notification over HTTP)."""

from __future__ import annotations

import time
from collections.abc import Callable


def eventually(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Waits for what a notification (another thread, over HTTP) brings."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("not reached in time")
        time.sleep(0.05)
