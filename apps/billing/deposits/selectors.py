"""Reads of intention deposits (issue 17 §4): the store's deposits (/stoIntention, /depositRecord
with its totals), the deposit ledger's entries (/payIntentionRecord), one deposit with its entries
and the orders it paid (/payIntentionDetail), and a member's deposits the cashier may apply."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, DecimalField, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from apps.billing.choices import DepositEntryKind, DepositStatus
from apps.billing.deposits.rows import DepositEntryRow, DepositTotalsRow
from apps.billing.models import ZERO, Deposit, DepositEntry
from apps.billing.orders.selectors import labelled
from apps.core.audit import operator_name
from apps.core.money import money_or_zero_to_wire
from apps.core.phones import mask_phone

_MONEY = DecimalField(max_digits=20, decimal_places=2)
USABLE = (DepositStatus.OPEN, DepositStatus.PARTLY_USED)


def _day_bounds(date_from: date | None, date_to: date | None) -> tuple[datetime | None, datetime | None]:
    start = timezone.make_aware(datetime.combine(date_from, time.min)) if date_from else None
    end = timezone.make_aware(datetime.combine(date_to + timedelta(days=1), time.min)) if date_to else None
    return start, end


def deposits() -> QuerySet[Deposit]:
    return Deposit.objects.select_related("member", "order")


def deposit_search(
    rows: QuerySet[Deposit],
    *,
    status: str = "",
    keyword: str = "",
    member_id: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[Deposit]:
    """Newest first; `keyword` is a whole phone, a member's name or the start of a deposit number;
    the dates bound the day the deposit was made."""
    if status:
        rows = rows.filter(status=status)
    if member_id is not None:
        rows = rows.filter(member_id=member_id)
    keyword = (keyword or "").strip()
    if keyword:
        rows = rows.filter(Q(member__phone=keyword) | Q(member__name=keyword) | Q(deposit_no__startswith=keyword))
    start, end = _day_bounds(date_from, date_to)
    if start is not None:
        rows = rows.filter(created_at__gte=start)
    if end is not None:
        rows = rows.filter(created_at__lt=end)
    return rows.order_by("-created_at", "-id")


def deposit_rows(window: Iterable[Deposit]) -> list[dict[str, Any]]:
    return [
        {
            "depositId": deposit.pk,
            "depositNo": deposit.deposit_no or "",
            "storeId": deposit.store_id,
            "memberId": deposit.member_id,
            "memberName": deposit.member.name,
            "phone": mask_phone(deposit.member.phone),
            "orderId": deposit.order_id,
            "orderNo": deposit.order.order_no or "",
            "status": deposit.status,
            "statusName": str(DepositStatus(deposit.status).label),
            "amount": money_or_zero_to_wire(deposit.amount),
            "applied": money_or_zero_to_wire(deposit.applied),
            "refunded": money_or_zero_to_wire(deposit.refunded),
            "left": money_or_zero_to_wire(deposit.balance),
            "remark": deposit.remark,
            "operatorName": operator_name(deposit.operator_name),
            "createdAt": deposit.created_at,
            "takenAt": deposit.taken_at,
        }
        for deposit in window
    ]


def deposit_totals(rows: QuerySet[Deposit]) -> DepositTotalsRow:
    """Of every deposit the filters find: how many, taken (paid), applied, refunded, still held."""
    taken = ~Q(status__in=[DepositStatus.UNPAID, DepositStatus.CANCELLED])
    sums = rows.order_by().aggregate(
        n=Count("id"),
        taken=Sum("amount", filter=taken),
        applied=Sum("applied"),
        refunded=Sum("refunded"),
        held=Sum("balance"),
    )
    return {
        "count": sums["n"] or 0,
        "taken": money_or_zero_to_wire(sums["taken"]),
        "applied": money_or_zero_to_wire(sums["applied"]),
        "refunded": money_or_zero_to_wire(sums["refunded"]),
        "held": money_or_zero_to_wire(sums["held"]),
    }


def entries() -> QuerySet[DepositEntry]:
    return DepositEntry.objects.select_related("deposit__member", "order", "refund")


def entry_search(
    rows: QuerySet[DepositEntry],
    *,
    kind: str = "",
    deposit_id: int | None = None,
    keyword: str = "",
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[DepositEntry]:
    if kind:
        rows = rows.filter(kind=kind)
    if deposit_id is not None:
        rows = rows.filter(deposit_id=deposit_id)
    keyword = (keyword or "").strip()
    if keyword:
        rows = rows.filter(
            Q(deposit__member__phone=keyword)
            | Q(deposit__member__name=keyword)
            | Q(deposit__deposit_no__startswith=keyword)
        )
    if date_from is not None:
        rows = rows.filter(business_date__gte=date_from)
    if date_to is not None:
        rows = rows.filter(business_date__lte=date_to)
    return rows.order_by("-created_at", "-id")


def entry_rows(window: Iterable[DepositEntry]) -> list[DepositEntryRow]:
    return [
        {
            "entryId": entry.pk,
            "depositId": entry.deposit_id,
            "depositNo": entry.deposit.deposit_no or "",
            "memberName": entry.deposit.member.name,
            "phone": mask_phone(entry.deposit.member.phone),
            "kind": entry.kind,
            "kindName": str(DepositEntryKind(entry.kind).label),
            "change": money_or_zero_to_wire(entry.change),
            "left": money_or_zero_to_wire(entry.balance_after),
            "orderId": entry.order_id,
            "orderNo": entry.order.order_no or "" if entry.order else "",
            "refundId": entry.refund_id,
            "refundNo": entry.refund.refund_no or "" if entry.refund else "",
            "businessDate": entry.business_date,
            "operatorName": operator_name(entry.operator_name),
            "createdAt": entry.created_at,
        }
        for entry in window
    ]


def deposit_detail_row(deposit: Deposit) -> dict[str, Any]:
    """One deposit, its ledger (oldest first) and the orders it paid (what each took, less what
    refunds of them returned)."""
    ledger = list(entries().filter(deposit=deposit).order_by("id"))
    paid: dict[int, dict[str, Any]] = {}
    for entry in ledger:
        if entry.kind not in (DepositEntryKind.APPLIED, DepositEntryKind.RETURNED) or entry.order is None:
            continue
        row = paid.setdefault(
            entry.order_id,  # type: ignore[arg-type]  # checked above
            {"orderId": entry.order_id, "orderNo": entry.order.order_no or "", "amount": ZERO, "at": entry.created_at},
        )
        row["amount"] -= entry.change
    return {
        **deposit_rows([deposit])[0],
        "entries": entry_rows(ledger),
        "orders": [{**row, "amount": money_or_zero_to_wire(row["amount"])} for row in paid.values()],
    }


def member_usable_deposits(*, store_id: int, member_id: int) -> list[dict[str, Any]]:
    """The member's deposits at the store with money left (the cashier's "use deposit"), oldest first."""
    rows = deposits().filter(store_id=store_id, member_id=member_id, status__in=USABLE).order_by("id")
    return deposit_rows(rows)


def deposit_row(deposit_id: int) -> dict[str, Any]:
    """One deposit as the lists show it: the answer of taking, paying, applying and refunding it."""
    return deposit_rows([deposits().get(pk=deposit_id)])[0]


def deposit_order_id(deposit_id: int) -> int:
    """The deposit's own order: a deposit's refund is a refund of that order."""
    return Deposit.objects.values_list("order_id", flat=True).get(pk=deposit_id)


def deposit_id_of_order(order_id: int) -> int:
    return Deposit.objects.get(order_id=order_id).pk


def deposit_in(rows: QuerySet[Deposit], deposit_id: int) -> Deposit | None:
    """One deposit of `rows` (the caller's stores'), or None."""
    return rows.filter(pk=deposit_id).first()


# Report reads (issue 29 §2; apps.reports.definitions.deposits).


def earnest_rows(*, store_ids: Iterable[int], date_from: date, date_to: date) -> QuerySet[Deposit, Any]:
    """The intention deposits of `store_ids` that moved in the range or were held at its end, one
    row each: what was taken, used (applied to orders, net of what refunds of those orders returned
    to it) and refunded within the range, by the ledger's business days (index
    deposit_entry_store_day), and what the store still held for the member at the end of the range
    (the balance after the deposit's last entry up to that day)."""
    entries = DepositEntry.objects.filter(deposit_id=OuterRef("pk"), business_date__lte=date_to).order_by()
    in_range = entries.filter(business_date__gte=date_from).values("deposit_id")

    def moved(*kinds: str) -> Coalesce:
        summed = in_range.filter(kind__in=kinds).annotate(n=Sum("change")).values("n")[:1]
        return Coalesce(Subquery(summed, output_field=_MONEY), Value(ZERO), output_field=_MONEY)

    held = Subquery(entries.order_by("-business_date", "-id").values("balance_after")[:1], output_field=_MONEY)
    return (
        Deposit.objects.filter(store_id__in=list(store_ids), business_date__lte=date_to)
        .exclude(status__in=[DepositStatus.UNPAID, DepositStatus.CANCELLED])
        .annotate(
            takenIn=moved(DepositEntryKind.TAKEN),
            usedIn=-moved(DepositEntryKind.APPLIED, DepositEntryKind.RETURNED),
            refundedIn=-moved(DepositEntryKind.REFUNDED),
            heldAtEnd=Coalesce(held, Value(ZERO), output_field=_MONEY),
            moves=Exists(in_range),
        )
        .filter(Q(moves=True) | Q(heldAtEnd__gt=0))
        .annotate(
            businessDate=F("business_date"),
            depositId=F("pk"),
            depositNo=F("deposit_no"),
            orderId=F("order_id"),
            orderNo=F("order__order_no"),
            memberId=F("member_id"),
            memberName=F("member__name"),
            storeName=F("store__name"),
            depositAmount=F("amount"),
            statusName=labelled("status", DepositStatus),
        )
        .values(
            "businessDate",
            "depositId",
            "depositNo",
            "orderId",
            "orderNo",
            "memberId",
            "memberName",
            "storeName",
            "depositAmount",
            "takenIn",
            "usedIn",
            "refundedIn",
            "heldAtEnd",
            "statusName",
        )
        .order_by("-businessDate", "-depositId")
    )
