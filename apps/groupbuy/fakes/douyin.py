"""A fake Douyin life services server (client token + `goodlife/v1/fulfilment/certificate/*`) on
127.0.0.1, for tests and `make run`. It sells a client token only for its client key and secret (made
when it starts), refuses a call without a live token (error 2190002; `expire_tokens()` makes every
token it sold answer 2190008 once), keeps the verify tokens of its prepares, and cancels per
certificate. Codes behave as fakes/book.py says."""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from apps.core.json_types import JsonObject
from apps.payments.fakes.httpfake import FakeRequest, FakeResponse

from .base import FakePlatform, json_response
from .book import MESSAGES, Refused

PREFIX = "/goodlife/v1/fulfilment/certificate/"
CODES = {"invalid": 1201, "used": 1202, "expired": 1203, "other_store": 1204, "count": 1205, "window": 1206}
RISK = 1301
TOKEN_INVALID = 2190002
TOKEN_EXPIRED = 2190008
BAD_CLIENT = 10002


def _data(data: JsonObject) -> FakeResponse:
    return json_response(
        {
            "data": {"error_code": 0, "description": "", **data},
            "extra": {"error_code": 0, "description": "", "logid": secrets.token_hex(8), "now": int(time.time())},
        }
    )


def _error(code: int, description: str) -> FakeResponse:
    return json_response(
        {
            "data": {"error_code": code, "description": description},
            "extra": {"error_code": code, "description": description, "logid": secrets.token_hex(8)},
        }
    )


class FakeDouyin(FakePlatform):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.client_key = "aw" + secrets.token_hex(8)
        self.client_secret = secrets.token_hex(16)
        self.poi_id = str(7000000000000000000 + secrets.randbelow(10**9))
        self.tokens: set[str] = set()
        self.expired_tokens: set[str] = set()
        self.verify_tokens: dict[str, str] = {}  # verify_token -> code

    def expire_tokens(self) -> None:
        self.expired_tokens |= self.tokens
        self.tokens = set()

    def handle(self, request: FakeRequest) -> FakeResponse:
        if request.path == "/oauth/client_token/" and request.method == "POST":
            body = json.loads(request.body or b"{}")
            if (
                body.get("client_key") != self.client_key
                or body.get("client_secret") != self.client_secret
                or body.get("grant_type") != "client_credential"
            ):
                return json_response({"data": {"error_code": BAD_CLIENT, "description": "client_secret 错误"}})
            token = "clt." + secrets.token_hex(16)
            self.tokens.add(token)
            return json_response(
                {
                    "data": {"access_token": token, "expires_in": 7200, "error_code": 0, "description": ""},
                    "message": "success",
                }
            )
        if not request.path.startswith(PREFIX):
            return FakeResponse(404, b'{"data":{"error_code":404,"description":"not found"}}')
        token = request.headers.get("access-token", "")
        if token in self.expired_tokens:
            return _error(TOKEN_EXPIRED, "access_token过期")
        if token not in self.tokens:
            return _error(TOKEN_INVALID, "access_token无效")
        action = request.path.removeprefix(PREFIX).strip("/")
        body = json.loads(request.body or b"{}") if request.method == "POST" else {}
        code = request.query.get("code", "") or self.verify_tokens.get(str(body.get("verify_token")), "")
        failure = self.code_failure(code)
        if failure:
            return failure
        try:
            answer = self._answer(action, code, request.query, body)
        except Refused as refusal:
            if refusal.kind == "risk":
                answer = _error(RISK, MESSAGES["risk"])
            else:
                answer = _error(CODES.get(refusal.kind, 1999), MESSAGES[refusal.kind])
        if action == "verify":
            self.maybe_slow(code)
        return answer

    def _answer(self, action: str, code: str, query: dict[str, str], body: JsonObject) -> FakeResponse:
        if action == "prepare":
            return self._prepare(code)
        if action == "verify":
            return self._verify(code, body)
        if action == "verify_record/query":
            return self._verify_records(code, query)
        if action == "cancel":
            self.book.cancel_unit(str(body.get("verify_id")), str(body.get("certificate_id")))
            return _data({})
        return FakeResponse(404, b'{"data":{"error_code":404,"description":"not found"}}')

    def _prepare(self, code: str) -> FakeResponse:
        """The coupon's certificates still to verify, and the token the verify call names them by."""
        coupon = self.book.coupon(code)
        verify_token = secrets.token_hex(12)
        self.verify_tokens[verify_token] = code
        deal = coupon.deal
        certificates = [
            {
                "encrypted_code": unit.encrypted_code,
                "expire_time": int(coupon.expires_at),
                "amount": {"original_amount": deal.market_price_cents, "pay_amount": deal.price_cents},
                "sku": {"sku_id": deal.deal_id, "title": deal.title, "market_price": deal.market_price_cents},
            }
            for unit in coupon.left()
        ]
        return _data({"verify_token": verify_token, "order_id": "10" + code, "certificates": certificates})

    def _verify(self, code: str, body: JsonObject) -> FakeResponse:
        """The named certificates consumed at this shop, one result each."""
        if body.get("poi_id") != self.poi_id:
            raise Refused("other_store")
        if not code:
            return _error(1207, "verify_token无效")
        coupon = self.book.coupon(code)
        wanted = set(body.get("encrypted_codes") or [])
        units = [unit for unit in coupon.left() if unit.encrypted_code in wanted]
        consumption = self.book.consume(code, len(units), "verify-" + secrets.token_hex(4), units=units)
        results = [
            {
                "result": 0,
                "msg": "",
                "code": unit.encrypted_code,
                "origin_code": code,
                "verify_id": consumption.consumption_id,
                "certificate_id": unit.certificate_id,
                "order_id": "10" + code,
            }
            for unit in consumption.units
        ]
        return _data({"verify_results": results})

    def _verify_records(self, code: str, query: dict[str, str]) -> FakeResponse:
        """The code's verifications at this shop between start_time and end_time, cancelled ones too."""
        if query.get("poi_id") != self.poi_id:
            raise Refused("other_store")
        start, end = int(query.get("start_time") or 0), int(query.get("end_time") or 0)
        records = []
        for consumption in self.book.of_code(code):
            if not start <= consumption.at <= end:
                continue
            deal = self.reported_deal(self.book.coupons[code].deal)
            for unit in consumption.units:
                live = unit.consumption == consumption.consumption_id
                records.append(
                    {
                        "verify_id": consumption.consumption_id,
                        "certificate_id": unit.certificate_id,
                        "code": code,
                        "verify_time": int(consumption.at),
                        "status": "verified" if live else "cancelled",
                        "sku": {"sku_id": deal.deal_id, "title": deal.title},
                        "amount": {"pay_amount": deal.price_cents},
                    }
                )
        return _data({"records": records})

    def settings_entry(self) -> JsonObject:
        return {
            "base_url": self.url,
            "app_key": self.client_key,
            "app_secret": self.client_secret,
            "shop_id": self.poi_id,
        }
