"""The evaluation reports (issue 29 §4; docs/api.md "Evaluations"): the review report
(/XMDReviewReport, XMDPJ-0001) by nurse, store or project with the monthly satisfaction rate, each
evaluation (/evaluationDetails), and the satisfaction rate by store and month (/satisfactionRate).
The figures are apps.evaluations.figures'; a satisfied visit has a service score of 4 or more."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from apps.core.page_registry import code_of
from apps.evaluations.figures import Scope, details, grouped, monthly
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, Series, register_report

# With more stores than this the satisfaction chart draws the stores' rate together only.
STORE_LINES_MAX = 8

GROUP_BY = ExtraFilter(
    "groupBy",
    _("Group by"),
    choices=(("nurse", _("Nurse")), ("store", _("Store")), ("project", _("Project"))),
)
PROJECT = ExtraFilter("projectId", _("Project"))

# The row key a group's id is in, and the details' filter it drills to.
_GROUP_DRILLS = {
    "nurse": {"staffId": "staffId"},
    "store": {"storeId": "storeId"},
    "project": {"projectId": "projectId"},
}
_GROUP_LABELS = {"nurse": _("Nurse"), "store": _("Store"), "project": _("Project")}


def _project_id(f: ReportFilters) -> int | None:
    value = f.extra.get("projectId", "")
    return int(value) if value.isdigit() else None


def _scope(f: ReportFilters) -> Scope:
    return Scope(
        stores=f.stores,
        date_from=f.date_from,
        date_to=f.date_to,
        nurse_id=f.staff_id,
        project_id=_project_id(f),
    )


def _group_by(f: ReportFilters) -> str:
    value = f.extra.get("groupBy", "")
    return value if value in _GROUP_DRILLS else "nurse"


def _monthly_rate(f: ReportFilters) -> Series:
    points = [(row["month"], row["satisfiedRate"]) for row in monthly(_scope(f), by_store=False)]
    return Series("satisfiedRate", _("Satisfaction rate (%)"), points, chart="line")


@register_report
class Review(Report):
    key = "Review"
    route = "/XMDReviewReport"
    title = _("Review report")
    page_code = code_of("/XMDReviewReport")
    filters = frozenset({"store", "region", "staff"})
    extra_filters = (GROUP_BY, PROJECT)

    def columns(self, f: ReportFilters) -> list[Column]:
        group_by = _group_by(f)
        return [
            Column("name", _GROUP_LABELS[group_by]),
            Column(
                "count",
                _("Evaluations"),
                kind="count",
                total=True,
                drill=Drill("EvaluationDetails", _GROUP_DRILLS[group_by]),
            ),
            Column("avgService", _("Average service score"), kind="number"),
            Column("avgNurse", _("Average nurse score"), kind="number"),
            Column("satisfied", _("Satisfied"), kind="count", total=True),
            Column("satisfiedRate", _("Satisfied (%)"), kind="percent"),
        ]

    def rows(self, f: ReportFilters) -> Any:
        return grouped(_scope(f), _group_by(f))

    def series(self, f: ReportFilters) -> list[Series]:
        return [_monthly_rate(f)]


@register_report
class EvaluationDetails(Report):
    key = "EvaluationDetails"
    route = "/evaluationDetails"
    title = _("Evaluation details")
    filters = frozenset({"store", "region", "staff"})
    extra_filters = (PROJECT,)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("visitDate", _("Visit date"), kind="date"),
            Column("orderNo", _("Order number"), link="order", link_key="orderId"),
            Column("memberName", _("Member"), link="member", link_key="memberId"),
            Column("storeName", _("Store")),
            Column("nurseName", _("Nurse")),
            Column("projectNames", _("Projects"), sortable=False),
            Column("serviceScore", _("Service score"), kind="number"),
            Column("nurseScore", _("Nurse score"), kind="number"),
            Column("comment", _("Comment"), sortable=False),
            Column("channelName", _("Channel")),
            Column("createdAt", _("Rated at"), kind="datetime"),
        ]

    def rows(self, f: ReportFilters) -> Any:
        return details(_scope(f))


@register_report
class Satisfaction(Report):
    key = "Satisfaction"
    route = "/satisfactionRate"
    title = _("Satisfaction rate")
    default_days = 180
    filters = frozenset({"store", "region", "staff"})
    extra_filters = (PROJECT,)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("storeName", _("Store")),
            Column("month", _("Month")),
            Column(
                "count",
                _("Evaluations"),
                kind="count",
                total=True,
                drill=Drill("EvaluationDetails", {"storeId": "storeId"}),
            ),
            Column("satisfied", _("Satisfied"), kind="count", total=True),
            Column("satisfiedRate", _("Satisfied (%)"), kind="percent"),
        ]

    def rows(self, f: ReportFilters) -> Any:
        return monthly(_scope(f), by_store=True)

    def series(self, f: ReportFilters) -> list[Series]:
        lines = [_monthly_rate(f)]
        if len(f.stores) <= STORE_LINES_MAX:
            by_store: dict[int, tuple[str, list[tuple[str, Any]]]] = {}
            for row in monthly(_scope(f), by_store=True):
                points = by_store.setdefault(row["storeId"], (row["storeName"], []))[1]
                points.append((row["month"], row["satisfiedRate"]))
            lines += [Series(f"store{store_id}", name, points) for store_id, (name, points) in by_store.items()]
        return lines
