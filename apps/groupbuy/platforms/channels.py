"""WeChat Channels (视频号) group-buy codes, through the WeChat shop's server API.

The flow (docs/decisions/0019-group-buy-platforms.md; the paths are in PATHS so a change of the
platform's naming touches one line):
  0. `GET /cgi-bin/token?grant_type=client_credential&appid=&secret=`: an access_token, sent as the
     `access_token` query parameter of every call; kept until a minute before it expires, bought again
     once when a call answers errcode 40001/42001 (invalid / expired).
  1. `coupon_get` (code, shop_id): what the code buys (product_id, title, sale_price and market_price in
     fen, available_count, expire_time), consuming nothing.
  2. `coupon_consume` (code, shop_id, count, out_request_no): the write-off. `out_request_no` is our
     idempotency key: the same key again answers the same write-off and consumes nothing more.
  3. `consume_get` (out_request_no): the write-off made under a key, if any.
  4. `coupon_cancel` (code, shop_id, consume_id, out_request_no): undo it within the platform's window.

Answers are `{"errcode": 0, "errmsg": "ok", ...}`; a non-zero errcode is read through ERRORS
(unlisted: PlatformError with the errmsg).

The account: base_url, app_key (appid), app_secret (the app secret), shop_id (the shop on Channels)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from apps.core.json_types import JsonObject

from .base import BEIJING, Consumed, CouponInfo, FailureCodes, PlatformAccount, PlatformError, PlatformUnavailable
from .http import TokenCache, call

PATHS = {
    "token": "/cgi-bin/token",
    "coupon_get": "/channels/ec/groupbuy/coupon/get",
    "coupon_consume": "/channels/ec/groupbuy/coupon/consume",
    "consume_get": "/channels/ec/groupbuy/coupon/consume/get",
    "coupon_cancel": "/channels/ec/groupbuy/coupon/cancel",
}
TOKEN_EXPIRED = {40001, 42001}
NOT_FOUND = 10404  # consume_get: no write-off under this key
ERRORS = FailureCodes(
    code_invalid=10401,
    code_used=10402,
    code_expired=10403,
    code_other_store=10405,
    count_unavailable=10406,
    cancel_window_passed=10407,
)


def _buy_token(account: PlatformAccount) -> tuple[str, int]:
    body = call(
        account,
        "GET",
        PATHS["token"],
        params={"grant_type": "client_credential", "appid": account.app_key, "secret": account.app_secret},
    )
    if body.get("errcode") or not body.get("access_token"):
        raise PlatformError(str(body.get("errmsg") or "no access token"), code=str(body.get("errcode")))
    return str(body["access_token"]), int(body.get("expires_in") or 7200)


_tokens = TokenCache(_buy_token)


class ChannelsPlatform:
    name = "channels"
    remote = True

    def _post(self, account: PlatformAccount, path: str, body: JsonObject) -> JsonObject:
        def ask(token: str) -> JsonObject:
            return call(account, "POST", PATHS[path], params={"access_token": token}, json_body=body)

        answer = _tokens.ask(account, ask, expired=lambda answer: answer.get("errcode", 0) in TOKEN_EXPIRED)
        code = answer.get("errcode", 0)
        if code:
            raise ERRORS.failure(code, str(answer.get("errmsg") or ""))
        return answer

    def prepare(self, account: PlatformAccount, code: str) -> CouponInfo:
        coupon = self._post(account, "coupon_get", {"code": code, "shop_id": account.shop_id}).get("coupon")
        if not isinstance(coupon, dict):
            raise PlatformUnavailable("coupon_get answered no coupon")
        expire = coupon.get("expire_time")
        return CouponInfo(
            code=code,
            deal_id=str(coupon.get("product_id") or ""),
            title=str(coupon.get("title") or ""),
            price_cents=int(coupon.get("sale_price") or 0),
            market_price_cents=int(coupon.get("market_price") or 0),
            count=int(coupon.get("available_count") or 0),
            expires_at=datetime.fromtimestamp(int(expire), BEIJING) if expire else None,
        )

    def _consumed(self, request_id: str, consume: Any) -> Consumed:
        if not isinstance(consume, dict):
            raise PlatformUnavailable("answer without the write-off")
        at = consume.get("consume_time")
        return Consumed(
            platform=self.name,
            code=str(consume.get("code") or ""),
            count=int(consume.get("count") or 0),
            request_id=request_id,
            deal_id=str(consume.get("product_id") or ""),
            title=str(consume.get("title") or ""),
            price_cents=int(consume.get("sale_price") or 0),
            references=(str(consume.get("consume_id") or ""),),
            consumed_at=datetime.fromtimestamp(int(at), BEIJING) if at else None,
        )

    def consume(self, account: PlatformAccount, code: str, count: int, request_id: str) -> Consumed:
        answer = self._post(
            account,
            "coupon_consume",
            {"code": code, "shop_id": account.shop_id, "count": count, "out_request_no": request_id},
        )
        return self._consumed(request_id, answer.get("consume"))

    def query(self, account: PlatformAccount, code: str, request_id: str) -> Consumed | None:
        try:
            answer = self._post(account, "consume_get", {"out_request_no": request_id, "shop_id": account.shop_id})
        except PlatformError as exc:
            if exc.code == str(NOT_FOUND):
                return None
            raise
        return self._consumed(request_id, answer.get("consume"))

    def cancel(self, account: PlatformAccount, consumed: Consumed) -> None:
        self._post(
            account,
            "coupon_cancel",
            {
                "code": consumed.code,
                "shop_id": account.shop_id,
                "consume_id": consumed.references[0] if consumed.references else "",
                "out_request_no": consumed.request_id,
            },
        )
