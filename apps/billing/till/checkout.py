"""Paying an order (POST pay/excute, contract §8; issue 13 §2).

One payment is one transaction. The order's row is locked first, then the member's
(apps.members.services.member_lock), then each card in the order of its id: every payment of
one member takes its turn, and two payments never wait on each other in a circle. A payment may
pay part of what is due (the order is then partly paid); cash may be more than what is left (the
change is given back and noted on the tender); anything else paying more than is due is refused.

WeChat Pay, Alipay and the card terminal are tenders too (apps.billing.till.provider_payments): this
transaction writes such a tender `pending`, and it counts as taken from what is due until the
provider's word makes it succeeded (it then adds to `paid`, and may make the order paid) or failed.

When the order becomes paid, in the same transaction: its goods leave stock (or are owed) and its
services use their products (apps.billing.ledgers.stock; 409 STOCK-40901 refuses the payment where the
store does not allow negative stock and too little is held), package sessions are used, bought cards are
issued and top-ups loaded, points are earned on the money paid (apps.billing.orders.points), the staff
are credited (apps.billing.orders.performance), the member's last visit moves forward."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import AuditAction, LineType, OrderStatus, TenderMethod, TenderStatus
from apps.billing.errors import OrderNotInState, SignatureMissing
from apps.billing.ledgers.deposit_ledger import deposit_spend, deposit_taken
from apps.billing.ledgers.stock import order_stock_settled
from apps.billing.models import ZERO, Order, OrderLine, Tender
from apps.billing.orders.paid_lines import ORDER_LINES, order_lines, session_lines, signature_needed
from apps.billing.orders.performance import order_credits, paid_from_card
from apps.billing.orders.points import points_earned, points_for_amount
from apps.cards.services import card_issue, card_sessions_use, card_spend, card_top_up
from apps.catalog.models import CardType
from apps.catalog.services import package_card_type
from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day, check_day_open
from apps.core.errors import InvalidInput, NotFound
from apps.core.held_writes import update_at_close
from apps.core.money import money_to_wire, round_money
from apps.core.query_shapes import QueryShape, read_together
from apps.core.transactions import use_case_atomic
from apps.members.models import Member
from apps.members.services import member_lock, member_locking, member_visit_forward, points_earn, points_spend
from apps.payments.selectors import provider_check

# Paid through apps.payments: pending until the provider's word (apps.billing.till.provider_payments).
PROVIDER_METHODS = {TenderMethod.WECHAT, TenderMethod.ALIPAY, TenderMethod.POS, TenderMethod.BOX}
# Provider tenders taken on a device of the store (a card terminal, a payment box): `terminal_id` names it.
DEVICE_METHODS = {TenderMethod.POS, TenderMethod.BOX}
MEMBER_METHODS = {TenderMethod.STORED_VALUE, TenderMethod.POINTS}
# Money that enters the business: what points are earned on.
MONEY_METHODS = {TenderMethod.CASH, *PROVIDER_METHODS}


@dataclass(frozen=True)
class TenderAsked:
    """One tender of a payment as the cashier gave it."""

    method: str
    amount: Decimal
    card_id: int | None = None
    auth_code: str = ""  # wechat, alipay: the customer's payment code the cashier scanned (else a QR)
    terminal_id: str = ""  # pos, box: the card terminal or payment box (else the account's default one)
    reference: str = ""  # groupBuy: the write-off it stands for (platform and masked code), kept as the message
    deposit_id: int | None = None  # deposit: the intention deposit applied (apps.billing.deposits.services)


@dataclass(frozen=True)
class Payment:
    order: Order
    change: Decimal
    tenders: list[Tender]
    # The provider tender this payment wrote pending, and the payment code to ask it with: the caller
    # asks the provider once this transaction committed (apps.billing.till.provider_payments).
    provider_tender: Tender | None = None
    auth_code: str = ""
    # Every tender of the order after this payment, oldest first (read once, under the order's lock).
    all_tenders: list[Tender] | None = None


def _card_priced(lines: list[OrderLine]) -> dict[int, Decimal]:
    """What each stored-value card named on product and project lines must pay: the lines took its
    category discount (apps.billing.orders.pricing) because they are paid from it."""
    owed: dict[int, Decimal] = {}
    for line in lines:
        if line.card_id is not None and paid_from_card(line):
            owed[line.card_id] = owed.get(line.card_id, ZERO) + line.amount
    return owed


def _check_card_priced(
    order: Order, lines: list[OrderLine], earlier: list[Tender], asked: list[TenderAsked], paid_after: Decimal
) -> None:
    """What is left due after this payment leaves room for each card to pay its lines, so the order
    is never paid in full with a card's discount but not from the card."""
    owed = _card_priced(lines)
    if not owed:
        return
    from_card = {card: amount for card, amount in _paid_by(earlier, "card_id").items() if card in owed}
    for tender in asked:
        if tender.method == TenderMethod.STORED_VALUE and tender.card_id in owed:
            from_card[tender.card_id] = from_card.get(tender.card_id, ZERO) + tender.amount
    still_owed = sum((max(ZERO, amount - from_card.get(card, ZERO)) for card, amount in owed.items()), ZERO)
    if order.payable - paid_after < still_owed:
        raise OrderNotInState(_("the lines priced with a card's discount are paid from that card"))


