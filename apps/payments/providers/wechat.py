"""WeChat Pay API v3 through the wechatpayv3 SDK (issue 14 §1).

The SDK signs each request with our merchant key (Authorization: WECHATPAY2-SHA256-RSA2048) and
verifies each 2xx answer's Wechatpay-Signature. We use its public-key mode (`public_key`,
`public_key_id`): WeChat Pay's public key comes from settings, so no platform-certificate download
happens before the first call. The SDK fixes its gateway to the production host; the account's
`base_url` replaces it (the fake server in tests and `make run`, or WeChat Pay's backup domain).

Calls: 付款码 `/v3/pay/transactions/codepay` (the SDK's `pay(pay_type=CODEPAY)`), native
`/v3/pay/transactions/native`, query by out_trade_no, close (native) or reverse (codepay), refund
`/v3/refund/domestic/refunds` and its query, notification verification and AEAD_AES_256_GCM
decryption (`callback`), and the trade bill (`/v3/bill/tradebill`, then the file it points to)."""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import time
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import requests
from wechatpayv3 import WeChatPay, WeChatPayType

from apps.core.json_types import JsonObject
from apps.payments.providers import register_provider
from apps.payments.providers.base import (
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

# How far a notification's Wechatpay-Timestamp may be from our clock: an older one is a replay.
NOTIFICATION_MAX_AGE_SECONDS = 300

TRADE_STATES = {
    "SUCCESS": ProviderState.SUCCEEDED,
    "REFUND": ProviderState.REFUNDED,
    "NOTPAY": ProviderState.PENDING,
    "USERPAYING": ProviderState.PENDING,
    "ACCEPT": ProviderState.PENDING,
    "CLOSED": ProviderState.CLOSED,
    "REVOKED": ProviderState.CLOSED,
    "PAYERROR": ProviderState.FAILED,
}
REFUND_STATES = {
    "SUCCESS": RefundState.SUCCEEDED,
    "PROCESSING": RefundState.PENDING,
    # Money could not go back to the card it came from: support acts in the merchant platform.
    "ABNORMAL": RefundState.PENDING,
    "CLOSED": RefundState.FAILED,
}
# Error codes of the codepay call that are a customer's decline: final, nothing taken.
DECLINES = {
    "NOTENOUGH",
    "AUTH_CODE_ERROR",
    "AUTH_CODE_INVALID",
    "AUTHCODEEXPIRE",
    "BUYER_MISMATCH",
    "NOT_ENOUGH",
    "PAYERROR",
    "TRADE_ERROR",
    "NO_AUTH",
    "RULE_LIMIT",
    "ORDER_CLOSED",
}
# Answers that leave the outcome unknown: ask again later.
UNKNOWN_OUTCOME = {"SYSTEM_ERROR", "SYSTEMERROR", "BANKERROR", "FREQUENCY_LIMITED", "FREQUENCY_LIMIT_EXCEED"}
NOT_FOUND = {"ORDER_NOT_EXIST", "ORDERNOTEXIST", "RESOURCE_NOT_EXISTS", "NOT_FOUND"}


def _error(code: int, text: Any) -> tuple[str, str]:
    try:
        body = json.loads(text) if isinstance(text, (str, bytes)) and text else {}
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    return str(body.get("code") or f"HTTP_{code}"), str(body.get("message") or "")


def _paid_at(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


# Not core.money's to_cents: this reads WeChat's own bill text as it is written (no thousands commas
# accepted, bad text raises decimal.InvalidOperation rather than ValueError, a sub-cent amount rounds
# half even instead of being rounded to cents first).
def _cents(yuan: str) -> int:
    return int((Decimal(yuan.strip() or "0") * 100).to_integral_value())


class WeChatPayProvider:
    name = "wechat"

    def __init__(self) -> None:
        self._clients: dict[tuple[str, ...], WeChatPay] = {}

    # -- the SDK client of one account -----------------------------------------------------------
    def _client(self, account: ProviderAccount) -> WeChatPay:
        key = (
            account.base_url,
            account.merchant_id,
            account.app_id,
            account.serial_no,
            account.extra.get("public_key_id", ""),
            account.notify_url,
            hashlib.sha256((account.private_key + account.public_key + account.api_v3_key).encode()).hexdigest(),
            account.extra.get("timeout", ""),
        )
        client = self._clients.get(key)
        if client is None:
            timeout = float(account.extra.get("timeout") or 10)
            client = WeChatPay(
                wechatpay_type=WeChatPayType.NATIVE,
                mchid=account.merchant_id,
                private_key=account.private_key,
                cert_serial_no=account.serial_no,
                appid=account.app_id,
                apiv3_key=account.api_v3_key,
                notify_url=account.notify_url or None,
                public_key=account.public_key,
                public_key_id=account.extra.get("public_key_id", ""),
                timeout=(min(timeout, 5.0), timeout),
            )
            # The SDK has no setting for its host (see the module docstring).
            client._core._gate_way = account.base_url.rstrip("/")
            self._clients[key] = client
        return client

    def _call(self, call: Any, *args: Any, **kwargs: Any) -> tuple[int, Any]:
        """One SDK call; anything but an answer we can trust is a ProviderError (outcome unknown)."""
        try:
            return call(*args, **kwargs)
        except requests.RequestException as failure:
            raise ProviderError(f"wechat: {failure.__class__.__name__}: {failure}") from failure
        except Exception as failure:  # the SDK raises bare Exception, e.g. on a bad answer signature
            raise ProviderError(f"wechat: {failure}") from failure

    @staticmethod
    def _json(text: Any) -> JsonObject:
        try:
            body = json.loads(text)
        except (TypeError, ValueError) as failure:
            raise ProviderError("wechat: an answer that is not JSON") from failure
        if not isinstance(body, dict):
            raise ProviderError("wechat: an answer that is not an object")
        return body

    def _trade(self, out_trade_no: str, body: JsonObject) -> PayResult:
        state = TRADE_STATES.get(str(body.get("trade_state", "")), ProviderState.UNKNOWN)
        amount = body.get("amount") or {}
        return PayResult(
            out_trade_no=out_trade_no,
            state=state,
            amount_cents=int(amount.get("total") or 0),
            provider_trade_no=str(body.get("transaction_id") or ""),
            paid_at=_paid_at(body.get("success_time")),
            message=str(body.get("trade_state_desc") or ""),
            currency=str(amount.get("currency") or "CNY"),
            merchant_id=str(body.get("mchid") or ""),
            app_id=str(body.get("appid") or ""),
        )

    # -- payments ----------------------------------------------------------------------------------
    def pay_by_code(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        client = self._client(account)
        code, text = self._call(
            client.pay,
            description=request.description,
            out_trade_no=request.out_trade_no,
            amount={"total": request.amount_cents, "currency": "CNY"},
            payer={"auth_code": request.auth_code},
            scene_info={"store_info": {"out_id": request.store_code or account.merchant_id}},
            pay_type=WeChatPayType.CODEPAY,
        )
        if code == 200:
            return self._trade(request.out_trade_no, self._json(text))
        error, message = _error(code, text)
        if code == 202 or error == "USERPAYING":
            return PayResult(out_trade_no=request.out_trade_no, state=ProviderState.PENDING, message=message)
        if error in DECLINES:
            return PayResult(out_trade_no=request.out_trade_no, state=ProviderState.FAILED, message=message or error)
        if code >= 500 or error in UNKNOWN_OUTCOME:
            raise ProviderError(f"wechat: {error} {message}")
        raise ProviderRefused(error, message)

    def pay_by_qr(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        client = self._client(account)
        extra: JsonObject = {}
        if request.expires_at is not None:
            extra["time_expire"] = request.expires_at.isoformat(timespec="seconds")
        code, text = self._call(
            client.pay,
            description=request.description,
            out_trade_no=request.out_trade_no,
            amount={"total": request.amount_cents, "currency": "CNY"},
            pay_type=WeChatPayType.NATIVE,
            **extra,
        )
        if code == 200:
            code_url = str(self._json(text).get("code_url") or "")
            if not code_url:
                raise ProviderError("wechat: a native order without code_url")
            return PayResult(out_trade_no=request.out_trade_no, state=ProviderState.PENDING, code_url=code_url)
        error, message = _error(code, text)
        if code >= 500 or error in UNKNOWN_OUTCOME:
            raise ProviderError(f"wechat: {error} {message}")
        raise ProviderRefused(error, message)

    def query(self, account: ProviderAccount, out_trade_no: str) -> PayResult:
        code, text = self._call(self._client(account).query, out_trade_no=out_trade_no)
        if code == 200:
            return self._trade(out_trade_no, self._json(text))
        error, message = _error(code, text)
        if error in NOT_FOUND:
            return PayResult(out_trade_no=out_trade_no, state=ProviderState.UNKNOWN, message=message)
        raise ProviderError(f"wechat: {error} {message}")

    def close(self, account: ProviderAccount, out_trade_no: str) -> None:
        """A paid trade is never reversed here (that would send the money back): ORDERPAID instead,
        and the caller applies the success. An unpaid codepay trade is reversed (撤销), a native one
        closed; one WeChat Pay never knew needs nothing."""
        client = self._client(account)
        code, text = self._call(client.query, out_trade_no=out_trade_no)
        if code != 200:
            error, message = _error(code, text)
            if error in NOT_FOUND:
                return
            raise ProviderError(f"wechat: {error} {message}")
        current = self._json(text)
        state = TRADE_STATES.get(str(current.get("trade_state", "")), ProviderState.UNKNOWN)
        if state in (ProviderState.SUCCEEDED, ProviderState.REFUNDED):
            raise ProviderRefused("ORDERPAID", "the trade is paid")
        if state in (ProviderState.CLOSED, ProviderState.FAILED):
            return
        if current.get("trade_type") == "MICROPAY":
            code, text = self._call(client.codepay_reverse, out_trade_no=out_trade_no)
        else:
            code, text = self._call(client.close, out_trade_no=out_trade_no)
        if 200 <= code < 300:
            return
        error, message = _error(code, text)
        if error in NOT_FOUND:
            return
        if error == "ORDERPAID":
            raise ProviderRefused(error, message)
        if code >= 500 or error in UNKNOWN_OUTCOME:
            raise ProviderError(f"wechat: {error} {message}")
        raise ProviderRefused(error, message)

    # -- refunds -----------------------------------------------------------------------------------
    def _refund(self, out_refund_no: str, body: JsonObject) -> RefundResult:
        amount = body.get("amount") or {}
        return RefundResult(
            out_refund_no=out_refund_no,
            state=REFUND_STATES.get(str(body.get("status") or body.get("refund_status") or ""), RefundState.PENDING),
            amount_cents=int(amount.get("refund") or 0),
            provider_refund_no=str(body.get("refund_id") or ""),
            message=str(body.get("status") or body.get("refund_status") or ""),
        )

    def refund(self, account: ProviderAccount, request: RefundRequest) -> RefundResult:
        code, text = self._call(
            self._client(account).refund,
            out_refund_no=request.out_refund_no,
            amount={"refund": request.amount_cents, "total": request.total_cents, "currency": "CNY"},
            out_trade_no=request.out_trade_no,
            reason=request.reason or None,
        )
        if code == 200:
            return self._refund(request.out_refund_no, self._json(text))
        error, message = _error(code, text)
        if code >= 500 or error in UNKNOWN_OUTCOME:
            raise ProviderError(f"wechat: {error} {message}")
        raise ProviderRefused(error, message)

    def query_refund(self, account: ProviderAccount, out_trade_no: str, out_refund_no: str) -> RefundResult:
        """ProviderRefused(RESOURCE_NOT_EXISTS) when WeChat Pay never received the refund."""
        code, text = self._call(self._client(account).query_refund, out_refund_no=out_refund_no)
        if code == 200:
            return self._refund(out_refund_no, self._json(text))
        error, message = _error(code, text)
        if error in NOT_FOUND:
            raise ProviderRefused(error, message)
        raise ProviderError(f"wechat: {error} {message}")

    # -- notifications -----------------------------------------------------------------------------
    def parse_notification(self, account: ProviderAccount, headers: dict[str, str], body: bytes) -> Notification:
        headers = {key.title(): value for key, value in headers.items()}
        try:
            stamp = int(headers.get("Wechatpay-Timestamp", ""))
        except ValueError:
            raise ForgedNotification("no timestamp") from None
        if abs(time.time() - stamp) > NOTIFICATION_MAX_AGE_SECONDS:
            raise ForgedNotification("the timestamp is too old (a replay?)")
        try:
            data = self._client(account).callback(headers, body)
        except Exception as failure:  # the SDK raises bare Exception on an unknown algorithm or serial
            raise ForgedNotification(str(failure)) from failure
        if not data or not isinstance(data.get("resource"), dict):
            raise ForgedNotification("the signature or the resource does not verify")
        event, resource = str(data.get("event_type") or ""), data["resource"]
        amount = resource.get("amount") or {}
        if event.startswith("REFUND."):
            if resource.get("mchid") not in (None, account.merchant_id):
                raise ForgedNotification("a refund notification for another merchant")
            return Notification(
                kind="refund",
                out_trade_no=str(resource.get("out_trade_no") or ""),
                out_refund_no=str(resource.get("out_refund_no") or ""),
                state=REFUND_STATES.get(str(resource.get("refund_status") or ""), RefundState.PENDING).value,
                amount_cents=int(amount.get("refund") or 0),
                provider_trade_no=str(resource.get("transaction_id") or ""),
            )
        # A payment for another merchant or application is handed on as WeChat Pay said it: the
        # payments services compare it with what was asked (a mismatch, for a person to check).
        result = self._trade(str(resource.get("out_trade_no") or ""), resource)
        return Notification(
            kind="payment",
            out_trade_no=result.out_trade_no,
            state=result.state.value,
            amount_cents=result.amount_cents,
            provider_trade_no=result.provider_trade_no,
            currency=result.currency,
            merchant_id=result.merchant_id,
            app_id=result.app_id,
        )

    def notification_answer(self, accepted: bool) -> NotificationAnswer:
        if accepted:
            return NotificationAnswer(status=204, content_type="application/json", body=b"")
        return NotificationAnswer(
            status=401,
            content_type="application/json",
            body=json.dumps({"code": "FAIL", "message": "signature verification failed"}).encode(),
        )

    # -- the day's bill ----------------------------------------------------------------------------
    def bill(self, account: ProviderAccount, day: date) -> list[BillRow]:
        client = self._client(account)
        code, text = self._call(client.trade_bill, bill_date=day.isoformat(), bill_type="ALL", tar_type="GZIP")
        if code != 200:
            error, message = _error(code, text)
            if error == "NO_STATEMENT_EXIST":
                return []
            raise ProviderError(f"wechat: {error} {message}")
        answer = self._json(text)
        url = str(answer.get("download_url") or "")
        if not url:
            raise ProviderError("wechat: a bill without download_url")
        code, content = self._call(client.download_bill, url)
        if code != 200 or not isinstance(content, bytes):
            raise ProviderError(f"wechat: the bill file answered {code}")
        try:
            raw = gzip.decompress(content)
        except OSError as failure:
            raise ProviderError("wechat: the bill file is not gzip") from failure
        if answer.get("hash_value") and hashlib.sha1(raw).hexdigest() != str(answer["hash_value"]).lower():
            raise ProviderError("wechat: the bill's digest does not match")
        return parse_trade_bill(raw.decode("utf-8-sig"))


def parse_trade_bill(text: str) -> list[BillRow]:
    """WeChat Pay's trade bill (ALL): a header line, one line per trade or refund with every field
    prefixed by a backtick, then a summary line and its totals (skipped)."""
    lines = text.splitlines()
    if not lines:
        return []
    header = [name.strip() for name in next(csv.reader([lines[0]]))]
    rows: list[BillRow] = []
    for values in csv.reader(io.StringIO("\n".join(lines[1:]))):
        if not values or not values[0].startswith("`"):
            break  # the summary
        row = dict(zip(header, (value.strip().lstrip("`") for value in values), strict=False))
        out_trade_no = row.get("商户订单号", "")
        provider_trade_no = row.get("微信订单号", "")
        if row.get("交易状态") == "REFUND":
            rows.append(
                BillRow(
                    out_trade_no=out_trade_no,
                    out_refund_no=row.get("商户退款单号", ""),
                    amount_cents=-_cents(row.get("退款金额", "0")),
                    provider_trade_no=provider_trade_no,
                )
            )
        elif row.get("交易状态") == "SUCCESS":
            rows.append(
                BillRow(
                    out_trade_no=out_trade_no,
                    out_refund_no="",
                    amount_cents=_cents(row.get("订单金额") or row.get("应结订单金额", "0")),
                    provider_trade_no=provider_trade_no,
                )
            )
    return rows


register_provider(WeChatPayProvider())
