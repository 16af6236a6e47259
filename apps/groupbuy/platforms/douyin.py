"""Douyin life services group-buy codes (抖音来客 / 生活服务开放平台, `goodlife/v1/fulfilment/certificate/*`).

The flow, as the platform publishes it:
  0. `POST /oauth/client_token/` (client_key, client_secret, grant_type=client_credential): a
     client token, sent as the `access-token` header of every call; kept until a minute before it
     expires, bought again once when a call answers that it expired or is invalid.
  1. `GET .../certificate/prepare/?code=` (验券准备): the order and its certificates, each with an
     `encrypted_code`, `expire_time`, `amount` (fen) and `sku` (sku_id, title, market_price), and a
     `verify_token` for the verify that follows.
  2. `POST .../certificate/verify/` (verify_token, poi_id, encrypted_codes, order_id) (验券): one
     result per certificate, with its `verify_id` and `certificate_id` (what cancel needs).
  3. `GET .../certificate/verify_record/query/?poi_id=&start_time=&end_time=&code=` (验券历史): what
     was verified; how a timed-out verify is found (the platform has no idempotency key of ours, so a
     verify of ours is recognised by code and time).
  4. `POST .../certificate/cancel/` (verify_id, certificate_id) (撤销核销): within the platform's
     window (one hour) after the verify.

Answers are `{"data": {"error_code": 0, "description": ...}, "extra": {...}}`; a non-zero error_code
is read through ERRORS (unlisted: PlatformError with the description).

The account: base_url, app_key (client_key), app_secret (client_secret), shop_id (poi_id)."""

from __future__ import annotations

import time
from datetime import datetime

from apps.core.json_types import JsonObject

from .base import (
    BEIJING,
    Consumed,
    CountUnavailable,
    CouponInfo,
    FailureCodes,
    PlatformAccount,
    PlatformError,
    PlatformUnavailable,
)
from .http import TokenCache, call

PREFIX = "/goodlife/v1/fulfilment/certificate"
TOKEN_EXPIRED = {2190008, 2190002}  # access token expired / invalid: buy a new one and ask once more
ERRORS = FailureCodes(
    code_invalid=1201,
    code_used=1202,
    code_expired=1203,
    code_other_store=1204,
    count_unavailable=1205,
    cancel_window_passed=1206,
)
QUERY_HOURS = 24  # how far back the verify records are searched for a timed-out verify


def _buy_token(account: PlatformAccount) -> tuple[str, int]:
    body = call(
        account,
        "POST",
        "/oauth/client_token/",
        json_body={
            "client_key": account.app_key,
            "client_secret": account.app_secret,
            "grant_type": "client_credential",
        },
    )
    data = body.get("data") or {}
    if data.get("error_code") or not data.get("access_token"):
        raise PlatformError(str(data.get("description") or "no client token"), code=str(data.get("error_code")))
    return str(data["access_token"]), int(data.get("expires_in") or 7200)


_tokens = TokenCache(_buy_token)


def _raise(data: JsonObject) -> None:
    code = data.get("error_code")
    if code:
        raise ERRORS.failure(code, str(data.get("description") or ""))


class DouyinPlatform:
    name = "douyin"
    remote = True

    def _call(
        self,
        account: PlatformAccount,
        method: str,
        path: str,
        params: dict[str, str] | None = None,
        body: JsonObject | None = None,
    ) -> JsonObject:
        def ask(token: str) -> JsonObject:
            answer = call(
                account, method, PREFIX + path, params=params, json_body=body, headers={"access-token": token}
            )
            data = answer.get("data")
            if not isinstance(data, dict):
                raise PlatformUnavailable("answer without data")
            return data

        data = _tokens.ask(account, ask, expired=lambda data: data.get("error_code") in TOKEN_EXPIRED)
        _raise(data)
        return data

    def _prepare(self, account: PlatformAccount, code: str) -> JsonObject:
        data = self._call(account, "GET", "/prepare/", params={"code": code})
        if not data.get("certificates"):
            raise PlatformUnavailable("prepare answered no certificates")
        return data

    def prepare(self, account: PlatformAccount, code: str) -> CouponInfo:
        data = self._prepare(account, code)
        certificates = data["certificates"]
        first = certificates[0]
        sku = first.get("sku") or {}
        amount = first.get("amount") or {}
        expire = first.get("expire_time")
        return CouponInfo(
            code=code,
            deal_id=str(sku.get("sku_id") or ""),
            title=str(sku.get("title") or ""),
            price_cents=int(amount.get("pay_amount") or 0),
            market_price_cents=int(sku.get("market_price") or amount.get("original_amount") or 0),
            count=len(certificates),
            expires_at=datetime.fromtimestamp(int(expire), BEIJING) if expire else None,
            extra={"order_id": str(data.get("order_id") or "")},
        )

    def consume(self, account: PlatformAccount, code: str, count: int, request_id: str) -> Consumed:
        data = self._prepare(account, code)
        certificates = data["certificates"]
        if count < 1 or count > len(certificates):
            raise CountUnavailable(f"{len(certificates)} left", code="count")
        chosen = certificates[:count]
        answer = self._call(
            account,
            "POST",
            "/verify/",
            body={
                "verify_token": data.get("verify_token"),
                "poi_id": account.shop_id,
                "encrypted_codes": [c["encrypted_code"] for c in chosen],
                "order_id": data.get("order_id"),
            },
        )
        results = answer.get("verify_results") or []
        if len(results) != count:
            raise PlatformUnavailable("verify answered a different number of results")
        failed = [r for r in results if r.get("result") != 0]
        if failed and len(failed) == len(results):
            _raise({"error_code": failed[0].get("result"), "description": failed[0].get("msg")})
        if failed:  # some verified, some not: report what did go through, the write-off service decides
            results = [r for r in results if r.get("result") == 0]
        sku = chosen[0].get("sku") or {}
        return Consumed(
            platform=self.name,
            code=code,
            count=len(results),
            request_id=request_id,
            deal_id=str(sku.get("sku_id") or ""),
            title=str(sku.get("title") or ""),
            price_cents=int((chosen[0].get("amount") or {}).get("pay_amount") or 0),
            references=tuple(f"{r['verify_id']}:{r['certificate_id']}" for r in results),
            consumed_at=datetime.now(BEIJING),
        )

    def query(self, account: PlatformAccount, code: str, request_id: str) -> Consumed | None:
        now = int(time.time())
        data = self._call(
            account,
            "GET",
            "/verify_record/query/",
            params={
                "poi_id": account.shop_id,
                "code": code,
                "start_time": str(now - QUERY_HOURS * 3600),
                "end_time": str(now + 60),
            },
        )
        records = [r for r in data.get("records") or [] if r.get("status") == "verified"]
        if not records:
            return None
        sku = records[0].get("sku") or {}
        return Consumed(
            platform=self.name,
            code=code,
            count=len(records),
            request_id=request_id,
            deal_id=str(sku.get("sku_id") or ""),
            title=str(sku.get("title") or ""),
            price_cents=int((records[0].get("amount") or {}).get("pay_amount") or 0),
            references=tuple(f"{r['verify_id']}:{r['certificate_id']}" for r in records),
            consumed_at=datetime.fromtimestamp(int(records[0].get("verify_time") or now), BEIJING),
        )

    def cancel(self, account: PlatformAccount, consumed: Consumed) -> None:
        for reference in consumed.references:
            verify_id, _, certificate_id = reference.partition(":")
            self._call(account, "POST", "/cancel/", body={"verify_id": verify_id, "certificate_id": certificate_id})