def order_tenders(order: Order) -> list[Tender]:
    """Every tender of the order, oldest first: a payment reads them once, under the order's lock."""
    return ORDER_TENDERS.rows(order_id=order.pk)


def _paid_by(tenders: list[Tender], field: str) -> dict[Any, Decimal]:
    """What the succeeded `tenders` paid, summed by `field`."""
    paid: dict[Any, Decimal] = {}
    for tender in tenders:
        if tender.status == TenderStatus.SUCCEEDED:
            paid[getattr(tender, field)] = paid.get(getattr(tender, field), ZERO) + tender.amount
    return paid


def _checked(order: Order, asked: list[TenderAsked], group_buy: bool, deposit: bool = False) -> None:
    if order.status in (OrderStatus.PAID, OrderStatus.CANCELLED):
        raise OrderNotInState(_("the order is already paid or cancelled"))
    allowed = (
        TenderMethod.CASH,
        *MEMBER_METHODS,
        *PROVIDER_METHODS,
        *([TenderMethod.GROUP_BUY] if group_buy else []),
        *([TenderMethod.DEPOSIT] if deposit else []),
    )
    for tender in asked:
        if tender.method not in allowed:
            raise InvalidInput(_("package sessions are taken from the order's lines"), field="tenders")
        if tender.method in MEMBER_METHODS and order.member_id is None:
            raise InvalidInput(_("a walk-in pays in cash"), field="tenders")
        if tender.method == TenderMethod.STORED_VALUE and tender.card_id is None:
            raise InvalidInput(_("please choose the card"), field="tenders")
    if sum(1 for tender in asked if tender.method == TenderMethod.CASH) > 1:
        raise InvalidInput(_("give the cash as one tender"), field="tenders")
    if sum(1 for tender in asked if tender.method in PROVIDER_METHODS) > 1:
        raise InvalidInput(_("one payment takes one WeChat Pay, Alipay or card terminal tender"), field="tenders")
    if any(tender.method == TenderMethod.DEPOSIT and tender.deposit_id is None for tender in asked):
        raise InvalidInput(_("please choose the intention deposit"), field="depositId")
    if not asked and order.due > 0:
        raise InvalidInput(_("please give at least one tender"), field="tenders")


def _deposit_order_checked(lines: list[OrderLine], asked: list[TenderAsked]) -> None:
    """An intention deposit's order is paid in money (cash or a provider), never from what the
    member already holds: a deposit is money in, not a value moved from one liability to another."""
    if any(line.type == LineType.DEPOSIT for line in lines) and any(
        tender.method not in (TenderMethod.CASH, *PROVIDER_METHODS) for tender in asked
    ):
        raise InvalidInput(
            _("an intention deposit is paid in cash, by WeChat Pay, Alipay or the card terminal"), field="tenders"
        )


