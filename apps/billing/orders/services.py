"""Order use cases: commit (an unpaid order priced by the server) and cancel (an unpaid order that
took no tender). Each runs in one transaction with its system-log entry; the views wrap the commit
in an Idempotency-Key (contract §8), so a double click makes one order.

Paying an order, the card ledgers, points and staff credits are the payment's (apps.billing
payment services): a commit moves no money, sessions or points."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import AuditAction, LineType, OrderStatus
from apps.billing.errors import OrderNotInState
from apps.billing.ledgers.deposit_ledger import deposit_order_cancelled
from apps.billing.models import Order, OrderLine, OrderLineStaff, Tender
from apps.billing.orders.coupon_pricing import CouponFit, coupon_fits
from apps.billing.orders.draft_pricing import draft_priced
from apps.billing.orders.draft_reads import DraftReads, draft_reads
from apps.billing.orders.lines import DraftLine, LineInput, StaffShare
from apps.billing.orders.pricing import PricedOrder
from apps.booking.choices import BILLABLE_STATUSES, WALK_IN_NAME_MAX_LENGTH
from apps.booking.errors import ReservationBilled
from apps.booking.models import Reservation
from apps.booking.services import reservation_billed, reservation_unbilled
from apps.cards.choices import CouponStatus
from apps.cards.coupons import coupon_release, coupon_use, usable_coupons
from apps.cards.models import MemberCoupon
from apps.core.audit import Actor, audit_record
from apps.core.business_days import check_day_open
from apps.core.constraints import constraint_errors
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire
from apps.core.transactions import use_case_atomic
from apps.members import rules as member_rules
from apps.members.choices import MemberStatus
from apps.members.models import Member
from apps.members.selectors import member_in_chain
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeeStatus
from apps.staff.models import Employee

ONE = Decimal("1")


@dataclass(frozen=True)
class WalkIn:
    name: str
    area_code: str
    phone: str


@dataclass(frozen=True)
class Customer:
    member: Member | None
    name: str
    area_code: str
    phone: str


@contextmanager
def _fields_under(prefix: str) -> Iterator[None]:
    """Names a nested field's error by its path (`walkIn.phone`)."""
    try:
        yield
    except InvalidInput as error:
        error.field = f"{prefix}.{error.field}"
        raise


def _member_checked(member: Member | None) -> Member:
    if member is None or member.status != MemberStatus.ACTIVE:
        raise InvalidInput(_("unknown member"), field="memId")
    return member


def active_member(member_id: int) -> Member:
    """A member of any store (members are the chain's) whose file is not closed."""
    return _member_checked(member_in_chain(member_id))


def customer_of(*, member_id: int | None, walk_in: WalkIn | None, reads: DraftReads | None = None) -> Customer:
    """The member (any store's: members are the chain's) or a walk-in, checked by the walk-in rules
    of a reservation: a name of at most 20 characters and a phone valid for its area code. `reads`:
    the member read with the draft (apps.billing.orders.draft_reads)."""
    if member_id is not None:
        member = _member_checked(reads.member) if reads is not None else active_member(member_id)
        return Customer(member, member.name, member.area_code, member.phone)
    if walk_in is None:
        raise InvalidInput(_("please choose a member or enter the walk-in's name"), field="memId")
    name = (walk_in.name or "").strip()
    if not name:
        raise InvalidInput(_("please choose a member or enter the walk-in's name"), field="walkIn.name")
    if len(name) > WALK_IN_NAME_MAX_LENGTH:
        raise InvalidInput(_("the name can have at most 20 characters"), field="walkIn.name")
    with _fields_under("walkIn"):
        area_code, phone = member_rules.check_phone(walk_in.area_code or "0086", walk_in.phone)
    return Customer(None, name, area_code, phone)


