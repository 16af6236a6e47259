"""A refund as it was written, on the wire: its row, its lines and tenders. The order's details show
its refunds (contract §8 orderDetails) and the refunds part answers with the same rows, so the rows
live with the order, below the refunds part that writes them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from apps.billing.models import Order, OrderLine, Refund, RefundLine, RefundTender
from apps.billing.orders.rows import RefundDetailRow, RefundedLineFields, RefundLineRow, RefundRow, RefundTenderRow
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.core.phones import mask_phone


def _when(value: datetime | None) -> datetime | None:
    return timezone.localtime(value) if value is not None else None


def refund_row(refund: Refund) -> RefundRow:
    order = refund.order
    return {
        "recedeId": refund.pk,
        "refundNo": refund.refund_no or "",
        "orderId": refund.order_id,
        "orderNo": order.order_no or "",
        "memId": refund.member_id,
        "name": order.name,
        "phone": mask_phone(order.phone),
        "status": refund.status,
        "statusName": str(refund.get_status_display()),
        "amount": money_to_wire(refund.amount),
        "reason": refund.reason,
        "operatorName": operator_name(refund.operator_name),
        "approved": refund.approved_by_id is not None,
        "businessDate": refund.business_date,
        "createdAt": _when(refund.created_at),
    }


def refund_rows(window: Iterable[Refund]) -> list[RefundRow]:
    return [refund_row(refund) for refund in window]


def refunded_line_fields(order_line_id: int, line: OrderLine | RefundLine) -> RefundedLineFields:
    """The order line a refund's line (as it was refunded) or a judged line (as it was sold) is about."""
    return {
        "orderLineId": order_line_id,
        "type": line.type,
        "typeName": str(line.get_type_display()),
        "itemId": line.item_id,
        "name": line.name,
        "qty": line.qty,
        "amount": money_to_wire(line.amount),
    }


def _refund_line_row(line: RefundLine) -> RefundLineRow:
    return {
        **refunded_line_fields(line.order_line_id, line),
        "cardId": line.card_id,
        "cardNo": (line.card.card_no or "") if line.card else "",
        "cardPrincipal": money_to_wire(line.card_principal),
        "cardGift": money_to_wire(line.card_gift),
        "goodsBack": line.goods_back,
        "goodsBackName": str(line.get_goods_back_display()) if line.goods_back else "",
        "damageReason": line.damage_reason,
    }


def refund_tender_row(tender: RefundTender) -> RefundTenderRow:
    return {
        "tenderId": tender.tender_id,
        "method": tender.method,
        "methodName": str(tender.get_method_display()),
        "amount": money_to_wire(tender.amount),
        "status": tender.status,
        "cardId": tender.card_id,
        "cardNo": (tender.card.card_no or "") if tender.card else "",
        "principal": money_to_wire(tender.principal),
        "gift": money_to_wire(tender.gift),
        "points": tender.points,
        "sessions": tender.sessions,
        "tillChange": money_to_wire(tender.till_change),
        "providerMessage": tender.provider_message,
    }


def with_details(rows: QuerySet[Refund]) -> QuerySet[Refund]:
    return rows.select_related("order").prefetch_related(
        Prefetch("lines", RefundLine.objects.select_related("card").order_by("id")),
        Prefetch("tenders", RefundTender.objects.select_related("card").order_by("id")),
    )


def refund_detail_row(refund: Refund) -> RefundDetailRow:
    """One refund with its lines and tenders: recede/recede's answer and /refundDetail's."""
    return {
        **refund_row(refund),
        "pointsTakenBack": refund.points_taken_back,
        "pointsUnrecovered": refund.points_unrecovered,
        "lines": [_refund_line_row(line) for line in refund.lines.all()],
        "tenders": [refund_tender_row(tender) for tender in refund.tenders.all()],
    }


def order_refund_rows(order: Order) -> list[RefundDetailRow]:
    """An order's refunds, oldest first, for its details (contract §8 orderDetails)."""
    rows = with_details(Refund.objects.filter(order=order)).order_by("id")
    return [refund_detail_row(refund) for refund in rows]