def pending_amount(tenders: list[Tender]) -> Decimal:
    """What the order's pending provider tenders (of its `tenders`) take from what is due until the
    provider's word."""
    return sum((tender.amount for tender in tenders if tender.status == TenderStatus.PENDING), ZERO)


def _tender(
    order: Order, actor: Actor, method: str, amount: Decimal, status: str = TenderStatus.SUCCEEDED, **extra: object
) -> Tender:
    return Tender.objects.create(
        order=order,
        method=method,
        amount=amount,
        status=status,
        store_id=order.store_id,
        operator_id=actor.user_id,
        operator_name=actor.login_name[:40],
        **extra,
    )


def _member_of(order: Order, message: str) -> int:
    if order.member_id is None:
        raise InvalidInput(message, field="orderId")
    return order.member_id


def cards_issued(actor: Actor, order: Order, line: OrderLine, card_type: CardType, today: date) -> None:
    """One card of `card_type` per unit the line sells, the line's amount shared over them (the last
    takes the rounding's cent); the line names the first, the others are found by the order on their
    ledger. A project package's cards hold its sessions (decision 0038)."""
    member_id = _member_of(order, _("a card is sold to a member"))
    each = round_money(line.amount / line.qty)
    for number in range(line.qty):
        card = card_issue(
            actor=actor,
            store=order.store,
            member_id=member_id,
            card_type=card_type,
            principal=each if number < line.qty - 1 else line.amount - each * (line.qty - 1),
            order_id=order.pk,
            today=today,
        )
        if number == 0:
            line.card = card
            line.save(update_fields=["card"])


def _card_lines_settled(actor: Actor, order: Order, lines: list[OrderLine], now: datetime) -> None:
    """Cards issued (a card type bought, a project package bought), cards topped up, then sessions
    used: of the cards the member held, and of the package cards just issued for the projects served
    from them (`package_line`), which the lines then name."""
    by_id = {line.pk: line for line in lines}
    for line in lines:
        if line.type == LineType.TOP_UP:
            card_top_up(
                actor=actor,
                store=order.store,
                card_id=line.card_id,  # type: ignore[arg-type]  # a top-up line names its card
                member_id=_member_of(order, _("a card is sold to a member")),
                principal=line.amount,
                order_id=order.pk,
            )
        elif line.type == LineType.CARD_TYPE:
            cards_issued(actor, order, line, CardType.objects.get(pk=line.item_id), timezone.localdate(now))
        elif line.type == LineType.PROJECT_PACKAGE:
            card_type = package_card_type(actor=actor, package_id=line.item_id)
            cards_issued(actor, order, line, card_type, timezone.localdate(now))
    for line in lines:
        if line.package_line_id is not None:
            line.card = by_id[line.package_line_id].card
            line.save(update_fields=["card"])
    for line in session_lines(lines):
        card_sessions_use(
            actor=actor,
            store=order.store,
            card_id=line.card_id,  # type: ignore[arg-type]  # session_lines have a card
            member_id=_member_of(order, _("a card is used by its member")),
            project_id=line.item_id,
            count=line.qty,
            order_id=order.pk,
        )


def _settled(
    actor: Actor, order: Order, tenders: list[Tender], lines: list[OrderLine], now: datetime, money_taken: bool = False
) -> None:
    """Everything that happens once, when the order becomes paid; `tenders` are all of its tenders.
    `money_taken`: a provider's word settles it, its money already taken (apps.billing.ledgers.stock)."""
    _card_lines_settled(actor, order, lines, now)
    deposit_taken(actor, order, lines)
    order_stock_settled(actor, order, lines, money_taken=money_taken)
    paid_by = _paid_by(tenders, "method")
    if order.member_id is not None:
        money = sum((paid_by.get(method, ZERO) for method in MONEY_METHODS), ZERO)
        points_earn(
            actor=actor,
            member_id=order.member_id,
            store=order.store,
            points=points_earned(money),
            order_id=order.pk,
            order_no=order.order_no or "",
        )
        member_visit_forward(member_id=order.member_id, at=now)
    order_credits(order, lines, paid_by.get(TenderMethod.STORED_VALUE, ZERO))
    order.paid_at = now


