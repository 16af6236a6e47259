"""What an order came to, as a manager reads it (issue 28 item 6): the package sessions it used, its
refunds, and what it netted.

- **Sessions used are not a discount.** A project line paid with a package card is priced at the
  project's price and covered by the card's sessions (apps.billing.orders.pricing records that
  cover on the line, source `sessions`); the store gave nothing away, the member spent what she
  had bought. So every read shows `discount` without it and the sessions apart: `sessions` (how
  many) and `sessionsValue` (at the price of the line, as the daily closing counts them).
  `total` = `discount` + `sessionsValue` + `payable`.
- **Refunded and net.** `refunded` is the money the order's refunds gave back or are giving back
  (a provider's pending refund counts; one a provider refused does not: that money did not go
  back); `net` = `paid` − `refunded`. `refundStatus` says whether the refunds gave back nothing,
  part of it, or all the order paid, money and sessions alike (an order paid only by sessions is
  refunded when its sessions are back).

Read per page of orders in two queries, whatever the page's size; a list's totals in two more."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import DecimalField, ExpressionWrapper, F, Q, QuerySet, Sum

from apps.billing.choices import DiscountSource, LineType, OrderRefundStatus, TenderMethod, TenderStatus
from apps.billing.models import ZERO, Order, OrderLine, RefundTender
from apps.billing.orders.performance import pays_by_sessions
from apps.cards.choices import CardKind
from apps.core.json_types import JsonObject
from apps.core.money import round_money

# The lines paid by package sessions (`paid_by_sessions`, in SQL): as the pricing covers them.
SESSION_LINES = Q(type=LineType.PROJECT) & (Q(card__kind=CardKind.PACKAGE) | Q(package_line__isnull=False))
LIST_VALUE = ExpressionWrapper(F("unit_price") * F("qty"), output_field=DecimalField(max_digits=20, decimal_places=2))


@dataclass(frozen=True)
class OrderFigures:
    sessions: int = 0
    sessions_value: Decimal = ZERO
    refunded: Decimal = ZERO
    sessions_back: int = 0


def paid_by_sessions(line: OrderLine) -> bool:
    """A project line paid by sessions: of a package card, or of the package the same order sells
    (decision 0038: its card is named on the line once the order is paid). Read with the card loaded."""
    return pays_by_sessions(line) or (line.type == LineType.PROJECT and line.package_line_id is not None)


def sessions_value(line: OrderLine) -> Decimal:
    """What the package sessions of a line covered (0 for a line not paid by sessions); read with
    the line's card loaded."""
    return round_money(line.unit_price * line.qty) if paid_by_sessions(line) else ZERO


def without_sessions(discounts: Iterable[Mapping[str, Any]]) -> list[JsonObject]:
    """A line's discounts as a person reads them: the sessions' cover is not one."""
    return [dict(d) for d in discounts if d["source"] != DiscountSource.SESSIONS]


def order_figures(order_ids: Iterable[int]) -> dict[int, OrderFigures]:
    """Each order's sessions used and refunds: two queries (none for no orders)."""
    ids = list(order_ids)
    if not ids:
        return {}
    used: dict[int, tuple[int, Decimal]] = {
        row["order_id"]: (row["n"] or 0, round_money(row["value"] or ZERO))
        for row in OrderLine.objects.filter(SESSION_LINES, order_id__in=ids)
        .order_by()
        .values("order_id")
        .annotate(n=Sum("qty"), value=Sum(LIST_VALUE))
    }
    back: dict[int, tuple[Decimal, int]] = {
        row["refund__order_id"]: (round_money(row["money"] or ZERO), row["sessions"] or 0)
        for row in _refund_tenders_given_back()
        .filter(refund__order_id__in=ids)
        .values("refund__order_id")
        .annotate(money=Sum("amount"), sessions=Sum("sessions", filter=Q(method=TenderMethod.SESSIONS)))
    }
    return {pk: OrderFigures(*used.get(pk, (0, ZERO)), *back.get(pk, (ZERO, 0))) for pk in ids}


def _refund_tenders_given_back() -> QuerySet[RefundTender]:
    """The refund tenders whose money (or sessions) went back or is on its way."""
    return RefundTender.objects.exclude(status=TenderStatus.FAILED).order_by()


def refund_status(order: Order, figures: OrderFigures) -> OrderRefundStatus:
    if not figures.refunded and not figures.sessions_back:
        return OrderRefundStatus.NONE
    if figures.refunded >= order.paid and figures.sessions_back >= figures.sessions:
        return OrderRefundStatus.REFUNDED
    return OrderRefundStatus.PARTLY_REFUNDED


@dataclass(frozen=True)
class SummaryFigures:
    sessions_value: Decimal
    refunded: Decimal


def summary_figures(orders: QuerySet[Order]) -> SummaryFigures:
    """The sessions' value and the refunds of every order of `orders`: two aggregate queries."""
    ids = orders.order_by().values("pk")
    value = OrderLine.objects.filter(SESSION_LINES, order_id__in=ids).aggregate(total=Sum(LIST_VALUE))["total"]
    refunded = _refund_tenders_given_back().filter(refund__order_id__in=ids).aggregate(total=Sum("amount"))["total"]
    return SummaryFigures(sessions_value=round_money(value or ZERO), refunded=round_money(refunded or ZERO))
