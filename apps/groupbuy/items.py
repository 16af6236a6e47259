"""What a coupon may buy at a store: its projects, project packages and cards (contract §9 `items`,
`cards`), with the store's price, and the deal → item mapping head office keeps (`DealItem`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q
from django.utils.translation import gettext as _

from apps.billing.choices import LineType
from apps.billing.orders.lines import sold_in_store
from apps.billing.orders.pricing import store_price
from apps.catalog.choices import CardKind, ItemType
from apps.catalog.selectors import ITEM_MODELS, with_store_state
from apps.core.errors import InvalidInput
from apps.groupbuy.choices import CommodityType
from apps.groupbuy.models import Deal, DealItem
from apps.groupbuy.rows import CouponItemRow

ITEM_TYPES = {
    CommodityType.PROJECT: ItemType.PROJECT,
    CommodityType.PACKAGE: ItemType.PROJECT_PACKAGE,
    CommodityType.CARD: ItemType.CARD_TYPE,
}
# The order line a served write-off sells (apps.billing).
LINE_TYPES = {
    CommodityType.PROJECT: LineType.PROJECT,
    CommodityType.PACKAGE: LineType.PROJECT_PACKAGE,
    CommodityType.CARD: LineType.CARD_TYPE,
}
# The spec's item-list `type`: 2 projects, 4 packages (contract §9 `items`).
LIST_TYPES = {2: CommodityType.PROJECT, 4: CommodityType.PACKAGE}


@dataclass(frozen=True)
class Item:
    commodity_type: str
    id: int
    name: str
    code: str
    price: Decimal  # the store's price

    def to_wire(self) -> CouponItemRow:
        return {
            "id": self.id,
            "name": self.name,
            "value": self.name,
            "unifiedCode": self.code,
            "price": f"{self.price:.2f}",
        }


def store_items(store_id: int, commodity_type: str, ids: Iterable[int] | None = None) -> list[Item]:
    """The items of a type the store sells (head office's switch and the store's), by name; of cards,
    the stored-value ones."""
    model = ITEM_MODELS[ITEM_TYPES[CommodityType(commodity_type)]]
    rows = model._default_manager.filter(enabled=True)
    if commodity_type == CommodityType.CARD:
        # Sessions are sold as the project package, which issues its card (decision 0038).
        rows = rows.filter(Q(kind=CardKind.STORED_VALUE))
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    rows = with_store_state(rows.order_by("name", "id"), ITEM_TYPES[CommodityType(commodity_type)], store_id)
    return [Item(commodity_type, row.pk, row.name, row.code, store_price(row)) for row in rows if sold_in_store(row)]


def store_item(store_id: int, commodity_type: str, item_id: int) -> Item:
    """One item the store sells, or 400 on `commodityId`."""
    if commodity_type not in CommodityType.values:
        raise InvalidInput(field="commodityType")
    found = store_items(store_id, commodity_type, [item_id])
    if not found:
        raise InvalidInput(_("the store does not sell this item"), field="commodityId")
    return found[0]


def mapped_items(deal: Deal, store_id: int) -> dict[str, list[Item]]:
    """The items head office mapped the deal to at the store (its own mapping and the chain's), by
    type; empty lists when the deal is not mapped."""
    mappings = DealItem.objects.filter(Q(store_id=store_id) | Q(store__isnull=True), deal=deal)
    wanted: dict[str, set[int]] = {}
    for mapping in mappings:
        wanted.setdefault(mapping.commodity_type, set()).add(mapping.item_id)
    return {kind: store_items(store_id, kind, wanted[kind]) if kind in wanted else [] for kind in CommodityType.values}