def _reservation(store: OrgUnit, reservation_id: int | None, customer: Customer) -> Reservation | None:
    """The store's reservation the order is made from (another store's is not found), of the same
    member, or of a walk-in when the order is a walk-in's, not billed yet (409 RES-40907: one
    reservation, one order; the commit takes it again under its row lock)."""
    if reservation_id is None:
        return None
    reservation = Reservation.objects.select_related("nurse").filter(pk=reservation_id, store_id=store.pk).first()
    if reservation is None:
        raise NotFound()
    member_id = customer.member.pk if customer.member else None
    if reservation.member_id != member_id:
        raise InvalidInput(_("the reservation is not this customer's"), field="reservationId")
    if reservation.status not in BILLABLE_STATUSES:
        raise InvalidInput(_("the reservation was cancelled or missed"), field="reservationId")
    if reservation.billed_order_no:
        raise ReservationBilled(reservation.billed_order_no)
    return reservation


def _billed_meanwhile(reservation: Reservation | None) -> ReservationBilled:
    assert reservation is not None  # only an order from a reservation meets the index
    live = Order.objects.filter(reservation=reservation).exclude(status=OrderStatus.CANCELLED)
    return ReservationBilled(live.values_list("order_no", flat=True).first() or "")


def _default_staff(line: DraftLine, reservation: Reservation | None) -> tuple[StaffShare, ...]:
    """Nobody named: the reservation's nurse serves its projects; other lines credit no one."""
    nurse = reservation.nurse if reservation is not None else None
    if line.type == LineType.PROJECT and nurse is not None and nurse.status == EmployeeStatus.ACTIVE:
        return (StaffShare(nurse.pk, ONE),)
    return ()


def _line_staff(
    store: OrgUnit, lines: list[DraftLine], reservation: Reservation | None
) -> list[tuple[StaffShare, ...]]:
    """Each line's staff and shares: employees of the store (another store's is not found), active,
    each once, shares above 0 that sum to 1."""
    chosen = [line.staff if line.staff is not None else _default_staff(line, reservation) for line in lines]
    employee_ids = {share.employee_id for staff in chosen for share in staff}
    employees = {e.pk: e for e in Employee.objects.filter(pk__in=employee_ids, store_id=store.pk)}
    for line, staff in zip(lines, chosen, strict=True):
        if not staff:
            continue
        ids = [share.employee_id for share in staff]
        if len(set(ids)) != len(ids):
            raise InvalidInput(_("an employee is named twice on the line"), field=line.field("staff"))
        for share in staff:
            employee = employees.get(share.employee_id)
            if employee is None:
                raise NotFound(_("no such employee"))
            if employee.status != EmployeeStatus.ACTIVE:
                raise InvalidInput(_("the employee has left"), field=line.field("staff"))
            if share.share <= 0:
                raise InvalidInput(_("each share must be above 0"), field=line.field("staff"))
        if sum((share.share for share in staff), Decimal("0")) != ONE:
            raise InvalidInput(_("the shares of a line must add up to 1"), field=line.field("staff"))
    return chosen


