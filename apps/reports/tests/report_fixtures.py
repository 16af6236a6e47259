"""Reports defined by the tests (none of the project's reports is needed to drive the framework):
a roster of a store's employees, with a money column summed in the totals, a date, a link and a
drill, read as a queryset; and the same rows as a list."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from django.db.models import DecimalField, F, Value
from django.utils.translation import gettext_lazy as _

from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, Series, register_report, reports
from apps.staff.selectors import employees

FEE = Decimal("10.25")


class RosterReport(Report):
    key = "TestRoster"
    route = "/staffPerformance"
    title = "Roster"
    max_days = 31
    filters = frozenset({"store", "region", "staff"})
    extra_filters = (ExtraFilter("position", "Position", choices=(("nurse", "Nurse"), ("manager", "Manager"))),)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("name", _("name"), drill=Drill("TestRoster", {"staffId": "staffId"})),
            Column("hireDate", "Hired", kind="date"),
            Column("fee", "Fee", kind="money", total=True),
            Column("orderNo", "Order", link="order", link_key="orderId", sortable=False),
        ]

    def rows(self, f: ReportFilters) -> Any:
        rows = employees().filter(store_id__in=f.stores, hire_date__range=(f.date_from, f.date_to))
        if f.staff_id is not None:
            rows = rows.filter(pk=f.staff_id)
        if "position" in f.extra:
            rows = rows.filter(position=f.extra["position"])
        return (
            rows.annotate(
                staffId=F("pk"),
                hireDate=F("hire_date"),
                fee=Value(FEE, output_field=DecimalField(max_digits=12, decimal_places=2)),
                orderNo=F("phone"),
                orderId=F("pk"),
            )
            .values("name", "staffId", "hireDate", "fee", "orderNo", "orderId")
            .order_by("pk")
        )

    def series(self, f: ReportFilters) -> list[Series]:
        return [Series("hired", "Hired", [(f.date_from.isoformat(), len(list(self.rows(f))))], chart="bar")]


class OwnRosterReport(RosterReport):
    key = "TestOwnRoster"
    own_figures = True


class CodedRosterReport(RosterReport):
    key = "TestCodedRoster"
    page_code = "SMSA-0001"


class ListRosterReport(RosterReport):
    """The same rows handed over as a list (a report that computes its rows in Python)."""

    key = "TestListRoster"

    def rows(self, f: ReportFilters) -> Any:
        return list(super().rows(f))


class ApartRosterReport(RosterReport):
    """The same rows, paged apart from their count when in their own order (Report.page_apart)."""

    key = "TestApartRoster"

    def page_apart(self, f: ReportFilters, sort: str | None) -> bool:
        return sort is None


class SegmentedRosterReport(RosterReport):
    """The roster offered by member segment and category (the rows do not read them)."""

    key = "TestSegmentedRoster"
    filters = frozenset({"store", "segment", "category"})


class BrokenReport(RosterReport):
    """A report whose rows fail (a bug in a report): its export is marked failed."""

    key = "TestBroken"

    def rows(self, f: ReportFilters) -> Any:
        raise RuntimeError("the report's query failed")


TEST_REPORTS = (
    RosterReport,
    OwnRosterReport,
    CodedRosterReport,
    ListRosterReport,
    ApartRosterReport,
    SegmentedRosterReport,
    BrokenReport,
)


@contextlib.contextmanager
def registered() -> Iterator[None]:
    for report in TEST_REPORTS:
        register_report(report)
    try:
        yield
    finally:
        for report in TEST_REPORTS:
            reports.unregister(report.key)