@dataclass(frozen=True)
class _Checked:
    """A payment that passed its checks, under the order's and the member's locks: what the takers and
    the settlement read."""

    lines: list[OrderLine]
    earlier: list[Tender]  # every tender of the order before this payment, oldest first
    cash: TenderAsked | None
    cash_paid: Decimal  # of the cash, what pays the order (the rest is change)
    provider: TenderAsked | None


def _locked_order_shape(order_id: int, store_ids: list[int] | None) -> QuerySet[Order]:
    # The order's row only (`of`): locking its store's row too would make every payment of the
    # store wait for the one before it.
    found = Order.objects.select_for_update(no_key=True, of=("self",)).select_related("store").filter(pk=order_id)
    return (found.filter(store_id__in=store_ids) if store_ids is not None else found)[:1]


def _member_locked_shape(order_id: int, store_ids: list[int] | None) -> QuerySet[Member]:
    order = Order.objects.filter(pk=order_id)
    order = order.filter(store_id__in=store_ids) if store_ids is not None else order
    return member_locking(Subquery(order.values("member_id")[:1]))


def _order_tenders_shape(order_id: int) -> QuerySet[Tender]:
    return Tender.objects.filter(order_id=order_id).order_by("id")


LOCKED_ORDER = QueryShape(_locked_order_shape)
MEMBER_OF_ORDER_LOCKED = QueryShape(_member_locked_shape)
ORDER_TENDERS = QueryShape(_order_tenders_shape)


@dataclass(frozen=True)
class _PaymentRead:
    order: Order
    lines: list[OrderLine]
    tenders: list[Tender]  # every tender of the order before this payment, oldest first


def _payment_read(order_id: int, store_ids: Collection[int] | None) -> _PaymentRead:
    """The order locked and its member locked, in one statement and in the lock order (apps.core.locks:
    the order, then the member, before any card); then its lines and tenders in a second. Not all
    four in one: a statement reads with the snapshot it began with, taken before it waited for the
    order's lock, so it would miss a tender another payment of the order committed meanwhile."""
    stores = sorted(store_ids) if store_ids is not None else None
    orders, members = read_together(
        (LOCKED_ORDER, {"order_id": order_id, "store_ids": stores}),
        (MEMBER_OF_ORDER_LOCKED, {"order_id": order_id, "store_ids": stores}),
    )
    if not orders:
        raise NotFound()
    order = orders[0]
    if order.member_id is not None and [member.pk for member in members] != [order.member_id]:
        member_lock(member_id=order.member_id)  # the order changed hands while this waited for it
    lines, tenders = read_together((ORDER_LINES, {"order_id": order_id}), (ORDER_TENDERS, {"order_id": order_id}))
    return _PaymentRead(order, lines, tenders)


def _payment_checked(read: _PaymentRead, tenders: list[TenderAsked], group_buy: bool, deposit: bool) -> _Checked:
    """Validates the payment before anything moves: the days open, the tenders allowed, the signature,
    a provider account, no more than is due (pending provider tenders counted as taken), each card
    paying its own lines. The order and its member are locked already (_payment_read)."""
    order, lines, earlier = read.order, read.lines, read.tenders
    check_day_open(store_id=order.store_id, day=order.business_date)  # the order's day
    check_day_open(store_id=order.store_id, day=business_day())  # the tenders' day
    _checked(order, tenders, group_buy, deposit)
    _deposit_order_checked(lines, tenders)
    if signature_needed(order, lines) and not order.signature:
        raise SignatureMissing()
    pending = pending_amount(earlier)  # provider tenders waiting for their provider: taken until they fail
    due = order.due - pending
    provider = next((tender for tender in tenders if tender.method in PROVIDER_METHODS), None)
    if provider is not None:
        provider_check(provider.method, order.store_id)
    others = sum((tender.amount for tender in tenders if tender.method != TenderMethod.CASH), ZERO)
    if others > due:
        raise OrderNotInState(_("the tenders pay more than is due"))
    cash = next((tender for tender in tenders if tender.method == TenderMethod.CASH), None)
    cash_paid = min(cash.amount, due - others) if cash else ZERO
    if cash and cash_paid <= 0:
        raise OrderNotInState(_("nothing is left to pay in cash"))
    _check_card_priced(order, lines, earlier, tenders, order.paid + pending + others + cash_paid)
    return _Checked(lines, earlier, cash, cash_paid, provider)


