"""Reads of the payment calls: the answer of pay/excute, the sessions an order drew (pay/drawDetail)
and the receipt (pay/print). Money leaves as 2-place strings (apps.core.money)."""

from __future__ import annotations

from decimal import Decimal

import segno
from django.db.models import QuerySet
from django.utils import timezone

from apps.billing.choices import LineType, OrderStatus, TenderMethod, TenderStatus
from apps.billing.models import ZERO, Order, Tender
from apps.billing.orders.figures import sessions_value
from apps.billing.till.checkout import PROVIDER_METHODS, Payment, order_tenders, pending_amount
from apps.billing.till.provider_mismatch import mismatch_message
from apps.billing.till.provider_tenders import tender_reference
from apps.billing.till.rows import DrawnSessionRow, PaymentRow, PaymentTenderRow, ReceiptContext, TenderStatusRow
from apps.cards.choices import EntryKind
from apps.cards.models import Card, CardEntry
from apps.catalog.models import Project
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.core.phones import mask_phone
from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent
from apps.payments.selectors import intents_for_references


def orders() -> QuerySet[Order]:
    return Order.objects.select_related("store")


def qr_image(code_url: str) -> str:
    """The QR of `code_url` as an SVG data URL (segno; docs/decisions/0014-qr-codes.md): drawn by
    the server, so the page shows it with an <img> and runs no QR code of its own."""
    return str(segno.make(code_url, error="m").svg_data_uri(scale=5, border=2))


def _tender_row(tender: Tender, intent: PaymentIntent | None = None) -> PaymentTenderRow:
    row: PaymentTenderRow = {
        "tenderId": tender.pk,
        "method": tender.method,
        "amount": money_to_wire(tender.amount),
        "status": tender.status,
    }
    if tender.method in PROVIDER_METHODS:
        showing_qr = intent is not None and tender.status == TenderStatus.PENDING and bool(intent.code_url)
        message = tender.message
        if intent is not None and intent.state == IntentState.MISMATCHED and tender.status == TenderStatus.FAILED:
            # The cashier's language: what the provider reported, and that a person settles it.
            message = mismatch_message(
                asked=tender.amount,
                reported_amount=intent.reported_amount,
                reported_currency=intent.reported_currency,
                reported_merchant=intent.reported_merchant,
            )
        row.update(
            {
                "message": message,
                "terminalId": tender.terminal_id,
                "mode": intent.mode if intent is not None else "",
                "codeUrl": intent.code_url if showing_qr else "",  # type: ignore[union-attr]
                "qrImage": qr_image(intent.code_url) if showing_qr else "",  # type: ignore[union-attr]
                "expiresAt": intent.expires_at if intent is not None else None,
            }
        )
    return row


def tender_rows(tenders: list[Tender]) -> list[PaymentTenderRow]:
    """The order's tenders, oldest first; a provider tender with its intent's QR while pending."""
    references = [tender_reference(t.pk) for t in tenders if t.method in PROVIDER_METHODS]
    intents = intents_for_references(references=references) if references else {}
    return [_tender_row(tender, intents.get(tender_reference(tender.pk))) for tender in tenders]


def order_payment_state(order: Order, change: Decimal = ZERO, tenders: list[Tender] | None = None) -> PaymentRow:
    """The order's payment as it stands: what is paid, pending at a provider and due, and its
    tenders (all of them, oldest first; read when not given)."""
    tenders = order_tenders(order) if tenders is None else tenders
    pending = pending_amount(tenders)
    return {
        "orderId": order.pk,
        "status": order.status,
        "paid": money_to_wire(order.paid),
        "pending": money_to_wire(pending),
        "due": money_to_wire(order.due),
        "change": money_to_wire(change),
        "tenders": tender_rows(tenders),
    }


def payment_answer(payment: Payment) -> PaymentRow:
    """pay/excute's answer: the order after the payment, the change of this payment, and every
    tender of the order (earlier payments' too), oldest first. `pending` is what provider tenders
    still wait for; `due` does not count it as paid."""
    return order_payment_state(payment.order, payment.change, payment.all_tenders)


def tender_status(tender: Tender) -> TenderStatusRow:
    """What the payment page polls while a provider tender is pending: the tender and its order."""
    order = tender.order
    order.refresh_from_db(fields=["paid", "status", "paid_at"])
    answer = order_payment_state(order)
    row = next(row for row in answer["tenders"] if row["tenderId"] == tender.pk)
    return {"tender": row, "order": answer}


def drawn_sessions(order: Order) -> list[DrawnSessionRow]:
    """The package sessions the order used, with what each card had left after it."""
    entries = list(
        CardEntry.objects.filter(order_id=order.pk, kind=EntryKind.SESSIONS_USED).select_related("card").order_by("id")
    )
    names = dict(Project.objects.filter(pk__in={e.project_id for e in entries}).values_list("pk", "name"))
    return [
        {
            "cardId": entry.card_id,
            "cardNo": entry.card.card_no or "",
            "projectId": entry.project_id,
            "projectName": names.get(entry.project_id or 0, ""),
            "sessions": -entry.sessions_change,
            "sessionsLeft": entry.sessions_after,
            "storeId": entry.store_id,
            "operatorName": operator_name(entry.operator_name),
            "createdAt": entry.created_at,
        }
        for entry in entries
    ]


def receipt(order: Order, *, with_amounts: bool) -> ReceiptContext:
    """What the 80 mm receipt prints (templates/billing/receipt.html)."""
    tenders = list(order.tenders.filter(status=TenderStatus.SUCCEEDED).order_by("id"))
    card_nos = dict(Card.objects.filter(pk__in={t.card_id for t in tenders if t.card_id}).values_list("pk", "card_no"))
    lines = list(order.lines.select_related("card").order_by("id"))
    used = sum((sessions_value(line) for line in lines), ZERO)
    return {
        "with_amounts": with_amounts,
        "store": order.store,
        "order": order,
        "status": OrderStatus(order.status).label,
        "printed_at": timezone.localtime(),
        "paid_at": timezone.localtime(order.paid_at) if order.paid_at else None,
        "member_name": order.name,
        "phone": mask_phone(order.phone),
        "lines": [
            {
                "name": line.name,
                "qty": line.qty,
                "type": LineType(line.type).label,
                "unit_price": money_to_wire(line.unit_price),
                "discount": money_to_wire(line.discount - sessions_value(line)),
                "amount": money_to_wire(line.amount),
            }
            for line in lines
        ],
        "total": money_to_wire(order.total),
        # The sessions a package card paid are not a discount (apps.billing.orders.figures).
        "discount": money_to_wire(order.discount - used),
        "sessions_value": money_to_wire(used) if used else "",
        "payable": money_to_wire(order.payable),
        "paid": money_to_wire(order.paid),
        "due": money_to_wire(order.due),
        "tenders": [
            {
                "method": TenderMethod(tender.method).label,
                "amount": money_to_wire(tender.amount),
                "card_no": card_nos.get(tender.card_id, "") if tender.card_id else "",
                "points": tender.points,
                "received": money_to_wire(tender.received) if tender.received is not None else "",
                "change": money_to_wire(tender.change) if tender.change else "",
            }
            for tender in tenders
        ],
        "sessions": drawn_sessions(order),
        "operator": operator_name(order.operator_name),
        "signed": bool(order.signature),
    }


def order_payment_state_after_provider(order_id: int, change: Decimal) -> PaymentRow:
    """The payment's answer once the provider was asked: the order read again, as that answer left it."""
    return order_payment_state(orders().get(pk=order_id), change)
