"""The cards' part of `manage.py audit_ledgers`: each card's balances and each package card's
sessions against the sums of its ledger, and each entry's "after" against the entry before it.
Aggregate queries, so it runs over millions of cards without loading them."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import F, IntegerField, OuterRef, Q, Subquery, Sum, Value, Window
from django.db.models.functions import Coalesce, Lag

from apps.cards.models import ZERO, Card, CardEntry, CardSession
from apps.core.ledgers import Difference


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
    ledger_left = (
        CardEntry.objects.filter(card_id=OuterRef("card_id"), project_id=OuterRef("project_id"))
        .values("card_id")
        .annotate(total=Sum("sessions_change"))
        .values("total")
    )
    sessions = (
        CardSession.objects.annotate(ledger_left=Coalesce(Subquery(ledger_left, output_field=IntegerField()), Value(0)))
        .filter(~Q(left=F("ledger_left")))
        .values_list("card_id", "project_id", "left", "ledger_left")
    )
    for card_id, project_id, left, ledger_left in sessions.iterator():
        yield Difference("cards", f"card {card_id} project {project_id}", "sessions left", left, ledger_left)


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