def _take_stored_value(actor: Actor, order: Order, tender: TenderAsked) -> Tender:
    entry = card_spend(
        actor=actor,
        store=order.store,
        card_id=tender.card_id,  # type: ignore[arg-type]  # checked by _checked
        member_id=order.member_id,  # type: ignore[arg-type]  # checked by _checked
        amount=tender.amount,
        order_id=order.pk,
    )
    return _tender(order, actor, TenderMethod.STORED_VALUE, tender.amount, card_id=entry.card_id)


def _take_points(actor: Actor, order: Order, tender: TenderAsked) -> Tender:
    points = points_for_amount(tender.amount)
    points_spend(
        actor=actor,
        member_id=order.member_id,  # type: ignore[arg-type]  # checked by _checked
        store=order.store,
        points=points,
        order_id=order.pk,
        order_no=order.order_no or "",
    )
    return _tender(order, actor, TenderMethod.POINTS, tender.amount, points=points)


def _take_deposit(actor: Actor, order: Order, tender: TenderAsked) -> Tender:
    applied = deposit_spend(
        actor=actor,
        order=order,
        deposit_id=tender.deposit_id,  # type: ignore[arg-type]  # checked by _checked
        amount=tender.amount,
    )
    return _tender(order, actor, TenderMethod.DEPOSIT, tender.amount, deposit=applied, message=applied.deposit_no)


def _take_group_buy(actor: Actor, order: Order, tender: TenderAsked) -> Tender:
    return _tender(order, actor, TenderMethod.GROUP_BUY, tender.amount, message=tender.reference[:255])


# The tenders taken from what the member holds or a write-off stands for, in the order their rows are
# locked and written: cards by id, points, intention deposits by id, write-offs. Cash and a provider
# tender come after them (_payment_taken).
TAKERS: tuple[tuple[str, Callable[[TenderAsked], int] | None, Callable[[Actor, Order, TenderAsked], Tender]], ...] = (
    (TenderMethod.STORED_VALUE, lambda tender: tender.card_id or 0, _take_stored_value),
    (TenderMethod.POINTS, None, _take_points),
    (TenderMethod.DEPOSIT, lambda tender: tender.deposit_id or 0, _take_deposit),
    (TenderMethod.GROUP_BUY, None, _take_group_buy),
)


def _payment_taken(
    actor: Actor, order: Order, tenders: list[TenderAsked], checked: _Checked
) -> tuple[list[Tender], Decimal, Tender | None]:
    """Takes each tender through TAKERS, then the cash (its change noted) and writes the provider
    tender pending. Answers the tenders taken, the change and the pending provider tender."""
    made: list[Tender] = []
    for method, lock_order, take in TAKERS:
        mine = [tender for tender in tenders if tender.method == method]
        made.extend(take(actor, order, tender) for tender in (sorted(mine, key=lock_order) if lock_order else mine))
    change = ZERO
    if checked.cash:
        change = checked.cash.amount - checked.cash_paid
        made.append(
            _tender(order, actor, TenderMethod.CASH, checked.cash_paid, received=checked.cash.amount, change=change)
        )
    waiting = None
    if checked.provider is not None:
        method = checked.provider.method
        waiting = _tender(
            order,
            actor,
            method,
            checked.provider.amount,
            status=TenderStatus.PENDING,
            terminal_id=checked.provider.terminal_id if method in DEVICE_METHODS else "",
        )
    return made, change, waiting


