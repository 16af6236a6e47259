"""The barcode database (条码库, issue 29 §2): every product of the catalogue with its barcode, for the
scanners, as the chosen store sells it (its own price and switch, where it has them).

One query over the catalogue's products; a store's own price and switch are two correlated lookups
on the unique (store, product) index of its store items (apps.catalog.selectors.with_store_state)."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import BooleanField, Case, CharField, F, Q, QuerySet, Value, When
from django.utils.translation import gettext as _

from apps.catalog.choices import ItemType
from apps.catalog.models import Product
from apps.catalog.selectors import with_store_state


def barcode_rows(*, store_ids: Collection[int], category_id: int | None = None, keyword: str = "") -> QuerySet[Product]:
    """Each product (a `.values()` queryset with the report's keys) by code: its barcode (null without one), names,
    unit, category, the price and whether it is sold. With one store chosen, its own price (where
    head office allows one) and its switch; otherwise head office's."""
    store_id = next(iter(store_ids)) if len(store_ids) == 1 else None
    products = with_store_state(Product.objects.all(), ItemType.PRODUCT, store_id)
    if category_id is not None:
        products = products.filter(category_id=category_id)
    keyword = keyword.strip()
    if keyword:
        products = products.filter(
            Q(barcode__icontains=keyword) | Q(code__icontains=keyword) | Q(name__icontains=keyword)
        )
    sold = Q(enabled=True) & (Q(store_row_enabled__isnull=True) | Q(store_row_enabled=True))
    own_price = Q(store_price_allowed=True, store_row_price__isnull=False)
    return (
        products.annotate(on_sale=Case(When(sold, then=Value(True)), default=Value(False), output_field=BooleanField()))
        .values(
            "barcode",
            "brand",
            "specification",
            "unit",
            productId=F("pk"),
            productCode=F("code"),
            productName=F("name"),
            categoryName=F("category__name"),
            salePrice=Case(When(own_price, then=F("store_row_price")), default=F("price")),
            status=Case(
                When(on_sale=True, then=Value(_("on sale"))),
                default=Value(_("off sale")),
                output_field=CharField(),
            ),
        )
        .order_by("productCode")
    )
