"""A fake Alipay openapi gateway on 127.0.0.1, for tests and `make run` (issue 14 §1).

It speaks the parts of Alipay's protocol the adapter uses, signatures included, independently of the
SDK (with `cryptography`): a request to `/gateway.do` (GET query or POST form) must carry our RSA2
signature (every parameter but `sign`, sorted, `key=value` joined by `&`) that verifies with the
application public key, else it answers `40002 isv.invalid-signature` unsigned as Alipay does (and
`isv.invalid-timestamp` for a `timestamp` more than 10 minutes off Beijing time); every
answer is `{"<method>_response": {...}, "sign": "..."}` where `sign` is the RSA2 signature, with the
fake's Alipay key, of the exact JSON text of the inner object. Both key pairs are generated when the
fake starts (RSA 2048): `account_settings()` hands out our private key and Alipay's public key.

Methods: alipay.trade.pay (scene bar_code), alipay.trade.precreate, alipay.trade.query,
alipay.trade.close, alipay.trade.cancel, alipay.trade.refund, alipay.trade.fastpay.refund.query,
alipay.data.dataservice.bill.downloadurl.query (the URL serves a zip holding the day's detail and
summary CSVs in GBK, as Alipay's does). Notifications (`trade_status_sync`, form-encoded, RSA2 over
every field but `sign` and `sign_type`) go to the request's `notify_url`, else the fake's, when a trade
is paid and when it is refunded.

Scenarios, by the last two digits of the customer's payment code (alipay.trade.pay):
  01  declined: 40004 ACQ.BUYER_BALANCE_NOT_ENOUGH, nothing recorded
  2N  "user paying" (10003, WAIT_BUYER_PAY); the Nth query (N = 1..9) finds it paid (and it notifies)
  3N  "user paying"; the Nth query finds it closed (the customer cancelled on the phone)
  04  timeout after taking the money: the trade is paid and notified at once, the answer comes only
      after `slow_seconds` (default 3 s, longer than a short client timeout)
  05  system error: a signed 20000 answer, nothing recorded
  06  HTTP 500 with an HTML page, nothing recorded
  07  paid, the notification is sent twice (identical, as Alipay's resend)
  08  paid, the notification is lost (never sent: only a query finds it)
  any other: paid at once, one notification
and, for a QR (alipay.trade.precreate), by the last two digits of the amount in cents: 04 (the precreate
answers after `slow_seconds`, the QR exists), 05, 06 (as above, no QR), and 07, 08 for the payment's
notification when the QR is paid. A QR is paid when the customer "scans" it: `pay_qr(out_trade_no)`,
or a GET of its `code_url` (`/qr/<out_trade_no>`, which a person can open during `make run`).

A paid trade reports another amount, currency (`trans_currency`), seller_id or app_id (in its
answers, queries and notifications, signed as any other) after `misreporting(...)`
(apps.payments.fakes.misreport) or through the trade's `reported`.

Control from a test: `fail_next(kind, count)` makes the next gateway calls fail whatever they are
("http500", "system_error" or "slow"); `send_forged_notification(out_trade_no)` posts a notification
signed with a key that is not Alipay's; `notifier.sent` holds every notification with its answer and
`notifier.wait_idle()` waits for the ones in flight; `trades` is the fake's book.

`start(notify_url) -> (settings, stop)`: the entry for the registry of fakes. `settings` is a dict
whose keys are `ProviderAccount`'s fields (`ProviderAccount(**settings)` builds the account):
provider "alipay", base_url, merchant_id (the PID), app_id, private_key (ours, PEM), public_key
(Alipay's, PEM), notify_url, extra {}. `stop()` ends the server."""

from __future__ import annotations

import base64
import csv
import io
import json
import time
import uuid
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlencode
from zoneinfo import ZoneInfo

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from apps.core.json_types import JsonObject

from .httpfake import FakeProvider, FakeRequest, FakeResponse
from .keys import new_rsa_key, private_pem, public_pem
from .misreport import Misreporting

ALIPAY_TZ = ZoneInfo("Asia/Shanghai")
APP_ID = "2021000000000001"
SELLER_ID = "2088000000000001"

