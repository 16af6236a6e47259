"""Intention deposits (意向金/定金; issue 17 §4; docs/decisions/0021-intention-deposits.md).

**Taking** a deposit (/payIntentionMent) commits an order of its own kind: one `deposit` line of
the amount, for the member, unpaid. The cashier pays it on the payment page like any order (cash,
WeChat Pay or Alipay by scan or QR, the card terminal: pay/excute and the provider flows), and the
payment that makes it paid takes the deposit (its ledger's `taken` entry; apps.billing.till.checkout).
So its money is in the day's takings like any tender, and it is a liability (a sale kind of its
own, `deposits`, beside card sales and top-ups), not revenue.

**Applying** a deposit pays part of another order of the same member and store with a `deposit`
tender (only `deposit_apply` gives one): the order's revenue is its lines, as always; the tender is
not money in (takings), since the money came in when the deposit was taken.

**Refunding** a deposit (/refundIntention) refunds its order's deposit line by billing's refund
(apps.billing.refunds.services), so the money goes back the way it was paid (cash out of the till, a
provider's refund through the provider) and the ledger's `refunded` entry is written in the same
transaction; never more than is left of the deposit (409 DEP-40901)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import (
    DEPOSIT_MAX,
    DEPOSIT_NO_PREFIX,
    ORDER_NO_ID_DIGITS,
    AuditAction,
    DepositStatus,
    LineType,
    OrderStatus,
    TenderMethod,
)
from apps.billing.errors import DepositShort, OrderNotInState
from apps.billing.models import Deposit, Order, OrderLine, Refund
from apps.billing.orders.services import active_member
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.till.checkout import Payment, TenderAsked, order_pay
from apps.core.audit import Actor, audit_record
from apps.core.business_days import check_day_open
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire, round_money
from apps.core.transactions import use_case_atomic
from apps.members.models import Member
from apps.org.models import OrgUnit


def deposit_no(deposit: Deposit) -> str:
    return f"{DEPOSIT_NO_PREFIX}{deposit.business_date:%Y%m%d}{deposit.pk:0{ORDER_NO_ID_DIGITS}d}"


def _checked_amount(amount: Decimal | None, field: str = "amount") -> Decimal:
    if amount is None:
        raise InvalidInput(_("please enter the amount"), field=field)
    amount = round_money(amount)
    if amount <= 0:
        raise InvalidInput(_("the amount must be above 0"), field=field)
    if amount > DEPOSIT_MAX:
        raise InvalidInput(_("the amount can be at most 100000.00"), field=field)
    return amount


def deposit_take(
    *, actor: Actor, store: OrgUnit, member_id: int, amount: Decimal, remark: str = "", today: date | None = None
) -> Deposit:
    """The member's intention deposit of `amount` at `store`: its order (one deposit line, unpaid)
    and the deposit (unpaid until the order is paid), logged. Refused (409 DAY-40901) in a closed
    day; a closed member file or another chain's member is 400."""
    amount = _checked_amount(amount)
    remark = (remark or "").strip()
    if len(remark) > 200:
        raise InvalidInput(_("at most 200 characters"), field="remark")
    member = active_member(member_id)
    day = today or timezone.localdate()
    with use_case_atomic():
        check_day_open(store_id=store.pk, day=day)
        order = _deposit_order_write(actor, store, member, amount, remark, day)
        deposit = Deposit.objects.create(
            store=store,
            member=member,
            order=order,
            amount=amount,
            remark=remark,
            business_date=day,
            operator_id=actor.user_id,
            operator_name=actor.login_name[:40],
        )
        deposit.deposit_no = deposit_no(deposit)
        deposit.save(update_fields=["deposit_no"])
        OrderLine.objects.create(
            order=order,
            type=LineType.DEPOSIT,
            item_id=deposit.pk,
            name=f"{_('intention deposit')} {deposit.deposit_no}"[:100],
            qty=1,
            unit_price=amount,
            amount=amount,
        )
        audit_record(
            actor=actor,
            action=AuditAction.DEPOSIT_TAKEN,
            target=deposit,
            detail={
                "depositNo": deposit.deposit_no,
                "memberId": member.pk,
                "orderId": order.pk,
                "orderNo": order.order_no,
                "amount": money_to_wire(amount),
            },
        )
    return deposit


def _deposit_order_write(
    actor: Actor, store: OrgUnit, member: Member, amount: Decimal, remark: str, day: date
) -> Order:
    """The deposit's own order, unpaid, of the deposit's amount (its one line is written once the
    deposit has its number)."""
    order = Order.objects.create(
        store=store,
        member=member,
        name=member.name,
        area_code=member.area_code,
        phone=member.phone,
        status=OrderStatus.UNPAID,
        total=amount,
        payable=amount,
        remark=remark,
        business_date=day,
        created_by_id=actor.user_id,
        operator_name=actor.login_name[:40],
    )
    return order


