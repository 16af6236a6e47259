"""The refund summary (issue 29 §2, 退款汇总): every refund of the range with its order, reason and
the way its money went back, by day and by method; from billing's refund selectors."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from apps.billing.choices import TenderMethod
from apps.billing.refunds.selectors import refund_summary_rows, refunded_by_day, report_refunds, returned_by_method
from apps.reports.definitions._shared import every_day, member_column, order_column
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, Series, register_report


@register_report
class RefundSummary(Report):
    """A refund counts on its own business day (not its order's). `amount` is what it refunded,
    `returned` what of it went back or is on its way (a provider's refusal did not go back)."""

    key = "RefundSummary"
    route = "/refundSummary"
    title = _("Refund summary")
    filters = frozenset({"store", "region"})
    extra_filters = (ExtraFilter("method", _("refunded by"), choices=tuple(TenderMethod.choices)),)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("businessDate", _("business day"), "date"),
            Column("refundNo", _("refund number"), link="refund", link_key="refundId"),
            order_column(_("order number")),
            member_column(_("member")),
            Column("storeName", _("store")),
            Column("reason", _("reason")),
            Column("methods", _("refunded by"), sortable=False),
            Column(
                "amount",
                _("refunded"),
                "money",
                total=True,
                drill=Drill("SalesDetail", {"orderId": "orderId"}),
            ),
            Column("returned", _("money returned"), "money", total=True),
            Column("statusName", _("status")),
            Column("operatorName", _("operator")),
        ]

    def _refunds(self, f: ReportFilters) -> QuerySet[Any]:
        return report_refunds(
            store_ids=f.stores, date_from=f.date_from, date_to=f.date_to, method=f.extra.get("method") or None
        )

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return refund_summary_rows(self._refunds(f))

    def series(self, f: ReportFilters) -> list[Series]:
        refunds = self._refunds(f)
        return [
            Series("refundedByDay", _("refunded per day"), every_day(f.date_from, f.date_to, refunded_by_day(refunds))),
            Series("returnedByMethod", _("money returned by method"), list(returned_by_method(refunds)), chart="pie"),
        ]
