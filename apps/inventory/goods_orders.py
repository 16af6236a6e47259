"""Ordering goods from head office (spec DHJL-*, §4): a store builds an order from head office's
catalogue (suggested quantities: goods_order_selectors.suggestions) and submits it; head office (the
material-builder administrator) confirms it, possibly changing quantities, and ships it; the store
receives the shipped quantities as goods in (a receipt of type head_office whose source is the
order), once. A store may cancel its order until head office confirms it; head office may cancel
it until it ships. Head office marks the order paid once it has the store's money.

Every change locks the order's row first, so two people acting on one order at once act one after
the other, and the second finds the state the first left (receiving twice answers STOCK-40904)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.transactions import use_case_atomic
from apps.inventory.choices import AuditAction, DocumentType, GoodsOrderPayment, GoodsOrderStatus
from apps.inventory.errors import GoodsOrderState
from apps.inventory.goods_order_selectors import suggestions
from apps.inventory.models import GoodsOrder, GoodsOrderLine, StockDocument
from apps.inventory.receipts import receipt_create
from apps.inventory.services import DocumentLineInput
from apps.org.models import OrgUnit

MAX_LINES = 500


@dataclass(frozen=True)
class OrderLineInput:
    product_id: int
    quantity: Decimal


@dataclass(frozen=True)
class ReceiveLineInput:
    """The batch and expiry of a shipped line, entered when the store receives it."""

    line_id: int
    batch_no: str = ""
    expiry_date: date | None = None


def _locked(order_id: int) -> GoodsOrder:
    order = GoodsOrder.objects.select_for_update().filter(pk=order_id).first()
    if order is None:
        raise NotFound()
    return order


def _require(order: GoodsOrder, *allowed: GoodsOrderStatus) -> None:
    if order.status not in allowed:
        raise GoodsOrderState(
            gettext("the goods order is %(status)s: this cannot be done now")
            % {"status": GoodsOrderStatus(order.status).label}
        )


def _name(actor: Actor) -> str:
    return actor.login_name[:40]


def goods_order_save(
    *,
    actor: Actor,
    store: OrgUnit,
    lines: Sequence[OrderLineInput],
    remark: str = "",
    order_id: int | None = None,
) -> GoodsOrder:
    """A new draft order of `store`, or its draft `order_id` with these lines instead of its old
    ones. Each line keeps the quantity suggested when it was written and the supply price."""
    if not lines:
        raise InvalidInput(gettext("a goods order needs at least one line"), field="lines")
    if len(lines) > MAX_LINES:
        raise InvalidInput(gettext("a goods order has at most 500 lines"), field="lines")
    if any(line.quantity <= 0 for line in lines):
        raise InvalidInput(gettext("a quantity must be above 0"), field="quantity")
    if len({line.product_id for line in lines}) != len(lines):
        raise InvalidInput(gettext("a product appears on two lines"), field="lines")
    with use_case_atomic():
        products = Product.objects.filter(enabled=True).in_bulk({line.product_id for line in lines})
        if len(products) != len(lines):
            raise InvalidInput(gettext("unknown product"), field="productId")
        if order_id is None:
            order = GoodsOrder.objects.create(
                store=store, remark=remark[:200], created_by_id=actor.user_id, created_by_name=_name(actor)
            )
            order.number = f"DH{timezone.localdate():%Y%m%d}{order.pk:08d}"
            GoodsOrder.objects.filter(pk=order.pk).update(number=order.number)
        else:
            order = _locked(order_id)
            if order.store_id != store.pk:
                raise NotFound()
            _require(order, GoodsOrderStatus.DRAFT)
            order.remark = remark[:200]
            order.save(update_fields=["remark"])
            order.lines.all().delete()
        advice = suggestions(store.pk, products.values())
        GoodsOrderLine.objects.bulk_create(
            [
                GoodsOrderLine(
                    order=order,
                    product_id=line.product_id,
                    quantity=line.quantity,
                    suggested=advice[line.product_id].suggested,
                    unit_price=products[line.product_id].cost,
                )
                for line in lines
            ]
        )
        audit_record(actor=actor, action=AuditAction.GOODS_ORDER_SAVED, target=order, detail={"lines": len(lines)})
    return order


def goods_order_submit(*, actor: Actor, order: GoodsOrder) -> GoodsOrder:
    """The store sends its draft to head office."""
    with use_case_atomic():
        order = _locked(order.pk)
        _require(order, GoodsOrderStatus.DRAFT)
        if not order.lines.exists():
            raise InvalidInput(gettext("a goods order needs at least one line"), field="lines")
        order.status = GoodsOrderStatus.SUBMITTED
        order.submitted_at = timezone.now()
        order.save(update_fields=["status", "submitted_at"])
        audit_record(actor=actor, action=AuditAction.GOODS_ORDER_SUBMITTED, target=order)
    return order


def goods_order_cancel(*, actor: Actor, order: GoodsOrder, by_head_office: bool, reason: str = "") -> GoodsOrder:
    """A store cancels its order while head office has not confirmed it; head office cancels one
    it has not shipped."""
    allowed = (
        (GoodsOrderStatus.SUBMITTED, GoodsOrderStatus.CONFIRMED)
        if by_head_office
        else (GoodsOrderStatus.DRAFT, GoodsOrderStatus.SUBMITTED)
    )
    with use_case_atomic():
        order = _locked(order.pk)
        _require(order, *allowed)
        order.status = GoodsOrderStatus.CANCELLED
        order.cancelled_at = timezone.now()
        order.cancelled_by_name = _name(actor)
        order.cancel_reason = reason[:200]
        order.save(update_fields=["status", "cancelled_at", "cancelled_by_name", "cancel_reason"])
        audit_record(
            actor=actor, action=AuditAction.GOODS_ORDER_CANCELLED, target=order, detail={"reason": reason[:200]}
        )
    return order


def goods_order_confirm(*, actor: Actor, order: GoodsOrder, quantities: Mapping[int, Decimal]) -> GoodsOrder:
    """Head office confirms a submitted order: each line's confirmed quantity is the one given for
    it (0 where it supplies none of it), else the quantity ordered; something must remain."""
    if any(value < 0 for value in quantities.values()):
        raise InvalidInput(gettext("a quantity cannot be below 0"), field="quantity")
    with use_case_atomic():
        order = _locked(order.pk)
        _require(order, GoodsOrderStatus.SUBMITTED)
        lines = list(order.lines.all())
        if set(quantities) - {line.pk for line in lines}:
            raise InvalidInput(gettext("a line is not of this order"), field="lines")
        for line in lines:
            line.confirmed_quantity = quantities.get(line.pk, line.quantity)
        if not any(line.confirmed_quantity for line in lines):
            raise InvalidInput(gettext("a confirmed order supplies at least one product"), field="lines")
        GoodsOrderLine.objects.bulk_update(lines, ["confirmed_quantity"])
        order.status = GoodsOrderStatus.CONFIRMED
        order.confirmed_at = timezone.now()
        order.confirmed_by_name = _name(actor)
        order.save(update_fields=["status", "confirmed_at", "confirmed_by_name"])
        changed = {line.pk: str(line.confirmed_quantity) for line in lines if line.confirmed_quantity != line.quantity}
        audit_record(actor=actor, action=AuditAction.GOODS_ORDER_CONFIRMED, target=order, detail={"changed": changed})
    return order


def goods_order_ship(*, actor: Actor, order: GoodsOrder) -> GoodsOrder:
    """Head office ships what it confirmed."""
    with use_case_atomic():
        order = _locked(order.pk)
        _require(order, GoodsOrderStatus.CONFIRMED)
        lines = list(order.lines.all())
        for line in lines:
            line.shipped_quantity = line.confirmed_quantity
        GoodsOrderLine.objects.bulk_update(lines, ["shipped_quantity"])
        order.status = GoodsOrderStatus.SHIPPED
        order.shipped_at = timezone.now()
        order.shipped_by_name = _name(actor)
        order.save(update_fields=["status", "shipped_at", "shipped_by_name"])
        audit_record(actor=actor, action=AuditAction.GOODS_ORDER_SHIPPED, target=order)
    return order


def goods_order_mark_paid(*, actor: Actor, order: GoodsOrder, reference: str = "") -> GoodsOrder:
    """Head office records that the store paid for a confirmed, shipped or received order."""
    with use_case_atomic():
        order = _locked(order.pk)
        _require(order, GoodsOrderStatus.CONFIRMED, GoodsOrderStatus.SHIPPED, GoodsOrderStatus.RECEIVED)
        if order.payment_status == GoodsOrderPayment.PAID:
            raise GoodsOrderState(gettext("the goods order is already paid"))
        order.payment_status = GoodsOrderPayment.PAID
        order.paid_at = timezone.now()
        order.paid_by_name = _name(actor)
        order.payment_reference = reference.strip()[:64]
        order.save(update_fields=["payment_status", "paid_at", "paid_by_name", "payment_reference"])
        audit_record(
            actor=actor, action=AuditAction.GOODS_ORDER_PAID, target=order, detail={"reference": reference[:64]}
        )
    return order


def goods_order_receive(
    *, actor: Actor, order: GoodsOrder, lines: Sequence[ReceiveLineInput] = (), remark: str = ""
) -> tuple[GoodsOrder, StockDocument]:
    """The store receives a shipped order: one goods-in document of type head_office (source: the
    order) with a line per shipped product (its shipped quantity, the batch and expiry entered
    here), and its moves. Under the order's lock: a second receipt of the same order is refused."""
    entered = {line.line_id: line for line in lines}
    with use_case_atomic():
        order = _locked(order.pk)
        _require(order, GoodsOrderStatus.SHIPPED)
        shipped = [line for line in order.lines.all() if line.shipped_quantity]
        if set(entered) - {line.pk for line in order.lines.all()}:
            raise InvalidInput(gettext("a line is not of this order"), field="lines")
        document = receipt_create(
            actor=actor,
            store=order.store,
            type=DocumentType.HEAD_OFFICE,
            source_id=order.pk,
            remark=remark or (order.number or ""),
            lines=[
                DocumentLineInput(
                    product_id=line.product_id,
                    quantity=line.shipped_quantity or Decimal("0"),
                    batch_no=entered[line.pk].batch_no.strip() if line.pk in entered else "",
                    expiry_date=entered[line.pk].expiry_date if line.pk in entered else None,
                )
                for line in shipped
            ],
        )
        order.status = GoodsOrderStatus.RECEIVED
        order.received_at = timezone.now()
        order.received_by_name = _name(actor)
        order.receipt_id = document.pk
        order.save(update_fields=["status", "received_at", "received_by_name", "receipt_id"])
        audit_record(
            actor=actor, action=AuditAction.GOODS_ORDER_RECEIVED, target=order, detail={"receiptId": document.pk}
        )
    return order, document
