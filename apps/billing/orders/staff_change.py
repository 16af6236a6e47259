"""Changing who served or sold an order's line (spec §7.8 `order/changeNurse`; docs/api.md "Orders
and pricing").

- An unpaid or partly paid order credits nobody yet (credits are written when it becomes paid), so
  its line's staff are simply replaced.
- A paid order's line has credits (apps.billing.orders.performance). StaffCredit is append-only: the credits
  move by a reversing entry for each employee and kind the line credits (the negative of what they
  hold on it) and new entries splitting the same amounts by the new shares, dated the order's business
  day, so the line's total by kind never changes and every report of that day sees the move.
  A paid order's staff change on its business day only, and not once that day is closed (409
  DAY-40901): an ended day's figures are that day's, whether or not it was closed yet. Moving a
  paid order's credits needs a reason (kept in the system log), and is refused while the day lies
  in a closed commission period (409 ORD-40905): that month's commission is frozen for payroll.
- A cancelled order changes nothing.

One transaction under the order's row lock, with the system log."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import AuditAction, OrderStatus
from apps.billing.errors import OrderNotInState
from apps.billing.models import ZERO, Order, OrderLine, OrderLineStaff, StaffCredit
from apps.billing.orders.commission_periods import check_commission_open
from apps.billing.orders.lines import StaffShare
from apps.billing.orders.performance import split_by_shares
from apps.core.audit import Actor, audit_record
from apps.core.business_days import check_day_open
from apps.core.errors import InvalidInput, NotFound, PermissionRefused
from apps.core.money import money_to_wire
from apps.staff.choices import EmployeeStatus
from apps.staff.models import Employee

ONE = Decimal("1")


def _checked(store_id: int, staff: list[StaffShare]) -> None:
    """Employees of the order's store (another store's is not found), active, each once, shares above
    0 that add up to 1; at least one."""
    if not staff:
        raise InvalidInput(_("please choose at least one employee"), field="staff")
    ids = [share.employee_id for share in staff]
    if len(set(ids)) != len(ids):
        raise InvalidInput(_("an employee is named twice on the line"), field="staff")
    employees = {e.pk: e for e in Employee.objects.filter(pk__in=ids, store_id=store_id)}
    for share in staff:
        employee = employees.get(share.employee_id)
        if employee is None:
            raise NotFound(_("no such employee"))
        if employee.status != EmployeeStatus.ACTIVE:
            raise InvalidInput(_("the employee has left"), field="staff")
        if share.share <= 0:
            raise InvalidInput(_("each share must be above 0"), field="staff")
    if sum((share.share for share in staff), ZERO) != ONE:
        raise InvalidInput(_("the shares of a line must add up to 1"), field="staff")


def _move_credits(order: Order, line: OrderLine, staff: list[OrderLineStaff]) -> list[StaffCredit]:
    """Reverses what each employee holds on the line, by kind, and credits the same totals to the new
    staff by their shares; returns the entries written."""
    held: dict[tuple[int, str], Decimal] = defaultdict(lambda: ZERO)
    for credit in StaffCredit.objects.filter(line=line).order_by("id"):
        held[(credit.employee_id, credit.kind)] += credit.amount
    by_kind: dict[str, Decimal] = defaultdict(lambda: ZERO)
    entries = []
    for (employee_id, kind), amount in held.items():
        if amount == 0:
            continue
        by_kind[kind] += amount
        entries.append(_credit(order, line, employee_id, kind, -amount))
    for kind, total in by_kind.items():
        for person, part in split_by_shares(total, staff):
            if part:
                entries.append(_credit(order, line, person.employee_id, kind, part))
    return StaffCredit.objects.bulk_create(entries)


def _credit(order: Order, line: OrderLine, employee_id: int, kind: str, amount: Decimal) -> StaffCredit:
    return StaffCredit(
        line=line,
        employee_id=employee_id,
        kind=kind,
        amount=amount,
        store_id=order.store_id,
        business_date=order.business_date,
    )


def line_staff_change(
    *,
    actor: Actor,
    order: Order,
    line_id: int,
    staff: list[StaffShare],
    may_move_credits: bool = True,
    reason: str = "",
    today: date | None = None,
) -> OrderLine:
    """Gives line `line_id` of `order` new staff (see the module's rules): 404 for a line of another
    order, 409 ORD-40901 for a cancelled order or a paid one past its business day; a paid order's
    credits move only for a caller that `may_move_credits` (403 otherwise, checked under the lock:
    an order paid meanwhile is refused too); a paid order's change needs a `reason`."""
    today = today or timezone.localdate()
    with transaction.atomic():
        locked = Order.objects.select_for_update(no_key=True).get(pk=order.pk)
        line = OrderLine.objects.filter(pk=line_id, order=locked).first()
        if line is None:
            raise NotFound()
        if locked.status == OrderStatus.CANCELLED:
            raise OrderNotInState(_("the order is cancelled"))
        if locked.status == OrderStatus.PAID and locked.business_date != today:
            raise OrderNotInState(_("a paid order's staff change on its business day only"))
        if locked.status == OrderStatus.PAID:
            check_day_open(store_id=locked.store_id, day=locked.business_date)
        if locked.status == OrderStatus.PAID and not may_move_credits:
            raise PermissionRefused(_("changing the staff of a paid order needs the credit permission"))
        reason = reason.strip()
        if locked.status == OrderStatus.PAID:
            if not reason:
                raise InvalidInput(_("please give the reason for moving a paid order's credits"), field="reason")
            check_commission_open(store_id=locked.store_id, days={locked.business_date})
        _checked(locked.store_id, staff)
        before = list(line.staff.order_by("id").values("employee_id", "share"))
        line.staff.all().delete()
        rows = OrderLineStaff.objects.bulk_create(
            OrderLineStaff(line=line, employee_id=share.employee_id, share=share.share) for share in staff
        )
        moved = _move_credits(locked, line, rows) if locked.status == OrderStatus.PAID else []
        audit_record(
            actor=actor,
            action=AuditAction.LINE_STAFF_CHANGED,
            target=locked,
            detail={
                "orderNo": locked.order_no,
                "orderLineId": line.pk,
                "reason": reason,
                "before": [{"employeeId": s["employee_id"], "share": str(s["share"])} for s in before],
                "after": [{"employeeId": s.employee_id, "share": str(s.share)} for s in staff],
                "credits": [
                    {"employeeId": c.employee_id, "kind": c.kind, "amount": money_to_wire(c.amount)} for c in moved
                ],
            },
        )
    return line
