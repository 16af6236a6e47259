"""What the fake platforms share: the HTTP server (apps.payments.fakes.httpfake), the coupon book and
the slow / failing scenarios of a code, and test controls."""

from __future__ import annotations

import json
import time
from typing import Any, Self

from apps.payments.fakes.httpfake import FakeHttpServer, FakeRequest, FakeResponse

from .book import CouponBook, scenario


def json_response(body: dict[str, Any], status: int = 200) -> FakeResponse:
    return FakeResponse(status, json.dumps(body, ensure_ascii=False).encode())


class FakePlatform:
    """A fake platform server: `start()`, `url`, `stop()`; `book` its coupons; `slow_seconds` how long a
    slow code's answer waits; `requests` the paths it was asked (for tests)."""

    def __init__(self, slow_seconds: float = 3.0, cancel_window_seconds: float = 3600.0) -> None:
        self.slow_seconds = slow_seconds
        self.book = CouponBook(cancel_window_seconds=cancel_window_seconds)
        self.requests: list[str] = []
        self.server = FakeHttpServer(self._app)

    @property
    def url(self) -> str:
        return self.server.url

    def start(self) -> Self:
        self.server.start()
        return self

    def stop(self) -> None:
        self.server.stop()

    def _app(self, request: FakeRequest) -> FakeResponse:
        self.requests.append(request.path)
        return self.handle(request)

    def handle(self, request: FakeRequest) -> FakeResponse:  # pragma: no cover - each fake answers
        raise NotImplementedError

    def settings_entry(self) -> dict[str, Any]:  # pragma: no cover - each fake answers
        """Its GROUPBUY_PLATFORMS entry: base_url, app_key, app_secret, shop_id (and Meituan's session)."""
        raise NotImplementedError

    def code_failure(self, code: str) -> FakeResponse | None:
        """HTTP 500 for a failing code (nothing done)."""
        if scenario(code)[0] == "http500":
            return FakeResponse(500, b"<html>502 Bad Gateway</html>", {"Content-Type": "text/html"})
        return None

    def maybe_slow(self, code: str) -> None:
        """A slow code's consume answer waits (after the work is done)."""
        if scenario(code)[0] == "slow":
            time.sleep(self.slow_seconds)
