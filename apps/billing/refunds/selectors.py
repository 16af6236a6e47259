"""Reads of refunds (contract §8 `recede/*`): what an order can still refund (judgeStatus), the
refunds list and its count, and a refund's quote. A refund's own rows (its list row, its details,
an order's refunds) are apps.billing.orders.refund_rows'."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.contrib.postgres.aggregates import StringAgg
from django.db.models import CharField, DecimalField, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from apps.approvals.models import ApprovalRequest
from apps.billing.choices import RefundStatus, TenderMethod, TenderStatus
from apps.billing.ledgers.stock import GOODS
from apps.billing.models import ZERO, Order, Refund, RefundTender
from apps.billing.orders.refund_rows import refund_tender_row, refunded_line_fields, with_details
from apps.billing.orders.selectors import labelled
from apps.billing.refunds.approvals import waiting_refund_approval
from apps.billing.refunds.rows import (
    JudgedLineRow,
    JudgedOrderRow,
    RefundApprovalAskedRow,
    RefundQuoteRow,
    WaitingRefundApprovalRow,
)
from apps.billing.refunds.services import Judged, LineState, RefundPlan, tenders_left
from apps.core.money import money_to_wire
from apps.core.phones import mask_phone


def _when(value: datetime | None) -> datetime | None:
    return timezone.localtime(value) if value is not None else None


def refunds() -> QuerySet[Refund]:
    """Every refund, for a view to pick the caller's store's (apps.core.scoping)."""
    return Refund.objects.all()


def _judged_line(state: LineState) -> JudgedLineRow:
    line = state.line
    return {
        **refunded_line_fields(line.pk, line),
        "paid": money_to_wire(state.paid),
        "refundedQty": state.refunded_qty,
        "refundedAmount": money_to_wire(state.refunded_amount),
        "refundableQty": state.refundable_qty,
        "refundableAmount": money_to_wire(state.refundable_amount),
        "byUnits": state.by_units,
        # Its units can come back to stock (the returns page asks where they go).
        "goods": state.paid_in_full and line.type in GOODS,
        "takeLater": line.take_later,
        "cardId": line.card_id,
        "note": state.blocked,
    }


def approval_asked_row(request: ApprovalRequest) -> RefundApprovalAskedRow:
    """recede/recede's 202: the refund sent to the owner for approval."""
    return {
        "approvalId": request.pk,
        "status": request.status,
        "amount": money_to_wire(request.amount) if request.amount is not None else None,
    }


def _waiting_approval(order: Order) -> WaitingRefundApprovalRow | None:
    request = waiting_refund_approval(order)
    if request is None:
        return None
    return {**approval_asked_row(request), "createdAt": _when(request.created_at), "reason": request.reason}


def judged_row(judged: Judged) -> JudgedOrderRow:
    order = judged.order
    store = order.store
    return {
        "orderId": order.pk,
        "orderNo": order.order_no or "",
        "status": order.status,
        "statusName": str(order.get_status_display()),
        "name": order.name,
        "phone": mask_phone(order.phone),
        "memId": order.member_id,
        "paid": money_to_wire(order.paid),
        "refunded": money_to_wire(judged.refunded),
        "refundable": money_to_wire(sum((state.refundable_amount for state in judged.lines), ZERO)),
        "approvalAbove": (
            money_to_wire(store.refund_approval_above) if store.refund_approval_above is not None else None
        ),
        "wholeOnly": order.status == "partlyPaid",
        "waitingApproval": _waiting_approval(order),
        "tenders": [
            {
                "tenderId": tender.pk,
                "method": tender.method,
                "methodName": str(tender.get_method_display()),
                "amount": money_to_wire(tender.amount),
                "left": money_to_wire(left),
                "cardId": tender.card_id,
            }
            for tender, left in (tenders_left(order) if judged.lines else [])
        ],
        "lines": [_judged_line(state) for state in judged.lines],
    }


def refund_search(
    rows: QuerySet[Refund],
    *,
    start_time: datetime | None = None,
    end_time: datetime | None = None,
    refund_no: str = "",
    order_no: str = "",
    order_id: int | None = None,
    member_id: int | None = None,
    keyword: str = "",
) -> QuerySet[Refund]:
    """The refunds of `rows` (the caller's stores) by time, number, order or member, newest first."""
    if start_time is not None:
        rows = rows.filter(created_at__gte=start_time)
    if end_time is not None:
        rows = rows.filter(created_at__lt=end_time)
    if refund_no:
        rows = rows.filter(refund_no=refund_no.strip())
    if order_no:
        rows = rows.filter(order__order_no=order_no.strip())
    if order_id is not None:
        rows = rows.filter(order_id=order_id)
    if member_id is not None:
        rows = rows.filter(member_id=member_id)
    keyword = keyword.strip()
    if keyword:
        rows = rows.filter(
            Q(refund_no=keyword) | Q(order__order_no=keyword) | Q(order__name=keyword) | Q(order__phone=keyword)
        )
    return rows.select_related("order").order_by("-created_at", "-id")


