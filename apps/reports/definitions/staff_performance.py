"""员工门店业绩 (/staffPerformance, issue 29 §2 and §3): each staff member's figures over the range,
read from the staff-day summaries (apps.reports.summaries), with the daily trend of net sales of the
selection, the sales trend chart. A figure drills down to the sales details of that staff member
(SalesDetail, filtered by staffId), so every number is explained by the orders behind it.

Figures are the staff credits of billing (apps.billing.orders.performance): services, product
sales, card sales and card consumption, each at the staff member's share of the line; refunds
clawed back are the refunds' negative credits, in the period of the refund; net is all of them.
Sessions are the projects served, orders those the staff member was on. The position is the one
held on the last day with figures in the range, or today's with grouping=today (labelled so). A
category narrows every figure to the lines of items of that category (as categorised on the day)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.utils.translation import gettext_lazy as _

from apps.reports.framework import Column, Drill, Report, ReportFilters, Series, register_report
from apps.reports.summaries.selectors import ensure_fresh, sales_trend, staff_day_figures, summaries_as_of
from apps.staff.choices import EmployeePosition
from apps.staff.selectors import employees

TO_SALES = Drill("SalesDetail", {"staffId": "staffId"})


def _staff_id(f: ReportFilters) -> int | None:
    return f.own_employee_id if f.own_employee_id is not None else f.staff_id


def _position_label(code: str) -> str:
    return str(EmployeePosition(code).label) if code in EmployeePosition.values else code


@register_report
class StaffPerformance(Report):
    key = "StaffPerformance"
    route = "/staffPerformance"
    title = _("Staff store performance")
    filters = frozenset({"store", "region", "staff", "category"})
    own_figures = True

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("staffName", _("Staff member")),
            Column("position", _("Position (today)") if f.regroup_today else _("Position")),
            Column("serviceAmount", _("Services"), "money", total=True, drill=TO_SALES),
            Column("productSales", _("Product sales"), "money", total=True, drill=TO_SALES),
            Column("cardSales", _("Card sales"), "money", total=True, drill=TO_SALES),
            Column("cardConsumption", _("Card consumption"), "money", total=True, drill=TO_SALES),
            Column("sessions", _("Sessions served"), "count", total=True, drill=TO_SALES),
            Column("orders", _("Orders"), "count", total=True, drill=TO_SALES),
            Column("clawedBack", _("Refunds clawed back"), "money", total=True, drill=TO_SALES),
            Column("net", _("Net"), "money", total=True, drill=TO_SALES),
        ]

    def rows(self, f: ReportFilters) -> Sequence[Mapping[str, Any]]:
        ensure_fresh(f.stores)
        figures = staff_day_figures(
            stores=f.stores,
            date_from=f.date_from,
            date_to=f.date_to,
            employee_id=_staff_id(f),
            category_id=f.category_id,
            regroup_today=f.regroup_today,
        )
        names = dict(employees().filter(pk__in=[row["employee_id"] for row in figures]).values_list("pk", "name"))
        rows = [
            {
                "staffId": row["employee_id"],
                "staffName": names.get(row["employee_id"], str(row["employee_id"])),
                "position": _position_label(row["position"]),
                "serviceAmount": row["service"],
                "productSales": row["sale"],
                "cardSales": row["card_sale"],
                "cardConsumption": row["card_consumption"],
                "sessions": row["sessions"],
                "orders": row["orders"],
                "clawedBack": row["clawed_back"],
                "net": row["net"],
            }
            for row in figures
        ]
        return sorted(rows, key=lambda row: (-row["net"], row["staffName"], row["staffId"]))

    def series(self, f: ReportFilters) -> list[Series]:
        ensure_fresh(f.stores)
        points = sales_trend(
            stores=f.stores,
            date_from=f.date_from,
            date_to=f.date_to,
            employee_id=_staff_id(f),
            category_id=f.category_id,
        )
        return [
            Series(
                key="netSales",
                label=_("Net sales"),
                points=[(point["business_date"].isoformat(), point["value"]) for point in points],
            )
        ]

    def as_of(self, f: ReportFilters) -> datetime:
        return summaries_as_of(f.stores)
