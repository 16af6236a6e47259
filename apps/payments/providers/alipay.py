"""Alipay (支付宝) behind the provider interface, on python-alipay-sdk (issue 14 §1).

The SDK builds and signs every request (RSA2: SHA256withRSA with our application private key) and
verifies every signed answer and notification with Alipay's public key; this module only chooses the
calls, points the SDK at the account's gateway and reads the answers into the interface's terms.

The account (`ProviderAccount`):
- `base_url`: the gateway's origin, `https://openapi.alipay.com` in production (the sandbox:
  `https://openapi-sandbox.dl.alipaydev.com`, the fake: `http://127.0.0.1:<port>`); the adapter adds
  `/gateway.do`, the one path of Alipay's openapi.
- `app_id`: the application's id; `merchant_id`: the merchant's PID (2088...), checked against a
  notification's `seller_id` when both are present.
- `private_key`: our application private key (PEM); `public_key`: Alipay's public key (PEM).
- `notify_url`: where Alipay posts notifications (`/rest/pay/notify/alipay`).
- `extra["timeout_seconds"]`: the HTTP timeout of one call (default: the adapter's, 10 s).

What Alipay's codes become (https://opendocs.alipay.com/common/02km9f):
- `10000` success; `10003` on a code payment "the customer confirms on the phone" -> PENDING.
- `20000` (service unavailable), `ACQ.SYSTEM_ERROR`, an HTTP error, a timeout, an answer that does
  not parse or whose signature does not verify -> `ProviderError`: the outcome is unknown, query.
- `40004` business failure: on a code payment a decline (balance, wrong code, risk...) -> FAILED; on
  a query `ACQ.TRADE_NOT_EXIST` -> UNKNOWN; elsewhere (a refund above what is left, a trade in the
  wrong state) -> `ProviderRefused`.
- `40001`/`40002`/`40006` (missing or invalid argument, our signature, permissions) -> `ProviderRefused`.
- Trade states: WAIT_BUYER_PAY -> PENDING, TRADE_SUCCESS and TRADE_FINISHED -> SUCCEEDED,
  TRADE_CLOSED -> CLOSED (Alipay also closes a trade refunded in full: the refunds are ours to know).

`close` uses `alipay.trade.close` (closes a trade still waiting for the buyer), never
`alipay.trade.cancel`, which would silently refund a paid trade. A QR nobody scanned yet does not exist
at Alipay (close answers `ACQ.TRADE_NOT_EXIST`, which is not an error): the precreate carries
`time_expire` from the request's `expires_at` so such a QR stops being payable on its own.

Refunds are synchronous at Alipay: `fund_change = Y` is a refund done; `N` means this out-refund
number was already refunded (a retry), which the adapter confirms with the refund query. A refund query
that finds nothing means Alipay never made that refund: FAILED, and retrying the refund with the same
out-refund number is safe (Alipay deduplicates on it).

Notifications (`trade_status_sync`, form-encoded): the signature covers every field but `sign` and
`sign_type`, sorted, `key=value` joined with `&`. A notification that carries `out_biz_no` and
`refund_fee` is about a refund (Alipay sends one when a trade is refunded): `Notification.kind` is
"refund", `out_refund_no` the refund's out-request number and `amount_cents` Alipay's `refund_fee`,
which is the trade's refunded total so far, not this refund's amount.

The bill: `alipay.data.dataservice.bill.downloadurl.query` (through the SDK's generic `server_api`)
gives a short-lived URL of a zip holding the day's CSV bills (GBK); the detail file
(`..._业务明细.csv`) is read by its column names. A day with no bill yet answers `isp.bill_not_exist`:
`ProviderRefused`, so reconciliation can tell "no bill yet" from "an empty day"."""

from __future__ import annotations

import csv
import io
import json
import urllib.error
import urllib.request
import zipfile
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any
from urllib.parse import parse_qsl
from zoneinfo import ZoneInfo

from alipay import AliPay  # type: ignore[import-untyped]
from alipay.exceptions import AliPayException, AliPayValidationError  # type: ignore[import-untyped]
from alipay.utils import AliPayConfig  # type: ignore[import-untyped]

