"""What the settlement between stores (issue 30) reads of an order: how the money a card paid it
with divides between services and products, and what a card an order sold was paid. The lines
paid by package sessions are not paid with money, so they are left out."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, Sum

from apps.billing.choices import LineType
from apps.billing.models import Order, OrderLine
from apps.billing.orders.figures import SESSION_LINES

ZERO = Decimal("0")
PRODUCT_LINES = (LineType.PRODUCT, LineType.PRODUCT_PACKAGE)


@dataclass(frozen=True)
class OrderMoneySplit:
    order_no: str
    services: Decimal  # every line paid with money that is not goods (projects, packages, cards)
    products: Decimal


def order_money_split(order_id: int) -> OrderMoneySplit:
    order_no = Order.objects.filter(pk=order_id).values_list("order_no", flat=True).first() or ""
    sums = (
        OrderLine.objects.filter(order_id=order_id)
        .exclude(SESSION_LINES)
        .aggregate(
            products=Sum("amount", filter=Q(type__in=PRODUCT_LINES)),
            services=Sum("amount", filter=~Q(type__in=PRODUCT_LINES)),
        )
    )
    return OrderMoneySplit(order_no=order_no, services=sums["services"] or ZERO, products=sums["products"] or ZERO)


def order_number(order_id: int) -> str:
    return Order.objects.filter(pk=order_id).values_list("order_no", flat=True).first() or ""


def card_price_paid(*, order_id: int, card_type_id: int, package_id: int | None) -> Decimal | None:
    """What one card of a card type (or a project package) the order sold was paid: its line's
    amount over its quantity; None when the order sold none."""
    kinds = Q(type=LineType.CARD_TYPE, item_id=card_type_id)
    if package_id is not None:
        kinds |= Q(type=LineType.PROJECT_PACKAGE, item_id=package_id)
    line = OrderLine.objects.filter(kinds, order_id=order_id).values("amount", "qty").first()
    if line is None or not line["qty"]:
        return None
    return line["amount"] / line["qty"]