def refund_quote_row(plan: RefundPlan) -> RefundQuoteRow:
    """recede/quote's answer: what the refund would give back, its tenders in the shape of a refund's."""
    return {
        "orderId": plan.order.pk,
        "orderNo": plan.order.order_no or "",
        "amount": money_to_wire(plan.amount),
        "approvalNeeded": plan.needs_approval,
        "lines": [
            {
                "orderLineId": planned.state.line.pk,
                "name": planned.state.line.name,
                "qty": planned.qty,
                "amount": money_to_wire(planned.amount),
                "goodsBack": planned.goods_back,
                "damageReason": planned.damage_reason,
            }
            for planned in plan.plans
        ],
        "tenders": [refund_tender_row(row) for row in plan.tenders_back],
    }


def orders_to_judge() -> QuerySet[Order]:
    """Every order with its store (judgeStatus reads the store's approval amount), for a view to pick
    the caller's store's."""
    return Order.objects.select_related("store")


def refund_written(refund_id: int) -> Refund:
    """A refund just written, with its lines and tenders, for recede/recede's answer."""
    return with_details(refunds()).get(pk=refund_id)


def refund_in(rows: QuerySet[Refund], refund_id: int) -> Refund | None:
    """One refund of `rows` (the caller's stores') with its lines and tenders, or None."""
    return with_details(rows).filter(pk=refund_id).first()


def refund_count(rows: QuerySet[Refund]) -> int:
    return rows.order_by().count()


# Report reads (issue 29 §2; apps.reports.definitions.refunds): `.values()` QuerySets keyed by the
# report's column keys, labels in the request's language.


_MONEY = DecimalField(max_digits=20, decimal_places=2)


def _given_back() -> QuerySet[RefundTender]:
    """The refund tenders whose money went back or is on its way (one a provider refused did not)."""
    return RefundTender.objects.exclude(status=TenderStatus.FAILED).order_by()


def report_refunds(
    *, store_ids: Iterable[int], date_from: date, date_to: date, method: str | None = None
) -> QuerySet[Refund]:
    """The refunds of `store_ids` whose business day is in the range; with `method`, those that
    gave money (or sessions) back that way. Index refund_store_day."""
    rows = Refund.objects.filter(store_id__in=list(store_ids), business_date__range=(date_from, date_to))
    if method is not None:
        rows = rows.filter(Exists(RefundTender.objects.filter(refund_id=OuterRef("pk"), method=method)))
    return rows.order_by()


def refund_summary_rows(rows: QuerySet[Refund]) -> QuerySet[Refund, Any]:
    """One row per refund: its order and member, why, how the money went back (the methods by
    name), what it refunded and how much of that went back (a provider's refusal did not)."""
    back = _given_back().filter(refund_id=OuterRef("pk")).values("refund_id")
    return (
        rows.annotate(
            businessDate=F("business_date"),
            refundId=F("pk"),
            refundNo=F("refund_no"),
            orderId=F("order_id"),
            orderNo=F("order__order_no"),
            memberId=F("member_id"),
            memberName=F("order__name"),
            storeName=F("store__name"),
            methods=Subquery(
                back.annotate(names=StringAgg(labelled("method", TenderMethod), ", ", distinct=True)).values("names")[
                    :1
                ],
                output_field=CharField(),
            ),
            returned=Coalesce(
                Subquery(back.annotate(n=Sum("amount")).values("n")[:1], output_field=_MONEY),
                Value(ZERO),
                output_field=_MONEY,
            ),
            statusName=labelled("status", RefundStatus),
            operatorName=F("operator_name"),
        )
        .values(
            "businessDate",
            "refundId",
            "refundNo",
            "orderId",
            "orderNo",
            "memberId",
            "memberName",
            "storeName",
            "reason",
            "methods",
            "amount",
            "returned",
            "statusName",
            "operatorName",
        )
        .order_by("-businessDate", "-refundId")
    )


def refunded_by_day(rows: QuerySet[Refund]) -> list[tuple[date, Decimal]]:
    """What the refunds refunded per business day, in day order: one query."""
    return [
        (row["business_date"], row["n"] or ZERO)
        for row in rows.values("business_date").annotate(n=Sum("amount")).order_by("business_date")
    ]


def returned_by_method(rows: QuerySet[Refund]) -> list[tuple[str, Decimal]]:
    """The money the refunds gave back (or are giving back) per method, by name, largest first."""
    labels = dict(TenderMethod.choices)
    return [
        (str(labels.get(row["method"], row["method"])), row["n"])
        for row in _given_back()
        .filter(refund__in=rows.values("pk"), amount__gt=0)
        .values("method")
        .annotate(n=Sum("amount"))
        .order_by("-n", "method")
    ]
