"""The member cards' balances at the end of a day (spec §9: the month-end card-balance spreadsheets;
docs/decisions/0047-stock-and-card-figures.md): every card of the chosen stores with its principal,
gift and sessions left, summed from the card ledger up to that instant."""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from apps.cards.balance_selectors import card_balances_at
from apps.core.errors import InvalidInput
from apps.reports.framework import Column, ExtraFilter, Report, ReportFilters, register_report
from apps.reports.stock_figures import day_start

MONTH = re.compile(r"^(\d{4})-(\d{2})$")
# Quick picks: the end of one of the last twelve months, counted back from this one.
MONTHS_BACK = tuple(range(1, 13))


def month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def months_back_end(today: date, back: int) -> date:
    """The last day of the month `back` months before `today`'s."""
    index = today.year * 12 + today.month - 1 - back
    return month_end(index // 12, index % 12 + 1)


def balance_day(f: ReportFilters, today: date | None = None) -> date:
    """The day whose end the balances are read at: `month` (YYYY-MM: its last day), else a quick
    pick (`monthEnd`: months back), else `to`. A day still to come is refused."""
    today = today or timezone.localdate()
    month = f.extra.get("month")
    if month is not None:
        found = MONTH.match(month)
        if found is None or not 1 <= int(found.group(2)) <= 12:
            raise InvalidInput(_("enter a month as YYYY-MM"), field="month")
        day = month_end(int(found.group(1)), int(found.group(2)))
    elif "monthEnd" in f.extra:
        day = months_back_end(today, int(f.extra["monthEnd"]))
    else:
        day = f.date_to
    if day > today:
        raise InvalidInput(_("choose a day that has begun"), field="month" if month is not None else "to")
    return day


@register_report
class CardBalances(Report):
    """One row per card the stores held at the end of the day (apps.cards.balance_selectors)."""

    key = "CardBalances"
    route = "/cardBalances"
    title = _("Member card balances")
    uses_dates = False
    filters = frozenset({"store", "region"})
    extra_filters = (
        ExtraFilter("month", _("Month (YYYY-MM): its last day")),
        ExtraFilter(
            "monthEnd",
            _("End of month"),
            choices=tuple(
                (str(back), format_lazy(_("end of the month {} back"), back) if back > 1 else _("end of last month"))
                for back in MONTHS_BACK
            ),
        ),
        ExtraFilter("withEmpty", _("Cards holding nothing"), choices=(("1", _("include them")),)),
    )

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("storeName", _("Store")),
            Column("memberName", _("Member"), link="member", link_key="memId"),
            Column("crmCode", _("Member code")),
            Column("cardTypeName", _("Card type")),
            Column("cardNo", _("Card number")),
            Column("principalBalance", _("Principal balance"), "money", total=True),
            Column("giftBalance", _("Gift balance"), "money", total=True),
            Column("balance", _("Balance"), "money", total=True),
            Column("sessionsLeft", _("Sessions left"), "count", total=True),
            Column("sessionsByProject", _("Sessions left by project"), sortable=False),
        ]

    def check(self, f: ReportFilters) -> None:
        balance_day(f)

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        instant = day_start(balance_day(f) + timedelta(days=1))
        return card_balances_at(store_ids=f.stores, instant=instant, with_empty=f.extra.get("withEmpty") == "1")
