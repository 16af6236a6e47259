"""Meituan and Dianping group-buy codes (美团/大众点评 开放平台, 团购核销 `ddzh/tuangou/receipt/*`).

The flow, as the platform publishes it:
  1. `POST /ddzh/tuangou/receipt/prepare` (receipt_code, open_shop_uuid): what the code buys, consuming
     nothing: deal_id, dealgroup_id, deal_title, deal_price and deal_marketprice (yuan), count (units
     left), receiptEndDate (ms).
  2. `POST /ddzh/tuangou/receipt/consume` (requestid, receipt_code, count, open_shop_uuid,
     app_shop_account, app_shop_accountname): the write-off; answers one entry per unit consumed,
     each with the deal and its price and, where the store's contract says, `settle_price` (yuan: what
     the platform pays the store for the unit after its commission; the field as the fake answers
     it, to be checked against the platform's document when the chain's account is opened, as ERRORS
     is). `requestid` is ours (the write-off's id): the platform treats a repeated requestid as the
     same request.
  3. `POST /ddzh/tuangou/receipt/getconsumed` (receipt_code, open_shop_uuid): the write-off of a code,
     to learn what a timed-out consume did.
  4. `POST /ddzh/tuangou/receipt/reverseconsume` (app_deal_id, receipt_code, open_shop_uuid, ...):
     cancel, allowed only within the platform's window after consuming.

Every request is a form POST with the system parameters app_key, timestamp ("YYYY-MM-DD HH:MM:SS",
Beijing time), session (the store's authorisation), format=json, v=1, sign_method=MD5 and `sign` =
lower-case hex MD5 of `secret + k1v1k2v2... + secret` over every other non-empty parameter sorted by
name. Answers are `{"code": 200, "msg": ..., "data": ...}`; any other code is an error, read through
ERRORS (an unlisted code is PlatformError with the platform's msg).

The account: base_url, app_key, app_secret, session (the store's), shop_id (open_shop_uuid);
extra["operator"] the shop account name sent as app_shop_account (default "erp")."""

from __future__ import annotations

import hashlib
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from .base import BEIJING, CodeInvalid, Consumed, CouponInfo, FailureCodes, PlatformAccount, PlatformUnavailable
from .http import call

PREFIX = "/ddzh/tuangou/receipt"
OK = 200
# The platform's business codes we read (docs/decisions/0019); anything else is PlatformError.
ERRORS = FailureCodes(
    code_invalid=1001,
    code_used=1002,
    code_expired=1003,
    code_other_store=1004,
    count_unavailable=1005,
    cancel_window_passed=1006,
)


def sign(secret: str, params: dict[str, str]) -> str:
    """The platform's MD5 signature over the sorted non-empty parameters (`sign` itself excluded)."""
    text = "".join(f"{key}{value}" for key, value in sorted(params.items()) if key != "sign" and value != "")
    return hashlib.md5(f"{secret}{text}{secret}".encode()).hexdigest()


# Not core.money's to_cents: Meituan's JSON gives prices as numbers (floats, which core.money
# refuses) or text, and an unreadable one means the platform answered badly (PlatformUnavailable).
def yuan_to_cents(value: Any) -> int:
    try:
        return int((Decimal(str(value)) * 100).quantize(Decimal(1)))
    except (InvalidOperation, ValueError):
        raise PlatformUnavailable(f"unreadable price {value!r}") from None


def _settlement_cents(rows: list[Any]) -> int | None:
    """The settlement of every unit consumed, or None when an entry does not say (no partial sums)."""
    prices = [row.get("settle_price") for row in rows]
    if any(price is None or price == "" for price in prices):
        return None
    return sum(yuan_to_cents(price) for price in prices)


class MeituanPlatform:
    name = "meituan"
    remote = True

    def _post(self, account: PlatformAccount, action: str, business: dict[str, str]) -> Any:
        params = {
            "app_key": account.app_key,
            "timestamp": datetime.now(BEIJING).strftime("%Y-%m-%d %H:%M:%S"),
            "session": account.session,
            "format": "json",
            "v": "1",
            "sign_method": "MD5",
            "open_shop_uuid": account.shop_id,
            **business,
        }
        params["sign"] = sign(account.app_secret, params)
        body = call(account, "POST", f"{PREFIX}/{action}", data=params)
        code = body.get("code")
        if code == OK:
            return body.get("data")
        raise ERRORS.failure(code, str(body.get("msg") or ""))

    def _operator(self, account: PlatformAccount) -> dict[str, str]:
        name = account.extra.get("operator") or "erp"
        return {"app_shop_account": name, "app_shop_accountname": name}

    def prepare(self, account: PlatformAccount, code: str) -> CouponInfo:
        data = self._post(account, "prepare", {"receipt_code": code})
        if not isinstance(data, dict):
            raise PlatformUnavailable("prepare answered no data")
        end = data.get("receiptEndDate")
        return CouponInfo(
            code=code,
            deal_id=str(data.get("deal_id") or ""),
            title=str(data.get("deal_title") or ""),
            price_cents=yuan_to_cents(data.get("deal_price") or 0),
            market_price_cents=yuan_to_cents(data.get("deal_marketprice") or 0),
            count=int(data.get("count") or 0),
            expires_at=datetime.fromtimestamp(int(end) / 1000, BEIJING) if end else None,
            extra={"dealgroup_id": str(data.get("dealgroup_id") or "")},
        )

    def _consumed(self, code: str, request_id: str, rows: Any) -> Consumed:
        if not isinstance(rows, list) or not rows:
            raise PlatformUnavailable("consume answered no entries")
        first = rows[0]
        return Consumed(
            platform=self.name,
            code=code,
            count=len(rows),
            request_id=request_id,
            deal_id=str(first.get("deal_id") or ""),
            title=str(first.get("deal_title") or ""),
            price_cents=yuan_to_cents(first.get("deal_price") or 0),
            references=tuple(str(row.get("receipt_code") or code) for row in rows),
            consumed_at=datetime.now(BEIJING),
            settlement_cents=_settlement_cents(rows),
        )

    def consume(self, account: PlatformAccount, code: str, count: int, request_id: str) -> Consumed:
        rows = self._post(
            account,
            "consume",
            {"requestid": request_id, "receipt_code": code, "count": str(count), **self._operator(account)},
        )
        return self._consumed(code, request_id, rows)

    def query(self, account: PlatformAccount, code: str, request_id: str) -> Consumed | None:
        try:
            data = self._post(account, "getconsumed", {"receipt_code": code})
        except CodeInvalid:
            return None
        if not isinstance(data, dict) or not data.get("consumed"):
            return None
        if str(data.get("requestid") or "") != request_id:
            return None  # consumed, but by another request: not ours
        return self._consumed(code, request_id, data.get("receipts"))

    def cancel(self, account: PlatformAccount, consumed: Consumed) -> None:
        self._post(
            account,
            "reverseconsume",
            {"app_deal_id": consumed.deal_id, "receipt_code": consumed.code, **self._operator(account)},
        )
