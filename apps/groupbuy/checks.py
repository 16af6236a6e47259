"""The checks around a write-off (`rzCheckFrequencyLimit/*`, issue 16 §2 "Fraud and mistakes"):

- **frequency**: the write-offs of one phone (area code and number) across the chain in the last
  GROUPBUY_PHONE_PERIOD_DAYS days; at GROUPBUY_PHONE_LIMIT or more, a further write-off needs a
  principal's confirmation (409 GB-40903 until it has it);
- **online price**: the deal's price and list price on the platform against the store's price of the
  item: a list price that differs from the store's (the listing shows another "original price"), or
  a deal below GROUPBUY_PRICE_FLOOR_RATIO of the store's price, is warned about (not refused) and the
  warning kept on the record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.groupbuy.choices import HOLDING_STATUSES, WriteOffStatus
from apps.groupbuy.models import WriteOff
from apps.groupbuy.rows import FrequencyRow, PriceCheckRow


@dataclass(frozen=True)
class Frequency:
    count: int
    limit: int
    period_days: int

    @property
    def exceeded(self) -> bool:
        return self.count >= self.limit

    def to_wire(self) -> FrequencyRow:
        return {"count": self.count, "limit": self.limit, "periodDays": self.period_days, "exceeded": self.exceeded}


def phone_frequency(*, area_code: str, phone: str) -> Frequency:
    days = settings.GROUPBUY_PHONE_PERIOD_DAYS
    since = timezone.now() - timedelta(days=days)
    count = WriteOff.objects.filter(
        area_code=area_code,
        phone=phone,
        created_at__gte=since,
        status__in=[*HOLDING_STATUSES, WriteOffStatus.CANCELLED],
    ).count()
    return Frequency(count=count, limit=settings.GROUPBUY_PHONE_LIMIT, period_days=days)


@dataclass(frozen=True)
class PriceCheck:
    deal_price: Decimal
    market_price: Decimal
    store_price: Decimal
    warnings: tuple[str, ...]

    @property
    def warning(self) -> str:
        return "; ".join(self.warnings)

    def to_wire(self) -> PriceCheckRow:
        return {
            "dealPrice": f"{self.deal_price:.2f}",
            "marketPrice": f"{self.market_price:.2f}",
            "storePrice": f"{self.store_price:.2f}",
            "warnings": list(self.warnings),
            "ok": not self.warnings,
        }


def price_check(*, deal_price: Decimal, market_price: Decimal, store_price: Decimal) -> PriceCheck:
    warnings = []
    if market_price and market_price != store_price:
        warnings.append(
            _("the platform lists the item at %(market)s, the store sells it at %(store)s")
            % {"market": f"{market_price:.2f}", "store": f"{store_price:.2f}"}
        )
    floor = (store_price * Decimal(str(settings.GROUPBUY_PRICE_FLOOR_RATIO))).quantize(Decimal("0.01"))
    if deal_price < floor:
        warnings.append(
            _("the deal sells at %(deal)s, below %(floor)s (the lowest price allowed for this item)")
            % {"deal": f"{deal_price:.2f}", "floor": f"{floor:.2f}"}
        )
    return PriceCheck(deal_price, market_price, store_price, tuple(warnings))
