"""The card terminal (刷卡 POS) behind the provider interface (issue 14 §1, `pos/*`).

Card terminals come with vendor SDKs of every kind, so the till speaks one small HTTP + JSON protocol
of ours to the store's terminal gateway, and a vendor adapter (a service beside the terminals, or the
vendor's cloud behind a thin translation) implements it. The protocol, its signatures and what a
vendor adapter must provide are in docs/decisions/0010-card-terminal-protocol.md; in short:

- every request carries `X-Pos-Merchant`, `X-Pos-Timestamp` (unix seconds), `X-Pos-Nonce` and
  `X-Pos-Signature` = hex HMAC-SHA256 with the merchant's key over
  `METHOD \\n path \\n timestamp \\n nonce \\n body`;
- every answer is signed the same way over `status \\n request nonce \\n timestamp \\n nonce \\n body`
  (bound to our request: an answer replayed from another request does not verify);
- every notification over `NOTIFY \\n timestamp \\n nonce \\n body`, at most 5 minutes old.

Calls: `GET /pos/v1/terminals`, `POST /pos/v1/payments` (the terminal shows the amount; the payment is
pending until the card is presented and the bank answers), `GET /pos/v1/payments/<out_trade_no>`,
`POST /pos/v1/payments/<out_trade_no>/close`, `POST /pos/v1/refunds`,
`GET /pos/v1/refunds/<out_refund_no>`, `GET /pos/v1/bills/<YYYY-MM-DD>`.

The account: `base_url` the gateway's origin, `merchant_id` the merchant number at the acquirer,
`private_key` the merchant's HMAC key (shared with the gateway, from a file or the environment),
`extra["default_terminal_id"]` the terminal used when a payment names none,
`extra["timeout_seconds"]` one call's timeout (default: the adapter's, 10 s).

Answers: 2xx with a verified signature is read; 4xx with a verified signature is a definite no
(`ProviderRefused` with the gateway's code), except 404 on a payment query, which is UNKNOWN; a 5xx,
a timeout, a refused connection, an unsigned or badly signed answer is `ProviderError` (unknown).
The customer never scans anything here: `pay_by_qr` is refused (`POS_QR_NOT_SUPPORTED`), and a
payment is taken with `pay_by_code`, the terminal named by `PayRequest.terminal_id`."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, TypedDict
from urllib.parse import quote, urlsplit

import requests

from apps.core.json_types import JsonObject

from .base import (
    BillRow,
    ForgedNotification,
    Notification,
    NotificationAnswer,
    PayRequest,
    PayResult,
    ProviderAccount,
    ProviderError,
    ProviderRefused,
    ProviderState,
    RefundRequest,
    RefundResult,
    RefundState,
)

API = "/pos/v1"
HEADER_MERCHANT = "X-Pos-Merchant"
HEADER_TIMESTAMP = "X-Pos-Timestamp"
HEADER_NONCE = "X-Pos-Nonce"
HEADER_SIGNATURE = "X-Pos-Signature"
NOTIFICATION_MAX_AGE = 300  # seconds

PAYMENT_STATES: dict[str, ProviderState] = {
    "pending": ProviderState.PENDING,
    "succeeded": ProviderState.SUCCEEDED,
    "failed": ProviderState.FAILED,
    "closed": ProviderState.CLOSED,
    "refunded": ProviderState.REFUNDED,
}
REFUND_STATES: dict[str, RefundState] = {
    "pending": RefundState.PENDING,
    "succeeded": RefundState.SUCCEEDED,
    "failed": RefundState.FAILED,
}


def hmac_hex(key: str, message: bytes) -> str:
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def request_message(method: str, path: str, timestamp: str, nonce: str, body: bytes) -> bytes:
    return f"{method}\n{path}\n{timestamp}\n{nonce}\n".encode() + body


def answer_message(status: int, request_nonce: str, timestamp: str, nonce: str, body: bytes) -> bytes:
    return f"{status}\n{request_nonce}\n{timestamp}\n{nonce}\n".encode() + body


def notification_message(timestamp: str, nonce: str, body: bytes) -> bytes:
    return f"NOTIFY\n{timestamp}\n{nonce}\n".encode() + body


@dataclass(frozen=True)
class Terminal:
    """A card terminal as the gateway lists it (for `pos/terminal`)."""

    terminal_id: str
    name: str
    store_code: str
    online: bool


class TerminalPaymentAsk(TypedDict):
    """The body of POST payments: the amount the terminal is to take."""

    out_trade_no: str
    terminal_id: str
    amount_cents: int
    description: str
    store_code: str
    notify_url: str
    expires_at: str | None  # ISO time


class TerminalRefundAsk(TypedDict):
    """The body of POST refunds."""

    out_trade_no: str
    out_refund_no: str
    amount_cents: int
    total_cents: int
    reason: str
    notify_url: str


def _parse_time(text: Any) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(str(text))
    except ValueError:
        return None


class TerminalProvider:
    """The card terminal through the store's terminal gateway (our protocol, HMAC-SHA256 signed)."""

    name = "pos"
    # The protocol's path prefix: the payment box gateway speaks the same protocol under /box/v1
    # (apps.payments.providers.box; decision 0016).
    api = API

    def __init__(self, timeout: float = 10.0) -> None:
        self.timeout = timeout

    # -- plumbing --------------------------------------------------------------------------------

    def _call(
        self, account: ProviderAccount, method: str, path: str, payload: Mapping[str, object] | None = None
    ) -> tuple[int, JsonObject]:
        """One signed call: (status, verified JSON body) for 2xx and 4xx; ProviderError otherwise."""
        if not account.private_key:
            raise ProviderRefused("POS_NO_KEY", "the terminal account has no HMAC key")
        body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode() if payload is not None else b""
        timestamp = str(int(time.time()))
        nonce = secrets.token_hex(16)
        url = account.base_url.rstrip("/") + path
        signed_path = urlsplit(url).path
        headers = {
            "Content-Type": "application/json; charset=utf-8",
            HEADER_MERCHANT: account.merchant_id,
            HEADER_TIMESTAMP: timestamp,
            HEADER_NONCE: nonce,
            HEADER_SIGNATURE: hmac_hex(
                account.private_key, request_message(method, signed_path, timestamp, nonce, body)
            ),
        }
        timeout = float(account.extra.get("timeout_seconds") or self.timeout)
        try:
            answer = requests.request(method, url, data=body or None, headers=headers, timeout=timeout)
        except requests.RequestException as exc:
            raise ProviderError(f"the terminal gateway could not be reached: {exc}") from exc
        if answer.status_code >= 500:
            raise ProviderError(f"the terminal gateway answered HTTP {answer.status_code}")
        expected = hmac_hex(
            account.private_key,
            answer_message(
                answer.status_code,
                nonce,
                answer.headers.get(HEADER_TIMESTAMP, ""),
                answer.headers.get(HEADER_NONCE, ""),
                answer.content,
            ),
        )
        if not hmac.compare_digest(expected, answer.headers.get(HEADER_SIGNATURE, "")):
            raise ProviderError(f"the terminal gateway's answer (HTTP {answer.status_code}) is not signed by it")
        try:
            document = json.loads(answer.content or b"{}")
        except ValueError as exc:
            raise ProviderError("the terminal gateway's answer is not JSON") from exc
        if not isinstance(document, dict):
            raise ProviderError("the terminal gateway's answer is not a JSON object")
        return answer.status_code, document

    @staticmethod
    def _refused(status: int, document: JsonObject) -> ProviderRefused:
        return ProviderRefused(str(document.get("code") or f"HTTP_{status}"), str(document.get("message", "")))

    def _ok(
        self, account: ProviderAccount, method: str, path: str, payload: Mapping[str, object] | None = None
    ) -> JsonObject:
        status, document = self._call(account, method, path, payload)
        if status >= 300:
            raise self._refused(status, document)
        return document

    @staticmethod
    def _payment(out_trade_no: str, document: JsonObject) -> PayResult:
        state = PAYMENT_STATES.get(str(document.get("state")))
        if state is None:
            raise ProviderError(f"the terminal gateway reports an unknown state {document.get('state')!r}")
        return PayResult(
            out_trade_no=str(document.get("out_trade_no") or out_trade_no),
            state=state,
            amount_cents=int(document.get("amount_cents") or 0),
            provider_trade_no=str(document.get("payment_id") or ""),
            paid_at=_parse_time(document.get("paid_at")),
            message=str(document.get("message") or ""),
            currency=str(document.get("currency") or "CNY"),
            merchant_id=str(document.get("merchant_id") or ""),
            terminal_id=str(document.get("terminal_id") or ""),
        )

    @staticmethod
    def _refund(out_refund_no: str, document: JsonObject) -> RefundResult:
        state = REFUND_STATES.get(str(document.get("state")))
        if state is None:
            raise ProviderError(f"the terminal gateway reports an unknown refund state {document.get('state')!r}")
        return RefundResult(
            out_refund_no=str(document.get("out_refund_no") or out_refund_no),
            state=state,
            amount_cents=int(document.get("amount_cents") or 0),
            provider_refund_no=str(document.get("refund_id") or ""),
            message=str(document.get("message") or ""),
        )

    # -- terminals (pos/terminal) ----------------------------------------------------------------

    def terminals(self, account: ProviderAccount) -> list[Terminal]:
        document = self._ok(account, "GET", f"{self.api}/terminals")
        return [
            Terminal(
                terminal_id=str(item.get("terminal_id", "")),
                name=str(item.get("name", "")),
                store_code=str(item.get("store_code", "")),
                online=bool(item.get("online")),
            )
            for item in document.get("terminals", [])
            if isinstance(item, dict)
        ]

    # -- payments --------------------------------------------------------------------------------

    def pay_by_code(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        """Send the amount to the terminal; PENDING until the card is presented and the bank answers."""
        terminal_id = request.terminal_id or account.extra.get("default_terminal_id", "")
        if not terminal_id:
            raise ProviderRefused("POS_NO_TERMINAL", "the payment names no card terminal")
        payload: TerminalPaymentAsk = {
            "out_trade_no": request.out_trade_no,
            "terminal_id": terminal_id,
            "amount_cents": request.amount_cents,
            "description": request.description,
            "store_code": request.store_code,
            "notify_url": account.notify_url,
            "expires_at": request.expires_at.isoformat() if request.expires_at else None,
        }
        return self._payment(request.out_trade_no, self._ok(account, "POST", f"{self.api}/payments", payload))

    def pay_by_qr(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        raise ProviderRefused("POS_QR_NOT_SUPPORTED", "a card terminal takes cards, not QR codes: use pay_by_code")

    def query(self, account: ProviderAccount, out_trade_no: str) -> PayResult:
        status, document = self._call(account, "GET", f"{self.api}/payments/{quote(out_trade_no, safe='')}")
        if status == 404:
            return PayResult(out_trade_no=out_trade_no, state=ProviderState.UNKNOWN, message=str(document))
        if status >= 300:
            raise self._refused(status, document)
        return self._payment(out_trade_no, document)

    def close(self, account: ProviderAccount, out_trade_no: str) -> None:
        """Take the amount off the terminal; refused (`ALREADY_PAID`) when the card went through."""
        status, document = self._call(account, "POST", f"{self.api}/payments/{quote(out_trade_no, safe='')}/close", {})
        if status == 404 or status < 300:
            return
        raise self._refused(status, document)

    # -- refunds ---------------------------------------------------------------------------------

    def refund(self, account: ProviderAccount, request: RefundRequest) -> RefundResult:
        payload: TerminalRefundAsk = {
            "out_trade_no": request.out_trade_no,
            "out_refund_no": request.out_refund_no,
            "amount_cents": request.amount_cents,
            "total_cents": request.total_cents,
            "reason": request.reason,
            "notify_url": account.notify_url,
        }
        return self._refund(request.out_refund_no, self._ok(account, "POST", f"{self.api}/refunds", payload))

    def query_refund(self, account: ProviderAccount, out_trade_no: str, out_refund_no: str) -> RefundResult:
        status, document = self._call(account, "GET", f"{self.api}/refunds/{quote(out_refund_no, safe='')}")
        if status == 404:
            return RefundResult(
                out_refund_no=out_refund_no,
                state=RefundState.FAILED,
                message="REFUND_NOT_FOUND: the gateway made no refund with this number; retrying it is safe",
            )
        if status >= 300:
            raise self._refused(status, document)
        return self._refund(out_refund_no, document)

    # -- notifications ---------------------------------------------------------------------------

    def parse_notification(self, account: ProviderAccount, headers: dict[str, str], body: bytes) -> Notification:
        lower = {k.lower(): v for k, v in headers.items()}
        timestamp = lower.get(HEADER_TIMESTAMP.lower(), "")
        nonce = lower.get(HEADER_NONCE.lower(), "")
        signature = lower.get(HEADER_SIGNATURE.lower(), "")
        if not (timestamp and nonce and signature and account.private_key):
            raise ForgedNotification("the notification is not signed")
        if lower.get(HEADER_MERCHANT.lower(), "") != account.merchant_id:
            raise ForgedNotification("the notification is for another merchant")
        expected = hmac_hex(account.private_key, notification_message(timestamp, nonce, body))
        if not hmac.compare_digest(expected, signature):
            raise ForgedNotification("the notification's signature does not verify with the merchant's key")
        max_age = int(account.extra.get("notification_max_age") or NOTIFICATION_MAX_AGE)
        try:
            age = abs(time.time() - int(timestamp))
        except ValueError as exc:
            raise ForgedNotification("the notification's timestamp is not a number") from exc
        if age > max_age:
            raise ForgedNotification("the notification is too old (or from the future): a replay")
        try:
            document = json.loads(body)
            kind = str(document["event"])
            out_trade_no = str(document["out_trade_no"])
            amount = int(document.get("amount_cents") or 0)
            state_text = str(document.get("state", ""))
        except (ValueError, KeyError, TypeError) as exc:
            raise ForgedNotification("the notification's body cannot be read") from exc
        if kind == "payment" and state_text in PAYMENT_STATES:
            return Notification(
                kind="payment",
                out_trade_no=out_trade_no,
                state=PAYMENT_STATES[state_text].value,
                amount_cents=amount,
                provider_trade_no=str(document.get("payment_id") or ""),
                message=str(document.get("message") or "")[:255],
                currency=str(document.get("currency") or "CNY"),
                merchant_id=str(document.get("merchant_id") or ""),
                terminal_id=str(document.get("terminal_id") or ""),
            )
        if kind == "refund" and state_text in REFUND_STATES and document.get("out_refund_no"):
            return Notification(
                kind="refund",
                out_trade_no=out_trade_no,
                out_refund_no=str(document["out_refund_no"]),
                state=REFUND_STATES[state_text].value,
                amount_cents=amount,
                provider_trade_no=str(document.get("payment_id") or ""),
            )
        raise ForgedNotification(f"the notification's event {kind!r} / state {state_text!r} is unknown")

    def notification_answer(self, accepted: bool) -> NotificationAnswer:
        """The gateway stops resending on 200 with code SUCCESS."""
        if accepted:
            return NotificationAnswer(200, "application/json", b'{"code":"SUCCESS"}')
        return NotificationAnswer(400, "application/json", b'{"code":"FAIL","message":"not accepted"}')

    # -- the bill --------------------------------------------------------------------------------

    def bill(self, account: ProviderAccount, day: date) -> list[BillRow]:
        document = self._ok(account, "GET", f"{self.api}/bills/{day.isoformat()}")
        try:
            return [
                BillRow(
                    out_trade_no=str(row["out_trade_no"]),
                    out_refund_no=str(row.get("out_refund_no") or ""),
                    amount_cents=int(row["amount_cents"]),
                    provider_trade_no=str(row.get("payment_id") or ""),
                )
                for row in document.get("rows", [])
            ]
        except (KeyError, TypeError, ValueError) as exc:
            raise ProviderError(f"the terminal gateway's bill cannot be read: {exc}") from exc