def _payment_recorded(actor: Actor, order: Order, made: list[Tender], change: Decimal, waiting: Tender | None) -> None:
    # Written with the command's answer (apps.core.held_writes): the order stays locked until then,
    # and nothing the payment does after this reads the row back.
    order.updated_at = timezone.now()
    update_at_close(
        Order.objects.filter(pk=order.pk),
        row=order.pk,
        paid=order.paid,
        status=order.status,
        paid_at=order.paid_at,
        updated_at=order.updated_at,
    )
    audit_record(
        actor=actor,
        action=AuditAction.ORDER_PAID,
        target=order,
        detail={
            "orderNo": order.order_no,
            "status": order.status,
            "paid": money_to_wire(order.paid),
            "change": money_to_wire(change),
            "tenders": [{"method": t.method, "amount": money_to_wire(t.amount), "cardId": t.card_id} for t in made],
            "pending": (
                {"tenderId": waiting.pk, "method": waiting.method, "amount": money_to_wire(waiting.amount)}
                if waiting
                else None
            ),
        },
    )


def order_pay(
    *,
    actor: Actor,
    order_id: int,
    tenders: list[TenderAsked],
    store_ids: Collection[int] | None = None,
    now: datetime | None = None,
    group_buy: bool = False,
    deposit: bool = False,
) -> Payment:
    """Pays `order_id` (of one of `store_ids`, when given: another store's order is not found) with
    `tenders` (see the module's doc). A provider tender is written pending and answered in
    `Payment.provider_tender`: the caller asks the provider after this transaction committed
    (apps.billing.till.provider_payments.provider_tender_ask). Errors: ORD-40901 (paid or cancelled, more
    than is due, counting pending provider tenders as taken), PAY-40001 (no provider account),
    ORD-40902 (signature missing), CARD-409xx, MEM-40904 (points short), DAY-40901 (the order's day or
    today is closed at the store). `group_buy`: the group-buy service pays with a write-off
    (apps.groupbuy), the only caller that may give a `groupBuy` tender. `deposit`: applying an
    intention deposit (apps.billing.deposits.services.deposit_apply), the only caller that may give a
    `deposit` tender; the deposit is locked after the member and its ledger written here.

    Three steps in one transaction: validate (_payment_checked), take each tender (_payment_taken,
    through TAKERS), settle (once paid in full, _settled) and record."""
    now = now or timezone.now()
    with use_case_atomic():
        read = _payment_read(order_id, store_ids)
        order = read.order
        checked = _payment_checked(read, tenders, group_buy, deposit)
        made, change, waiting = _payment_taken(actor, order, tenders, checked)
        order.paid += sum((tender.amount for tender in made), ZERO)
        if order.paid == order.payable:
            order.status = OrderStatus.PAID
            _settled(actor, order, checked.earlier + made, checked.lines, now)
        elif order.paid > 0:
            order.status = OrderStatus.PARTLY_PAID
        _payment_recorded(actor, order, made, change, waiting)
    return Payment(
        order=order,
        change=round_money(change),
        tenders=made,
        provider_tender=waiting,
        auth_code=checked.provider.auth_code if checked.provider is not None else "",
        all_tenders=checked.earlier + made + ([waiting] if waiting is not None else []),
    )


def provider_tender_settled(actor: Actor, order: Order, tender: Tender, now: datetime) -> None:
    """A pending provider tender of `order` (locked by the caller) succeeded: it is added to what is
    paid, and the order settles as order_pay settles it when that makes it paid. The member is
    locked next, as order_pay locks it, before the cards, deposits and stock the settling takes
    (apps.core.locks)."""
    if order.member_id is not None:
        member_lock(member_id=order.member_id)
    tender.status = TenderStatus.SUCCEEDED
    tender.save(update_fields=["status", "message"])
    order.paid += tender.amount
    if order.paid == order.payable:
        order.status = OrderStatus.PAID
        _settled(actor, order, order_tenders(order), order_lines(order), now, money_taken=True)
    else:
        order.status = OrderStatus.PARTLY_PAID
    order.save(update_fields=["paid", "status", "paid_at", "updated_at"])


def left_to_pay(order: Order) -> Decimal:
    """What is still to pay of an order: its due less the tenders still waiting on a provider (they
    may yet pay); nothing left answers 400, as the payment box has nothing to ask for."""
    amount = order.due - pending_amount(order_tenders(order))
    if amount <= 0:
        raise InvalidInput(_("nothing is left to pay"), field="amount")
    return amount
