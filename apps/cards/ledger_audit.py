"""The cards' part of `manage.py audit_ledgers`: each card's balances and each package card's
sessions against the sums of its ledger, and each entry's "after" against the entry before it.
Aggregate queries, so it runs over millions of cards without loading them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

from django.db.models import DateTimeField, F, IntegerField, Max, OuterRef, Q, Subquery, Sum, Value, Window
from django.db.models.functions import Coalesce, Lag

from apps.cards.choices import EntryKind
from apps.cards.models import ZERO, Card, CardEntry, CardSession
from apps.core.ledgers import Difference

NEVER = datetime(1, 1, 1, tzinfo=UTC)


def _money_sum(field: str) -> Coalesce:
    return Coalesce(Sum(field), Value(ZERO), output_field=Card._meta.get_field("principal"))


def _balances() -> Iterator[Difference]:
    cards = (
        Card.objects.annotate(ledger_principal=_money_sum("entries__principal_change"))
        .annotate(ledger_gift=_money_sum("entries__gift_change"))
        .filter(~Q(principal=F("ledger_principal")) | ~Q(gift=F("ledger_gift")))
        .values_list("pk", "principal", "ledger_principal", "gift", "ledger_gift")
    )
    for pk, principal, ledger_principal, gift, ledger_gift in cards.iterator():
        if principal != ledger_principal:
            yield Difference("cards", f"card {pk}", "principal", principal, ledger_principal)
        if gift != ledger_gift:
            yield Difference("cards", f"card {pk}", "gift", gift, ledger_gift)


def _sessions() -> Iterator[Difference]:
    """Sessions left, and the last use kept beside them, against the session's entries."""
    ledger_left = (
        CardEntry.objects.filter(card_id=OuterRef("card_id"), project_id=OuterRef("project_id"))
        .values("card_id")
        .annotate(total=Sum("sessions_change"))
        .values("total")
    )
    ledger_last_used = (
        CardEntry.objects.filter(
            card_id=OuterRef("card_id"), project_id=OuterRef("project_id"), kind=EntryKind.SESSIONS_USED
        )
        .values("card_id")
        .annotate(at=Max("created_at"))
        .values("at")
    )
    sessions = (
        CardSession.objects.annotate(
            ledger_left=Coalesce(Subquery(ledger_left, output_field=IntegerField()), Value(0)),
            ledger_last_used=Subquery(ledger_last_used, output_field=DateTimeField()),
            # Compared through a stand-in for "never": a negated equality is unknown on NULL.
            kept_last_used=Coalesce("last_used_at", Value(NEVER)),
            ledger_last_used_or_never=Coalesce("ledger_last_used", Value(NEVER)),
        )
        .filter(~Q(left=F("ledger_left")) | ~Q(kept_last_used=F("ledger_last_used_or_never")))
        .values_list("card_id", "project_id", "left", "ledger_left", "last_used_at", "ledger_last_used")
    )
    for card_id, project_id, left, ledger_left, last_used, ledger_last_used in sessions.iterator():
        where = f"card {card_id} project {project_id}"
        if left != ledger_left:
            yield Difference("cards", where, "sessions left", left, ledger_left)
        if last_used != ledger_last_used:
            yield Difference("cards", where, "last used", last_used, ledger_last_used)


def _chain() -> Iterator[Difference]:
    """Each entry's balance after it equals the one before it plus its change (the first starts at 0)."""
    entries = CardEntry.objects.annotate(
        principal_before=Window(Lag("principal_after"), partition_by=[F("card_id")], order_by=F("id").asc()),
        gift_before=Window(Lag("gift_after"), partition_by=[F("card_id")], order_by=F("id").asc()),
    ).values_list(
        "pk",
        "card_id",
        "principal_before",
        "principal_change",
        "principal_after",
        "gift_before",
        "gift_change",
        "gift_after",
    )
    for pk, card_id, p_before, p_change, p_after, g_before, g_change, g_after in entries.iterator():
        if (p_before or ZERO) + p_change != p_after:
            yield Difference(
                "cards", f"card {card_id} entry {pk}", "principal after", p_after, (p_before or ZERO) + p_change
            )
        if (g_before or ZERO) + g_change != g_after:
            yield Difference(
                "cards", f"card {card_id} entry {pk}", "gift after", g_after, (g_before or ZERO) + g_change
            )


def card_differences() -> Iterator[Difference]:
    yield from _balances()
    yield from _sessions()
    yield from _chain()
