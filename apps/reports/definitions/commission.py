"""The Commission report (员工提成, /staffCommission; issue 29 §3): per store, month, staff member,
kind and plan version, the base amount, sessions, the tier reached and its rate, the commission,
what refunds clawed back and the net, with the plan version that produced it and whether the month
is closed. A staff figure drills to the sales behind it (SalesDetail by staffId) and to its own
commission lines (`detail=lines`: one per staff credit, with its inputs). Staff see their own rows;
owners their stores'. Commission is monthly: each month the range touches is shown whole."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from apps.commission.selectors import report_lines, report_rows
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, register_report

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
        read = report_lines if self._lines(f) else report_rows
        return read(store_ids=f.stores, first=f.date_from, last=f.date_to, employee_id=self._employee(f))
