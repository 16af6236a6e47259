"""The coupon book every fake platform keeps, and the scenarios a code's digits choose.

Scenarios, by the code's last two digits (every fake, the same):
  01  already used (written off earlier by another request)
  02  expired
  03  bought for another store: refused at this store
  04  a slow platform: the consume's answer comes after `slow_seconds` (beyond the adapters' timeout
      in the tests); the write-off is done before the late answer, so a query finds it
  05  a platform failure: its gateway answers an HTML "502 Bad Gateway" page, nothing done
  06  a platform error: a refusal in the platform's body with its message (risk control), nothing done
  07  no such code
  2N  (N = 2..9) a valid code with N units
  any other: a valid code with one unit
A consume can be cancelled for `cancel_window_seconds` (default one hour) after it.

Deals, by the code's first digit (see DEALS): what a valid code buys."""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field


class Refused(Exception):
    """A business refusal: `kind` is one of KINDS; each fake turns it into its platform's error."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        super().__init__(kind)


KINDS = ("invalid", "used", "expired", "other_store", "count", "window", "risk", "conflict")
MESSAGES = {
    "invalid": "券码不存在",
    "used": "券码已使用",
    "expired": "券码已过期",
    "other_store": "该券不适用于当前门店",
    "count": "券码可用数量不足",
    "window": "已超过可撤销时间",
    "risk": "系统风控拦截，请稍后再试",
    "conflict": "请求号已用于其他券码",
}


@dataclass(frozen=True)
class Deal:
    deal_id: str
    title: str
    price_cents: int
    market_price_cents: int


DEALS = {
    "1": Deal("100001", "头皮深层清洁护理 单次体验", 9900, 29800),
    "2": Deal("100002", "防脱养发套餐 3次", 39900, 88800),
    "3": Deal("100003", "精油头疗 60分钟", 16800, 36800),
}
DEFAULT_DEAL = Deal("100009", "洗剪吹 单次", 3900, 8800)
# The fake Meituan settles a write-off at the deal's price less its commission: 8 %, rounded up to
# the cent (the platform's rounding).
COMMISSION_PERCENT = 8


def settlement_cents(price_cents: int) -> int:
    """What the fake platform pays the store for a unit sold at `price_cents`."""
    return price_cents - (price_cents * COMMISSION_PERCENT + 99) // 100


def scenario(code: str) -> tuple[str, int]:
    """(scenario, units) for a code."""
    tail = code[-2:]
    named = {"01": "used", "02": "expired", "03": "other_store", "04": "slow", "05": "gateway", "06": "risk"}
    if tail in named:
        return named[tail], 1
    if tail == "07":
        return "invalid", 0
    if len(tail) == 2 and tail[0] == "2" and tail[1] in "23456789":
        return "valid", int(tail[1])
    return "valid", 1


@dataclass
class Unit:
    certificate_id: str
    encrypted_code: str
    consumption: str = ""  # the id of the consumption that used it


@dataclass
class Consumption:
    consumption_id: str
    code: str
    request_id: str
    units: list[Unit]
    at: float
    cancelled: bool = False


@dataclass
class Coupon:
    code: str
    scenario: str
    deal: Deal
    units: list[Unit]
    expires_at: float

    def left(self) -> list[Unit]:
        return [unit for unit in self.units if not unit.consumption]


@dataclass
class CouponBook:
    cancel_window_seconds: float = 3600.0
    coupons: dict[str, Coupon] = field(default_factory=dict)
    consumptions: dict[str, Consumption] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)

    def coupon(self, code: str) -> Coupon:
        """The coupon a code names (made on first sight); Refused for the refusing scenarios."""
        with self.lock:
            if code not in self.coupons:
                name, count = scenario(code)
                if name == "invalid" or not code.isdigit():
                    raise Refused("invalid")
                deal = DEALS.get(code[0], DEFAULT_DEAL)
                units = [Unit(secrets.token_hex(8), secrets.token_urlsafe(24)) for _ in range(count)]
                expires = time.time() + (-86400 if name == "expired" else 90 * 86400)
                coupon = Coupon(code, name, deal, units, expires)
                self.coupons[code] = coupon
                if name == "used":
                    self._consume(coupon, "earlier-request", units)
            coupon = self.coupons[code]
            if coupon.scenario in ("expired", "other_store", "risk"):
                raise Refused(coupon.scenario)
            if not coupon.left():
                raise Refused("used")
            return coupon

    def _consume(self, coupon: Coupon, request_id: str, units: list[Unit]) -> Consumption:
        consumption = Consumption(secrets.token_hex(10), coupon.code, request_id, list(units), time.time())
        for unit in units:
            unit.consumption = consumption.consumption_id
        self.consumptions[consumption.consumption_id] = consumption
        return consumption

    def by_request(self, request_id: str) -> Consumption | None:
        with self.lock:
            return next((c for c in self.consumptions.values() if c.request_id == request_id), None)

    def of_code(self, code: str) -> list[Consumption]:
        with self.lock:
            return [c for c in self.consumptions.values() if c.code == code]

    def consume(self, code: str, count: int, request_id: str, units: list[Unit] | None = None) -> Consumption:
        with self.lock:
            coupon = self.coupon(code)
            left = coupon.left()
            chosen = units if units is not None else left[:count]
            if count < 1 or count > len(left) or any(unit not in left for unit in chosen):
                raise Refused("count")
            return self._consume(coupon, request_id, chosen)

    def cancel(self, consumption_id: str) -> Consumption:
        with self.lock:
            consumption = self.consumptions.get(consumption_id)
            if consumption is None or consumption.cancelled:
                raise Refused("invalid")
            if time.time() - consumption.at > self.cancel_window_seconds:
                raise Refused("window")
            consumption.cancelled = True
            for unit in consumption.units:
                unit.consumption = ""
            return consumption

    def cancel_unit(self, consumption_id: str, certificate_id: str) -> Consumption:
        """Douyin cancels one certificate at a time; the consumption is cancelled with its last unit."""
        with self.lock:
            consumption = self.consumptions.get(consumption_id)
            unit = (
                next((u for u in consumption.units if u.certificate_id == certificate_id), None)
                if consumption
                else None
            )
            if consumption is None or unit is None or unit.consumption != consumption_id:
                raise Refused("invalid")
            if time.time() - consumption.at > self.cancel_window_seconds:
                raise Refused("window")
            unit.consumption = ""
            if all(u.consumption != consumption_id for u in consumption.units):
                consumption.cancelled = True
            return consumption
