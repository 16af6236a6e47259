"""The card-change report (issue 29 §2, 卡变动报表): transfers, changes of card type, upgrades,
delays, balance moved between cards and asset transfers (store moves, merged member files), read
from the cards' ledger (apps.cards.selectors.card_changes)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from apps.cards.choices import CardChangeKind
from apps.cards.selectors import card_changes
from apps.reports.definitions._shared import day_bounds, member_column
from apps.reports.framework import Column, ExtraFilter, Report, ReportFilters, register_report


@register_report
class CardChange(Report):
    """A change counts at the store that made it, on the day it was made."""

    key = "CardChange"
    route = "/cardChangeReport"
    title = _("Card changes")
    filters = frozenset({"store", "region"})
    extra_filters = (ExtraFilter("changeKind", _("change"), choices=tuple(CardChangeKind.choices)),)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("changedAt", _("time"), "datetime"),
            Column("changeKindName", _("change")),
            member_column(_("member")),
            Column("cardNo", _("card number")),
            Column("cardType", _("card type")),
            Column("toCardNo", _("to card")),
            Column("toWhom", _("to member or store")),
            Column("moved", _("amount moved"), "money", total=True),
            Column("sessions", _("sessions moved"), "count", total=True),
            Column("projectName", _("project")),
            Column("remark", _("detail")),
            Column("storeName", _("store")),
            Column("operatorName", _("operator")),
        ]

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        start, end = day_bounds(f.date_from, f.date_to)
        return card_changes(store_ids=f.stores, start=start, end=end, change_kind=f.extra.get("changeKind") or None)
