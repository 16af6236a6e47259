"""Reads for the till (apps.billing.ledgers.stock): is there enough stock for what an order would take.
The payment's `record_moves` decides under the balances' locks; this read tells the cashier early
(at the pricing preview and the commit), without locking anything."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.inventory.errors import StockShort
from apps.inventory.models import ZERO, StockBalance
from apps.org.models import OrgUnit


def stock_check(store: OrgUnit, wanted: dict[int, Decimal], held: dict[int, Decimal] | None = None) -> None:
    """Raises StockShort (409 STOCK-40901, data as record_moves words it) when the store does not
    allow negative stock and holds less than `wanted` (use units by product id) of any product.
    One statement; none when the store allows negative stock or nothing is wanted, or when the
    caller read what the store holds already (`held`, by product id)."""
    wanted = {pk: quantity for pk, quantity in wanted.items() if quantity > 0}
    if store.negative_stock_allowed or not wanted:
        return
    if held is None:
        held = dict(
            StockBalance.objects.filter(store_id=store.pk, product_id__in=wanted).values_list("product_id", "quantity")
        )
    short = {pk: quantity for pk, quantity in wanted.items() if held.get(pk, ZERO) < quantity}
    if not short:
        return
    names = dict(Product.objects.filter(pk__in=short).order_by("pk").values_list("pk", "name"))
    raise StockShort(
        gettext("not enough stock of %(names)s") % {"names": ", ".join(names[pk] for pk in sorted(short))},
        data={
            "products": [
                {
                    "productId": pk,
                    "name": names[pk],
                    "available": str(held.get(pk, ZERO)),
                    "wanted": str(short[pk]),
                }
                for pk in sorted(short)
            ]
        },
    )
