"""The sales-side reports (issue 29 §2): sales details, gifts, signed orders and takeout sales.
Each reads billing's report selectors (apps.billing.orders.selectors): the rows are the paid orders'
lines as they were sold, paged, sorted and summed by the framework in SQL."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.billing.choices import LineType
from apps.billing.orders.selectors import (
    earned_by_day,
    gift_lines,
    paid_lines,
    sales_detail_rows,
    signed_orders,
    takeout_lines,
)
from apps.core.money import round_money
from apps.reports.definitions._shared import DETAIL_MAX_DAYS, every_day, id_or_nothing, member_column, order_column
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, Series, register_report
from apps.reports.summaries.selectors import ensure_fresh, sales_trend, summaries_as_of

ITEM_KINDS = tuple((value, label) for value, label in LineType.choices if value != LineType.DEPOSIT)


@register_report
class SalesDetail(Report):
    """Every line the paid orders of the range sold, with who sold or served it and how the order
    was paid; the drill-down target of the performance figures (staffId, categoryId, itemKind,
    memberId, orderId). Staff without the report's code see the lines they served or sold."""

    key = "SalesDetail"
    route = "/salesDetail"
    title = _("Sales details")
    max_days = DETAIL_MAX_DAYS
    filters = frozenset({"store", "region", "staff", "category"})
    extra_filters = (
        ExtraFilter("itemKind", _("item kind"), choices=ITEM_KINDS),
        ExtraFilter("memberId", _("member")),
        ExtraFilter("orderId", _("order")),
    )
    own_figures = True
    _drained = False

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("businessDate", _("business day"), "date"),
            order_column(_("order number")),
            member_column(_("member")),
            Column("itemKind", _("item kind")),
            Column("item", _("item")),
            Column("category", _("category")),
            Column("qty", _("quantity"), "count", total=True),
            Column("listAmount", _("list amount"), "money", total=True),
            Column("lineDiscount", _("discount"), "money", total=True),
            Column("sessionsValue", _("package sessions"), "money", total=True),
            Column("amount", _("earned"), "money", total=True),
            Column("paidBy", _("paid by"), sortable=False),
            Column("staffNames", _("staff"), sortable=False),
            Column("giftFlag", _("gift")),
            Column("giftReason", _("gift reason")),
        ]

    def _lines(self, f: ReportFilters) -> QuerySet[Any]:
        return paid_lines(
            store_ids=f.stores,
            date_from=f.date_from,
            date_to=f.date_to,
            staff_id=self._staff_id(f),
            category_id=f.category_id,
            item_type=f.extra.get("itemKind") or None,
            member_id=id_or_nothing(f.extra.get("memberId")),
            order_id=id_or_nothing(f.extra.get("orderId")),
        )

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return sales_detail_rows(self._lines(f))

    def _staff_id(self, f: ReportFilters) -> int | None:
        return f.own_employee_id if f.own_employee_id is not None else f.staff_id

    def _from_summaries(self, f: ReportFilters) -> bool:
        """The summaries hold a day's net sales by store, by employee and by category, not by
        item kind, member or order, nor by an employee within a category."""
        narrowed = any(f.extra.get(name) for name in ("itemKind", "memberId", "orderId"))
        return not narrowed and (self._staff_id(f) is None or f.category_id is None)

    def _drain_once(self, f: ReportFilters) -> None:
        """The stores' waiting days drained once a call: "as of" and the trend both read the
        summaries (a report object serves one call)."""
        if not self._drained:
            ensure_fresh(f.stores)
            self._drained = True

    def series(self, f: ReportFilters) -> list[Series]:
        if self._from_summaries(f):
            self._drain_once(f)
            trend = sales_trend(
                stores=f.stores,
                date_from=f.date_from,
                date_to=f.date_to,
                employee_id=self._staff_id(f),
                category_id=f.category_id,
            )
            points: list[tuple[str, Decimal | int]] = [
                (point["business_date"].isoformat(), round_money(point["value"])) for point in trend
            ]
            return [Series("netSalesByDay", _("net sales per day (less the day's refunds)"), points)]
        earned = earned_by_day(self._lines(f))
        return [Series("earnedByDay", _("earned per day"), every_day(f.date_from, f.date_to, earned))]

    def as_of(self, f: ReportFilters) -> datetime:
        if not self._from_summaries(f):
            return timezone.now()
        # Drained first (a no-op when nothing waits), so "as of" is the trend's own freshness.
        self._drain_once(f)
        return summaries_as_of(f.stores)


