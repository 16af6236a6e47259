"""The earnest orders report (issue 29 §2, 定金单报表): the intention deposits a store took, used and
refunded in the range, and what it still held for its members at the range's end (a liability);
from billing's deposit ledger."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from apps.billing.deposits.selectors import earnest_rows
from apps.reports.definitions._shared import member_column, order_column
from apps.reports.framework import Column, Drill, Report, ReportFilters, register_report


@register_report
class EarnestOrders(Report):
    key = "EarnestOrders"
    route = "/earnestOrders"
    title = _("Earnest orders")
    filters = frozenset({"store", "region"})

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("businessDate", _("taken on"), "date"),
            Column("depositNo", _("deposit number")),
            order_column(_("order number")),
            member_column(_("member")),
            Column("storeName", _("store")),
            Column("depositAmount", _("deposit"), "money"),
            Column("takenIn", _("taken"), "money", total=True),
            Column("usedIn", _("used"), "money", total=True, drill=Drill("SalesDetail", {"memberId": "memberId"})),
            Column("refundedIn", _("refunded"), "money", total=True),
            Column("heldAtEnd", _("held at the end"), "money", total=True),
            Column("statusName", _("status now")),
        ]

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return earnest_rows(store_ids=f.stores, date_from=f.date_from, date_to=f.date_to)