from apps.core.json_types import JsonObject
from apps.core.money import cents_to_wire

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

GATEWAY_PATH = "/gateway.do"
BILL_DOWNLOAD_METHOD = "alipay.data.dataservice.bill.downloadurl.query"
# Alipay's times (gmt_payment, time_expire, bill_date) are Beijing time.
ALIPAY_TZ = ZoneInfo("Asia/Shanghai")

CODE_SUCCESS = "10000"
CODE_USER_PAYING = "10003"
CODE_UNAVAILABLE = "20000"
CODE_BUSINESS_FAILED = "40004"

TRADE_STATES: dict[str, ProviderState] = {
    "WAIT_BUYER_PAY": ProviderState.PENDING,
    "TRADE_SUCCESS": ProviderState.SUCCEEDED,
    "TRADE_FINISHED": ProviderState.SUCCEEDED,
    "TRADE_CLOSED": ProviderState.CLOSED,
}

# 40004 sub-codes that say "we do not know": treated like 20000.
UNKNOWN_SUB_CODES = frozenset({"ACQ.SYSTEM_ERROR", "aop.ACQ.SYSTEM_ERROR", "isp.unknow-error"})
# 40004 sub-codes of a code payment that are a refusal of the request, not the customer's decline:
# nothing was attempted, the request itself is wrong.
PAY_REQUEST_REFUSALS = frozenset(
    {
        "ACQ.INVALID_PARAMETER",
        "ACQ.ACCESS_FORBIDDEN",
        "ACQ.EXIST_FORBIDDEN_WORD",
        "ACQ.PARTNER_ERROR",
        "ACQ.TOTAL_FEE_EXCEED",
        "ACQ.CONTEXT_INCONSISTENT",
        "ACQ.TRADE_HAS_CLOSE",
        "ACQ.TRADE_STATUS_ERROR",
        "ACQ.INVALID_STORE_ID",
    }
)
TRADE_NOT_EXIST = "ACQ.TRADE_NOT_EXIST"
TRADE_HAS_SUCCESS = "ACQ.TRADE_HAS_SUCCESS"
TRADE_STATUS_ERROR = "ACQ.TRADE_STATUS_ERROR"
BILL_NOT_EXIST = "isp.bill_not_exist"


class _UnsignedAnswer(Exception):
    """The gateway answered without a signature (or with `error_response`): the SDK cannot verify it."""

    def __init__(self, body: JsonObject) -> None:
        self.body = body
        super().__init__(json.dumps(body, ensure_ascii=False))


class _Gateway(AliPay):
    """The SDK's client pointed at the account's gateway, with the account's timeout, and with its one
    network call kept here so that every transport failure becomes `ProviderError`."""

    def __init__(self, account: ProviderAccount, timeout: float) -> None:
        super().__init__(
            appid=account.app_id,
            app_notify_url=account.notify_url or None,
            app_private_key_string=account.private_key,
            alipay_public_key_string=account.public_key,
            sign_type="RSA2",
            config=AliPayConfig(timeout=timeout),
        )
        # The SDK keeps its gateway URL in `_gateway` (set from `debug` in __init__).
        self._gateway = account.base_url.rstrip("/") + GATEWAY_PATH

    def build_body(self, method: str, biz_content: JsonObject | None = None, **kwargs: Any) -> JsonObject:
        data: JsonObject = super().build_body(method, biz_content, **kwargs)
        # Alipay reads `timestamp` as Beijing time; the SDK writes the server's local time.
        data["timestamp"] = datetime.now(ALIPAY_TZ).strftime("%Y-%m-%d %H:%M:%S")
        return data

    def verified_sync_response(self, data: JsonObject, response_type: str) -> JsonObject:
        url = self._gateway + "?" + self.sign_data(data)
        try:
            with urllib.request.urlopen(url, timeout=self._config.timeout) as answer:
                raw = answer.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            raise ProviderError(f"Alipay answered HTTP {exc.code}") from exc
        except (OSError, ValueError) as exc:  # URLError, timeouts, refused connections, bad URLs
            raise ProviderError(f"Alipay could not be reached: {exc}") from exc
        try:
            document = json.loads(raw)
        except ValueError as exc:
            raise ProviderError("Alipay's answer is not JSON") from exc
        if not isinstance(document, dict):
            raise ProviderError("Alipay's answer is not a JSON object")
        if "sign" not in document or "error_response" in document:
            body = document.get(response_type) or document.get("error_response") or {}
            raise _UnsignedAnswer(body if isinstance(body, dict) else {})
        try:
            verified: JsonObject = self._verify_and_return_sync_response(raw, response_type)
        except AliPayValidationError as exc:
            raise ProviderError("the signature of Alipay's answer does not verify") from exc
        except (AliPayException, ValueError, KeyError) as exc:
            raise ProviderError(f"Alipay's answer cannot be read: {exc}") from exc
        return verified


