"""The orders' and daily closings' part of `manage.py audit_ledgers`: each order's paid amount against the sum of its
succeeded tenders, and its status against what it paid (unpaid: nothing; partly paid: some, not
all; paid: all of the payable, with the time it was paid). Aggregate queries over every order."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import DecimalField, F, Q, Sum, Value
from django.db.models.functions import Coalesce

from apps.billing.choices import OrderStatus, TenderStatus
from apps.billing.closing_selectors import recorded_cash_differences
from apps.billing.models import ZERO, Order, OrderLine, Refund, Tender
from apps.core.ledgers import Difference
from apps.core.money import round_money

STATUS_RULES = (
    (OrderStatus.UNPAID, ~Q(paid=0)),
    (OrderStatus.PARTLY_PAID, Q(paid__lte=0) | Q(paid__gte=F("payable"))),
    (OrderStatus.PAID, ~Q(paid=F("payable")) | Q(paid_at__isnull=True)),
)


def order_differences() -> Iterator[Difference]:
    tendered = Coalesce(
        Sum("tenders__amount", filter=Q(tenders__status=TenderStatus.SUCCEEDED)),
        Value(ZERO),
        output_field=DecimalField(max_digits=20, decimal_places=2),
    )
    orders = (
        Order.objects.order_by()
        .annotate(tendered=tendered)
        .filter(~Q(paid=F("tendered")))
        .values_list("pk", "paid", "tendered")
    )
    for pk, paid, total in orders.iterator():
        yield Difference("orders", f"order {pk}", "paid", paid, round_money(total))  # SQLite sums lose the places
    for status, wrong in STATUS_RULES:
        for pk, paid, payable in (
            Order.objects.order_by().filter(Q(status=status) & wrong).values_list("pk", "paid", "payable").iterator()
        ):
            yield Difference("orders", f"order {pk}", "status", status, f"paid {paid} of {payable}")


def closing_differences() -> Iterator[Difference]:
    """Each active closing's recorded cash expected against the day's cash tenders recomputed: a
    closed day is immutable, so they differ only when something went around the closed-day rule."""
    for closing, recomputed in recorded_cash_differences():
        yield Difference(
            "daily closings",
            f"closing {closing.pk} ({closing.store_id} {closing.date})",
            "cash expected",
            closing.cash_expected,
            recomputed,
        )


def refund_differences() -> Iterator[Difference]:
    """Refunds (docs/decisions/0011-refunds.md): each refund's amount is its tenders' sum; no line,
    no tender and no order has more refunded than it paid."""
    money = DecimalField(max_digits=20, decimal_places=2)
    tendered = Coalesce(Sum("tenders__amount"), Value(ZERO), output_field=money)
    for pk, amount, total in (
        Refund.objects.order_by()
        .annotate(tendered=tendered)
        .filter(~Q(amount=F("tendered")))
        .values_list("pk", "amount", "tendered")
        .iterator()
    ):
        yield Difference("refunds", f"refund {pk}", "amount", amount, round_money(total))
    lines = (
        OrderLine.objects.order_by()
        .annotate(refunded=Sum("refund_lines__amount"), units=Sum("refund_lines__qty"))
        .filter(Q(refunded__gt=F("amount")) | Q(units__gt=F("qty")))
        .values_list("pk", "amount", "refunded", "qty", "units")
    )
    for pk, amount, refunded, qty, units in lines.iterator():
        yield Difference(
            "refunds", f"order line {pk}", "refunded", f"{refunded} / {units}", f"at most {amount} / {qty}"
        )
    tenders = (
        Tender.objects.order_by()
        .annotate(refunded=Sum("refunds__amount"))
        .filter(refunded__gt=F("amount"))
        .values_list("pk", "amount", "refunded")
    )
    for pk, amount, refunded in tenders.iterator():
        yield Difference("refunds", f"tender {pk}", "refunded", round_money(refunded), f"at most {amount}")
    orders = (
        Order.objects.order_by()
        .annotate(refunded=Sum("refunds__amount"))
        .filter(refunded__gt=F("paid"))
        .values_list("pk", "paid", "refunded")
    )
    for pk, paid, refunded in orders.iterator():
        yield Difference("refunds", f"order {pk}", "refunded", round_money(refunded), f"at most {paid}")
