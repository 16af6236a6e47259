"""What pricing a draft reads, read in one statement (issue 31: a checkout's statements).

The draft pipeline (apps.billing.orders.draft_pricing) needs, before it can check or price anything:
the member, each line's catalogue item with the store's switch and price, the cards the lines name,
the store's stock of the products sold, the promotions current for the items, and the discount rates
of the cards' types. None of them depends on another's answer: each is asked by what the cashier
sent. So they are read together (apps.core.query_shapes.read_together), before any check, and the
checks then run in their usual order on what was read. What only some drafts need stays a read of
its own where it is needed: a package card's sessions, a product package's contents, the staff
named on the lines, a reservation.

Nothing read here is locked: the commit writes an unpaid order, and the payment checks again under
its locks what it takes (the card's balance, the stock)."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from apps.billing.choices import LineType
from apps.cards.models import Card
from apps.catalog.choices import ItemType
from apps.catalog.models import CardTypeDiscount, PromotionLine
from apps.catalog.selectors import ITEM_MODELS, promotions_visible, with_store_state
from apps.core.query_shapes import QueryShape, read_together
from apps.inventory.models import StockBalance
from apps.members.models import Member
from apps.members.selectors import member_in_chain_rows

ZERO = Decimal("0")

# The line types that sell a catalogue item, those whose item has a category (a card discount reads
# it), and the promotion line's field for each type a promotion can name.
CATALOGUE_TYPES = (
    LineType.PRODUCT,
    LineType.PRODUCT_PACKAGE,
    LineType.PROJECT,
    LineType.PROJECT_PACKAGE,
    LineType.CARD_TYPE,
)
WITH_CATEGORY = (LineType.PRODUCT, LineType.PROJECT)
PROMOTION_FIELDS = {
    LineType.PRODUCT: "product",
    LineType.PRODUCT_PACKAGE: "product_package",
    LineType.PROJECT: "project",
    LineType.PROJECT_PACKAGE: "project_package",
}


def _items(line_type: str, store_id: int, ids: list[int]) -> QuerySet[Any]:
    rows: QuerySet[Any] = ITEM_MODELS[ItemType(line_type)]._default_manager.filter(pk__in=ids)
    if line_type in WITH_CATEGORY:
        rows = rows.select_related("category")
    if line_type == LineType.PRODUCT:
        # What the store holds of it, for the stock check (apps.inventory.sale_selectors.stock_check).
        held = StockBalance.objects.filter(store_id=store_id, product_id=OuterRef("pk")).values("quantity")[:1]
        rows = rows.annotate(store_held=Subquery(held))
    return with_store_state(rows, line_type, store_id)


def _cards(card_ids: list[int]) -> QuerySet[Card]:
    return Card.objects.select_related("card_type").filter(pk__in=card_ids)


def _card_rates(card_ids: list[int]) -> QuerySet[CardTypeDiscount]:
    # Every rate of the named cards' types: a few rows more than the lines' categories need, in the
    # same statement as the items whose categories pick among them.
    return CardTypeDiscount.objects.filter(card_type_id__in=Card.objects.filter(pk__in=card_ids).values("card_type_id"))


def _promotions(store_id: int, now: datetime, **ids: list[int]) -> QuerySet[PromotionLine]:
    condition = Q()
    for line_type, promo_field in PROMOTION_FIELDS.items():
        if ids[line_type]:
            condition |= Q(**{f"{promo_field}_id__in": ids[line_type]})
    current = promotions_visible(store_ids=[store_id]).filter(start__lte=now, end__gt=now)
    rows = PromotionLine.objects.select_related("promotion").filter(promotion__in=current)
    return rows.filter(condition).order_by("promotion_id", "id") if condition else rows.none()


ITEMS = {line_type: QueryShape(functools.partial(_items, line_type)) for line_type in CATALOGUE_TYPES}
MEMBER = QueryShape(member_in_chain_rows)
CARDS = QueryShape(_cards)
CARD_RATES = QueryShape(_card_rates)
PROMOTIONS = QueryShape(_promotions)


@dataclass(frozen=True)
class DraftReads:
    member: Member | None  # None: no member asked, or none found
    items: dict[tuple[str, int], Any]  # by (line type, item id), with `store_row_*` (and `store_held`)
    cards: dict[int, Card]
    promotions: dict[tuple[str, int], list[PromotionLine]]  # current promotion lines by (type, item id)
    card_rates: dict[tuple[int, int], Decimal]  # by (card type id, category id)
    now: datetime

    def held(self, product_ids: Sequence[int]) -> dict[int, Decimal] | None:
        """What the store holds of each of `product_ids`, or None when one was not read here (a
        product of a package): the stock check then reads them itself."""
        held = {}
        for pk in product_ids:
            item = self.items.get((LineType.PRODUCT, pk))
            if item is None:
                return None
            held[pk] = item.store_held if item.store_held is not None else ZERO
        return held


def draft_reads(
    *, store_id: int, member_id: int | None, lines: Sequence[Any], now: datetime | None = None
) -> DraftReads:
    """Everything pricing `lines` at the store for the member reads, in one statement. The lines are
    not checked yet: what they name is only read (a line of an unknown type names nothing)."""
    now = now or timezone.now()
    wanted: dict[str, set[int]] = defaultdict(set)
    for line in lines:
        if line.type in CATALOGUE_TYPES and isinstance(line.item_id, int):
            wanted[line.type].add(line.item_id)
    card_ids = sorted({line.card_id for line in lines if isinstance(line.card_id, int)})
    by_type = {line_type: sorted(wanted[line_type]) for line_type in CATALOGUE_TYPES}
    member_read: list[tuple[QueryShape[Any], dict[str, Any]]] = (
        [(MEMBER, {"member_id": member_id})] if member_id is not None else []
    )
    reads: list[tuple[QueryShape[Any], dict[str, Any]]] = [
        *member_read,
        *((ITEMS[line_type], {"store_id": store_id, "ids": ids}) for line_type, ids in by_type.items()),
        (CARDS, {"card_ids": card_ids}),
        (CARD_RATES, {"card_ids": card_ids}),
        (PROMOTIONS, {"store_id": store_id, "now": now, **{str(t): by_type[t] for t in PROMOTION_FIELDS}}),
    ]
    answers = iter(read_together(*reads))
    members = next(answers) if member_read else []
    items: dict[tuple[str, int], Any] = {
        (str(line_type), item.pk): item for line_type in CATALOGUE_TYPES for item in next(answers)
    }
    cards = {card.pk: card for card in next(answers)}
    card_rates = {(rate.card_type_id, rate.category_id): rate.rate for rate in next(answers)}
    promotions: dict[tuple[str, int], list[PromotionLine]] = {}
    for row in next(answers):
        for line_type, promo_field in PROMOTION_FIELDS.items():
            item_id = getattr(row, f"{promo_field}_id")
            if item_id is not None:
                promotions.setdefault((line_type, item_id), []).append(row)
    return DraftReads(members[0] if members else None, items, cards, promotions, card_rates, now)
