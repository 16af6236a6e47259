"""Reads of owed goods (欠货, /toTakenList): a store's goods its paid orders owe their customers."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from django.db.models import F, Q, QuerySet

from apps.billing.models import OwedGoods
from apps.core.phones import mask_phone

OWING = "owing"
TAKEN = "taken"


def owed_goods() -> QuerySet[OwedGoods]:
    return OwedGoods.objects.all()


def owed_search(
    rows: QuerySet[OwedGoods],
    *,
    keyword: str = "",
    status: str = "",
    start_date: date | None = None,
    end_date: date | None = None,
) -> QuerySet[OwedGoods]:
    """`rows` (the caller's stores) by the customer's whole phone, name or the order number; `status`
    owing (something left) or taken (nothing left); the order's day from/to; newest first."""
    keyword = keyword.strip()
    if keyword:
        rows = rows.filter(Q(order__phone=keyword) | Q(order__name__icontains=keyword) | Q(order__order_no=keyword))
    handed = F("taken") + F("refunded")
    if status == OWING:
        rows = rows.filter(quantity__gt=handed)
    elif status == TAKEN:
        rows = rows.filter(quantity=handed)
    if start_date is not None:
        rows = rows.filter(created_at__gte=start_date)
    if end_date is not None:
        rows = rows.filter(created_at__lt=end_date + timedelta(days=1))
    return rows.select_related("order", "product").order_by("-id")


def owed_row(owed: OwedGoods) -> dict[str, Any]:
    order = owed.order
    product = owed.product
    return {
        "owedId": owed.pk,
        "orderId": owed.order_id,
        "orderNo": order.order_no or "",
        "memId": owed.member_id,
        "name": order.name,
        "phone": mask_phone(order.phone),
        "productId": owed.product_id,
        "productName": product.name,
        "unit": product.unit,
        "quantity": owed.quantity,
        "taken": owed.taken,
        "refunded": owed.refunded,
        "left": owed.left,
        "createdAt": owed.created_at,
    }


def owed_rows(window: Iterable[OwedGoods]) -> list[dict[str, Any]]:
    return [owed_row(owed) for owed in window]
