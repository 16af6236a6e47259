"""A fake Meituan/Dianping group-buy server (`ddzh/tuangou/receipt/*`) on 127.0.0.1, for tests and
`make run`. It checks every request on its own, without the adapter's code: the app key, the store's
session, the timestamp (at most 10 minutes off Beijing time) and the MD5 signature over the sorted
parameters with the app secret made when it starts. Codes behave as fakes/book.py says."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl
from zoneinfo import ZoneInfo

from apps.core.json_types import JsonObject
from apps.payments.fakes.httpfake import FakeRequest, FakeResponse

from .base import FakePlatform, json_response
from .book import MESSAGES, Consumption, Refused, settlement_cents

BEIJING = ZoneInfo("Asia/Shanghai")
PREFIX = "/ddzh/tuangou/receipt/"
CODES = {"invalid": 1001, "used": 1002, "expired": 1003, "other_store": 1004, "count": 1005, "window": 1006}
RISK = 1301
BAD_SIGN = 1101
BAD_APP = 1102
BAD_SESSION = 1103
BAD_TIMESTAMP = 1104
MAX_SKEW = timedelta(minutes=10)


def _sign(secret: str, params: dict[str, str]) -> str:
    text = "".join(k + v for k, v in sorted(params.items()) if k != "sign" and v)
    return hashlib.md5((secret + text + secret).encode()).hexdigest()


def _yuan(cents: int) -> str:
    return f"{cents / 100:.2f}"


class FakeMeituan(FakePlatform):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.app_key = "fake-" + secrets.token_hex(4)
        self.app_secret = secrets.token_urlsafe(24)
        self.session = secrets.token_hex(16)
        self.shop_id = "fake-shop-" + secrets.token_hex(4)

    def _error(self, code: int, message: str) -> FakeResponse:
        return json_response({"code": code, "msg": message, "data": None})

    def _refused(self, refusal: Refused) -> FakeResponse:
        if refusal.kind == "risk":
            return self._error(RISK, MESSAGES["risk"])
        return self._error(CODES.get(refusal.kind, 1999), MESSAGES[refusal.kind])

    def _check(self, params: dict[str, str]) -> FakeResponse | None:
        if params.get("app_key") != self.app_key:
            return self._error(BAD_APP, "app_key不存在")
        if params.get("sign") != _sign(self.app_secret, params):
            return self._error(BAD_SIGN, "签名验证失败")
        if params.get("session") != self.session:
            return self._error(BAD_SESSION, "session无效或已过期")
        try:
            sent = datetime.strptime(params.get("timestamp", ""), "%Y-%m-%d %H:%M:%S").replace(tzinfo=BEIJING)
        except ValueError:
            return self._error(BAD_TIMESTAMP, "timestamp格式错误")
        if abs(datetime.now(BEIJING) - sent) > MAX_SKEW:
            return self._error(BAD_TIMESTAMP, "timestamp已过期")
        return None

    def _receipts(self, consumption: Consumption) -> list[JsonObject]:
        deal = self.reported_deal(self.book.coupons[consumption.code].deal)
        return [
            {
                "receipt_code": consumption.code,
                "deal_id": int(deal.deal_id),
                "deal_title": deal.title,
                "deal_price": _yuan(deal.price_cents),
                "deal_marketprice": _yuan(deal.market_price_cents),
                "settle_price": _yuan(settlement_cents(deal.price_cents)),
            }
            for _ in consumption.units
        ]

    def handle(self, request: FakeRequest) -> FakeResponse:
        if request.method != "POST" or not request.path.startswith(PREFIX):
            return FakeResponse(404, b'{"code":404,"msg":"not found"}')
        params = dict(parse_qsl(request.body.decode(), keep_blank_values=True))
        refused = self._check(params)
        if refused:
            return refused
        code = params.get("receipt_code", "")
        failure = self.code_failure(code)
        if failure:
            return failure
        action = request.path.removeprefix(PREFIX)
        try:
            answer = self._answer(action, code, params)
        except Refused as refusal:
            answer = self._refused(refusal)
        if action == "consume":
            self.maybe_slow(code)
        return answer

    def _answer(self, action: str, code: str, params: dict[str, str]) -> FakeResponse:
        if action == "prepare":
            coupon = self.book.coupon(code)
            return json_response(
                {
                    "code": 200,
                    "msg": "成功",
                    "data": {
                        "receipt_code": code,
                        "count": len(coupon.left()),
                        "deal_id": int(coupon.deal.deal_id),
                        "dealgroup_id": int(coupon.deal.deal_id) + 500000,
                        "deal_title": coupon.deal.title,
                        "deal_price": _yuan(coupon.deal.price_cents),
                        "deal_marketprice": _yuan(coupon.deal.market_price_cents),
                        "receiptEndDate": int(coupon.expires_at * 1000),
                    },
                }
            )
        if action == "consume":
            request_id = params.get("requestid", "")
            earlier = self.book.by_request(request_id) if request_id else None
            if earlier and earlier.code == code and not earlier.cancelled:
                return json_response({"code": 200, "msg": "成功", "data": self._receipts(earlier)})
            count = int(params.get("count") or 0)
            consumption = self.book.consume(code, count, request_id)
            return json_response({"code": 200, "msg": "成功", "data": self._receipts(consumption)})
        if action == "getconsumed":
            live = [c for c in self.book.of_code(code) if not c.cancelled]
            if code not in self.book.coupons:
                self.book.coupon(code)  # raises for an unknown code
            if not live:
                return json_response({"code": 200, "msg": "成功", "data": {"consumed": False}})
            last = live[-1]
            data = {"consumed": True, "requestid": last.request_id, "receipts": self._receipts(last)}
            return json_response({"code": 200, "msg": "成功", "data": data})
        if action == "reverseconsume":
            live = [c for c in self.book.of_code(code) if not c.cancelled]
            deal = self.book.coupons[code].deal if code in self.book.coupons else None
            if not live or deal is None or params.get("app_deal_id") != deal.deal_id:
                raise Refused("invalid")
            self.book.cancel(live[-1].consumption_id)
            return json_response({"code": 200, "msg": "成功", "data": {"result": True}})
        return FakeResponse(404, b'{"code":404,"msg":"not found"}')

    def settings_entry(self) -> JsonObject:
        return {
            "base_url": self.url,
            "app_key": self.app_key,
            "app_secret": self.app_secret,
            "session": self.session,
            "shop_id": self.shop_id,
        }
