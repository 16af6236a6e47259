"""A fake store payment box gateway on 127.0.0.1, for tests and `make run` (spec §7.8 "box pay";
docs/decisions/0016-box-pay.md).

The box gateway speaks the card terminal protocol (decision 0010) under `/box/v1`: this fake is the
terminal gateway's fake (apps.payments.fakes.pos: signatures checked and made the same way, with its
own merchant and key) with payment boxes instead of card terminals, the box's own ways of ending,
and the wallet the customer paid with (`channel`) on a settled payment.

Boxes: B01 and B02 (store S001, online) and B03 (store S001, offline: `TERMINAL_OFFLINE`). A box
shows one payment at a time (`TERMINAL_BUSY`).

Scenarios, by the last two digits of the amount in cents:
  01  the customer's wallet is short: failed, `NOTENOUGH: 余额不足` (notified)
  02  the code the box read is invalid or expired: failed, `AUTH_CODE_INVALID: 付款码无效` (notified)
  03  the customer never shows a code: pending until closed (the poller closes it past `expires_at`)
  1N  the Nth query finds it paid (no timer)
  05  HTTP 500 on the create, nothing created
  07  paid, the notification sent twice
  08  paid, the notification lost (only a query finds it)
  2N  paid with Alipay (any other amount is paid with WeChat Pay)
  any other: the box reads the code and the payment settles `settle_seconds` after the create (or at
      the first query), notified
Refunds as the terminal gateway's. Control as the terminal gateway's (`fail_next`, `payments`,
`refunds`, `notifier`, `misreporting(...)` for a settled payment reporting another amount, currency,
merchant or box). `start(notify_url) -> (settings, stop)` for the registry of fakes."""

from __future__ import annotations

from collections.abc import Callable

from apps.core.json_types import JsonObject

from .pos import FakePayment, FakeTerminalGateway

MERCHANT_ID = "HZ8800120260001"
BOXES = (
    {"terminal_id": "B01", "name": "收银台支付盒子", "store_code": "S001", "online": True},
    {"terminal_id": "B02", "name": "前台支付盒子", "store_code": "S001", "online": True},
    {"terminal_id": "B03", "name": "二楼支付盒子", "store_code": "S001", "online": False},
)
DECLINES = {
    "not_enough": "NOTENOUGH: 余额不足",
    "code_invalid": "AUTH_CODE_INVALID: 付款码无效",
}


def box_scenario(amount_cents: int) -> tuple[str, int]:
    tail = amount_cents % 100
    if 11 <= tail <= 19:
        return "after_queries", tail - 10
    return (
        {1: "not_enough", 2: "code_invalid", 3: "never", 5: "http500", 7: "notify_twice", 8: "notify_lost"}.get(
            tail, "settle"
        ),
        0,
    )


class FakeBoxGateway(FakeTerminalGateway):
    provider = "box"
    prefix = "/box/v1/"
    devices = BOXES

    def __init__(self, notify_url: str = "", slow_seconds: float = 3.0, settle_seconds: float = 0.3) -> None:
        super().__init__(notify_url=notify_url, slow_seconds=slow_seconds, settle_seconds=settle_seconds)
        self.merchant_id = MERCHANT_ID

    def account_settings(self) -> JsonObject:
        return {**super().account_settings(), "extra": {"default_terminal_id": "B01"}}

    @staticmethod
    def scenario_of(amount_cents: int) -> tuple[str, int]:
        return box_scenario(amount_cents)

    @staticmethod
    def decline_reason(payment: FakePayment) -> str:
        return DECLINES.get(payment.scenario, "")

    @staticmethod
    def _payment_doc(payment: FakePayment) -> JsonObject:
        document = FakeTerminalGateway._payment_doc(payment)
        document["card"] = ""
        paid = payment.state in ("succeeded", "refunded")
        document["channel"] = ("alipay" if 20 <= payment.amount_cents % 100 <= 29 else "wechat") if paid else ""
        return document


def start(notify_url: str) -> tuple[JsonObject, Callable[[], None]]:
    """Start a fake payment box gateway for the registry of fakes: (the account's settings, stop)."""
    fake = FakeBoxGateway(notify_url=notify_url).start()
    return fake.account_settings(), fake.stop
