"""The Commission report (员工提成, /staffCommission; issue 29 §3): per store, month, staff member,
kind and plan version, the base amount, sessions, the tier reached and its rate, the commission,
what refunds clawed back and the net, with the plan version that produced it and whether the month
is closed. A closed month's figures are summed from its stored lines, an open month's from the
staff-kind-day summary (as fresh as the other reports; a store's periods call and its closing still
compute from the credits, which those sums equal: apps.commission.arithmetic.earned_and_clawed_back).
A staff figure drills to the sales behind it (SalesDetail by staffId) and to its own
commission lines (`detail=lines`: one per staff credit, with its inputs). Staff see their own rows;
owners their stores'. Commission is monthly: each month the range touches is shown whole."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext_lazy as _

from apps.commission.choices import PeriodStatus
from apps.commission.figures import month_bounds, month_figures, plan_books
from apps.commission.selectors import (
    StoreMonthFigures,
    closed_figures,
    closed_months,
    months_between,
    report_lines,
    report_rows,
)
from apps.org.selectors import store_names
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, register_report
from apps.reports.summaries.selectors import ensure_fresh, staff_kind_sums

DETAIL_LINES = "lines"


@register_report
class CommissionReport(Report):
    key = "Commission"
    route = "/staffCommission"
    title = _("Staff commission")
    max_days = 366
    default_days = 31
    filters = frozenset({"store", "region", "staff"})
    extra_filters = (ExtraFilter("detail", _("Show"), choices=((DETAIL_LINES, _("each staff credit's commission")),)),)
    own_figures = True

    def _lines(self, f: ReportFilters) -> bool:
        return f.extra.get("detail") == DETAIL_LINES

    def _employee(self, f: ReportFilters) -> int | None:
        return f.own_employee_id if f.own_employee_id is not None else f.staff_id

    def columns(self, f: ReportFilters) -> list[Column]:
        if self._lines(f):
            return [
                Column("month", _("month")),
                Column("storeName", _("store")),
                Column("businessDate", _("business day"), kind="date"),
                Column("orderNo", _("order number"), link="order", link_key="orderId"),
                Column("creditId", _("staff credit"), kind="count"),
                Column("staffName", _("staff")),
                Column("kindName", _("kind")),
                Column("amount", _("amount"), kind="money", total=True),
                Column("sessions", _("sessions"), kind="number", total=True),
                Column("clawback", _("clawback")),
                Column("planVersion", _("plan version")),
                Column("monthTotal", _("month's total"), kind="money"),
                Column("tierFrom", _("tier reached"), kind="money"),
                Column("rate", _("rate (%)"), kind="number"),
                Column("perSession", _("amount per session served"), kind="money"),
                Column("commission", _("commission"), kind="money", total=True),
                Column("periodStatus", _("period")),
            ]
        return [
            Column("month", _("month")),
            Column("storeName", _("store")),
            Column("staffName", _("staff"), drill=Drill("SalesDetail", {"staffId": "staffId"})),
            Column("kindName", _("kind")),
            Column("baseAmount", _("base amount"), kind="money", total=True),
            Column("sessions", _("sessions"), kind="number", total=True),
            Column("monthTotal", _("month's total"), kind="money"),
            Column("tierFrom", _("tier reached"), kind="money"),
            Column("rate", _("rate (%)"), kind="number"),
            Column("commission", _("commission"), kind="money", total=True),
            Column("clawback", _("clawback"), kind="money", total=True),
            Column(
                "net",
                _("net"),
                kind="money",
                total=True,
                drill=Drill("Commission", {"staffId": "staffId", "detail": "detailLines"}),
            ),
            Column("planVersion", _("plan version")),
            Column("periodStatus", _("period")),
        ]

    def rows(self, f: ReportFilters) -> list[dict[str, Any]]:
        if self._lines(f):
            return report_lines(store_ids=f.stores, first=f.date_from, last=f.date_to, employee_id=self._employee(f))
        return report_rows(store_month_figures(f.stores, f.date_from, f.date_to, self._employee(f)))


def store_month_figures(
    store_ids: tuple[int, ...], first: date, last: date, employee_id: int | None
) -> list[StoreMonthFigures]:
    """Each store's months the range touches (whole: commission is monthly), by store then month."""
    months = months_between(first, last)
    names = {row["id"]: row["name"] for row in store_names(store_ids=frozenset(store_ids))}
    closed = closed_months(store_ids=names, months=months)
    stored = closed_figures(store_ids=names, months=months, employee_id=employee_id) if closed else {}
    open_stores = {store_id for store_id in names for month in months if (store_id, month) not in closed}
    computed = {}
    if open_stores:
        ensure_fresh(open_stores)
        end = month_bounds(months[-1])[1]
        books = plan_books(store_ids=open_stores, last=end)
        starts = {day for book in books.values() for day in book.starts()}
        sums = staff_kind_sums(
            stores=open_stores, date_from=months[0], date_to=end, starts=starts, employee_id=employee_id
        )
        computed = month_figures((s for s in sums if (s.store_id, s.month) not in closed), books)
    return [
        StoreMonthFigures(
            store_id,
            names[store_id],
            month,
            PeriodStatus.CLOSED if (store_id, month) in closed else PeriodStatus.OPEN,
            stored.get((store_id, month), []) if (store_id, month) in closed else computed.get((store_id, month), []),
        )
        for store_id in names
        for month in months
    ]
