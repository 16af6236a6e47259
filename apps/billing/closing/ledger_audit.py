"""The orders' and daily closings' part of `manage.py audit_ledgers`: each order's paid amount against the sum of its
succeeded tenders, and its status against what it paid (unpaid: nothing; partly paid: some, not
all; paid: all of the payable, with the time it was paid). Aggregate queries over every order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from django.db.models import DecimalField, F, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from apps.billing.choices import DepositEntryKind, DepositStatus, OrderStatus, TenderStatus
from apps.billing.closing.selectors import recorded_cash_differences, recorded_takings_differences
from apps.billing.models import ZERO, Deposit, DepositEntry, Order, OrderLine, Refund, RefundTender, Tender
from apps.billing.refunds.provider_refunds import PROVIDER_METHODS, REFERENCE_PREFIX, refund_tender_id_of
from apps.billing.till.provider_tenders import PREFIX as TENDER_REFERENCE_PREFIX
from apps.core.ledgers import Difference
from apps.core.money import round_money
from apps.payments.selectors import paid_intents_referencing, succeeded_refunds_referencing

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
        yield Difference("orders", f"order {pk}", "paid", paid, round_money(total))
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
    for closing, recorded, recomputed_takings in recorded_takings_differences():
        yield Difference(
            "daily closings",
            f"closing {closing.pk} ({closing.store_id} {closing.date})",
            "takings by method",
            recorded,
            recomputed_takings,
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
        # A failed provider refund gave nothing back through its tender (decision 0011's follow-up).
        .annotate(refunded=Sum("refunds__amount", filter=~Q(refunds__status=TenderStatus.FAILED)))
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


CHUNK = 2000


def _id_of(reference: str, prefix: str) -> int | None:
    try:
        return int(reference.removeprefix(prefix))
    except ValueError:
        return None


Row = TypeVar("Row")


def _chunks(rows: Iterator[Row]) -> Iterator[list[Row]]:
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def payment_differences() -> Iterator[Difference]:
    """Provider money against billing (issue 14 §4): every payment intent that took money for a
    tender (reference `tender:<id>`) matches exactly one succeeded tender of its provider and amount,
    and the amount the provider reported is that tender's (decision 0009, "mismatched"); every
    succeeded provider refund of a refund tender (`refundTender:<id>`) matches that refund tender,
    succeeded, of its amount; and a provider refund tender marked succeeded was confirmed by
    exactly one succeeded provider refund. Intents of other references are not billing's."""
    seen: dict[int, int] = {}
    for chunk in _chunks(paid_intents_referencing(prefix=TENDER_REFERENCE_PREFIX)):
        ids = {i for _pk, reference, *_ in chunk if (i := _id_of(reference, TENDER_REFERENCE_PREFIX)) is not None}
        tenders = {
            pk: (method, amount, status)
            for pk, method, amount, status in Tender.objects.filter(pk__in=ids).values_list(
                "pk", "method", "amount", "status"
            )
        }
        for pk, reference, provider, amount, reported in chunk:
            tender_id = _id_of(reference, TENDER_REFERENCE_PREFIX)
            record = f"payment intent {pk} ({reference})"
            tender = tenders.get(tender_id) if tender_id is not None else None
            if tender is None:
                yield Difference("provider payments", record, "tender", "none", "a succeeded tender")
                continue
            method, tender_amount, status = tender
            if status != TenderStatus.SUCCEEDED or method != provider or tender_amount != amount:
                yield Difference(
                    "provider payments",
                    record,
                    "tender",
                    f"{method} {tender_amount} {status}",
                    f"{provider} {amount} succeeded",
                )
            if reported != tender_amount:
                yield Difference("provider payments", record, "provider's amount", reported, tender_amount)
            if tender_id is not None and tender_id in seen:
                yield Difference(
                    "provider payments", f"tender {tender_id}", "paid intents", f"{seen[tender_id]} and {pk}", "one"
                )
            elif tender_id is not None:
                seen[tender_id] = pk
    unpaid = Tender.objects.filter(status=TenderStatus.SUCCEEDED, method__in=PROVIDER_METHODS).values_list(
        "pk", "method", "amount"
    )
    for pk, method, amount in unpaid.order_by("pk").iterator(chunk_size=CHUNK):
        if pk not in seen:
            yield Difference(
                "provider payments", f"tender {pk}", "paid intent", f"{method} {amount} succeeded", "no paid intent"
            )
    confirmed: dict[int, int] = {}
    for batch in _chunks(succeeded_refunds_referencing(prefix=REFERENCE_PREFIX)):
        ids = {i for _pk, reference, _p, _a in batch if (i := refund_tender_id_of(reference)) is not None}
        rows = {
            pk: (method, amount, status)
            for pk, method, amount, status in RefundTender.objects.filter(pk__in=ids).values_list(
                "pk", "method", "amount", "status"
            )
        }
        for pk, reference, provider, amount in batch:
            row_id = refund_tender_id_of(reference)  # any attempt of it
            record = f"provider refund {pk} ({reference})"
            row = rows.get(row_id) if row_id is not None else None
            if row is None:
                yield Difference("provider refunds", record, "refund tender", "none", "a succeeded refund tender")
                continue
            method, row_amount, status = row
            if status != TenderStatus.SUCCEEDED or method != provider or row_amount != amount:
                yield Difference(
                    "provider refunds",
                    record,
                    "refund tender",
                    f"{method} {row_amount} {status}",
                    f"{provider} {amount} succeeded",
                )
            if row_id is not None and row_id in confirmed:
                yield Difference(
                    "provider refunds",
                    f"refund tender {row_id}",
                    "provider refunds",
                    f"{confirmed[row_id]} and {pk}",
                    "one",
                )
            elif row_id is not None:
                confirmed[row_id] = pk
    unconfirmed = RefundTender.objects.filter(status=TenderStatus.SUCCEEDED, method__in=PROVIDER_METHODS).values_list(
        "pk", "amount"
    )
    for pk, amount in unconfirmed.iterator(chunk_size=CHUNK):
        if pk not in confirmed:
            yield Difference(
                "provider refunds", f"refund tender {pk}", "confirmed", f"succeeded {amount}", "no provider refund"
            )


