"""The cards' balances at an instant, read from the ledger (spec §9: the month-end card-balance
spreadsheets, "member card balance as of the end of June, July, ..."; the CardBalances report).

What a store held on a card at an instant is the sum of the card's entries written before it that
name the store as the card's (`card_store`), never the live balance row, which says only what is
true now. An asset transfer writes the card's whole value (money and sessions) out at the old store
and back in at the new one, each entry naming the card's store as it was then, so the old store's
sum falls to nothing and the new one's starts: one card, one store, at any instant.

One index-only range scan of (card_store, card, created_at) with the changes in it (cards
migration 0010), summed by card in the index's order; the names and the sessions per project are
read for the rows answered only (a page's twenty, not the store's thousands)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Aggregate, CharField, F, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.db.models.sql.compiler import SQLCompiler

from apps.cards.models import Card, CardEntry
from apps.org.models import OrgUnit


class SessionsLeftText(Aggregate):
    """Over a card's entries: each project's sessions left (the sum of its changes), "name ×left",
    by the project's name, for the projects with any left; null without any. The per-project sums
    are taken over the group's own arrays (no table read per card), so the plan stays one scan."""

    name = "SessionsLeftText"
    output_field = CharField()

    def __init__(self, project_id: str, project_name: str, change: str) -> None:
        super().__init__(F(project_id), F(project_name), F(change))

    def as_sql(  # type: ignore[override]
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra_context: Any
    ) -> tuple[str, tuple[Any, ...]]:
        # The three columns; an aggregate also lists its (absent) filter and ordering after them.
        parts = [compiler.compile(expression) for expression in self.get_source_expressions()[:3]]
        arrays = ", ".join(f"array_agg({sql})" for sql, _params in parts)
        params = tuple(param for _sql, part_params in parts for param in part_params)
        sql = (
            "(SELECT string_agg(u.name || ' ×' || u.left_at::text, '; ' ORDER BY u.name, u.id) FROM ("
            f"SELECT t.id, t.name, SUM(t.change) AS left_at FROM unnest({arrays}) AS t(id, name, change) "
            "WHERE t.id IS NOT NULL GROUP BY t.id, t.name HAVING SUM(t.change) <> 0) u)"
        )
        return sql, params


def _card(field: Any) -> Subquery:
    """A field of the row's card, read for the rows answered only (after the grouping)."""
    return Subquery(Card.objects.filter(pk=OuterRef("cardId")).values(value=field)[:1])


def _sessions_text(instant: datetime) -> Subquery:
    entries = CardEntry.objects.filter(
        card_store_id=OuterRef("storeId"), card_id=OuterRef("cardId"), created_at__lt=instant
    ).order_by()
    return Subquery(
        entries.values("card_id")
        .annotate(text=SessionsLeftText("project_id", "project__name", "sessions_change"))
        .values("text"),
        output_field=CharField(),
    )


def card_balances_at(*, store_ids: Collection[int], instant: datetime, with_empty: bool = False) -> QuerySet[Any]:
    """Every card the stores held just before `instant`, one row per store and card (a `.values()`
    queryset with the report's keys): the store, member, card type, number and kind, principal,
    gift, their sum, the sessions left in all and per project. Cards that held nothing there then
    (no money, no session: spent, or moved to another store) are left out unless `with_empty`.
    Ordered by store, then card."""
    rows = (
        CardEntry.objects.filter(card_store_id__in=list(store_ids), created_at__lt=instant)
        .values(storeId=F("card_store_id"), cardId=F("card_id"))
        .annotate(
            principalBalance=Sum("principal_change"),
            giftBalance=Sum("gift_change"),
            balance=Sum(F("principal_change") + F("gift_change")),
            sessionsLeft=Sum("sessions_change"),
        )
    )
    if not with_empty:
        rows = rows.filter(~Q(principalBalance=0) | ~Q(giftBalance=0) | ~Q(sessionsLeft=0))
    return rows.annotate(
        storeName=Subquery(OrgUnit.objects.filter(pk=OuterRef("storeId")).values("name")[:1]),
        memId=_card(F("member_id")),
        memberName=_card(F("member__name")),
        crmCode=_card(F("member__crm_code")),
        cardTypeName=_card(F("card_type__name")),
        cardNo=_card(Coalesce(F("card_no"), Value(""))),
        cardKind=_card(F("kind")),
        sessionsByProject=_sessions_text(instant),
    ).order_by("storeId", "cardId")