def order_commit(
    *,
    actor: Actor,
    store: OrgUnit,
    lines: list[LineInput],
    member_id: int | None = None,
    walk_in: WalkIn | None = None,
    reservation_id: int | None = None,
    remark: str = "",
    coupon_ids: list[int] | None = None,
    today: date | None = None,
) -> Order:
    """An unpaid order at the store, priced by the server (apps.billing.orders.pricing), with its lines,
    each line's staff and shares, its coupons marked used (under their row locks: a coupon another
    order took meanwhile answers 409 CARD-40904), the reservation it is made from billed (done, so it
    leaves today's lists; a reservation billed already answers 409 RES-40907) and the system log;
    nothing is written when any check fails; refused (409 DAY-40901) in a closed day of the store."""
    remark = (remark or "").strip()
    if len(remark) > 200:
        raise InvalidInput(_("at most 200 characters"), field="remark")
    # The member and everything the lines name, in one statement; checked below in the usual order.
    reads = draft_reads(store_id=store.pk, member_id=member_id, lines=lines)
    customer = customer_of(member_id=member_id, walk_in=walk_in, reads=reads)
    reservation = _reservation(store, reservation_id, customer)
    member_pk = customer.member.pk if customer.member else None
    staff: list[tuple[StaffShare, ...]] = []
    draft = draft_priced(
        store=store,
        member_id=member_pk,
        lines=lines,
        coupon_ids=coupon_ids or [],
        lines_checked=lambda drafts: staff.extend(_line_staff(store, drafts, reservation)),
        reads=reads,
    )
    drafts, coupons, priced = draft.lines, draft.coupons, draft.priced
    with use_case_atomic():
        check_day_open(store_id=store.pk, day=today or timezone.localdate())
        # An order from the same reservation committed meanwhile wins on the index (its number is then
        # the reservation's, read after the savepoint). Without a reservation nothing can meet that
        # index, and the savepoint's two round trips are saved.
        billed_once = (
            constraint_errors({"order_reservation_billed_once": lambda: _billed_meanwhile(reservation)})
            if reservation is not None
            else nullcontext()
        )
        with billed_once:
            order = _write_order(actor, store, customer, reservation, priced, staff, remark, today)
        if reservation is not None:
            reservation_billed(actor=actor, reservation_id=reservation.pk, order_no=order.order_no or "")
        for coupon in coupons:
            assert member_pk is not None  # draft_coupons refuses coupons for a walk-in
            coupon_use(actor=actor, coupon_id=coupon.pk, member_id=member_pk, order_id=order.pk, today=today)
        audit_record(
            actor=actor,
            action=AuditAction.ORDER_COMMITTED,
            target=order,
            detail={
                "orderNo": order.order_no,
                "memberId": member_pk,
                "reservationId": reservation.pk if reservation else None,
                "lines": len(drafts),
                "couponIds": [coupon.pk for coupon in coupons],
                "payable": money_to_wire(order.payable),
            },
        )
    return order


def _write_order(
    actor: Actor,
    store: OrgUnit,
    customer: Customer,
    reservation: Reservation | None,
    priced: PricedOrder,
    staff: list[tuple[StaffShare, ...]],
    remark: str,
    today: date | None,
) -> Order:
    order = Order.objects.create(
        store=store,
        member=customer.member,
        name=customer.name,
        area_code=customer.area_code,
        phone=customer.phone,
        reservation=reservation,
        status=OrderStatus.UNPAID,
        total=priced.total,
        discount=priced.discount,
        payable=priced.payable,
        remark=remark,
        business_date=today or timezone.localdate(),
        created_by_id=actor.user_id,
        operator_name=actor.login_name[:40],
    )
    rows = OrderLine.objects.bulk_create(
        OrderLine(
            order=order,
            type=line.line.type,
            item_id=line.line.item.pk,
            name=line.name[:100],
            qty=line.line.qty,
            unit_price=line.unit_price,
            discount=line.discount,
            amount=line.amount,
            discounts=[d.to_wire() for d in line.discounts],
            card=line.line.card,
            gift=line.line.gift,
            gift_reason=line.line.gift_reason if line.line.gift else "",
            take_later=line.line.take_later,
        )
        for line in priced.lines
    )
    _package_lines_named(rows, priced)
    OrderLineStaff.objects.bulk_create(
        OrderLineStaff(line=row, employee_id=share.employee_id, share=share.share)
        for row, shares in zip(rows, staff, strict=True)
        for share in shares
    )
    # The lines just written are the order's lines: `order.lines.all()` answers them without a query,
    # filled the way prefetch_related fills it (a queryset holding its rows).
    written = order.lines.all()
    written._result_cache, written._prefetch_done = rows, True  # type: ignore[attr-defined]
    order._prefetched_objects_cache = {"lines": written}  # type: ignore[attr-defined]
    return order