def yuan(cents: int) -> str:
    """Integer cents as Alipay's amount text: 1234 -> "12.34"."""
    # Refused here and not in core.money: Alipay's request amounts are never negative.
    if cents < 0:
        raise ValueError("an amount sent to Alipay is never negative")
    return cents_to_wire(cents)


# Not core.money's to_cents: this reads Alipay's own text, so bad text is the provider's error
# (ProviderError), no thousands commas are accepted, and a sub-cent amount rounds half even.
def cents(text: str | None) -> int:
    """Alipay's amount text as integer cents: "12.34" -> 1234, "-5.00" -> -500, "" -> 0."""
    if not text:
        return 0
    try:
        value = Decimal(str(text).strip()) * 100
    except InvalidOperation as exc:
        raise ProviderError(f"not an amount: {text!r}") from exc
    return int(value.to_integral_value())


def _alipay_time(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=ALIPAY_TZ)
    except ValueError:
        return None


def _reason(body: JsonObject) -> str:
    code = body.get("sub_code") or body.get("code") or ""
    message = body.get("sub_msg") or body.get("msg") or ""
    return f"{code}: {message}" if message else str(code)


class AlipayProvider:
    """Alipay's face-to-face payments (当面付): code payment, QR precreate, query, close, refunds,
    notifications and the daily bill."""

    name = "alipay"

    def __init__(self, timeout: float = 10.0) -> None:
        self.timeout = timeout

    # -- plumbing --------------------------------------------------------------------------------

    def _timeout(self, account: ProviderAccount) -> float:
        return float(account.extra.get("timeout_seconds") or self.timeout)

    def _client(self, account: ProviderAccount) -> _Gateway:
        try:
            return _Gateway(account, self._timeout(account))
        except (ValueError, IndexError, TypeError) as exc:
            raise ProviderRefused("ALIPAY_BAD_KEY", f"the account's keys cannot be loaded: {exc}") from exc

    def _call(self, account: ProviderAccount, method: str, **kwargs: Any) -> JsonObject:
        """One gateway call: the verified answer's body, or an exception for 20000/4000x (not 40004)."""
        client = self._client(account)
        try:
            body: JsonObject = getattr(client, method)(**kwargs)
        except _UnsignedAnswer as exc:
            code = str(exc.body.get("code", ""))
            # Alipay answers a request it rejects outright (our signature, a missing argument, an app
            # without the permission) with a 4000x it may not sign; nothing was done. Anything else
            # unsigned, a success least of all, cannot be believed.
            if code.startswith("400") and code != CODE_BUSINESS_FAILED:
                raise ProviderRefused(exc.body.get("sub_code") or code, _reason(exc.body)) from exc
            raise ProviderError(f"Alipay's answer is not signed: {exc}") from exc
        code = str(body.get("code", ""))
        if code in (CODE_SUCCESS, CODE_USER_PAYING, CODE_BUSINESS_FAILED):
            if code == CODE_BUSINESS_FAILED and body.get("sub_code") in UNKNOWN_SUB_CODES:
                raise ProviderError(f"Alipay: {_reason(body)}")
            return body
        if code == CODE_UNAVAILABLE or not code:
            raise ProviderError(f"Alipay: {_reason(body) or 'no code'}")
        raise ProviderRefused(body.get("sub_code") or code, _reason(body))

    @staticmethod
    def _time_expire(request: PayRequest) -> dict[str, str]:
        if request.expires_at is None:
            return {}
        return {"time_expire": request.expires_at.astimezone(ALIPAY_TZ).strftime("%Y-%m-%d %H:%M:%S")}

    @staticmethod
    def _trade(out_trade_no: str, body: JsonObject, state: ProviderState) -> PayResult:
        return PayResult(
            out_trade_no=body.get("out_trade_no") or out_trade_no,
            state=state,
            amount_cents=cents(body.get("total_amount")),
            provider_trade_no=body.get("trade_no", ""),
            paid_at=_alipay_time(body.get("gmt_payment") or body.get("send_pay_date"))
            if state == ProviderState.SUCCEEDED
            else None,
            # Alipay names a currency only for a trade priced in another (cross-border): absent is CNY.
            currency=str(body.get("trans_currency") or "CNY"),
            merchant_id=str(body.get("seller_id") or ""),
        )

    # -- payments --------------------------------------------------------------------------------

    def pay_by_code(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        extra: dict[str, str] = self._time_expire(request)
        if request.store_code:
            extra["store_id"] = request.store_code
        body = self._call(
            account,
            "api_alipay_trade_pay",
            out_trade_no=request.out_trade_no,
            scene="bar_code",
            auth_code=request.auth_code,
            subject=request.description,
            total_amount=yuan(request.amount_cents),
            **extra,
        )
        code = body["code"]
        if code == CODE_SUCCESS:
            return self._trade(request.out_trade_no, body, ProviderState.SUCCEEDED)
        if code == CODE_USER_PAYING:
            return self._trade(request.out_trade_no, body, ProviderState.PENDING)
        sub_code = body.get("sub_code", "")
        if sub_code == TRADE_HAS_SUCCESS:  # this out-trade number was paid already: say how
            return self.query(account, request.out_trade_no)
        if sub_code in PAY_REQUEST_REFUSALS:
            raise ProviderRefused(sub_code, _reason(body))
        return PayResult(
            out_trade_no=request.out_trade_no,
            state=ProviderState.FAILED,
            amount_cents=request.amount_cents,
            message=_reason(body),
        )

    def pay_by_qr(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        extra: dict[str, str] = self._time_expire(request)
        if request.store_code:
            extra["store_id"] = request.store_code
        body = self._call(
            account,
            "api_alipay_trade_precreate",
            subject=request.description,
            out_trade_no=request.out_trade_no,
            total_amount=yuan(request.amount_cents),
            **extra,
        )
        if body["code"] != CODE_SUCCESS:
            if body.get("sub_code") == TRADE_HAS_SUCCESS:
                return self.query(account, request.out_trade_no)
            raise ProviderRefused(body.get("sub_code") or body["code"], _reason(body))
        return PayResult(
            out_trade_no=request.out_trade_no,
            state=ProviderState.PENDING,
            amount_cents=request.amount_cents,
            code_url=body.get("qr_code", ""),
        )

    def query(self, account: ProviderAccount, out_trade_no: str) -> PayResult:
        body = self._call(account, "api_alipay_trade_query", out_trade_no=out_trade_no)
        if body["code"] != CODE_SUCCESS:
            if body.get("sub_code") == TRADE_NOT_EXIST:
                return PayResult(out_trade_no=out_trade_no, state=ProviderState.UNKNOWN, message=_reason(body))
            raise ProviderRefused(body.get("sub_code") or body["code"], _reason(body))
        status = body.get("trade_status", "")
        if status not in TRADE_STATES:
            raise ProviderError(f"Alipay reports an unknown trade status {status!r}")
        return self._trade(out_trade_no, body, TRADE_STATES[status])

    def close(self, account: ProviderAccount, out_trade_no: str) -> None:
        body = self._call(account, "api_alipay_trade_close", out_trade_no=out_trade_no)
        if body["code"] == CODE_SUCCESS:
            return
        sub_code = body.get("sub_code", "")
        if sub_code == TRADE_NOT_EXIST:
            return  # nobody scanned or paid: nothing payable exists
        if sub_code == TRADE_STATUS_ERROR and self.query(account, out_trade_no).state == ProviderState.CLOSED:
            return  # closed already
        raise ProviderRefused(sub_code or body["code"], _reason(body))

    # -- refunds ---------------------------------------------------------------------------------

    def refund(self, account: ProviderAccount, request: RefundRequest) -> RefundResult:
        kwargs: dict[str, str] = {"out_request_no": request.out_refund_no}
        if request.reason:
            kwargs["refund_reason"] = request.reason
        body = self._call(
            account,
            "api_alipay_trade_refund",
            refund_amount=yuan(request.amount_cents),
            out_trade_no=request.out_trade_no,
            **kwargs,
        )
        if body["code"] != CODE_SUCCESS:
            raise ProviderRefused(body.get("sub_code") or body["code"], _reason(body))
        if body.get("fund_change") == "Y":
            return RefundResult(
                out_refund_no=request.out_refund_no,
                state=RefundState.SUCCEEDED,
                amount_cents=request.amount_cents,
                provider_refund_no=body.get("trade_no", ""),
            )
        # "N": no money moved by this call; the out-refund number was refunded before (a retry).
        return self.query_refund(account, request.out_trade_no, request.out_refund_no)

    def query_refund(self, account: ProviderAccount, out_trade_no: str, out_refund_no: str) -> RefundResult:
        body = self._call(
            account,
            "api_alipay_trade_fastpay_refund_query",
            out_request_no=out_refund_no,
            out_trade_no=out_trade_no,
        )
        if body["code"] != CODE_SUCCESS:
            raise ProviderRefused(body.get("sub_code") or body["code"], _reason(body))
        status = body.get("refund_status", "")
        if body.get("refund_amount") and status in ("", "REFUND_SUCCESS"):
            return RefundResult(
                out_refund_no=out_refund_no,
                state=RefundState.SUCCEEDED,
                amount_cents=cents(body.get("refund_amount")),
                provider_refund_no=body.get("trade_no", ""),
            )
        return RefundResult(
            out_refund_no=out_refund_no,
            state=RefundState.FAILED,
            message="REFUND_NOT_FOUND: Alipay made no refund with this number; retrying it is safe",
        )

    # -- notifications ---------------------------------------------------------------------------

    def parse_notification(self, account: ProviderAccount, headers: dict[str, str], body: bytes) -> Notification:
        try:
            raw = body.decode("ascii")
            charset = dict(parse_qsl(raw, encoding="latin-1")).get("charset") or "utf-8"
            fields = dict(parse_qsl(raw, keep_blank_values=True, encoding=charset, errors="strict"))
        except (UnicodeError, LookupError, ValueError) as exc:
            raise ForgedNotification("the notification is not a form of the declared charset") from exc
        signature = fields.pop("sign", "")
        sign_type = fields.pop("sign_type", "RSA2")
        if not signature or sign_type != "RSA2":
            raise ForgedNotification("the notification is not RSA2-signed")
        try:
            verified = self._client(account).verify(dict(fields), signature)
        except (ValueError, TypeError, AliPayException) as exc:  # binascii.Error is a ValueError
            raise ForgedNotification(f"the notification's signature cannot be read: {exc}") from exc
        if not verified:
            raise ForgedNotification("the notification's signature does not verify with Alipay's key")
        out_trade_no = fields.get("out_trade_no", "")
        if not out_trade_no:
            raise ForgedNotification("the notification names no out_trade_no")
        try:
            if fields.get("out_biz_no") and fields.get("refund_fee"):
                seller = fields.get("seller_id", "")
                if fields.get("app_id") != account.app_id or (
                    account.merchant_id and seller not in ("", account.merchant_id)
                ):
                    raise ForgedNotification("a refund notification for another application or merchant")
                return Notification(
                    kind="refund",
                    out_trade_no=out_trade_no,
                    out_refund_no=fields["out_biz_no"],
                    state=RefundState.SUCCEEDED.value,
                    amount_cents=cents(fields["refund_fee"]),
                    provider_trade_no=fields.get("trade_no", ""),
                )
            status = fields.get("trade_status", "")
            if status not in TRADE_STATES:
                raise ForgedNotification(f"the notification's trade status {status!r} is unknown")
            # Alipay's rule: check total_amount, seller_id and app_id against the trade. They are
            # handed on as Alipay said them, and the payments services compare them with what was
            # asked: a success for another amount, application or merchant is a mismatch for a person.
            return Notification(
                kind="payment",
                out_trade_no=out_trade_no,
                state=TRADE_STATES[status].value,
                amount_cents=cents(fields.get("total_amount")),
                provider_trade_no=fields.get("trade_no", ""),
                currency=fields.get("trans_currency") or "CNY",
                merchant_id=fields.get("seller_id", ""),
                app_id=fields.get("app_id", ""),
            )
        except ProviderError as exc:  # an amount that is not one
            raise ForgedNotification(str(exc)) from exc

    def notification_answer(self, accepted: bool) -> NotificationAnswer:
        """Alipay stops resending on the plain text `success`; anything else is retried (about 8 times
        over 25 hours)."""
        return NotificationAnswer(
            status=200, content_type="text/plain; charset=utf-8", body=b"success" if accepted else b"failure"
        )

    # -- the bill --------------------------------------------------------------------------------

    def bill(self, account: ProviderAccount, day: date) -> list[BillRow]:
        client = self._client(account)
        try:
            body = client.server_api(BILL_DOWNLOAD_METHOD, {"bill_type": "trade", "bill_date": day.isoformat()})
        except _UnsignedAnswer as exc:
            raise ProviderError(f"Alipay's answer is not signed: {exc}") from exc
        code = str(body.get("code", ""))
        if code != CODE_SUCCESS:
            if code == CODE_UNAVAILABLE or body.get("sub_code") in UNKNOWN_SUB_CODES:
                raise ProviderError(f"Alipay: {_reason(body)}")
            raise ProviderRefused(body.get("sub_code") or code, _reason(body))
        url = body.get("bill_download_url", "")
        if not url.startswith(("https://", "http://")):
            raise ProviderError("Alipay gave no bill download URL")
        try:
            with urllib.request.urlopen(url, timeout=self._timeout(account)) as answer:
                archive = answer.read()
        except (OSError, ValueError) as exc:
            raise ProviderError(f"the bill could not be downloaded: {exc}") from exc
        return parse_bill_zip(archive)


def parse_bill_zip(archive: bytes) -> list[BillRow]:
    """The rows of the detail CSV (`*_业务明细.csv`, not the `(汇总)` summary) in Alipay's bill zip."""
    try:
        with zipfile.ZipFile(io.BytesIO(archive)) as bundle:
            names = [n for n in bundle.namelist() if n.endswith(".csv") and "汇总" not in n]
            if not names:
                raise ProviderError("the bill zip holds no detail CSV")
            text = bundle.read(names[0]).decode("gb18030")
    except (zipfile.BadZipFile, UnicodeDecodeError) as exc:
        raise ProviderError(f"the bill cannot be read: {exc}") from exc
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    rows: list[BillRow] = []
    for record in csv.DictReader(lines):
        record = {(k or "").strip(): (v or "").strip() for k, v in record.items()}
        out_trade_no = record.get("商户订单号", "")
        if not out_trade_no:
            continue
        amount = abs(cents(record.get("订单金额（元）")))
        refund = record.get("业务类型") == "退款"
        rows.append(
            BillRow(
                out_trade_no=out_trade_no,
                out_refund_no=record.get("退款批次号/请求号", "") if refund else "",
                amount_cents=-amount if refund else amount,
                provider_trade_no=record.get("支付宝交易号", ""),
            )
        )
    return rows