@register_report
class Gifts(Report):
    """What was given away with sales: gift lines (goods or services free, with the reason, at their
    list value) and the gift balance a card sold or topped up came with."""

    key = "Gifts"
    route = "/giftReport"
    title = _("Gifts")
    max_days = DETAIL_MAX_DAYS
    filters = frozenset({"store", "region", "staff"})

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("businessDate", _("business day"), "date"),
            order_column(_("order number")),
            member_column(_("member")),
            Column("itemKind", _("item kind")),
            Column("item", _("item")),
            Column("giftQty", _("quantity given"), "count", total=True),
            Column(
                "giftValue",
                _("value given"),
                "money",
                total=True,
                drill=Drill("SalesDetail", {"orderId": "orderId"}),
            ),
            Column("reason", _("reason")),
            Column("staffNames", _("staff"), sortable=False),
        ]

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return gift_lines(store_ids=f.stores, date_from=f.date_from, date_to=f.date_to, staff_id=f.staff_id)


@register_report
class SignedOrders(Report):
    """The orders the member signed (the signature pad's PNG kept with the order), when she signed
    and what the order came to."""

    key = "SignedOrders"
    route = "/signedOrderReport"
    title = _("Signed orders")
    filters = frozenset({"store", "region"})

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("businessDate", _("business day"), "date"),
            Column("signedAt", _("signed at"), "datetime"),
            order_column(_("order number")),
            member_column(_("member")),
            Column("statusName", _("status")),
            Column("orderTotal", _("list amount"), "money", total=True),
            Column("orderPayable", _("payable"), "money", total=True),
            Column(
                "orderPaid",
                _("paid"),
                "money",
                total=True,
                drill=Drill("SalesDetail", {"orderId": "orderId"}),
            ),
            Column("operatorName", _("operator")),
        ]

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return signed_orders(store_ids=f.stores, date_from=f.date_from, date_to=f.date_to)


OWED_CHOICES = (("owed", _("taken later (owed goods) only")),)


@register_report
class TakeoutSales(Report):
    """Goods sold to take away: every product line of the paid orders of the range, and for goods
    the member takes later (欠货) how many units were owed, taken and refunded, and how many are
    still owed now."""

    key = "TakeoutSales"
    route = "/takeoutSales"
    title = _("Takeout sales")
    max_days = DETAIL_MAX_DAYS
    filters = frozenset({"store", "region"})
    extra_filters = (ExtraFilter("owed", _("owed goods"), choices=OWED_CHOICES),)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("businessDate", _("business day"), "date"),
            order_column(_("order number")),
            member_column(_("member")),
            Column("itemKind", _("item kind")),
            Column("item", _("item")),
            Column("qty", _("quantity"), "count", total=True),
            Column("amount", _("earned"), "money", total=True),
            Column("takeLater", _("take later")),
            Column("owedQty", _("owed (units)"), "count", total=True),
            Column("takenQty", _("taken"), "count", total=True),
            Column("refundedQty", _("refunded"), "count", total=True),
            Column("stillOwed", _("still owed"), "count", total=True),
        ]

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return takeout_lines(
            store_ids=f.stores,
            date_from=f.date_from,
            date_to=f.date_to,
            owed_only=f.extra.get("owed") == "owed",
        )