def _package_lines_named(rows: list[OrderLine], priced: PricedOrder) -> None:
    """A project served from a package the order sells names that package's line (decision 0038)."""
    linked = [(row, line.line.package) for row, line in zip(rows, priced.lines, strict=True) if line.line.package]
    for row, package in linked:
        row.package_line = rows[package.index]
    if linked:
        OrderLine.objects.bulk_update([row for row, _package in linked], ["package_line"])


def order_cancel(*, actor: Actor, order: Order) -> Order:
    """Cancels an unpaid order that took no tender (409 ORD-40901 otherwise), logged; the coupons
    it used are given back, and the reservation it billed is billed no more (the till offers it
    again). Refused (409 DAY-40901) when the order's day is closed."""
    with transaction.atomic():
        locked = Order.objects.select_for_update(no_key=True).get(pk=order.pk)
        check_day_open(store_id=locked.store_id, day=locked.business_date)
        if locked.status != OrderStatus.UNPAID or Tender.objects.filter(order=locked).exists():
            raise OrderNotInState()
        locked.status = OrderStatus.CANCELLED
        locked.save(update_fields=["status", "updated_at"])
        deposit_order_cancelled(locked)
        if locked.reservation_id is not None:
            reservation_unbilled(actor=actor, reservation_id=locked.reservation_id, order_no=locked.order_no or "")
        used = MemberCoupon.objects.filter(used_order_id=locked.pk, status=CouponStatus.USED).order_by("pk")
        for coupon_id in used.values_list("pk", flat=True):
            coupon_release(actor=actor, coupon_id=coupon_id, order_id=locked.pk)
        audit_record(
            actor=actor,
            action=AuditAction.ORDER_CANCELLED,
            target=locked,
            detail={"orderNo": locked.order_no, "payable": money_to_wire(locked.payable)},
        )
    return locked


def draft_price(*, store: OrgUnit, member_id: int | None, lines: list[LineInput], coupon_ids: list[int]) -> PricedOrder:
    """The cashier's live totals: the draft priced as the commit would price it (apps.billing.orders
    .draft_pricing), short stock refused now rather than at the till; the coupons are checked and
    priced, not used. The cashier sees totals before the customer is chosen, so a draft without a
    member is priced as a walk-in's."""
    if member_id is not None:
        member_id = active_member(member_id).pk
    return draft_priced(store=store, member_id=member_id, lines=lines, coupon_ids=coupon_ids).priced


def draft_coupon_fits(*, store: OrgUnit, member_id: int | None, lines: list[LineInput]) -> list[CouponFit]:
    """The till's coupon picker: the member's coupons usable today, each tried alone on the draft's
    priced lines (what it would take off, or why not); without lines, the coupons alone. Nothing is
    used, and short stock is the preview's and the commit's to refuse."""
    if member_id is None:
        raise InvalidInput(_("coupons are for members only"), field="memId")
    member_pk = active_member(member_id).pk
    priced = None
    if lines:
        priced = draft_priced(store=store, member_id=member_pk, lines=lines, stock_checked=False).priced
    return coupon_fits(priced, usable_coupons(member_id=member_pk))


# What a counter sale may sell: goods off the shelf, no services, cards or top-ups.
COUNTER_SALE_TYPES = (LineType.PRODUCT, LineType.PRODUCT_PACKAGE)


def counter_sale_check(*, member_id: int | None, lines: list[LineInput]) -> None:
    """A counter sale (sales/commitfromscan) is a walk-in's sale of goods: a member's order goes
    through order/commitfromscan, and a line other than a product or a product package is refused."""
    if member_id is not None:
        raise InvalidInput(_("a counter sale is a walk-in's: use order/commitfromscan for a member"), field="memId")
    if any(line.type not in COUNTER_SALE_TYPES for line in lines):
        raise InvalidInput(_("a counter sale sells products and product packages only"), field="lines")
