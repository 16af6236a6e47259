"""Product consumption (产品消耗, issue 29 §2): by product, what the orders and refunds of a period
say left the shelf, set against what the stock ledger moved (docs/decisions/0047-stock-and-card-figures.md).

Quantities are in each product's use unit (a millilitre of a 500 ml bottle), as the ledger counts.
From the orders and refunds (apps.billing.ledgers.goods_figures): sold, given free with a sale,
refunded back. From the ledger (apps.inventory.period_selectors): the stock at the start and the
end, goods in and out on stock documents, consumed by projects (their consumables per session
served), in-store use. The difference is what left the shelf by the ledger beyond what sales,
services and in-store use explain:

    difference = (opening + goods in − closing) − (sold + given − refunded + consumed + in-store use)

positive when more is gone than they explain (a stocktake's loss, damaged goods written off, goods
owed to a member and taken in the period), negative when less (goods sold to be taken later)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, TypedDict

from django.db.models import F
from django.utils import timezone

from apps.billing.ledgers.goods_figures import GoodsFigures, goods_by_product
from apps.catalog.models import Product
from apps.inventory.period_selectors import LedgerFigures, ledger_by_product
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit
from apps.reports.summaries.selectors import chain_product_figures, ensure_fresh

ZERO = Decimal("0")
NO_GOODS = GoodsFigures()


class ConsumptionRow(TypedDict):
    productId: int
    productCode: str
    productName: str
    specification: str
    categoryName: str
    unit: str
    openingStock: Decimal
    goodsIn: Decimal
    sold: Decimal
    given: Decimal
    refundedBack: Decimal
    consumedByProjects: Decimal
    storeUse: Decimal
    closingStock: Decimal
    difference: Decimal
    differenceValue: Decimal


def day_start(day: date) -> datetime:
    """The first instant of a business day in the stores' time zone."""
    return timezone.make_aware(datetime.combine(day, time.min))


ONE = Decimal(1)
CENT = Decimal("0.01")


def _trimmed(quantity: Decimal) -> Decimal:
    """A quantity as a person reads it: 12 or 12.5, never 12.000."""
    if not quantity:
        return ZERO  # most of a store's products, most of the columns
    return quantity.quantize(ONE) if quantity == quantity.to_integral() else quantity.normalize()


def _row(product: Mapping[str, Any], ledger: LedgerFigures | None, goods: GoodsFigures) -> ConsumptionRow:
    opening = ledger.opening if ledger else ZERO
    closing = ledger.closing if ledger else ZERO
    goods_in = ledger.goods_in if ledger else ZERO
    consumed = ledger.consumed if ledger else ZERO
    store_use = ledger.store_use if ledger else ZERO
    explained = goods.sold + goods.given - goods.refunded + consumed + store_use
    difference = (opening + goods_in - closing) - explained
    return {
        "productId": product["pk"],
        "productCode": product["code"],
        "productName": product["name"],
        "specification": product["specification"],
        "categoryName": product["category_name"],
        "unit": product["use_unit"] or product["unit"],
        "openingStock": _trimmed(opening),
        "goodsIn": _trimmed(goods_in),
        "sold": _trimmed(goods.sold),
        "given": _trimmed(goods.given),
        "refundedBack": _trimmed(goods.refunded),
        "consumedByProjects": _trimmed(consumed),
        "storeUse": _trimmed(store_use),
        "closingStock": _trimmed(closing),
        "difference": _trimmed(difference),
        # At today's cost of a stock unit: what the difference is worth.
        "differenceValue": (difference * product["cost"] / product["use_per_unit"]).quantize(CENT),
    }


def _every_store(store_ids: Collection[int]) -> bool:
    return set(store_ids) == set(OrgUnit.objects.filter(kind=OrgUnitKind.STORE).values_list("pk", flat=True))


def consumption_rows(
    *,
    store_ids: Collection[int],
    date_from: date,
    date_to: date,
    category_id: int | None = None,
    product_id: int | None = None,
) -> list[ConsumptionRow]:
    """One row per product the stores held, moved, sold or took back in the days (inclusive), by
    product code. Three queries: the ledger's sums, the orders' and refunds' goods, the products;
    for every store of the chain, the chain's product-day summary instead of the first two."""
    if _every_store(store_ids):
        # The whole chain: its product-days (a year is a few hundred thousand rows, not the
        # year's moves, orders and refunds), as fresh as the other summaries.
        ensure_fresh(store_ids)
        ledger, goods = chain_product_figures(
            date_from=date_from, date_to=date_to, product_id=product_id, category_id=category_id
        )
    else:
        start, end = day_start(date_from), day_start(date_to + timedelta(days=1))
        product_ids = None if product_id is None else [product_id]
        ledger = ledger_by_product(
            store_ids=store_ids, start=start, end=end, product_ids=product_ids, category_id=category_id
        )
        goods = goods_by_product(store_ids=store_ids, date_from=date_from, date_to=date_to)
    # The catalogue's products are read and those with figures kept here: named in the query, a
    # store's thousand product ids cost more to send than the rows they pick.
    products = Product.objects.all()
    if product_id is not None:
        products = products.filter(pk=product_id)
    if category_id is not None:
        products = products.filter(category_id=category_id)
    fields = ("pk", "code", "name", "specification", "unit", "use_unit", "use_per_unit", "cost")
    return [
        _row(product, ledger.get(product["pk"]), goods.get(product["pk"], NO_GOODS))
        for product in products.values(*fields, category_name=F("category__name")).order_by("code")
        if product["pk"] in ledger or product["pk"] in goods
    ]
