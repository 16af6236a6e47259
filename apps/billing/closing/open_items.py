"""What a store's business day still holds open when it is closed (issue 28 §2): the preview lists it,
and closing settles or carries over each item with a reason, never silently
(apps.billing.closing.services.day_close).

- orders not paid in full (unpaid, partly paid) of the day: carrying one over moves it into the next
  open day (its business day), so the customer can pay it there; the money it already took stays in
  the day that took it;
- provider payments and provider refunds still waiting for the provider: settled only (waited for or
  closed), never carried over: their money is the day's, and a closed day's rows never change;
- reservations of the day whose customer arrived and that no order bills;
- owed goods of the day's orders not handed over yet;
- and what a higher app registers (`register_open_items`): group-buy's coupons written off and not
  served. Billing sits below group-buy, so group-buy contributes its items through this registry
  from its AppConfig.ready().

One query per kind, whatever the day's size. The texts are in the reader's language; what a closing
keeps of a carried item (its title, amount and reason) is language-free."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal

from django.db.models import Exists, F, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import SETTLE_ONLY_KINDS, OpenItemKind, OrderStatus, TenderStatus
from apps.billing.closing.rows import OpenItemRow
from apps.billing.models import Order, OwedGoods, RefundTender, Tender
from apps.booking.selectors import arrived_of_day, day_bounds
from apps.core.hooks import Registry
from apps.core.money import money_or_none_to_wire, money_to_wire

# (store id, business day) -> the items of one kind still open that day.
OpenItemSource = Callable[[int, date], list[OpenItemRow]]

OPEN_ORDER_STATUSES = (OrderStatus.UNPAID, OrderStatus.PARTLY_PAID)

_REGISTERED: Registry[OpenItemSource] = Registry("closing's open items", unique=True)


def register_open_items(kind: str, source: OpenItemSource) -> None:
    """A higher app names its kind (an OpenItemKind) and the function that lists the day's items of it."""
    _REGISTERED.register(kind, source)


def open_item(
    kind: str, ref: object, title: str, detail: str, *, amount: Decimal | None = None, route: str = ""
) -> OpenItemRow:
    """One open item as the preview shows it; `route` is the page where it is settled."""
    return {
        "kind": kind,
        "ref": str(ref),
        "title": title,
        "detail": detail,
        "amount": money_or_none_to_wire(amount),
        "carriable": kind not in SETTLE_ONLY_KINDS,
        "route": route,
    }


def clock(moment: datetime | None) -> str:
    """A moment of the day as the store reads it (HH:MM, its time zone)."""
    return f"{timezone.localtime(moment):%H:%M}" if moment is not None else ""


def open_orders(store_id: int, day: date) -> list[OpenItemRow]:
    rows = Order.objects.filter(store_id=store_id, business_date=day, status__in=OPEN_ORDER_STATUSES).order_by("id")
    return [
        open_item(
            OpenItemKind.ORDER,
            order.pk,
            " ".join(part for part in (order.order_no or "", order.name) if part),
            _("not paid")
            if order.paid == 0
            else _("partly paid: %(paid)s of %(payable)s")
            % {"paid": money_to_wire(order.paid), "payable": money_to_wire(order.payable)},
            amount=order.due,
            route=f"/payment?orderId={order.pk}",
        )
        for order in rows
    ]


def pending_provider_payments(store_id: int, day: date) -> list[OpenItemRow]:
    start, end = day_bounds(day)
    rows = (
        Tender.objects.filter(store_id=store_id, status=TenderStatus.PENDING, created_at__gte=start, created_at__lt=end)
        .select_related("order")
        .order_by("id")
    )
    return [
        open_item(
            OpenItemKind.PROVIDER_PAYMENT,
            tender.pk,
            tender.order.order_no or "",
            _("%(method)s since %(time)s, waiting for the provider")
            % {"method": tender.get_method_display(), "time": clock(tender.created_at)},
            amount=tender.amount,
            route=f"/payment?orderId={tender.order_id}",
        )
        for tender in rows
    ]


def pending_provider_refunds(store_id: int, day: date) -> list[OpenItemRow]:
    rows = (
        RefundTender.objects.filter(refund__store_id=store_id, refund__business_date=day, status=TenderStatus.PENDING)
        .select_related("refund__order")
        .order_by("id")
    )
    return [
        open_item(
            OpenItemKind.PROVIDER_REFUND,
            row.pk,
            row.refund.refund_no or "",
            _("%(method)s refund of order %(orderNo)s, waiting for the provider")
            % {"method": row.get_method_display(), "orderNo": row.refund.order.order_no or ""},
            amount=row.amount,
            route=f"/refundDetail?recedeId={row.refund_id}",
        )
        for row in rows
    ]


def unbilled_reservations(store_id: int, day: date) -> list[OpenItemRow]:
    billed = Order.objects.filter(reservation_id=OuterRef("pk")).exclude(status=OrderStatus.CANCELLED)
    rows = arrived_of_day(store_id, day).exclude(Exists(billed))
    return [
        open_item(
            OpenItemKind.RESERVATION,
            reservation.pk,
            f"{clock(reservation.start)} {reservation.name}",
            _("arrived at %(time)s, not billed (%(nurse)s)")
            % {
                "time": clock(reservation.arrived_at or reservation.start),
                "nurse": reservation.nurse.name if reservation.nurse else _("no nurse"),
            },
            route=f"/account?reservationId={reservation.pk}",
        )
        for reservation in rows
    ]


def owed_goods_of_day(store_id: int, day: date) -> list[OpenItemRow]:
    rows = (
        OwedGoods.objects.filter(store_id=store_id, order__business_date=day)
        .filter(quantity__gt=F("taken") + F("refunded"))
        .select_related("order", "product")
        .order_by("id")
    )
    return [
        open_item(
            OpenItemKind.OWED_GOODS,
            owed.pk,
            f"{owed.product.name} {owed.order.name}",
            _("%(left)s of %(quantity)s still owed (order %(orderNo)s)")
            % {"left": owed.left, "quantity": owed.quantity, "orderNo": owed.order.order_no or ""},
            route="/toTakenList",
        )
        for owed in rows
    ]


# Billing's own kinds, in the order the preview lists them; the registered ones follow.
OWN_SOURCES: tuple[OpenItemSource, ...] = (
    pending_provider_payments,
    pending_provider_refunds,
    open_orders,
    unbilled_reservations,
    owed_goods_of_day,
)


def open_items(store_id: int, day: date) -> list[OpenItemRow]:
    """Everything of the store's `day` still open (see the module's doc): one query per kind."""
    items: list[OpenItemRow] = []
    for source in (*OWN_SOURCES, *_REGISTERED.by_name().values()):
        items.extend(source(store_id, day))
    return items


def orders_carried_into(store_id: int, day: date, order_ids: list[int], into: date) -> int:
    """Moves the store's open orders `order_ids` of `day` into the business day `into` (the closing's
    transaction, before the day is marked closed): they are paid there. Answers how many moved."""
    return Order.objects.filter(
        pk__in=order_ids, store_id=store_id, business_date=day, status__in=OPEN_ORDER_STATUSES
    ).update(business_date=into, updated_at=timezone.now())
