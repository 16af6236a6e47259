"""A fake store terminal gateway on 127.0.0.1, for tests and `make run` (issue 14 §1, `pos/*`).

It implements our card terminal protocol (docs/decisions/0010-card-terminal-protocol.md) on its own,
without the adapter's code: it checks every request's HMAC-SHA256 signature (merchant, timestamp at
most 5 minutes off, a nonce never seen before), signs every answer (bound to the request's nonce)
and every notification with the merchant's key, generated when the fake starts.

Terminals: T01 and T02 (store S001, online) and T03 (store S001, offline: a payment sent to it is
refused `TERMINAL_OFFLINE`). A terminal shows one payment at a time (`TERMINAL_BUSY`).

Scenarios, by the last two digits of the amount in cents:
  01  the card is declined: the payment resolves failed (notified)
  1N  the Nth query (N = 1..9) finds the card went through (no timer; notified then)
  04  timeout after taking the money: the payment succeeds at once (notified), the create answer comes
      only after `slow_seconds` (default 3 s)
  05  HTTP 500 on the create, nothing created
  07  succeeds, the notification is sent twice
  08  succeeds, the notification is lost (only a query finds it)
  09  the card is declined, and a forged "succeeded" notification (signed with another key) is sent
  any other: the card goes through `settle_seconds` (default 0.3 s) after the create, or at the first
      query if that comes sooner (notified)
Refunds succeed at once (notified) unless they exceed what is left (`REFUND_EXCEEDS_PAYMENT`).

A settled payment names the gateway's `merchant_id`, `currency` (CNY) and `terminal_id`; it reports
another amount, currency, merchant or terminal (signed as any answer and notification) after
`misreporting(...)` (apps.payments.fakes.misreport) or through the payment's `reported`.

Control from a test: `fail_next(kind, count)` with kind "http500" (answer 500 without doing
anything), "slow" (do the work, answer after `slow_seconds`) or "bad_signature" (answer signed with
another key); `send_forged_notification(out_trade_no)`; `notifier.sent`, `notifier.wait_idle()`;
`payments` and `refunds` are the fake's book.

`start(notify_url) -> (settings, stop)`: the entry for the registry of fakes. `settings` is a dict
whose keys are `ProviderAccount`'s fields: provider "pos", base_url, merchant_id, private_key (the
merchant's HMAC key), notify_url, extra {"default_terminal_id": "T01"}. `stop()` ends the server."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from urllib.parse import unquote
from zoneinfo import ZoneInfo

from apps.core.json_types import JsonObject

from .httpfake import FakeProvider, FakeRequest, FakeResponse
from .misreport import Misreporting

LOCAL_TZ = ZoneInfo("Asia/Shanghai")  # the stores' day: a bill is one local day
MERCHANT_ID = "898310048161234"
MAX_SKEW = 300
FAILURE_KINDS = ("http500", "slow", "bad_signature")
TERMINALS = (
    {"terminal_id": "T01", "name": "收银台 1", "store_code": "S001", "online": True},
    {"terminal_id": "T02", "name": "收银台 2", "store_code": "S001", "online": True},
    {"terminal_id": "T03", "name": "前台", "store_code": "S001", "online": False},
)


def _hmac(key: str, message: bytes) -> str:
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def amount_scenario(amount_cents: int) -> tuple[str, int]:
    tail = amount_cents % 100
    if 11 <= tail <= 19:
        return "after_queries", tail - 10
    return (
        {
            1: "decline",
            4: "slow",
            5: "http500",
            7: "notify_twice",
            8: "notify_lost",
            9: "decline_and_forge",
        }.get(tail, "settle"),
        0,
    )


@dataclass
class FakePayment:
    out_trade_no: str
    payment_id: str
    terminal_id: str
    amount_cents: int
    notify_url: str
    scenario: str
    queries_left: int = 0
    state: str = "pending"
    message: str = ""
    paid_at: datetime | None = None
    refunded_cents: int = 0
    merchant_id: str = MERCHANT_ID
    # What a settled payment reports instead of the truth: amount, currency, merchant, terminal.
    reported: JsonObject = field(default_factory=dict)


@dataclass
class FakeRefund:
    out_refund_no: str
    refund_id: str
    out_trade_no: str
    amount_cents: int
    at: datetime
    state: str = "succeeded"


class FakeTerminalGateway(FakeProvider, Misreporting):
    # The protocol's prefix and the devices it lists (the payment box fake speaks the same protocol
    # under /box/v1 with its boxes: apps.payments.fakes.box).
    provider = "pos"
    prefix = "/pos/v1/"
    devices: tuple[JsonObject, ...] = TERMINALS
    failure_kinds = FAILURE_KINDS

    def __init__(self, notify_url: str = "", slow_seconds: float = 3.0, settle_seconds: float = 0.3) -> None:
        super().__init__()
        self.notify_url = notify_url
        self.slow_seconds = slow_seconds
        self.settle_seconds = settle_seconds
        self.merchant_id = MERCHANT_ID
        self.key = secrets.token_urlsafe(32)
        self.payments: dict[str, FakePayment] = {}
        self.misreport: JsonObject = {}
        self.refunds: dict[str, FakeRefund] = {}
        self._nonces: set[str] = set()
        self._counter = 0

    def account_settings(self) -> JsonObject:
        return {
            "provider": self.provider,
            "base_url": self.url,
            "merchant_id": self.merchant_id,
            "private_key": self.key,
            "notify_url": self.notify_url,
            "extra": {"default_terminal_id": "T01"},
        }

    @staticmethod
    def scenario_of(amount_cents: int) -> tuple[str, int]:
        return amount_scenario(amount_cents)

    # -- control ---------------------------------------------------------------------------------

    def send_forged_notification(self, out_trade_no: str, state: str = "succeeded") -> None:
        with self._lock:
            payment = self.payments[out_trade_no]
            document = self._payment_doc(payment)
        document.update(state=state, message="")
        self._send(payment.notify_url, {"event": "payment", **document}, key=secrets.token_urlsafe(32))

    # -- notifications ---------------------------------------------------------------------------

    def _send(self, url: str, document: JsonObject, key: str | None = None, times: int = 1) -> None:
        body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
        timestamp = str(int(time.time()))
        nonce = secrets.token_hex(16)
        message = f"NOTIFY\n{timestamp}\n{nonce}\n".encode() + body
        headers = {
            "Content-Type": "application/json; charset=utf-8",
            "X-Pos-Merchant": self.merchant_id,
            "X-Pos-Timestamp": timestamp,
            "X-Pos-Nonce": nonce,
            "X-Pos-Signature": _hmac(key or self.key, message),
        }
        self.notifier.send(url or self.notify_url, body, headers, times=times)

    def _notify_payment(self, payment: FakePayment) -> None:
        if payment.scenario == "notify_lost":
            return
        times = 2 if payment.scenario == "notify_twice" else 1
        self._send(payment.notify_url, {"event": "payment", **self._payment_doc(payment)}, times=times)
        if payment.scenario == "decline_and_forge":
            document = {**self._payment_doc(payment), "state": "succeeded", "message": ""}
            self._send(payment.notify_url, {"event": "payment", **document}, key=secrets.token_urlsafe(32))

    # -- the book --------------------------------------------------------------------------------

    def _next_id(self, prefix: str) -> str:
        self._counter += 1
        return f"{prefix}{datetime.now(LOCAL_TZ):%Y%m%d}{self._counter:08d}"

    def _resolve(self, payment: FakePayment) -> None:
        """The card was presented and the bank answered."""
        if payment.state != "pending" or payment.scenario == "never":
            return
        reason = self.decline_reason(payment)
        if reason:
            payment.state = "failed"
            payment.message = reason
        else:
            payment.state = "succeeded"
            payment.paid_at = datetime.now(LOCAL_TZ)
        self._notify_payment(payment)

    @staticmethod
    def decline_reason(payment: FakePayment) -> str:
        """The bank's reason when the payment's scenario declines it, else ""."""
        if payment.scenario in ("decline", "decline_and_forge"):
            return "05: 交易被拒绝 (do not honour)"
        return ""

    def _settle_later(self, out_trade_no: str) -> None:
        def settle() -> None:
            with self._lock:
                payment = self.payments.get(out_trade_no)
                if payment is not None:
                    self._resolve(payment)

        timer = threading.Timer(self.settle_seconds, settle)
        timer.daemon = True
        timer.start()

    @staticmethod
    def _payment_doc(payment: FakePayment) -> JsonObject:
        settled = payment.state in ("succeeded", "refunded")
        reported = payment.reported if settled else {}
        return {
            "out_trade_no": payment.out_trade_no,
            "payment_id": payment.payment_id,
            "merchant_id": str(reported.get("merchant", payment.merchant_id)),
            "terminal_id": str(reported.get("terminal", payment.terminal_id)),
            "state": payment.state,
            "amount_cents": int(reported.get("amount", payment.amount_cents)),
            "currency": str(reported.get("currency", "CNY")),
            "paid_at": payment.paid_at.isoformat() if payment.paid_at else None,
            "message": payment.message,
            "card": "6222 **** **** 1234" if payment.state == "succeeded" else "",
        }

    @staticmethod
    def _refund_doc(refund: FakeRefund) -> JsonObject:
        return {
            "out_refund_no": refund.out_refund_no,
            "refund_id": refund.refund_id,
            "out_trade_no": refund.out_trade_no,
            "state": refund.state,
            "amount_cents": refund.amount_cents,
            "message": "",
        }

    # -- HTTP ------------------------------------------------------------------------------------

    def _answer(self, request_nonce: str, status: int, document: JsonObject, key: str | None = None) -> FakeResponse:
        body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
        timestamp = str(int(time.time()))
        nonce = secrets.token_hex(16)
        message = f"{status}\n{request_nonce}\n{timestamp}\n{nonce}\n".encode() + body
        headers = {
            "X-Pos-Timestamp": timestamp,
            "X-Pos-Nonce": nonce,
            "X-Pos-Signature": _hmac(key or self.key, message),
        }
        return FakeResponse(status, body, headers)

    def _verified(self, request: FakeRequest) -> str:
        """The request's nonce when its signature holds, else ""."""
        timestamp = request.headers.get("x-pos-timestamp", "")
        nonce = request.headers.get("x-pos-nonce", "")
        signature = request.headers.get("x-pos-signature", "")
        if request.headers.get("x-pos-merchant") != self.merchant_id or not nonce:
            return ""
        try:
            if abs(time.time() - int(timestamp)) > MAX_SKEW:
                return ""
        except ValueError:
            return ""
        message = f"{request.method}\n{request.path}\n{timestamp}\n{nonce}\n".encode() + request.body
        if not hmac.compare_digest(_hmac(self.key, message), signature):
            return ""
        with self._lock:
            if nonce in self._nonces:
                return ""
            self._nonces.add(nonce)
        return nonce

    def handle(self, request: FakeRequest) -> FakeResponse:
        failure = self._next_failure()
        if failure == "http500":
            return FakeResponse(500, b'{"code":"SYSTEM_ERROR"}')
        nonce = self._verified(request)
        if not nonce:
            return self._answer(
                request.headers.get("x-pos-nonce", ""),
                401,
                {"code": "SIGNATURE_INVALID", "message": "签名错误或请求过期"},
            )
        try:
            payload = json.loads(request.body) if request.body else {}
        except ValueError:
            payload = None
        if not isinstance(payload, dict):
            return self._answer(nonce, 400, {"code": "BAD_REQUEST", "message": "body is not a JSON object"})
        status, document, slow = self._route(request.method, request.path, payload)
        if status >= 500:
            return FakeResponse(status, json.dumps(document).encode())
        response = self._answer(
            nonce, status, document, key=secrets.token_urlsafe(32) if failure == "bad_signature" else None
        )
        if slow or failure == "slow":
            time.sleep(self.slow_seconds)
        return response

    def _route(self, method: str, path: str, payload: JsonObject) -> tuple[int, JsonObject, bool]:
        prefix = self.prefix
        if not path.startswith(prefix):
            return 404, {"code": "NOT_FOUND", "message": path}, False
        parts = [unquote(p) for p in path[len(prefix) :].split("/")]
        with self._lock:
            if method == "GET" and parts == ["terminals"]:
                return 200, {"terminals": list(self.devices)}, False
            if method == "POST" and parts == ["payments"]:
                return self._create_payment(payload)
            if method == "GET" and len(parts) == 2 and parts[0] == "payments":
                return self._query_payment(parts[1])
            if method == "POST" and len(parts) == 3 and parts[0] == "payments" and parts[2] == "close":
                return self._close_payment(parts[1])
            if method == "POST" and parts == ["refunds"]:
                return self._create_refund(payload)
            if method == "GET" and len(parts) == 2 and parts[0] == "refunds":
                refund = self.refunds.get(parts[1])
                if refund is None:
                    return 404, {"code": "REFUND_NOT_FOUND", "message": parts[1]}, False
                return 200, self._refund_doc(refund), False
            if method == "GET" and len(parts) == 2 and parts[0] == "bills":
                return self._bill(parts[1])
        return 404, {"code": "NOT_FOUND", "message": path}, False

    def _create_payment(self, payload: JsonObject) -> tuple[int, JsonObject, bool]:
        out_trade_no = str(payload.get("out_trade_no") or "")
        terminal_id = str(payload.get("terminal_id") or "")
        amount = payload.get("amount_cents")
        if not out_trade_no or not isinstance(amount, int) or amount <= 0:
            return 400, {"code": "BAD_REQUEST", "message": "out_trade_no and a positive amount_cents"}, False
        terminal = next((t for t in self.devices if t["terminal_id"] == terminal_id), None)
        if terminal is None:
            return 404, {"code": "TERMINAL_NOT_FOUND", "message": terminal_id}, False
        existing = self.payments.get(out_trade_no)
        if existing is not None:
            if existing.terminal_id != terminal_id or existing.amount_cents != amount:
                return 409, {"code": "OUT_TRADE_NO_REUSED", "message": "another payment has this number"}, False
            return 200, self._payment_doc(existing), False  # a retry of the same create
        if not terminal["online"]:
            return 409, {"code": "TERMINAL_OFFLINE", "message": f"{terminal_id} is offline"}, False
        if any(p.terminal_id == terminal_id and p.state == "pending" for p in self.payments.values()):
            return 409, {"code": "TERMINAL_BUSY", "message": f"{terminal_id} shows another payment"}, False
        scenario, queries = self.scenario_of(amount)
        if scenario == "http500":
            return 500, {"code": "SYSTEM_ERROR"}, False
        payment = FakePayment(
            out_trade_no=out_trade_no,
            payment_id=self._next_id("P"),
            terminal_id=terminal_id,
            amount_cents=amount,
            notify_url=str(payload.get("notify_url") or self.notify_url),
            scenario=scenario,
            queries_left=queries,
            merchant_id=self.merchant_id,
            reported=dict(self.misreport),
        )
        self.payments[out_trade_no] = payment
        if scenario == "slow":
            self._resolve(payment)
            return 200, self._payment_doc(payment), True
        if scenario not in ("after_queries", "never"):
            self._settle_later(out_trade_no)
        return 200, self._payment_doc(payment), False

    def _query_payment(self, out_trade_no: str) -> tuple[int, JsonObject, bool]:
        payment = self.payments.get(out_trade_no)
        if payment is None:
            return 404, {"code": "PAYMENT_NOT_FOUND", "message": out_trade_no}, False
        if payment.state == "pending":
            if payment.scenario == "after_queries":
                payment.queries_left -= 1
                if payment.queries_left <= 0:
                    self._resolve(payment)
            else:
                self._resolve(payment)
        return 200, self._payment_doc(payment), False

    def _close_payment(self, out_trade_no: str) -> tuple[int, JsonObject, bool]:
        payment = self.payments.get(out_trade_no)
        if payment is None:
            return 404, {"code": "PAYMENT_NOT_FOUND", "message": out_trade_no}, False
        if payment.state in ("succeeded", "refunded"):
            return 409, {"code": "ALREADY_PAID", "message": "the card went through: refund it instead"}, False
        if payment.state == "pending":
            payment.state = "closed"
        return 200, self._payment_doc(payment), False

    def _create_refund(self, payload: JsonObject) -> tuple[int, JsonObject, bool]:
        out_refund_no = str(payload.get("out_refund_no") or "")
        amount = payload.get("amount_cents")
        if not out_refund_no or not isinstance(amount, int) or amount <= 0:
            return 400, {"code": "BAD_REQUEST", "message": "out_refund_no and a positive amount_cents"}, False
        existing = self.refunds.get(out_refund_no)
        if existing is not None:
            return 200, self._refund_doc(existing), False
        payment = self.payments.get(str(payload.get("out_trade_no") or ""))
        if payment is None:
            return 404, {"code": "PAYMENT_NOT_FOUND", "message": str(payload.get("out_trade_no"))}, False
        if payment.state not in ("succeeded",):
            return 409, {"code": "PAYMENT_NOT_PAID", "message": f"the payment is {payment.state}"}, False
        if amount > payment.amount_cents - payment.refunded_cents:
            return 409, {"code": "REFUND_EXCEEDS_PAYMENT", "message": "more than is left of the payment"}, False
        refund = FakeRefund(out_refund_no, self._next_id("R"), payment.out_trade_no, amount, datetime.now(LOCAL_TZ))
        self.refunds[out_refund_no] = refund
        payment.refunded_cents += amount
        if payment.refunded_cents == payment.amount_cents:
            payment.state = "refunded"
        if payment.scenario != "notify_lost":
            document = {"event": "refund", **self._refund_doc(refund), "payment_id": payment.payment_id}
            self._send(str(payload.get("notify_url") or payment.notify_url), document)
        return 200, self._refund_doc(refund), False

    def _bill(self, day_text: str) -> tuple[int, JsonObject, bool]:
        try:
            day = date.fromisoformat(day_text)
        except ValueError:
            return 400, {"code": "BAD_REQUEST", "message": "a day is YYYY-MM-DD"}, False
        rows = [
            {
                "out_trade_no": p.out_trade_no,
                "out_refund_no": "",
                "amount_cents": p.amount_cents,
                "payment_id": p.payment_id,
            }
            for p in self.payments.values()
            if p.paid_at and p.paid_at.date() == day
        ]
        for refund in self.refunds.values():
            if refund.at.date() == day:
                payment = self.payments[refund.out_trade_no]
                rows.append(
                    {
                        "out_trade_no": refund.out_trade_no,
                        "out_refund_no": refund.out_refund_no,
                        "amount_cents": -refund.amount_cents,
                        "payment_id": payment.payment_id,
                    }
                )
        return 200, {"day": day.isoformat(), "rows": rows}, False


def start(notify_url: str) -> tuple[JsonObject, Callable[[], None]]:
    """Start a fake terminal gateway for the registry of fakes: (the account's settings, stop). See
    the module docstring for the settings' keys."""
    fake = FakeTerminalGateway(notify_url=notify_url).start()
    return fake.account_settings(), fake.stop
