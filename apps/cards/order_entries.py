"""A card's ledger seen from orders (usercard/getOrderList, usercard/orderDetails, and a member's
consumption, member/findMemberConsume): which orders touched a card, and the entries an order wrote
on cards. By the ledger's indexes card_entry_card_newest and card_entry_order."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet, Sum

from apps.cards.models import Card, CardEntry

ZERO = Decimal("0")


@dataclass(frozen=True)
class CardChange:
    """What an order did to one card, summed over its entries."""

    principal: Decimal = ZERO
    gift: Decimal = ZERO
    sessions: int = 0


def card_or_none(card_id: int) -> Card | None:
    return Card.objects.filter(pk=card_id).first()


def card_order_ids(card_id: int) -> QuerySet[CardEntry, dict[str, Any]]:
    """The ids of the orders that wrote on the card (a `values` queryset, for a subquery)."""
    return CardEntry.objects.filter(card_id=card_id, order_id__isnull=False).values("order_id")


def card_changes_by_order(card_id: int, order_ids: Collection[int]) -> dict[int, CardChange]:
    rows = (
        CardEntry.objects.filter(card_id=card_id, order_id__in=list(order_ids))
        .values("order_id")
        .annotate(principal=Sum("principal_change"), gift=Sum("gift_change"), sessions=Sum("sessions_change"))
        .order_by()
    )
    return {
        row["order_id"]: CardChange(principal=row["principal"], gift=row["gift"], sessions=row["sessions"])
        for row in rows
    }


def order_entries(order_ids: Collection[int], *, card_id: int | None = None) -> list[CardEntry]:
    """The card entries the orders wrote (on one card with `card_id`), oldest first, with what an
    entry row names (cards.selectors.entry_rows)."""
    entries = CardEntry.objects.filter(order_id__in=list(order_ids))
    if card_id is not None:
        entries = entries.filter(card_id=card_id)
    return list(entries.select_related("card", "project", "store", "card_store", "other_card").order_by("id"))


def entries_by_order(order_ids: Collection[int]) -> dict[int, list[CardEntry]]:
    grouped: dict[int, list[CardEntry]] = defaultdict(list)
    for entry in order_entries(order_ids):
        assert entry.order_id is not None
        grouped[entry.order_id].append(entry)
    return grouped
