"""The Commission report (员工提成, /staffCommission; issue 29 §3): per store, month, staff member,
kind and plan version, the base amount, sessions, the tier reached and its rate, the commission,
what refunds clawed back and the net, with the plan version that produced it and whether the month
is closed. The rows are the commission month summary's (apps.reports.summaries.commission_months):
a closed month's figures summed from its stored lines, an open month's priced from the staff-kind-day
summary whenever the drain recomputes one of its days (as fresh as the other reports; a store's
periods call and its closing still compute from the credits, which those sums equal:
apps.commission.arithmetic.earned_and_clawed_back), so a chain's year is paged, sorted and summed in
SQL.
A staff figure drills to the sales behind it (SalesDetail by staffId) and to its own
commission lines (`detail=lines`: one per staff credit, with its inputs). Staff see their own rows;
owners their stores'. Commission is monthly: each month the range touches is shown whole."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db.models import Case, CharField, F, Func, QuerySet, Value, When
from django.db.models.functions import Cast, Coalesce, Concat
from django.utils.translation import gettext_lazy as _

from apps.billing.choices import CreditKind
from apps.commission.choices import PeriodStatus
from apps.commission.selectors import months_between, report_lines
from apps.core.errors import InvalidInput
from apps.reports.definitions._shared import names_case
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, register_report
from apps.reports.summaries.models import CommissionMonthSummary
from apps.reports.summaries.selectors import ensure_fresh, summaries_as_of

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

    def check(self, f: ReportFilters) -> None:
        """Each staff credit's commission is priced line by line: for one staff member (the summary's
        drill), or one store's; a region's or the chain's credits (millions in a year) are refused,
        their summary rows are what a person reads at that level."""
        if self._lines(f) and self._employee(f) is None and len(f.stores) > 1:
            raise InvalidInput(
                _("choose a store or a staff member to list each staff credit's commission"), field="detail"
            )

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

    def as_of(self, f: ReportFilters) -> datetime:
        return summaries_as_of(f.stores)

    def rows(self, f: ReportFilters) -> QuerySet[Any] | list[dict[str, Any]]:
        if self._lines(f):
            return report_lines(store_ids=f.stores, first=f.date_from, last=f.date_to, employee_id=self._employee(f))
        ensure_fresh(f.stores)
        return commission_rows(f.stores, months_between(f.date_from, f.date_to), self._employee(f))


def commission_rows(store_ids: tuple[int, ...], months: list[date], employee_id: int | None) -> QuerySet[Any]:
    """Each store's months the range touches (whole: commission is monthly), per employee, kind and
    plan version, priced ahead (CommissionMonthSummary): by store in tree order, month, staff name."""
    rows = CommissionMonthSummary.objects.filter(store_id__in=store_ids, month_start__in=months)
    if employee_id is not None:
        rows = rows.filter(employee_id=employee_id)
    return (
        rows.annotate(
            storePath=F("store__path"),
            storeName=F("store__name"),
            staffName=Coalesce(F("employee__name"), Value("")),
        )
        .order_by("storePath", "store_id", "month_start", "staffName", "employee_id", "kind", "version_id")
        .values(
            "storeName",
            "staffName",
            month=Func(F("month_start"), Value("YYYY-MM"), function="to_char", output_field=CharField()),
            storeId=F("store_id"),
            staffId=F("employee_id"),
            kindName=names_case("kind", {kind: str(label) for kind, label in CreditKind.choices}, ""),
            baseAmount=F("base_amount"),
            sessions=F("session_total"),
            monthTotal=F("month_total"),
            tierFrom=F("tier_from"),
            rate=F("tier_rate"),
            commission=F("commission_amount"),
            clawback=F("clawback_amount"),
            net=F("net_amount"),
            planVersion=Case(
                When(version__isnull=True, then=Value("")),
                default=Concat(
                    F("version__plan__name"),
                    Value(" · "),
                    Cast("version__effective_from", CharField()),
                    output_field=CharField(),
                ),
                output_field=CharField(),
            ),
            periodStatus=names_case("closed", {True: str(PeriodStatus.CLOSED.label)}, PeriodStatus.OPEN.label),
            detailLines=Value(DETAIL_LINES),
        )
    )