def deposit_differences() -> Iterator[Difference]:
    """Intention deposits (docs/decisions/0021-intention-deposits.md): each taken deposit's balance,
    applied and refunded amounts against its ledger's entries, its newest entry's balance after
    against its balance; the `deposit` tenders (less what refunds returned of them) against what the
    ledger says was applied. Aggregate queries over every deposit."""
    money = DecimalField(max_digits=20, decimal_places=2)

    def total(kind: str | None = None) -> Coalesce:
        condition = Q(entries__kind=kind) if kind else Q()
        return Coalesce(Sum("entries__change", filter=condition), Value(ZERO), output_field=money)

    rows = Deposit.objects.order_by().annotate(
        ledger=total(),
        taken=total(DepositEntryKind.TAKEN),
        out=total(DepositEntryKind.APPLIED),
        back=total(DepositEntryKind.RETURNED),
        given=total(DepositEntryKind.REFUNDED),
    )
    for deposit in rows.iterator():
        label = f"deposit {deposit.pk}"
        if deposit.status in (DepositStatus.UNPAID, DepositStatus.CANCELLED):
            if deposit.ledger or deposit.taken:
                yield Difference("intention deposits", label, "entries of an untaken deposit", ZERO, deposit.ledger)
            continue
        checks = (
            ("balance", deposit.balance, deposit.ledger),
            ("amount", deposit.amount, deposit.taken),
            ("applied", deposit.applied, -deposit.out - deposit.back),
            ("refunded", deposit.refunded, -deposit.given),
        )
        for field, kept, recomputed in checks:
            if kept != round_money(recomputed):
                yield Difference("intention deposits", label, field, kept, round_money(recomputed))
    newest = DepositEntry.objects.filter(deposit=OuterRef("pk")).order_by("-id").values("balance_after")[:1]
    for pk, balance, after in (
        Deposit.objects.order_by()
        .annotate(after=Subquery(newest))
        .filter(after__isnull=False)
        .exclude(balance=F("after"))
        .values_list("pk", "balance", "after")
        .iterator()
    ):
        yield Difference("intention deposits", f"deposit {pk}", "balance after its newest entry", balance, after)
    tendered = dict(
        Tender.objects.filter(deposit__isnull=False, status=TenderStatus.SUCCEEDED)
        .order_by()
        .values("deposit_id")
        .annotate(total=Sum("amount"))
        .values_list("deposit_id", "total")
    )
    returned = dict(
        RefundTender.objects.filter(tender__deposit__isnull=False, status=TenderStatus.SUCCEEDED)
        .order_by()
        .values("tender__deposit_id")
        .annotate(total=Sum("amount"))
        .values_list("tender__deposit_id", "total")
    )
    for pk, applied in Deposit.objects.order_by().values_list("pk", "applied").iterator():
        net = round_money((tendered.get(pk) or ZERO) - (returned.get(pk) or ZERO))
        if applied != net:
            yield Difference("intention deposits", f"deposit {pk}", "deposit tenders", applied, net)
