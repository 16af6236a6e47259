"""What the fake platforms share: the HTTP server (apps.payments.fakes.httpfake), the coupon book and
the slow / failing scenarios of a code, and test controls: `misreporting(price_cents=..., deal_id=...)`
makes the write-off's answers (Meituan's consume and getconsumed, Douyin's verify records, Channels'
consume and consume/get) name another price or deal than the code's, as a platform that wrote off
something other than what it offered would."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Self

from apps.core.json_types import JsonObject
from apps.payments.fakes.httpfake import FakeHttpServer, FakeRequest, FakeResponse

from .book import CouponBook, Deal, scenario

GATEWAY_PAGE = (
    b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    b"<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
)


def json_response(body: JsonObject, status: int = 200) -> FakeResponse:
    return FakeResponse(status, json.dumps(body, ensure_ascii=False).encode())


class FakePlatform:
    """A fake platform server: `start()`, `url`, `stop()`; `book` its coupons; `slow_seconds` how long a
    slow code's answer waits; `requests` the paths it was asked (for tests)."""

    def __init__(self, slow_seconds: float = 3.0, cancel_window_seconds: float = 3600.0) -> None:
        self.slow_seconds = slow_seconds
        self.book = CouponBook(cancel_window_seconds=cancel_window_seconds)
        self.requests: list[str] = []
        self.misreport: JsonObject = {}
        self.server = FakeHttpServer(self._app)

    @contextmanager
    def misreporting(self, **reported: Any) -> Iterator[None]:
        unknown = set(reported) - {"price_cents", "deal_id"}
        if unknown:
            raise ValueError(f"a fake platform misreports price_cents or deal_id, not {sorted(unknown)}")
        self.misreport = dict(reported)
        try:
            yield
        finally:
            self.misreport = {}

    def reported_deal(self, deal: Deal) -> Deal:
        """The deal a write-off's answer names: the code's, unless a test made it misreport."""
        return replace(deal, **self.misreport) if self.misreport else deal

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

    def settings_entry(self) -> JsonObject:  # pragma: no cover - each fake answers
        """Its GROUPBUY_PLATFORMS entry: base_url, app_key, app_secret, shop_id (and Meituan's session)."""
        raise NotImplementedError

    def code_failure(self, code: str) -> FakeResponse | None:
        """A failing code's answer, nothing done: the HTML page a gateway before the platform answers
        when the platform behind it is down (HTTP 502), not the platform's JSON."""
        if scenario(code)[0] == "gateway":
            return FakeResponse(502, GATEWAY_PAGE, {"Content-Type": "text/html"})
        return None

    def maybe_slow(self, code: str) -> None:
        """A slow code's consume answer waits (after the work is done)."""
        if scenario(code)[0] == "slow":
            time.sleep(self.slow_seconds)