WAIT_BUYER_PAY = "WAIT_BUYER_PAY"
TRADE_SUCCESS = "TRADE_SUCCESS"
TRADE_CLOSED = "TRADE_CLOSED"
FAILURE_KINDS = ("http500", "system_error", "slow")
MAX_TIMESTAMP_SKEW = 600  # seconds: a request's `timestamp` (Beijing time) this far off is refused


def rsa2_sign(key: rsa.RSAPrivateKey, content: str) -> str:
    return base64.b64encode(key.sign(content.encode(), padding.PKCS1v15(), hashes.SHA256())).decode()


def rsa2_verify(key: rsa.RSAPublicKey, content: str, signature: str) -> bool:
    try:
        key.verify(base64.b64decode(signature), content.encode(), padding.PKCS1v15(), hashes.SHA256())
    except (InvalidSignature, ValueError):
        return False
    return True


def sign_content(params: dict[str, str], exclude: tuple[str, ...]) -> str:
    return "&".join(f"{k}={v}" for k, v in sorted(params.items()) if k not in exclude)


def yuan(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def to_cents(text: str) -> int:
    return int((Decimal(text) * 100).to_integral_value())


def beijing(moment: datetime) -> str:
    return moment.astimezone(ALIPAY_TZ).strftime("%Y-%m-%d %H:%M:%S")


def code_scenario(auth_code: str) -> tuple[str, int]:
    """What a payment code asks the fake to do: (scenario, queries before it resolves)."""
    tail = auth_code[-2:]
    if len(tail) == 2 and tail[0] in "23" and tail[1] in "123456789":
        return ("user_paying" if tail[0] == "2" else "user_paying_then_closed", int(tail[1]))
    return (
        {
            "01": "decline",
            "04": "slow",
            "05": "system_error",
            "06": "http500",
            "07": "notify_twice",
            "08": "notify_lost",
        }.get(tail, "success"),
        0,
    )


def amount_scenario(amount_cents: int) -> str:
    return {4: "slow", 5: "system_error", 6: "http500", 7: "notify_twice", 8: "notify_lost"}.get(
        amount_cents % 100, "success"
    )


@dataclass
class FakeTrade:
    out_trade_no: str
    amount_cents: int
    subject: str
    scenario: str
    notify_url: str
    trade_no: str = ""
    status: str = ""  # "" for a QR nobody scanned yet: Alipay does not know the trade
    queries_left: int = 0
    closed_unscanned: bool = False
    created_at: datetime = field(default_factory=lambda: datetime.now(ALIPAY_TZ))
    paid_at: datetime | None = None
    refunds: dict[str, tuple[int, datetime]] = field(default_factory=dict)
    # What a paid trade reports instead of the truth: amount, currency, merchant, app (misreport.py).
    reported: JsonObject = field(default_factory=dict)

    @property
    def refunded_cents(self) -> int:
        return sum(amount for amount, _ in self.refunds.values())


class FakeAlipay(FakeProvider, Misreporting):
    failure_kinds = FAILURE_KINDS

    def __init__(self, notify_url: str = "", slow_seconds: float = 3.0) -> None:
        super().__init__()
        self.notify_url = notify_url
        self.slow_seconds = slow_seconds
        self.app_id = APP_ID
        self.seller_id = SELLER_ID
        self.alipay_key = new_rsa_key()
        self.app_key = new_rsa_key()
        self.trades: dict[str, FakeTrade] = {}
        self.misreport: JsonObject = {}
        self._trade_counter = 0
        self.requests: list[dict[str, str]] = []  # every gateway call's parameters, for tests

    def account_settings(self) -> JsonObject:
        return {
            "provider": "alipay",
            "base_url": self.url,
            "merchant_id": self.seller_id,
            "app_id": self.app_id,
            "private_key": private_pem(self.app_key),
            "public_key": public_pem(self.alipay_key),
            "notify_url": self.notify_url,
            "extra": {},
        }

    # -- control ---------------------------------------------------------------------------------

    def pay_qr(self, out_trade_no: str) -> FakeTrade:
        """The customer scans the QR of this trade and pays."""
        with self._lock:
            trade = self.trades[out_trade_no]
            if trade.status or trade.closed_unscanned:
                return trade
            self._pay(trade)
            return trade

    def send_forged_notification(self, out_trade_no: str, trade_status: str = TRADE_SUCCESS) -> None:
        """A notification for this trade signed with a key that is not Alipay's."""
        with self._lock:
            trade = self.trades[out_trade_no]
            fields = self._notification_fields(trade)
        fields["trade_status"] = trade_status
        self._post_notification(trade.notify_url, fields, key=new_rsa_key())

    # -- the book --------------------------------------------------------------------------------

    def _new_trade_no(self) -> str:
        self._trade_counter += 1
        return datetime.now(ALIPAY_TZ).strftime("%Y%m%d") + f"2200{self._trade_counter:014d}"

    def _pay(self, trade: FakeTrade) -> None:
        trade.status = TRADE_SUCCESS
        trade.trade_no = trade.trade_no or self._new_trade_no()
        trade.paid_at = datetime.now(ALIPAY_TZ)
        self._notify(trade)

    def _notification_fields(self, trade: FakeTrade) -> dict[str, str]:
        now = datetime.now(ALIPAY_TZ)
        fields = {
            "notify_time": beijing(now),
            "notify_type": "trade_status_sync",
            "notify_id": uuid.uuid4().hex,
            "app_id": self.app_id,
            "charset": "utf-8",
            "version": "1.0",
            "trade_no": trade.trade_no,
            "out_trade_no": trade.out_trade_no,
            "buyer_id": "2088102177846880",
            "seller_id": self.seller_id,
            "trade_status": trade.status,
            "total_amount": yuan(trade.amount_cents),
            "receipt_amount": yuan(trade.amount_cents),
            "subject": trade.subject,
            "gmt_create": beijing(trade.created_at),
        }
        if trade.paid_at:
            fields["gmt_payment"] = beijing(trade.paid_at)
        return self._misreported(trade, fields, notification=True)

    def _misreported(self, trade: FakeTrade, fields: JsonObject, *, notification: bool) -> JsonObject:
        """A paid trade's fields as the test made it report them."""
        if trade.status != TRADE_SUCCESS or not trade.reported:
            return fields
        reported = trade.reported
        if "amount" in reported:
            fields["total_amount"] = yuan(int(reported["amount"]))
            if "receipt_amount" in fields:
                fields["receipt_amount"] = fields["total_amount"]
        if "currency" in reported:
            fields["trans_currency"] = str(reported["currency"])
        if "merchant" in reported and notification:
            fields["seller_id"] = str(reported["merchant"])
        if "app" in reported and notification:
            fields["app_id"] = str(reported["app"])
        return fields

    def _notify(self, trade: FakeTrade, refund_no: str = "") -> None:
        if trade.scenario == "notify_lost":
            return
        fields = self._notification_fields(trade)
        if refund_no:
            fields["out_biz_no"] = refund_no
            fields["refund_fee"] = yuan(trade.refunded_cents)
            fields["gmt_refund"] = beijing(trade.refunds[refund_no][1]) + ".000"
        times = 2 if trade.scenario == "notify_twice" else 1
        self._post_notification(trade.notify_url, fields, times=times)

    def _post_notification(
        self, url: str, fields: dict[str, str], key: rsa.RSAPrivateKey | None = None, times: int = 1
    ) -> None:
        signed = dict(fields)
        signed["sign"] = rsa2_sign(key or self.alipay_key, sign_content(fields, exclude=("sign", "sign_type")))
        signed["sign_type"] = "RSA2"
        body = urlencode(signed).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded; charset=utf-8"}
        self.notifier.send(url, body, headers, times=times)

    # -- HTTP ------------------------------------------------------------------------------------

    def handle(self, request: FakeRequest) -> FakeResponse:
        if request.path.startswith("/qr/"):
            trade = self.trades.get(unquote(request.path[len("/qr/") :]))
            if trade is None:
                return FakeResponse(404, b"no such QR", {"Content-Type": "text/plain"})
            self.pay_qr(trade.out_trade_no)
            text = f"paid {yuan(trade.amount_cents)} for {trade.out_trade_no}" if trade.status else "QR closed"
            return FakeResponse(200, text.encode(), {"Content-Type": "text/plain; charset=utf-8"})
        if request.path.startswith("/bill/"):
            return self._bill_file(request.path[len("/bill/") :].removesuffix(".zip"))
        if request.path != "/gateway.do":
            return FakeResponse(404, b"{}")
        params = dict(request.query)
        if request.body:
            params.update(parse_qsl(request.body.decode(), keep_blank_values=True))
        return self._gateway(params)

    def _gateway(self, params: dict[str, str]) -> FakeResponse:
        with self._lock:
            self.requests.append(params)
            failure = self._next_failure()
        method = params.get("method", "")
        response_type = method.replace(".", "_") + "_response"
        if failure == "http500":
            return self._http500()
        if failure == "system_error":
            return self._system_error(response_type)
        response = self._answer(params, response_type)
        if failure == "slow":  # the work is done, the answer comes late
            time.sleep(self.slow_seconds)
        return response

    def _answer(self, params: dict[str, str], response_type: str) -> FakeResponse:
        method = params.get("method", "")
        if params.get("app_id") != self.app_id:
            return self._unsigned(response_type, "40002", "isv.invalid-app-id", "无效的AppID参数")
        try:
            sent_at = datetime.strptime(params.get("timestamp", ""), "%Y-%m-%d %H:%M:%S").replace(tzinfo=ALIPAY_TZ)
        except ValueError:
            sent_at = None
        if sent_at is None or abs((datetime.now(ALIPAY_TZ) - sent_at).total_seconds()) > MAX_TIMESTAMP_SKEW:
            return self._unsigned(response_type, "40002", "isv.invalid-timestamp", "非法的时间戳参数")
        if params.get("sign_type") != "RSA2" or not rsa2_verify(
            self.app_key.public_key(), sign_content(params, exclude=("sign",)), params.get("sign", "")
        ):
            return self._unsigned(response_type, "40002", "isv.invalid-signature", "验签出错")
        try:
            biz = json.loads(params.get("biz_content") or "{}")
        except ValueError:
            return self._unsigned(response_type, "40002", "isv.invalid-parameter", "biz_content 不是 JSON")
        operation: Callable[[JsonObject, dict[str, str], str], FakeResponse] | None = {
            "alipay.trade.pay": self._trade_pay,
            "alipay.trade.precreate": self._trade_precreate,
            "alipay.trade.query": self._trade_query,
            "alipay.trade.close": self._trade_close,
            "alipay.trade.cancel": self._trade_cancel,
            "alipay.trade.refund": self._trade_refund,
            "alipay.trade.fastpay.refund.query": self._refund_query,
            "alipay.data.dataservice.bill.downloadurl.query": self._bill_url,
        }.get(method)
        if operation is None:
            return self._unsigned("error_response", "40004", "isv.invalid-method", "不存在的方法名")
        with self._lock:
            return operation(biz, params, response_type)

    def _signed(self, response_type: str, body: JsonObject) -> FakeResponse:
        inner = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        sign = rsa2_sign(self.alipay_key, inner)
        return FakeResponse(200, f'{{"{response_type}":{inner},"sign":"{sign}"}}'.encode())

    def _unsigned(self, response_type: str, code: str, sub_code: str, sub_msg: str) -> FakeResponse:
        body = {"code": code, "msg": "Invalid Arguments", "sub_code": sub_code, "sub_msg": sub_msg}
        return FakeResponse(200, json.dumps({response_type: body}, ensure_ascii=False).encode())

    def _ok(self, response_type: str, **fields: Any) -> FakeResponse:
        return self._signed(response_type, {"code": "10000", "msg": "Success", **fields})

    def _business_failed(self, response_type: str, sub_code: str, sub_msg: str, **fields: Any) -> FakeResponse:
        body = {"code": "40004", "msg": "Business Failed", "sub_code": sub_code, "sub_msg": sub_msg, **fields}
        return self._signed(response_type, body)

    def _system_error(self, response_type: str) -> FakeResponse:
        body = {"code": "20000", "msg": "Service Currently Unavailable", "sub_code": "isp.unknow-error"}
        return self._signed(response_type, {**body, "sub_msg": "系统繁忙"})

    @staticmethod
    def _http500() -> FakeResponse:
        return FakeResponse(500, b"<html><body>502 Bad Gateway</body></html>", {"Content-Type": "text/html"})

    def _slow(self, response: FakeResponse) -> FakeResponse:
        """Answer late, without holding the book's lock (the RLock is held by this thread)."""
        self._lock.release()
        try:
            time.sleep(self.slow_seconds)
        finally:
            self._lock.acquire()
        return response

    def _trade_fields(self, trade: FakeTrade) -> JsonObject:
        fields: JsonObject = {
            "trade_no": trade.trade_no,
            "out_trade_no": trade.out_trade_no,
            "total_amount": yuan(trade.amount_cents),
            "buyer_logon_id": "csq***@sandbox.com",
        }
        if trade.paid_at:
            fields["gmt_payment"] = beijing(trade.paid_at)
            fields["send_pay_date"] = beijing(trade.paid_at)
        return self._misreported(trade, fields, notification=False)

    # -- gateway methods -------------------------------------------------------------------------

    def _trade_pay(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        out_trade_no = biz.get("out_trade_no", "")
        if biz.get("scene") not in ("bar_code", "wave_code") or not biz.get("auth_code") or not out_trade_no:
            return self._business_failed(rt, "ACQ.INVALID_PARAMETER", "参数无效")
        existing = self.trades.get(out_trade_no)
        if existing and existing.status == TRADE_SUCCESS:
            return self._business_failed(rt, "ACQ.TRADE_HAS_SUCCESS", "交易已被支付")
        if existing and existing.status == TRADE_CLOSED:
            return self._business_failed(rt, "ACQ.TRADE_HAS_CLOSE", "交易已经关闭")
        scenario, queries = code_scenario(str(biz["auth_code"]))
        if scenario == "http500":
            return self._http500()
        if scenario == "system_error":
            return self._system_error(rt)
        if scenario == "decline":
            return self._business_failed(rt, "ACQ.BUYER_BALANCE_NOT_ENOUGH", "买家余额不足")
        trade = existing or FakeTrade(
            out_trade_no=out_trade_no,
            amount_cents=to_cents(str(biz.get("total_amount", "0"))),
            subject=str(biz.get("subject", "")),
            scenario=scenario,
            notify_url=params.get("notify_url") or self.notify_url,
            reported=dict(self.misreport),
        )
        self.trades[out_trade_no] = trade
        if scenario.startswith("user_paying"):
            trade.trade_no = trade.trade_no or self._new_trade_no()
            trade.status = WAIT_BUYER_PAY
            trade.queries_left = queries
            return self._signed(
                rt, {"code": "10003", "msg": " order success pay inprocess", **self._trade_fields(trade)}
            )
        self._pay(trade)
        answer = self._ok(rt, **self._trade_fields(trade))
        return self._slow(answer) if scenario == "slow" else answer

    def _trade_precreate(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        out_trade_no = biz.get("out_trade_no", "")
        if not out_trade_no or not biz.get("total_amount"):
            return self._business_failed(rt, "ACQ.INVALID_PARAMETER", "参数无效")
        existing = self.trades.get(out_trade_no)
        if existing and existing.status == TRADE_SUCCESS:
            return self._business_failed(rt, "ACQ.TRADE_HAS_SUCCESS", "交易已被支付")
        amount = to_cents(str(biz["total_amount"]))
        scenario = amount_scenario(amount)
        if scenario == "http500":
            return self._http500()
        if scenario == "system_error":
            return self._system_error(rt)
        trade = existing or FakeTrade(
            out_trade_no=out_trade_no,
            amount_cents=amount,
            subject=str(biz.get("subject", "")),
            scenario=scenario,
            notify_url=params.get("notify_url") or self.notify_url,
            reported=dict(self.misreport),
        )
        self.trades[out_trade_no] = trade
        answer = self._ok(rt, out_trade_no=out_trade_no, qr_code=f"{self.url}/qr/{quote(out_trade_no)}")
        return self._slow(answer) if scenario == "slow" else answer

    def _known(self, biz: JsonObject) -> FakeTrade | None:
        trade = self.trades.get(biz.get("out_trade_no", ""))
        if trade is None or not trade.status:
            return None
        return trade

    def _trade_query(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        trade = self._known(biz)
        if trade is None:
            return self._business_failed(rt, "ACQ.TRADE_NOT_EXIST", "交易不存在")
        if trade.status == WAIT_BUYER_PAY and trade.queries_left > 0:
            trade.queries_left -= 1
            if trade.queries_left == 0:
                if trade.scenario == "user_paying_then_closed":
                    trade.status = TRADE_CLOSED
                else:
                    self._pay(trade)
        return self._ok(rt, trade_status=trade.status, **self._trade_fields(trade))

    def _trade_close(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        candidate = self.trades.get(biz.get("out_trade_no", ""))
        if candidate is not None and not candidate.status:
            candidate.closed_unscanned = True  # the QR can no longer be paid (Alipay: it expires)
        trade = self._known(biz)
        if trade is None:
            return self._business_failed(rt, "ACQ.TRADE_NOT_EXIST", "交易不存在")
        if trade.status != WAIT_BUYER_PAY:
            return self._business_failed(rt, "ACQ.TRADE_STATUS_ERROR", "交易状态不合法")
        trade.status = TRADE_CLOSED
        return self._ok(rt, trade_no=trade.trade_no, out_trade_no=trade.out_trade_no)

    def _trade_cancel(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        trade = self._known(biz)
        if trade is None:
            return self._business_failed(rt, "ACQ.TRADE_NOT_EXIST", "交易不存在")
        action = "close"
        if trade.status == TRADE_SUCCESS:
            action = "refund"
            trade.refunds["cancel"] = (trade.amount_cents - trade.refunded_cents, datetime.now(ALIPAY_TZ))
        trade.status = TRADE_CLOSED
        return self._ok(rt, out_trade_no=trade.out_trade_no, trade_no=trade.trade_no, retry_flag="N", action=action)

    def _trade_refund(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        trade = self._known(biz)
        if trade is None:
            return self._business_failed(rt, "ACQ.TRADE_NOT_EXIST", "交易不存在")
        request_no = str(biz.get("out_request_no") or trade.out_trade_no)
        amount = to_cents(str(biz.get("refund_amount", "0")))
        base = {"trade_no": trade.trade_no, "out_trade_no": trade.out_trade_no, "buyer_logon_id": "csq***@sandbox.com"}
        if request_no in trade.refunds:
            return self._ok(rt, **base, fund_change="N", refund_fee=yuan(trade.refunded_cents))
        if trade.status != TRADE_SUCCESS:
            return self._business_failed(rt, "ACQ.TRADE_STATUS_ERROR", "交易状态不合法")
        if amount <= 0 or amount > trade.amount_cents - trade.refunded_cents:
            return self._business_failed(rt, "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限")
        trade.refunds[request_no] = (amount, datetime.now(ALIPAY_TZ))
        if trade.refunded_cents == trade.amount_cents:
            trade.status = TRADE_CLOSED
        self._notify(trade, refund_no=request_no)
        return self._ok(rt, **base, fund_change="Y", refund_fee=yuan(trade.refunded_cents))

    def _refund_query(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        trade = self._known(biz)
        if trade is None:
            return self._business_failed(rt, "ACQ.TRADE_NOT_EXIST", "交易不存在")
        request_no = str(biz.get("out_request_no", ""))
        if request_no not in trade.refunds:
            return self._ok(rt, out_trade_no=trade.out_trade_no, trade_no=trade.trade_no)
        amount, _ = trade.refunds[request_no]
        return self._ok(
            rt,
            out_trade_no=trade.out_trade_no,
            trade_no=trade.trade_no,
            out_request_no=request_no,
            total_amount=yuan(trade.amount_cents),
            refund_amount=yuan(amount),
            refund_status="REFUND_SUCCESS",
        )

    # -- the bill --------------------------------------------------------------------------------

    def _bill_rows(self, day: date) -> list[list[str]]:
        rows = []
        for trade in self.trades.values():
            if trade.paid_at and trade.paid_at.astimezone(ALIPAY_TZ).date() == day:
                rows.append(self._bill_line(trade, "交易", trade.amount_cents, "", trade.paid_at))
            for request_no, (amount, at) in trade.refunds.items():
                if at.astimezone(ALIPAY_TZ).date() == day:
                    rows.append(self._bill_line(trade, "退款", -amount, request_no, at))
        return rows

    @staticmethod
    def _bill_line(trade: FakeTrade, kind: str, amount: int, request_no: str, at: datetime) -> list[str]:
        money = yuan(amount)
        return [
            trade.trade_no + "\t",
            trade.out_trade_no + "\t",
            kind,
            trade.subject,
            beijing(trade.created_at),
            beijing(at),
            "",
            "",
            "",
            "",
            "csq***@sandbox.com",
            money,
            money,
            "0.00",
            "0.00",
            "0.00",
            "0.00",
            "0.00",
            "",
            "0.00",
            "0.00",
            request_no + ("\t" if request_no else ""),
            "0.00",
            "0.00",
            "",
        ]

    def _bill_url(self, biz: JsonObject, params: dict[str, str], rt: str) -> FakeResponse:
        if biz.get("bill_type") != "trade":
            return self._business_failed(rt, "isp.bill_type_error", "账单类型不支持")
        try:
            day = date.fromisoformat(str(biz.get("bill_date", "")))
        except ValueError:
            return self._business_failed(rt, "isv.invalid-parameter", "日期格式错误")
        if not self._bill_rows(day):
            return self._business_failed(rt, "isp.bill_not_exist", "账单不存在")
        return self._ok(rt, bill_download_url=f"{self.url}/bill/{day.isoformat()}.zip?downloadFileName=bill.zip")

    def _bill_file(self, day_text: str) -> FakeResponse:
        try:
            day = date.fromisoformat(day_text)
        except ValueError:
            return FakeResponse(404, b"")
        with self._lock:
            rows = self._bill_rows(day)
        stamp = day.strftime("%Y%m%d")
        detail = io.StringIO()
        detail.write("#支付宝业务明细查询\n")
        detail.write(f"#账号：[{self.seller_id}0156]\n")
        detail.write(f"#起始日期：[{day:%Y年%m月%d日} 00:00:00]   终止日期：[{day:%Y年%m月%d日} 23:59:59]\n")
        detail.write("#-----------------------------------------业务明细列表----------------------------------------\n")
        writer = csv.writer(detail, lineterminator="\n")
        writer.writerow(
            [
                "支付宝交易号",
                "商户订单号",
                "业务类型",
                "商品名称",
                "创建时间",
                "完成时间",
                "门店编号",
                "门店名称",
                "操作员",
                "终端号",
                "对方账户",
                "订单金额（元）",
                "商家实收（元）",
                "支付宝红包（元）",
                "集分宝（元）",
                "支付宝优惠（元）",
                "商家优惠（元）",
                "券核销金额（元）",
                "券名称",
                "商家红包消费金额（元）",
                "卡消费金额（元）",
                "退款批次号/请求号",
                "服务费（元）",
                "分润（元）",
                "备注",
            ]
        )
        writer.writerows(rows)
        detail.write("#-----------------------------------------业务明细列表结束------------------------------------\n")
        paid = sum(to_cents(r[11]) for r in rows if r[2] == "交易")
        refunded = sum(to_cents(r[11]) for r in rows if r[2] == "退款")
        detail.write(f"#交易合计：{sum(r[2] == '交易' for r in rows)}笔，商家实收共{yuan(paid)}元\n")
        detail.write(f"#退款合计：{sum(r[2] == '退款' for r in rows)}笔，商家实收退款共{yuan(refunded)}元\n")
        detail.write(f"#导出时间：[{beijing(datetime.now(ALIPAY_TZ))}]\n")
        summary = f"#支付宝业务汇总查询\n门店编号,门店名称,交易订单总笔数,退款订单总笔数\n,,{len(rows)},0\n"
        archive = io.BytesIO()
        with zipfile.ZipFile(archive, "w") as bundle:
            bundle.writestr(f"{self.seller_id}0156_{stamp}_业务明细.csv", detail.getvalue().encode("gbk"))
            bundle.writestr(f"{self.seller_id}0156_{stamp}_业务明细(汇总).csv", summary.encode("gbk"))
        return FakeResponse(200, archive.getvalue(), {"Content-Type": "application/zip"})


def start(notify_url: str) -> tuple[JsonObject, Callable[[], None]]:
    """Start a fake Alipay for the registry of fakes: (the account's settings, stop). See the module
    docstring for the settings' keys."""
    fake = FakeAlipay(notify_url=notify_url).start()
    return fake.account_settings(), fake.stop
