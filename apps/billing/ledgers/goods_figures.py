"""What the orders and refunds of a period say about goods, product by product (the product
consumption report sets them against what the stock ledger moved): the goods sold, the goods given
free with a sale, and the goods that came back with a refund, in the product's use unit, as the
till moves them (apps.billing.ledgers.stock: product lines, and product packages by their lines).

A paid order counts on its business day; a refund on its own. An unpaid or cancelled order handed
nothing over."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Sum

from apps.billing.choices import LineType, OrderStatus
from apps.billing.ledgers.stock import GOODS, goods_of
from apps.billing.models import OrderLine, RefundLine
from apps.catalog.models import Product

ZERO = Decimal("0")


@dataclass(frozen=True)
class GoodsFigures:
    sold: Decimal = ZERO
    given: Decimal = ZERO
    refunded: Decimal = ZERO


def _in_use_units(lines: Iterable[tuple[int, str, int, int]]) -> dict[int, Decimal]:
    """(key, type, item id, qty) of goods lines → use units by product, as the till moves them."""
    lines = list(lines)
    product_ids = {item_id for _key, kind, item_id, _qty in lines if kind == LineType.PRODUCT}
    per_unit = dict(Product.objects.filter(pk__in=product_ids).values_list("pk", "use_per_unit"))
    total: dict[int, Decimal] = defaultdict(Decimal)
    goods = goods_of((key, kind, item_id, qty, per_unit.get(item_id)) for key, kind, item_id, qty in lines)
    for item in goods:
        total[item.product_id] += item.units * item.per_unit
    return total


def goods_by_product(*, store_ids: Collection[int], date_from: date, date_to: date) -> dict[int, GoodsFigures]:
    """The goods the stores' paid orders of the days sold and gave, and their refunds took back."""
    # Summed by item in the database: the till's goods are linear in a line's quantity (a package
    # hands over its contents times it), so a year of a chain is a few thousand sums, not its lines.
    lines = (
        OrderLine.objects.filter(
            order__store_id__in=list(store_ids),
            order__business_date__range=(date_from, date_to),
            order__status=OrderStatus.PAID,
            type__in=GOODS,
        )
        .order_by()
        .values_list("type", "item_id", "gift")
        .annotate(units=Sum("qty"))
    )
    sold_lines: list[tuple[int, str, int, int]] = []
    given_lines: list[tuple[int, str, int, int]] = []
    for key, (kind, item_id, gift, units) in enumerate(lines):
        (given_lines if gift else sold_lines).append((key, kind, item_id, units))
    back = [
        (key, kind, item_id, units)
        for key, (kind, item_id, units) in enumerate(
            RefundLine.objects.filter(
                refund__store_id__in=list(store_ids),
                refund__business_date__range=(date_from, date_to),
                type__in=GOODS,
                qty__gt=0,
            )
            .order_by()
            .values_list("type", "item_id")
            .annotate(units=Sum("qty"))
        )
    ]
    sold, given, refunded = _in_use_units(sold_lines), _in_use_units(given_lines), _in_use_units(back)
    return {
        product_id: GoodsFigures(
            sold=sold.get(product_id, ZERO), given=given.get(product_id, ZERO), refunded=refunded.get(product_id, ZERO)
        )
        for product_id in sold.keys() | given.keys() | refunded.keys()
    }
