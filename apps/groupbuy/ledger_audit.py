"""The group-buy part of `manage.py audit_ledgers` (issue 16): a write-off's money is its order's
`groupBuy` tender, which only apps.groupbuy writes (serving) and only a write-off's cancellation
gives back (docs/decisions/0020-group-buy-write-off.md). Three rules, each one query over every row:

- every served write-off's order is paid in full, and its succeeded `groupBuy` tenders sum to the
  order's payable (the coupon pays the whole order, nothing else does);
- every `groupBuy` tender belongs to an order some write-off points to;
- every cancelled write-off that was served has a refund of its order, and the refunds return its
  `groupBuy` tenders in full."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db.models import DecimalField, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from apps.billing.choices import OrderStatus, TenderMethod, TenderStatus
from apps.billing.models import ZERO, Refund, RefundTender, Tender
from apps.core.ledgers import Difference
from apps.core.money import round_money
from apps.groupbuy.choices import WriteOffStatus
from apps.groupbuy.models import WriteOff

LEDGER = "group-buy"
MONEY = DecimalField(max_digits=20, decimal_places=2)


def _summed(rows: QuerySet[Any], group: str) -> Coalesce:
    """The rows' amounts summed (a correlated subquery grouped by `group`), zero when there are none."""
    total = rows.order_by().values(group).annotate(total=Sum("amount")).values("total")
    return Coalesce(Subquery(total, output_field=MONEY), Value(ZERO), output_field=MONEY)


def _coupon_paid() -> Coalesce:
    """What the write-off's order took in succeeded `groupBuy` tenders."""
    tenders = Tender.objects.filter(
        order_id=OuterRef("order_id"), method=TenderMethod.GROUP_BUY, status=TenderStatus.SUCCEEDED
    )
    return _summed(tenders, "order_id")


def _coupon_returned() -> Coalesce:
    """What the refunds of the write-off's order returned through its `groupBuy` tenders."""
    returned = RefundTender.objects.filter(
        refund__order_id=OuterRef("order_id"), method=TenderMethod.GROUP_BUY
    ).exclude(status=TenderStatus.FAILED)
    return _summed(returned, "refund__order_id")


def served_differences() -> Iterator[Difference]:
    rows = (
        WriteOff.objects.order_by()
        .filter(order__isnull=False)
        .annotate(coupon_paid=_coupon_paid())
        .filter(
            ~Q(order__status=OrderStatus.PAID)
            | ~Q(order__paid=F("order__payable"))
            | ~Q(coupon_paid=F("order__payable"))
        )
        .values_list("pk", "order_id", "order__status", "order__paid", "order__payable", "coupon_paid")
    )
    for pk, order_id, status, paid, payable, coupon_paid in rows.iterator():
        record = f"write-off {pk} (order {order_id})"
        if status != OrderStatus.PAID or paid != payable:
            yield Difference(LEDGER, record, "order paid", f"{status} {paid}", f"paid {payable}")
        if coupon_paid != payable:
            yield Difference(LEDGER, record, "groupBuy tenders", round_money(coupon_paid), payable)


def tender_differences() -> Iterator[Difference]:
    served_orders = WriteOff.objects.filter(order__isnull=False).values("order_id")
    rows = (
        Tender.objects.order_by()
        .filter(method=TenderMethod.GROUP_BUY)
        .exclude(order_id__in=served_orders)
        .values_list("pk", "order_id", "amount")
    )
    for pk, order_id, amount in rows.iterator():
        yield Difference(LEDGER, f"tender {pk} (order {order_id})", "write-off", amount, "no write-off names the order")


def cancelled_differences() -> Iterator[Difference]:
    rows = (
        WriteOff.objects.order_by()
        .filter(status=WriteOffStatus.CANCELLED, order__isnull=False)
        .annotate(
            refunded=Exists(Refund.objects.filter(order_id=OuterRef("order_id"))),
            coupon_paid=_coupon_paid(),
            coupon_returned=_coupon_returned(),
        )
        .filter(Q(refunded=False) | ~Q(coupon_returned=F("coupon_paid")))
        .values_list("pk", "order_id", "refunded", "coupon_paid", "coupon_returned")
    )
    for pk, order_id, refunded, coupon_paid, coupon_returned in rows.iterator():
        record = f"write-off {pk} (order {order_id})"
        if not refunded:
            yield Difference(LEDGER, record, "refund", "cancelled", "no refund of the order")
        elif coupon_returned != coupon_paid:
            yield Difference(
                LEDGER, record, "groupBuy returned", round_money(coupon_returned), round_money(coupon_paid)
            )


def group_buy_differences() -> Iterator[Difference]:
    yield from served_differences()
    yield from tender_differences()
    yield from cancelled_differences()
