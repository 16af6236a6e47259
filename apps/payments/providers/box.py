"""The payment box (支付盒子 / 扫码盒子) behind the provider interface (issue 14 §7.8 "box pay";
docs/decisions/0016-box-pay.md).

A payment box is the small device on the counter that shows the amount and reads the customer's
WeChat Pay or Alipay payment code with its own camera; the money then settles through the box
vendor's aggregated acquiring (one merchant account at the box vendor takes both wallets). For the
back-office a box is a terminal: the store's box gateway speaks the card terminal protocol of
decision 0010 unchanged (HMAC-SHA256 signed requests, answers and notifications; payments, query,
close, refunds, refund query, the day's bill) under the prefix `/box/v1`, where `GET /box/v1/terminals`
lists the store's boxes. The one addition: a settled payment names the wallet the customer paid
with (`channel`: `wechat` or `alipay`), which the adapter hands on as the payment's message (the
tender shows "payment box (WeChat Pay)").

States as the card terminal's: `pending` while the box waits for the customer's code and the
acquirer's answer (a customer who never shows a code leaves it pending until `expires_at`, when the
poller closes it at the box), `succeeded`, `failed` with the acquirer's reason (a wrong or expired
code, not enough balance), `closed`.

The account: PAYMENT_PROVIDERS["box"], as the terminal's (`base_url` the box gateway, `merchant_id`
the merchant at the box vendor, `private_key` the HMAC key, `extra["default_terminal_id"]` the box
used when a payment names none)."""

from __future__ import annotations

import dataclasses
import json

from apps.core.json_types import JsonObject
from apps.payments.providers import register_provider

from .base import Notification, PayResult, ProviderAccount, ProviderState
from .pos import TerminalProvider

CHANNELS = {"wechat", "alipay"}


class PaymentBoxProvider(TerminalProvider):
    """The store's payment boxes through the box gateway (decision 0010's protocol under /box/v1)."""

    name = "box"
    api = "/box/v1"

    @staticmethod
    def _payment(out_trade_no: str, document: JsonObject) -> PayResult:
        result = TerminalProvider._payment(out_trade_no, document)
        channel = str(document.get("channel") or "")
        if result.message or channel not in CHANNELS:
            return result
        # Paid: which wallet the customer's code was (what the tender shows beside "payment box").
        return dataclasses.replace(result, message=channel)

    def parse_notification(self, account: ProviderAccount, headers: dict[str, str], body: bytes) -> Notification:
        notification = super().parse_notification(account, headers, body)
        if notification.kind != "payment" or notification.state != ProviderState.SUCCEEDED:
            return notification
        try:
            channel = str(json.loads(body).get("channel") or "")
        except (ValueError, AttributeError):
            channel = ""
        return dataclasses.replace(notification, message=channel) if channel in CHANNELS else notification


register_provider(PaymentBoxProvider())
