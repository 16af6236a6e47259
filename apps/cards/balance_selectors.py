"""The cards' balances at an instant, read from the ledger (spec §9: the month-end card-balance
spreadsheets, "member card balance as of the end of June, July, ..."; the CardBalances report).

A card's principal, gift and sessions at an instant are the sums of its entries written before it,
never the live balance row: the balance row says only what is true now. The store that held the card
then is the card's store named by its last entry before the instant (`card_store`): an asset
transfer writes the card's whole value out at the old store and back in at the new one in one
transaction, so the sums follow the card and the last entry says where it was.

Read by two indexes (cards migration 0010): the entries of the chosen stores' cards by
(card_store, created_at) pick the cards, and each card's sums come from (card, created_at) with
the changes in the index itself (an index-only scan, no table row read)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from decimal import Decimal

from django.db.models import (
    CharField,
    DecimalField,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce

from apps.cards.models import Card, CardEntry

ZERO = Decimal("0")
MONEY = DecimalField(max_digits=14, decimal_places=2)


def _entries_before(instant: datetime) -> QuerySet[CardEntry]:
    return CardEntry.objects.filter(card_id=OuterRef("pk"), created_at__lt=instant).order_by()


def _sum_before(instant: datetime, field: str, *, money: bool) -> Coalesce:
    """The sum of the card's `field` over its entries before `instant` (0 without any)."""
    total = _entries_before(instant).values("card_id").annotate(total=Sum(field)).values("total")
    if money:
        return Coalesce(Subquery(total, output_field=MONEY), Value(ZERO), output_field=MONEY)
    return Coalesce(Subquery(total, output_field=IntegerField()), Value(0))


# Each project's sessions left on the card at the instant, as "name ×left", by the project's name:
# an aggregate over a grouped derived table, which the ORM cannot write.
_SESSIONS_TEXT = """
SELECT string_agg(p.name || ' ×' || s.left_at::text, '; ' ORDER BY p.name, p.id)
FROM (
    SELECT e.project_id, SUM(e.sessions_change) AS left_at
    FROM cards_cardentry e
    WHERE e.card_id = cards_card.id AND e.created_at < %s AND e.project_id IS NOT NULL
    GROUP BY e.project_id
    HAVING SUM(e.sessions_change) <> 0
) s JOIN catalog_project p ON p.id = s.project_id
"""


def card_balances_at(*, store_ids: Collection[int], instant: datetime, with_empty: bool = False) -> QuerySet[Card]:
    """Every card the stores held just before `instant`, one row each (a `.values()` queryset with
    the report's keys): its store then, member, card type, number and kind, principal, gift, their
    sum, the sessions left in all and per project. Cards that held nothing then (no money, no
    session) are left out unless `with_empty`. Ordered by store, then card."""
    held_here = CardEntry.objects.filter(card_store_id__in=list(store_ids), created_at__lt=instant).values("card_id")
    last_store = _entries_before(instant).order_by("-created_at", "-id").values("card_store_id")[:1]
    last_store_name = _entries_before(instant).order_by("-created_at", "-id").values("card_store__name")[:1]
    rows = (
        Card.objects.filter(pk__in=held_here)
        .annotate(
            storeId=Subquery(last_store, output_field=IntegerField()),
            principalAt=_sum_before(instant, "principal_change", money=True),
            giftAt=_sum_before(instant, "gift_change", money=True),
            sessionsLeft=_sum_before(instant, "sessions_change", money=False),
        )
        .filter(storeId__in=list(store_ids))
    )
    if not with_empty:
        rows = rows.filter(~Q(principalAt=0) | ~Q(giftAt=0) | ~Q(sessionsLeft=0))
    return rows.values(
        "storeId",
        cardId=F("pk"),
        storeName=Subquery(last_store_name, output_field=CharField()),
        memId=F("member_id"),
        memberName=F("member__name"),
        crmCode=F("member__crm_code"),
        cardTypeName=F("card_type__name"),
        cardNo=Coalesce(F("card_no"), Value("")),
        cardKind=F("kind"),
        principalBalance=F("principalAt"),
        giftBalance=F("giftAt"),
        balance=F("principalAt") + F("giftAt"),
        sessionsLeft=F("sessionsLeft"),
        sessionsByProject=Coalesce(RawSQL(_SESSIONS_TEXT, (instant,), output_field=CharField()), Value("")),
    ).order_by("storeId", "cardId")