def deposit_apply(
    *, actor: Actor, store: OrgUnit, order_id: int, deposit_id: int, amount: Decimal
) -> tuple[Payment, Deposit]:
    """Pays `amount` of the order (of `store`) from the member's intention deposit (of `store`), a
    `deposit` tender: at most what is left of the deposit (409 DEP-40901) and what is due (409
    ORD-40901). The order's row, its member's, then the deposit's are locked (apps.billing.till.checkout),
    so two tills applying one deposit take turns. Another store's order or deposit is 404."""
    amount = _checked_amount(amount)
    deposit = Deposit.objects.filter(pk=deposit_id, store=store).first()
    if deposit is None:
        raise NotFound(_("no such intention deposit"))
    with use_case_atomic():
        order = Order.objects.filter(pk=order_id, store=store).only("pk", "member_id").first()
        if order is None:
            raise NotFound()
        if order.member_id is None or order.member_id != deposit.member_id:
            raise InvalidInput(_("the deposit is another customer's"), field="depositId")
        if OrderLine.objects.filter(order_id=order.pk, type=LineType.DEPOSIT).exists():
            raise InvalidInput(_("a deposit cannot pay for another deposit"), field="orderId")
        payment = order_pay(
            actor=actor,
            order_id=order.pk,
            tenders=[TenderAsked(method=TenderMethod.DEPOSIT, amount=amount, deposit_id=deposit.pk)],
            store_ids=[store.pk],
            deposit=True,
        )
        deposit = Deposit.objects.get(pk=deposit.pk)
        audit_record(
            actor=actor,
            action=AuditAction.DEPOSIT_APPLIED,
            target=deposit,
            detail={
                "depositNo": deposit.deposit_no,
                "orderId": order.pk,
                "orderNo": payment.order.order_no,
                "amount": money_to_wire(amount),
                "left": money_to_wire(deposit.balance),
            },
        )
    return payment, deposit


def deposit_refund_asked(*, store: OrgUnit, deposit_id: int, amount: Decimal | None = None) -> list[LineAsked]:
    """The refund of `amount` (all that is left, by default) of the deposit (of `store`) as lines of
    its order, checked against what is left: 404, DEP-40901 (more than is left, nothing left, not
    taken). The refund itself re-checks it under the deposit's lock."""
    deposit = Deposit.objects.filter(pk=deposit_id, store=store).first()
    if deposit is None:
        raise NotFound(_("no such intention deposit"))
    if deposit.status not in (DepositStatus.OPEN, DepositStatus.PARTLY_USED):
        raise DepositShort(_("only a paid deposit with money left can be refunded"))
    wanted = deposit.balance if amount is None else _checked_amount(amount)
    if wanted > deposit.balance:
        raise DepositShort(_("at most what is left of the deposit can be refunded"))
    line = OrderLine.objects.filter(order_id=deposit.order_id, type=LineType.DEPOSIT).first()
    if line is None:  # every deposit's order has its line (deposit_take)
        raise OrderNotInState()
    return [LineAsked(order_line_id=line.pk, amount=wanted)]


def deposit_refund(
    *,
    actor: Actor,
    store: OrgUnit,
    deposit_id: int,
    reason: str,
    amount: Decimal | None = None,
    approved: bool = False,
) -> Refund:
    """Refunds `amount` (all that is left, by default) of the deposit (of `store`) the way it was
    paid, by billing's refund of the deposit's order (see the module's doc), logged. Errors: 404,
    VALID-40000 (no reason), DEP-40901 (more than is left, nothing left, not taken), ORD-40301
    (above the store's approval amount: the view asks the owner's approval first), ORD-40903 (the
    provider payment cannot be refunded), DAY-40901 (today is closed)."""
    lines = deposit_refund_asked(store=store, deposit_id=deposit_id, amount=amount)
    with use_case_atomic():
        deposit = Deposit.objects.get(pk=deposit_id)
        refund = order_refund(actor=actor, order_id=deposit.order_id, lines=lines, reason=reason, approved=approved)
        deposit = Deposit.objects.get(pk=deposit.pk)
        audit_record(
            actor=actor,
            action=AuditAction.DEPOSIT_REFUNDED,
            target=deposit,
            detail={
                "depositNo": deposit.deposit_no,
                "refundId": refund.pk,
                "refundNo": refund.refund_no,
                "amount": money_to_wire(refund.amount),
                "reason": refund.reason,
                "left": money_to_wire(deposit.balance),
            },
        )
    return refund
