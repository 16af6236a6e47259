"""The platforms without an interface of ours (every platform but Meituan/Dianping, Douyin and WeChat
Channels): nothing is asked outside. The code is only recorded; the write-off service checks that it
was not written off before on the same platform (database-unique), and the cashier checks the coupon
in the customer's app."""

from __future__ import annotations

from datetime import UTC, datetime

from .base import CodeInvalid, Consumed, CouponInfo, PlatformAccount

MAX_CODE_LENGTH = 64


class ManualPlatform:
    name = "manual"
    remote = False

    def _check(self, code: str) -> str:
        code = code.strip()
        if not code or len(code) > MAX_CODE_LENGTH or not code.isprintable():
            raise CodeInvalid("empty, too long or unprintable code")
        return code

    def prepare(self, account: PlatformAccount, code: str) -> CouponInfo:
        code = self._check(code)
        return CouponInfo(code=code, deal_id="", title="", price_cents=0, market_price_cents=0, count=1)

    def consume(self, account: PlatformAccount, code: str, count: int, request_id: str) -> Consumed:
        code = self._check(code)
        return Consumed(
            platform=self.name, code=code, count=count, request_id=request_id, consumed_at=datetime.now(UTC)
        )

    def query(self, account: PlatformAccount, code: str, request_id: str) -> Consumed | None:
        return None  # nothing outside: a manual write-off exists only in our records

    def cancel(self, account: PlatformAccount, consumed: Consumed) -> None:
        return None
