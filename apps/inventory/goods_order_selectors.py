"""Reads of ordering goods from head office (DHJL-*): the catalogue a store orders from with its
suggested quantities, the orders of a store or of every store, one order with its lines."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import Count, DecimalField, F, QuerySet, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from apps.catalog.models import Product
from apps.catalog.selectors import product_search, store_state
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.inventory.choices import GoodsOrderPayment, GoodsOrderStatus, MoveKind
from apps.inventory.models import ZERO, GoodsOrder, GoodsOrderLine, SafetyStock, StockBalance, StockMove
from apps.inventory.rows import CatalogueProductRow, CatalogueRow, GoodsOrderDetailRow, GoodsOrderLineRow, GoodsOrderRow

USE_DAYS = 30
# The moves that are the store's use of a product: what it sold, used, consumed or handed over, net
# of what came back from refunded sales. Loans and stocktakes are not use.
USE_KINDS = (MoveKind.SALE, MoveKind.STORE_USE, MoveKind.SERVICE_USE, MoveKind.OWED_PICKUP, MoveKind.SALE_RETURN)


def _quantity(value: Decimal | None) -> str:
    return f"{(value or ZERO).normalize():f}"


@dataclass(frozen=True)
class Suggestion:
    live: Decimal  # stock units
    safety: Decimal
    used: Decimal  # stock units used in the last 30 days
    suggested: Decimal  # whole stock units


def suggestions(store_id: int, products: Iterable[Product], today: date | None = None) -> dict[int, Suggestion]:
    """max(0, safety stock − live stock + the last 30 days' use), in stock units, rounded up to whole
    units. Safety stock is the store's SafetyStock row or the product's default; live stock and use
    come from the ledger (the balance row, the moves of the last 30 days). Two queries."""
    products = list(products)
    ids = [product.pk for product in products]
    today = today or timezone.localdate()
    since = timezone.make_aware(datetime.combine(today - timedelta(days=USE_DAYS), time.min))
    live = dict(
        StockBalance.objects.filter(store_id=store_id, product_id__in=ids).values_list("product_id", "quantity")
    )
    safety = dict(
        SafetyStock.objects.filter(store_id=store_id, product_id__in=ids).values_list("product_id", "quantity")
    )
    used = dict(
        StockMove.objects.filter(store_id=store_id, product_id__in=ids, kind__in=USE_KINDS, created_at__gte=since)
        .values("product_id")
        .annotate(total=Sum("quantity"))
        .values_list("product_id", "total")
    )
    answer = {}
    for product in products:
        per = product.use_per_unit or Decimal("1")
        live_units = live.get(product.pk, ZERO) / per
        used_units = max(ZERO, -(used.get(product.pk) or ZERO)) / per
        safe = safety.get(product.pk, Decimal(product.default_safety_stock))
        wanted = safe - live_units + used_units
        answer[product.pk] = Suggestion(
            live=live_units.quantize(Decimal("0.001")),
            safety=safe,
            used=used_units.quantize(Decimal("0.001")),
            suggested=Decimal(max(0, math.ceil(wanted))),
        )
    return answer


# -- the catalogue a store orders from ----------------------------------------------------------


def catalogue(*, store_id: int | None, keyword: str = "", use_type: str = "") -> QuerySet[Product]:
    """Head office's enabled products a store may order, by code."""
    return product_search(store_id=store_id, keyword=keyword, use_type=use_type, enabled=True)


def catalogue_rows(products: Iterable[Product], store_id: int | None) -> list[CatalogueRow]:
    products = list(products)
    advice = suggestions(store_id, products) if store_id is not None else {}
    rows: list[CatalogueRow] = []
    for product in products:
        tip = advice.get(product.pk)
        rows.append(
            {
                **catalogue_product(product),
                "liveStock": _quantity(tip.live) if tip else None,
                "safetyStock": _quantity(tip.safety) if tip else None,
                "used30Days": _quantity(tip.used) if tip else None,
                "suggested": _quantity(tip.suggested) if tip else None,
            }
        )
    return rows


def catalogue_product(product: Product) -> CatalogueProductRow:
    """A product as a store orders it: its units, its prices (the store's and the supply price)."""
    state = store_state(product)
    return {
        "productId": product.pk,
        "code": product.code,
        "name": product.name,
        "barcode": product.barcode or "",
        "brand": product.brand,
        "specification": product.specification,
        "categoryName": product.category.name,
        "useType": product.use_type,
        "unit": product.unit,
        "useUnit": product.use_unit or product.unit,
        "usePerUnit": _quantity(product.use_per_unit),
        "tracksBatches": product.tracks_batches,
        "storePrice": state["effectivePrice"],
        "supplyPrice": money_to_wire(product.cost),
    }


# -- orders -------------------------------------------------------------------------------------


def goods_orders() -> QuerySet[GoodsOrder]:
    """Every order with its store, its line count and its amount (ordered, or confirmed once
    head office confirmed)."""
    confirmed_or_ordered = Coalesce(F("lines__confirmed_quantity"), F("lines__quantity"))
    return (
        GoodsOrder.objects.select_related("store")
        .annotate(
            line_count=Count("lines"),
            amount=Coalesce(
                Sum(
                    confirmed_or_ordered * F("lines__unit_price"),
                    output_field=DecimalField(max_digits=20, decimal_places=2),
                ),
                Value(ZERO),
                output_field=DecimalField(max_digits=20, decimal_places=2),
            ),
        )
        .order_by("-id")
    )


def goods_order_search(
    rows: QuerySet[GoodsOrder],
    *,
    status: str = "",
    payment_status: str = "",
    number: str = "",
    store_id: int | None = None,
    start_date: date | None = None,
    end_date: date | None = None,
) -> QuerySet[GoodsOrder]:
    if status:
        rows = rows.filter(status=status)
    if payment_status:
        rows = rows.filter(payment_status=payment_status)
    if number.strip():
        rows = rows.filter(number__icontains=number.strip())
    if store_id is not None:
        rows = rows.filter(store_id=store_id)
    if start_date is not None:
        rows = rows.filter(created_at__gte=timezone.make_aware(datetime.combine(start_date, time.min)))
    if end_date is not None:
        rows = rows.filter(created_at__lt=timezone.make_aware(datetime.combine(end_date + timedelta(days=1), time.min)))
    return rows


def head_office_orders(rows: QuerySet[GoodsOrder]) -> QuerySet[GoodsOrder]:
    """What head office works on: every order but the stores' drafts."""
    return rows.exclude(status=GoodsOrderStatus.DRAFT)


def goods_order_row(order: GoodsOrder) -> GoodsOrderRow:
    return {
        "id": order.pk,
        "number": order.number or "",
        "storeId": order.store_id,
        "storeName": order.store.name,
        "status": order.status,
        "statusName": str(GoodsOrderStatus(order.status).label),
        "paymentStatus": order.payment_status,
        "paymentStatusName": str(GoodsOrderPayment(order.payment_status).label),
        "lineCount": getattr(order, "line_count", 0),
        "amount": money_to_wire(getattr(order, "amount", ZERO) or ZERO),
        "remark": order.remark,
        "createdByName": operator_name(order.created_by_name),
        "createdAt": order.created_at,
        "submittedAt": order.submitted_at,
        "confirmedAt": order.confirmed_at,
        "shippedAt": order.shipped_at,
        "receivedAt": order.received_at,
        "receiptId": order.receipt_id,
    }


def goods_order_rows(orders: Iterable[GoodsOrder]) -> list[GoodsOrderRow]:
    return [goods_order_row(order) for order in orders]


def _line_amount(line: GoodsOrderLine) -> Decimal:
    quantity = line.confirmed_quantity if line.confirmed_quantity is not None else line.quantity
    return (quantity * line.unit_price).quantize(Decimal("0.01"))


def goods_order_detail(order: GoodsOrder) -> GoodsOrderDetailRow:
    """One order with its lines (each with the product's units and, for the store, its suggestion)."""
    lines = list(GoodsOrderLine.objects.filter(order=order).select_related("product", "product__category"))
    live = dict(
        StockBalance.objects.filter(
            store_id=order.store_id, product_id__in=[line.product_id for line in lines]
        ).values_list("product_id", "quantity")
    )
    rows: list[GoodsOrderLineRow] = []
    for line in lines:
        product = line.product
        rows.append(
            {
                "lineId": line.pk,
                **catalogue_product(product),
                "suggested": _quantity(line.suggested),
                "quantity": _quantity(line.quantity),
                "confirmedQuantity": None if line.confirmed_quantity is None else _quantity(line.confirmed_quantity),
                "shippedQuantity": None if line.shipped_quantity is None else _quantity(line.shipped_quantity),
                "unitPrice": money_to_wire(line.unit_price),
                "amount": money_to_wire(_line_amount(line)),
                "liveStock": _quantity(live.get(line.product_id, ZERO) / (product.use_per_unit or Decimal("1"))),
            }
        )
    total = sum((_line_amount(line) for line in lines), ZERO)
    shipped = sum(((line.shipped_quantity or ZERO) * line.unit_price for line in lines), ZERO)
    return {
        **goods_order_row(order),
        "lineCount": len(lines),
        "amount": money_to_wire(total),
        "shippedAmount": money_to_wire(shipped.quantize(Decimal("0.01"))),
        "confirmedByName": operator_name(order.confirmed_by_name),
        "shippedByName": operator_name(order.shipped_by_name),
        "receivedByName": operator_name(order.received_by_name),
        "paidByName": operator_name(order.paid_by_name),
        "paidAt": order.paid_at,
        "paymentReference": order.payment_reference,
        "cancelledByName": operator_name(order.cancelled_by_name),
        "cancelledAt": order.cancelled_at,
        "cancelReason": order.cancel_reason,
        "lines": rows,
    }


def goods_orders_with_store() -> QuerySet[GoodsOrder]:
    """Every goods order with its store, for apps.core.scoping to pick one in scope."""
    return GoodsOrder.objects.select_related("store")


def goods_order_detail_by_id(*, order_id: int) -> GoodsOrderDetailRow:
    """A goods order just changed, read again with its store and shown as the detail page shows it."""
    return goods_order_detail(goods_orders_with_store().get(pk=order_id))


def store_goods_orders(*, store_id: int) -> QuerySet[GoodsOrder]:
    """One store's goods orders, as goods_orders() lists them."""
    return goods_orders().filter(store_id=store_id)


def catalogue_product_row(*, store_id: int | None, product_id: int) -> CatalogueRow | None:
    """One product of the catalogue as the store orders it, or None when it is not in the catalogue."""
    product = catalogue(store_id=store_id).filter(pk=product_id).first()
    if product is None:
        return None
    return catalogue_rows([product], store_id)[0]
