"""The intention-deposit ledger (issue 17 §4; docs/decisions/0021-intention-deposits.md).

A deposit's `balance` (what the store still owes the member) changes only here, each change an
append-only DepositEntry with what is left after it, in the caller's transaction and under the
deposit's row lock. The callers lock in the payments' order: the order being paid or refunded,
then the member (apps.members.services.member_lock), then the deposit; so two tills applying one
deposit take turns, and the second sees what the first left.

- taken: the deposit's own order became paid (apps.billing.till.checkout settles it);
- applied: part of it paid another order, as a `deposit` tender (apps.billing.till.checkout.order_pay);
- refunded: a refund of the deposit's order gave money back (apps.billing.refunds.services);
- returned: a refund of an order it paid gave that part back to the deposit (apps.billing.refunds.services)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import DepositEntryKind, DepositStatus, LineType
from apps.billing.errors import DepositShort
from apps.billing.models import ZERO, Deposit, DepositEntry, Order, OrderLine, Refund
from apps.core.audit import Actor
from apps.core.business_days import business_day
from apps.core.errors import InvalidInput, NotFound


def deposit_status(deposit: Deposit) -> str:
    """What the balance says of a taken deposit (see DepositStatus)."""
    if deposit.balance == deposit.amount:
        return DepositStatus.OPEN
    if deposit.balance > 0:
        return DepositStatus.PARTLY_USED
    return DepositStatus.REFUNDED if deposit.refunded > 0 else DepositStatus.USED


def deposit_lock(deposit_id: int) -> Deposit:
    deposit = Deposit.objects.select_for_update(no_key=True).filter(pk=deposit_id).first()
    if deposit is None:
        raise NotFound()
    return deposit


def deposits_of_lines_lock(lines: list[OrderLine]) -> dict[int, Deposit]:
    """The deposits an order's deposit lines take, locked in the order of their ids."""
    ids = sorted({line.item_id for line in lines if line.type == LineType.DEPOSIT})
    return {
        deposit.pk: deposit
        for deposit in Deposit.objects.select_for_update(no_key=True).filter(pk__in=ids).order_by("pk")
    }


def _entry(
    actor: Actor,
    deposit: Deposit,
    kind: str,
    change: Decimal,
    *,
    order: Order | None = None,
    refund: Refund | None = None,
    day: date | None = None,
) -> DepositEntry:
    deposit.balance += change
    if deposit.balance < 0:
        raise DepositShort()
    if kind == DepositEntryKind.APPLIED:
        deposit.applied -= change
    elif kind == DepositEntryKind.RETURNED:
        deposit.applied -= change
    elif kind == DepositEntryKind.REFUNDED:
        deposit.refunded -= change
    deposit.status = deposit_status(deposit)
    deposit.save(update_fields=["balance", "applied", "refunded", "status", "taken_at", "updated_at"])
    return DepositEntry.objects.create(
        deposit=deposit,
        kind=kind,
        change=change,
        balance_after=deposit.balance,
        order=order,
        refund=refund,
        store_id=deposit.store_id,
        business_date=day or business_day(),
        operator_id=actor.user_id,
        operator_name=actor.login_name[:40],
    )


def deposit_taken(actor: Actor, order: Order, lines: list[OrderLine]) -> None:
    """The deposit lines of `order` (locked, just paid in full): each deposit is taken, its whole
    amount now owed to the member."""
    for deposit in deposits_of_lines_lock(lines).values():
        if deposit.status != DepositStatus.UNPAID:
            continue
        deposit.taken_at = timezone.now()
        _entry(actor, deposit, DepositEntryKind.TAKEN, deposit.amount, order=order)


def deposit_spend(*, actor: Actor, order: Order, deposit_id: int, amount: Decimal) -> Deposit:
    """Applies `amount` of the deposit to `order` (locked by the caller, with its member): the
    deposit must be the same store's and member's, taken, and hold that much (409 DEP-40901)."""
    deposit = deposit_lock(deposit_id)
    if deposit.store_id != order.store_id or deposit.member_id != order.member_id:
        raise NotFound(_("no such intention deposit"))
    if deposit.order_id == order.pk:
        raise InvalidInput(_("a deposit cannot pay its own order"), field="depositId")
    if deposit.status not in (DepositStatus.OPEN, DepositStatus.PARTLY_USED):
        raise DepositShort(_("only a paid deposit with money left can be applied"))
    if amount <= 0:
        raise InvalidInput(_("the amount must be above 0"), field="amount")
    if amount > deposit.balance:
        raise DepositShort()
    _entry(actor, deposit, DepositEntryKind.APPLIED, -amount, order=order)
    return deposit


def deposit_refunded(*, actor: Actor, deposit: Deposit, amount: Decimal, refund: Refund) -> None:
    """A refund of the deposit's order gives `amount` back to the member: never more than is left."""
    if amount > deposit.balance:
        raise DepositShort(_("at most what is left of the deposit can be refunded"))
    _entry(
        actor, deposit, DepositEntryKind.REFUNDED, -amount, order=deposit.order, refund=refund, day=refund.business_date
    )


def deposit_returned(*, actor: Actor, deposit_id: int, amount: Decimal, refund: Refund) -> None:
    """A refund of an order paid from the deposit gives that part back to the deposit."""
    deposit = deposit_lock(deposit_id)
    _entry(
        actor, deposit, DepositEntryKind.RETURNED, amount, order=refund.order, refund=refund, day=refund.business_date
    )


def deposit_line_refundable(line: OrderLine, left_amount: Decimal) -> Decimal:
    """What a refund may still return of a paid deposit line: what is left of the deposit."""
    deposit = Deposit.objects.filter(pk=line.item_id).only("balance").first()
    return min(left_amount, deposit.balance if deposit is not None else ZERO)


def deposit_order_cancelled(order: Order) -> None:
    """The deposit's unpaid order was cancelled (or its part payment refunded whole): the deposit
    was never taken, and is cancelled with it."""
    Deposit.objects.filter(order=order, status=DepositStatus.UNPAID).update(status=DepositStatus.CANCELLED)
