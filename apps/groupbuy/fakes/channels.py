"""A fake WeChat Channels group-buy server (access_token + the coupon calls of
apps.groupbuy.platforms.channels.PATHS) on 127.0.0.1, for tests and `make run`. It sells an
access_token only for its appid and secret (made when it starts; a wrong secret is errcode 40125),
refuses a call without a live token (40001; `expire_tokens()` makes every token sold answer 42001),
and keeps each write-off under its out_request_no: the same key again answers the same write-off, the
same key for another code is refused. Codes behave as fakes/book.py says."""

from __future__ import annotations

import json
import secrets
from typing import Any

from apps.core.json_types import JsonObject
from apps.payments.fakes.httpfake import FakeRequest, FakeResponse

from .base import FakePlatform, json_response
from .book import MESSAGES, Consumption, Refused

CODES = {
    "invalid": 10401,
    "used": 10402,
    "expired": 10403,
    "other_store": 10405,
    "count": 10406,
    "window": 10407,
    "conflict": 10408,
    "risk": 10409,
}
NOT_FOUND = 10404
BAD_SECRET = 40125
TOKEN_INVALID = 40001
TOKEN_EXPIRED = 42001
BASE = "/channels/ec/groupbuy/coupon/"


class FakeChannels(FakePlatform):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.appid = "wx" + secrets.token_hex(8)
        self.secret = secrets.token_hex(16)
        self.shop_id = "sph" + secrets.token_hex(5)
        self.tokens: set[str] = set()
        self.expired_tokens: set[str] = set()

    def expire_tokens(self) -> None:
        self.expired_tokens |= self.tokens
        self.tokens = set()

    def _consume_body(self, consumption: Consumption) -> JsonObject:
        deal = self.reported_deal(self.book.coupons[consumption.code].deal)
        return {
            "consume_id": consumption.consumption_id,
            "code": consumption.code,
            "count": len(consumption.units),
            "product_id": deal.deal_id,
            "title": deal.title,
            "sale_price": deal.price_cents,
            "consume_time": int(consumption.at),
            "out_request_no": consumption.request_id,
        }

    def handle(self, request: FakeRequest) -> FakeResponse:
        if request.path == "/cgi-bin/token":
            q = request.query
            if (
                q.get("grant_type") != "client_credential"
                or q.get("appid") != self.appid
                or q.get("secret") != self.secret
            ):
                return json_response({"errcode": BAD_SECRET, "errmsg": "invalid appsecret"})
            token = secrets.token_urlsafe(32)
            self.tokens.add(token)
            return json_response({"access_token": token, "expires_in": 7200})
        if not request.path.startswith(BASE) or request.method != "POST":
            return FakeResponse(404, b'{"errcode":404,"errmsg":"not found"}')
        token = request.query.get("access_token", "")
        if token in self.expired_tokens:
            return json_response({"errcode": TOKEN_EXPIRED, "errmsg": "access_token expired"})
        if token not in self.tokens:
            return json_response({"errcode": TOKEN_INVALID, "errmsg": "invalid credential, access_token is invalid"})
        body = json.loads(request.body or b"{}")
        code = str(body.get("code") or "")
        earlier = self.book.by_request(str(body.get("out_request_no") or ""))
        if not code and earlier:
            code = earlier.code
        failure = self.code_failure(code)
        if failure:
            return failure
        try:
            answer = self._answer(request.path.removeprefix(BASE), code, body)
        except Refused as refusal:
            answer = json_response({"errcode": CODES.get(refusal.kind, 10499), "errmsg": MESSAGES[refusal.kind]})
        if request.path.removeprefix(BASE) == "consume":
            self.maybe_slow(code)
        return answer

    def _answer(self, action: str, code: str, body: JsonObject) -> FakeResponse:
        if action in ("get", "consume") and body.get("shop_id") != self.shop_id:
            self.book.coupon(code)  # an unknown, used or expired code is refused as such first
            raise Refused("other_store")
        if action == "get":
            coupon = self.book.coupon(code)
            deal = coupon.deal
            return json_response(
                {
                    "errcode": 0,
                    "errmsg": "ok",
                    "coupon": {
                        "code": code,
                        "product_id": deal.deal_id,
                        "title": deal.title,
                        "sale_price": deal.price_cents,
                        "market_price": deal.market_price_cents,
                        "available_count": len(coupon.left()),
                        "expire_time": int(coupon.expires_at),
                    },
                }
            )
        key = str(body.get("out_request_no") or "")
        earlier = self.book.by_request(key) if key else None
        if action == "consume":
            if not key:
                return json_response({"errcode": 47001, "errmsg": "out_request_no missing"})
            if earlier:
                if earlier.code != code:
                    raise Refused("conflict")
                return json_response({"errcode": 0, "errmsg": "ok", "consume": self._consume_body(earlier)})
            consumption = self.book.consume(code, int(body.get("count") or 0), key)
            return json_response({"errcode": 0, "errmsg": "ok", "consume": self._consume_body(consumption)})
        if action == "consume/get":
            if earlier is None or earlier.cancelled:
                return json_response({"errcode": NOT_FOUND, "errmsg": "consume not found"})
            return json_response({"errcode": 0, "errmsg": "ok", "consume": self._consume_body(earlier)})
        if action == "cancel":
            if earlier is None or earlier.consumption_id != body.get("consume_id") or earlier.code != code:
                raise Refused("invalid")
            self.book.cancel(earlier.consumption_id)
            return json_response({"errcode": 0, "errmsg": "ok"})
        return FakeResponse(404, b'{"errcode":404,"errmsg":"not found"}')

    def settings_entry(self) -> JsonObject:
        return {"base_url": self.url, "app_key": self.appid, "app_secret": self.secret, "shop_id": self.shop_id}
