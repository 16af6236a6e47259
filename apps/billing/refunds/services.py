"""Refunds of paid orders (issue 14 §2, contract §8 `recede/*`; docs/decisions/0011-refunds.md).

A refund returns some lines of an order (a number of units or an amount of each) with a reason.
One refund is one transaction, with the locks a payment takes, in the same order: the order's row,
then the member's (apps.members.services.member_lock), then every card the order touched in the
order of their ids (apps.cards.ledger.locked_in_order). So a refund and a payment of one member
take turns, and two refunds of one order see each other's lines: never more goes back per line
than the order paid for it (409 ORD-40901).

The money goes back the way it came, over the order's tenders: first, a line priced with a
stored-value card's discount goes back to that card's tenders; the rest is shared over what is
left of every tender in proportion (cents by the largest remainder). Stored value goes back to its
card as principal and gift in the proportion the order spent them; points to the member; cash out
of the till (a negative movement on the refund's tender). A provider tender (WeChat Pay, Alipay,
the card terminal) is refunded through the provider after the refund commits: its refund tender
and the refund are pending until the provider's word (apps.billing.refunds.provider_refunds). Package
sessions go back to their card.

A paid order's refund also takes back what the payment delivered: a card sold is closed (its
unspent value is what goes back), a top-up is taken off its card, the points earned on the money
refunded are taken back (as far as the member still holds them), the staff credits are reversed by
negative credits, and a fully refunded order gives its coupons back. A partly paid order delivered
nothing yet: it is refunded in whole and cancelled.

A refund is computed before anything is written (`_refund_plan`: each line's units and money, the
shares over the tenders, the refund tenders as they will be written), then written. recede/quote
(`refund_quote`) answers that plan without writing, by the same code and with the same checks.

A refund is dated the day it is made (its business day, its tenders, its card and points entries,
its negative staff credits): a closed day refuses it (409 DAY-40901), and an order of a closed day is
refunded the next day, as a correction. A partly paid order of a closed day stays as it was (its
cancellation would change the closed day's order).

Goods refunded by units go back to the store's stock (`sale_return` moves, document_kind "refund"),
or, of a take-later line, are first owed less (apps.billing.ledgers.stock). Each goods line says where
its units go (issue 28): back on the shelf (the default) or written off as damaged with the reason
(a `return_damaged` move after the return); goods refunded by an amount alone stay with the customer.
A refunded service does not give back the products it used: they were used."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from decimal import ROUND_DOWN, ROUND_FLOOR, Decimal
from typing import Any

from django.conf import settings
from django.db.models import Sum
from django.utils.translation import gettext as _

from apps.billing.choices import (
    MAX_LINES,
    ORDER_NO_ID_DIGITS,
    REASON_MAX_LENGTH,
    REFUND_NO_PREFIX,
    AuditAction,
    LineType,
    OrderStatus,
    RefundStatus,
    ReturnedGoods,
    TenderMethod,
    TenderStatus,
)
from apps.billing.errors import DepositShort, OrderNotInState, RefundNeedsApproval
from apps.billing.ledgers.deposit_ledger import (
    deposit_line_refundable,
    deposit_order_cancelled,
    deposit_refunded,
    deposit_returned,
    deposits_of_lines_lock,
)
from apps.billing.ledgers.stock import GOODS, GoodsBack, refund_stock_back
from apps.billing.models import (
    ZERO,
    Deposit,
    Order,
    OrderLine,
    Refund,
    RefundLine,
    RefundTender,
    StaffCredit,
    Tender,
)
from apps.billing.orders.commission_periods import check_commission_open
from apps.billing.orders.performance import paid_from_card, pays_by_sessions, sells_cards
from apps.billing.refunds.provider_refunds import (
    PROVIDER_METHODS,
    provider_refund_check,
    provider_refund_record,
)
from apps.cards.choices import CardKind, CardStatus, CouponStatus
from apps.cards.coupons import coupon_release
from apps.cards.ledger import Money, locked_in_order
from apps.cards.models import Card, MemberCoupon
from apps.cards.refunds import (
    REFUNDABLE_STATUSES,
    SpentOnOrder,
    card_close_for_refund,
    card_money_back,
    card_sessions_back,
    card_value_taken_back,
    cards_sold_by_order,
    loaded_on_order,
    spent_on_order,
)
from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day, check_day_open
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire, round_money
from apps.core.transactions import use_case_atomic
from apps.members.choices import PointsKind
from apps.members.models import PointsEntry
from apps.members.services import member_lock, points_refund, points_take_back

# Money that entered the business: what points were earned on (apps.billing.till.checkout).
MONEY_METHODS = {TenderMethod.CASH, *PROVIDER_METHODS}
CENT = Decimal("0.01")


@dataclass(frozen=True)
class LineAsked:
    """One line of a refund as the cashier gave it: units, an amount, or neither (all that is left);
    for goods given back by units, whether they go back on the shelf or are written off as damaged
    (with the reason)."""

    order_line_id: int
    qty: int | None = None
    amount: Decimal | None = None
    goods_back: str = ReturnedGoods.SHELF
    damage_reason: str = ""


@dataclass
class LineState:
    """What an order line paid and what refunds have returned of it; for a card sale, the cards it
    issued that are still open and what each would give back."""

    line: OrderLine
    paid: Decimal
    paid_in_full: bool = True  # the order is paid: what the payment delivered is taken back too
    refunded_qty: int = 0
    refunded_amount: Decimal = ZERO
    refunded_gift: Decimal = ZERO
    open_cards: list[tuple[Card, Decimal | None]] = field(default_factory=list)
    unit_paid: dict[int, Decimal] = field(default_factory=dict)  # card sale: what each card's unit paid
    blocked: str = ""  # why nothing more of it can be refunded, when something is left

    @property
    def left_qty(self) -> int:
        return self.line.qty - self.refunded_qty

    @property
    def left_amount(self) -> Decimal:
        return self.paid - self.refunded_amount

    @property
    def by_units(self) -> bool:
        """Returned by whole units, never by an amount: the cards of a card sale, the sessions of a
        line paid by a package card (no money), once the order is paid."""
        return self.paid_in_full and (sells_cards(self.line) or pays_by_sessions(self.line))

    @property
    def refundable_qty(self) -> int:
        if self.blocked:
            return 0
        if sells_cards(self.line) and self.paid_in_full:
            return sum(1 for _card, value in self.open_cards if value is not None)
        return self.left_qty

    @property
    def refundable_amount(self) -> Decimal:
        if self.blocked:
            return ZERO
        if not self.paid_in_full:
            return self.left_amount
        if sells_cards(self.line):
            return min(self.left_amount, sum((value for _card, value in self.open_cards if value is not None), ZERO))
        if self.line.type == LineType.TOP_UP and self.line.card is not None:
            card = self.line.card
            if card.status not in REFUNDABLE_STATUSES:
                return ZERO
            return min(self.left_amount, card.principal)
        if self.line.type == LineType.DEPOSIT:
            return deposit_line_refundable(self.line, self.left_amount)
        return self.left_amount


@dataclass(frozen=True)
class Judged:
    """recede/judgeStatus: an order and what can still be refunded of each line."""

    order: Order
    lines: list[LineState]
    refunded: Decimal


# --- what each line paid and what is left ------------------------------------------------------


def _lines_paid(order: Order, lines: list[OrderLine]) -> dict[int, Decimal]:
    """What the order paid for each line: all of it when paid; when partly paid, its share of what
    was paid (rounded down, the cents left to the first lines with room); nothing otherwise."""
    if order.status == OrderStatus.PAID:
        return {line.pk: line.amount for line in lines}
    if order.status != OrderStatus.PARTLY_PAID or order.payable <= 0:
        return {line.pk: ZERO for line in lines}
    paid = {line.pk: (line.amount * order.paid / order.payable).quantize(CENT, ROUND_DOWN) for line in lines}
    rest = order.paid - sum(paid.values(), ZERO)
    for line in lines:
        if rest <= 0:
            break
        room = min(rest, line.amount - paid[line.pk])
        paid[line.pk] += room
        rest -= room
    return paid


def _card_sale_value(card: Card, unit_paid: Decimal, sessions_back: int = 0) -> Decimal | None:
    """What refunding a sold card gives back (None: it cannot be refunded now). A stored-value card:
    its unspent principal (the gift is voided), unless it holds more than its sale paid (a top-up
    of another order: refund that first). A package card: what was paid less the sessions used at
    the price each session was sold at, but for the `sessions_back` the same refund gives back to it."""
    if card.status not in REFUNDABLE_STATUSES:
        return None
    if card.kind == CardKind.STORED_VALUE:
        return card.principal if card.principal <= unit_paid else None
    sessions = list(card.sessions.all())
    total = sum(session.total for session in sessions)
    used = max(0, sum(session.total - session.left for session in sessions) - sessions_back)
    if total <= 0:
        return unit_paid
    return max(ZERO, unit_paid - round_money(unit_paid * used / total))


def _unit_paid(state_paid: Decimal, qty: int, number: int) -> Decimal:
    """The paid price of unit `number` (from 0) of a line: equal parts, the last takes the cents."""
    each = round_money(state_paid / qty)
    return each if number < qty - 1 else state_paid - each * (qty - 1)


def sold_card_type_id(line: OrderLine) -> int:
    """The card type of the cards a card-sale line issued: the one it sold, or its package's card
    type, which the line's first card names (decision 0038)."""
    if line.type == LineType.CARD_TYPE:
        return line.item_id
    assert line.card is not None  # sells_cards: a package line that issued its cards names the first
    return line.card.card_type_id


def _line_states(order: Order, lines: list[OrderLine], cards: dict[int, Card] | None = None) -> list[LineState]:
    paid = _lines_paid(order, lines)
    done: dict[int, dict[str, Any]] = {
        row["order_line_id"]: dict(row)
        for row in RefundLine.objects.filter(order_line__order=order)
        .values("order_line_id")
        .annotate(qty=Sum("qty"), amount=Sum("amount"), gift=Sum("card_gift"))
    }
    states = []
    for line in lines:
        if cards is not None and line.card_id in cards:
            line.card = cards[line.card_id]
        row = done.get(line.pk, {})
        state = LineState(
            line=line,
            paid=paid[line.pk],
            paid_in_full=order.status == OrderStatus.PAID,
            refunded_qty=row.get("qty") or 0,
            refunded_amount=round_money(row.get("amount") or ZERO),
            refunded_gift=round_money(row.get("gift") or ZERO),
        )
        if order.status == OrderStatus.PAID and sells_cards(line):
            sold = cards_sold_by_order(order_id=order.pk, card_type_id=sold_card_type_id(line))
            for number, card in enumerate(sold):
                if cards is not None and card.pk in cards:
                    locked = cards[card.pk]
                    card.status, card.principal, card.gift = locked.status, locked.principal, locked.gift
                if card.status == CardStatus.CLOSED:
                    continue
                state.unit_paid[card.pk] = _unit_paid(state.paid, line.qty, number)
                state.open_cards.append((card, _card_sale_value(card, state.unit_paid[card.pk])))
            if state.left_qty and not state.refundable_qty:
                state.blocked = _("the card was used, given away or topped up since: refund that first")
        if order.status == OrderStatus.PARTLY_PAID and pays_by_sessions(line):
            state.blocked = _("the sessions are used when the order is paid")
        states.append(state)
    return states


def _order_lines(order: Order) -> list[OrderLine]:
    return list(order.lines.select_related("card").order_by("id"))


def judge(order: Order) -> Judged:
    """What can still be refunded of each line of `order` (recede/judgeStatus)."""
    states = _line_states(order, _order_lines(order)) if order.status in REFUNDABLE_ORDER else []
    refunded = Refund.objects.filter(order=order).aggregate(total=Sum("amount"))["total"] or ZERO
    return Judged(order=order, lines=states, refunded=round_money(refunded))


REFUNDABLE_ORDER = (OrderStatus.PAID, OrderStatus.PARTLY_PAID)


# --- what the cashier asked for ------------------------------------------------------------------


@dataclass
class Planned:
    state: LineState
    qty: int
    amount: Decimal
    cards: list[Card] = field(default_factory=list)  # card sale: the cards to close
    sessions_back: RefundTender | None = None  # package sessions: the refund tender giving them back
    goods_back: str = ""  # goods that come back: ReturnedGoods; empty when none do
    damage_reason: str = ""


def _amount_for_qty(state: LineState, qty: int) -> Decimal:
    if qty == state.left_qty:
        return state.left_amount
    return min(state.left_amount, round_money(state.paid * qty / state.line.qty))


def _planned(state: LineState, asked: LineAsked, index: int) -> Planned:
    where = f"lines[{index}]"
    line = state.line
    if state.blocked:
        raise OrderNotInState(state.blocked)
    qty = asked.qty
    amount = round_money(asked.amount) if asked.amount is not None else None
    if (qty is not None and qty < 0) or (amount is not None and amount < 0):
        raise InvalidInput(_("the quantity and the amount cannot be negative"), field=where)
    if qty is not None and qty > state.left_qty:
        raise OrderNotInState(_("more units than are left to refund on this line"))
    if amount is not None and amount > state.left_amount:
        raise OrderNotInState(_("more than was paid for this line"))
    if state.by_units and sells_cards(line):
        if amount is not None:
            raise InvalidInput(_("a card sale is refunded by whole cards"), field=f"{where}.amount")
        qty = state.refundable_qty if qty is None else qty
        refundable = [card_value for card_value in state.open_cards if card_value[1] is not None]
        if qty == 0 or qty > len(refundable):
            raise OrderNotInState(_("more units than are left to refund on this line"))
        chosen = refundable[:qty]
        value = sum((value for _card, value in chosen if value is not None), ZERO)
        return Planned(state, qty, min(value, state.left_amount), cards=[card for card, _value in chosen])
    if state.by_units:
        if amount:
            raise InvalidInput(_("package sessions are refunded by the number of sessions"), field=f"{where}.amount")
        qty = state.left_qty if qty is None else qty
        if qty <= 0:
            raise OrderNotInState(_("nothing is left to refund on this line"))
        return Planned(state, qty, ZERO)
    if amount is None:
        qty = state.left_qty if qty is None else qty
        amount = _amount_for_qty(state, qty)
    qty = qty or 0
    if line.type == LineType.TOP_UP and state.paid_in_full and amount > state.refundable_amount:
        raise OrderNotInState(_("at most the unspent principal of the top-up goes back"))
    if line.type == LineType.DEPOSIT and state.paid_in_full and amount > state.refundable_amount:
        raise DepositShort(_("at most what is left of the deposit can be refunded"))
    if (amount <= 0 and state.paid > 0) or (amount <= 0 and qty <= 0):
        raise OrderNotInState(_("nothing is left to refund on this line"))
    return Planned(state, qty, amount)


def _with_goods_back(plan: Planned, asked: LineAsked, index: int) -> Planned:
    """Where the plan's goods go (issue 28): units of a goods line of a paid order come back, on the
    shelf by default or written off as damaged with the reason; nothing else comes back, so nothing
    else can be written off (400 on the line's field)."""
    where = f"lines[{index}]"
    damaged = asked.goods_back == ReturnedGoods.DAMAGED
    reason = (asked.damage_reason or "").strip()
    if asked.goods_back not in ReturnedGoods.values:
        raise InvalidInput(_("choose back on the shelf or written off as damaged"), field=f"{where}.goodsBack")
    comes_back = plan.state.paid_in_full and plan.state.line.type in GOODS and plan.qty > 0
    if damaged and not comes_back:
        raise InvalidInput(
            _("only goods given back by units can be written off as damaged: enter the units that come back"),
            field=f"{where}.qty",
        )
    if damaged and not reason:
        raise InvalidInput(_("please give the reason for the write-off"), field=f"{where}.damageReason")
    if len(reason) > REASON_MAX_LENGTH:
        raise InvalidInput(_("at most 200 characters"), field=f"{where}.damageReason")
    if comes_back:
        plan.goods_back = asked.goods_back
        plan.damage_reason = reason if damaged else ""
    return plan


def _sessions_back_counted(plans: list[Planned]) -> None:
    """A package card sold and a project served from it, refunded together (decision 0038): the
    sessions the refund gives back to the card first are not charged when its sale is refunded."""
    back: dict[int, int] = {}
    for plan in plans:
        line = plan.state.line
        if plan.state.by_units and pays_by_sessions(line) and line.card_id is not None:
            back[line.card_id] = back.get(line.card_id, 0) + plan.qty
    for plan in plans:
        if not plan.cards or not any(card.pk in back for card in plan.cards):
            continue
        values = [_card_sale_value(card, plan.state.unit_paid[card.pk], back.get(card.pk, 0)) for card in plan.cards]
        plan.amount = min(sum((value or ZERO for value in values), ZERO), plan.state.left_amount)


def _checked_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please give a reason"), field="reason")
    if len(reason) > REASON_MAX_LENGTH:
        raise InvalidInput(_("at most 200 characters"), field="reason")
    return reason


def _checked_asks(asked: list[LineAsked]) -> None:
    if not asked:
        raise InvalidInput(_("please choose the lines to refund"), field="lines")
    if len(asked) > MAX_LINES:
        raise InvalidInput(_("at most 50 lines"), field="lines")
    ids = [ask.order_line_id for ask in asked]
    if len(set(ids)) != len(ids):
        raise InvalidInput(_("a line is named twice"), field="lines")


# --- sharing the money over the tenders ---------------------------------------------------------


def tenders_left(order: Order) -> list[tuple[Tender, Decimal]]:
    returned = dict(
        RefundTender.objects.filter(tender__order=order)
        .exclude(status=TenderStatus.FAILED)  # a failed provider refund gave nothing back
        .values("tender_id")
        .annotate(total=Sum("amount"))
        .values_list("tender_id", "total")
    )
    tenders = Tender.objects.filter(order=order, status=TenderStatus.SUCCEEDED).order_by("id")
    return [(tender, tender.amount - round_money(returned.get(tender.pk) or ZERO)) for tender in tenders]


def apportion(amount: Decimal, left: list[tuple[Tender, Decimal]], to_cards: dict[int, Decimal]) -> dict[int, Decimal]:
    """`amount` shared over the tenders' `left` (see the module's doc); answers tender id → share."""
    room = {tender.pk: rest for tender, rest in left}
    shares = {tender.pk: ZERO for tender, _rest in left}
    for card_id, wanted in sorted(to_cards.items()):
        for tender, _rest in left:
            if wanted <= 0:
                break
            if tender.method == TenderMethod.STORED_VALUE and tender.card_id == card_id:
                take = min(wanted, room[tender.pk])
                shares[tender.pk] += take
                room[tender.pk] -= take
                wanted -= take
    rest = amount - sum(shares.values(), ZERO)
    total_room = sum(room.values(), ZERO)
    if rest > total_room:
        raise OrderNotInState(_("more than was paid for this order"))
    if rest <= 0:
        return shares
    given = ZERO
    for tender, _left in left:
        part = (rest * room[tender.pk] / total_room).quantize(CENT, ROUND_DOWN)
        shares[tender.pk] += part
        room[tender.pk] -= part
        given += part
    cents = rest - given
    for tender, _left in sorted(left, key=lambda pair: (-room[pair[0].pk], pair[0].pk)):
        if cents <= 0:
            break
        take = min(cents, room[tender.pk])
        shares[tender.pk] += take
        room[tender.pk] -= take
        cents -= take
    return shares


def _provider_refund(*, actor: Actor, refund: Refund, tender: Tender, amount: Decimal) -> RefundTender:
    """Money back to a WeChat Pay, Alipay or card-terminal tender: a pending refund tender now, the
    provider's refund call once the refund's transaction has committed, its end told by the payments
    app (apps.billing.refunds.provider_refunds)."""
    return provider_refund_record(refund=refund, tender=tender, amount=amount)


def _points_for(amount: Decimal) -> int:
    """The points that paid `amount` (whole points; a fraction a point cannot carry is not returned)."""
    return int((amount * settings.POINTS_PER_YUAN_PAID).to_integral_value(rounding=ROUND_FLOOR))


def _money_back(
    order: Order, shares: dict[int, Decimal], tenders: dict[int, Tender], group_buy_back: bool = False
) -> list[RefundTender]:
    """The refund tenders the shares make, as the refund will write them (unsaved, no refund yet),
    in the order of the order's tenders: cash out of the till, stored value to its card as principal
    and gift in the proportion the order spent them, points to the member, a provider's pending."""
    rows = []
    spent: dict[int, SpentOnOrder] = {}  # per card, with what the rows before gave back
    for tender_id, amount in sorted(shares.items()):
        if amount <= 0:
            continue
        tender = tenders[tender_id]
        base = {"tender": tender, "method": tender.method, "amount": amount}
        if tender.method in PROVIDER_METHODS:
            rows.append(RefundTender(**base, status=TenderStatus.PENDING))
        elif tender.method == TenderMethod.CASH:
            rows.append(RefundTender(**base, status=TenderStatus.SUCCEEDED, till_change=-amount))
        elif tender.method == TenderMethod.STORED_VALUE:
            assert tender.card_id is not None  # a database constraint
            so_far = spent.get(tender.card_id) or spent_on_order(card_id=tender.card_id, order_id=order.pk)
            back = so_far.split(amount)
            spent[tender.card_id] = replace(
                so_far, principal_back=so_far.principal_back + back.principal, gift_back=so_far.gift_back + back.gift
            )
            rows.append(
                RefundTender(
                    **base,
                    status=TenderStatus.SUCCEEDED,
                    card_id=tender.card_id,
                    principal=back.principal,
                    gift=back.gift,
                )
            )
        elif tender.method == TenderMethod.POINTS:
            assert order.member_id is not None  # points pay for a member only
            rows.append(RefundTender(**base, status=TenderStatus.SUCCEEDED, points=_points_for(amount)))
        elif tender.method == TenderMethod.GROUP_BUY:
            # The platform returns the customer's money when the write-off is cancelled there: the store
            # gives nothing back, so only cancelling the write-off (apps.groupbuy) undoes such an order.
            if not group_buy_back:
                raise OrderNotInState(_("an order paid by a group-buy coupon is undone by cancelling its write-off"))
            rows.append(RefundTender(**base, status=TenderStatus.SUCCEEDED))
        elif tender.method == TenderMethod.DEPOSIT:
            # Back to the intention deposit it was applied from (its ledger's `returned` entry).
            rows.append(RefundTender(**base, status=TenderStatus.SUCCEEDED))
        else:
            raise InvalidInput(_("this tender cannot be refunded"), field="lines")
    return rows


def _tender_back(*, actor: Actor, refund: Refund, order: Order, row: RefundTender) -> RefundTender:
    """Returns a planned refund tender's money the way it came, and writes the row."""
    tender = row.tender
    assert tender is not None  # money rows name their tender
    if row.method in PROVIDER_METHODS:
        return _provider_refund(actor=actor, refund=refund, tender=tender, amount=row.amount)
    row.refund = refund
    if row.method == TenderMethod.STORED_VALUE:
        assert row.card_id is not None
        back = Money(principal=row.principal, gift=row.gift)
        card_money_back(
            actor=actor, store=order.store, card_id=row.card_id, back=back, order_id=order.pk, refund_id=refund.pk
        )
    elif row.method == TenderMethod.DEPOSIT:
        assert tender.deposit_id is not None  # a database constraint
        deposit_returned(actor=actor, deposit_id=tender.deposit_id, amount=row.amount, refund=refund)
    elif row.method == TenderMethod.POINTS and row.points:
        assert order.member_id is not None
        points_refund(
            actor=actor,
            member_id=order.member_id,
            store=order.store,
            points=row.points,
            order_id=order.pk,
            refund_id=refund.pk,
            refund_no=refund.refund_no or "",
        )
    row.save()
    return row


# --- what the payment delivered, taken back ------------------------------------------------------


def _card_line_back(actor: Actor, refund: Refund, order: Order, plan: Planned) -> dict[str, object]:
    """A card sale closes its cards; a top-up is taken off its card. Answers the refund line's card fields."""
    line = plan.state.line
    if sells_cards(line):
        principal = gift = ZERO
        for card in plan.cards:
            closed = card_close_for_refund(
                actor=actor, store=order.store, card_id=card.pk, order_id=order.pk, refund_id=refund.pk
            )
            principal += closed.principal
            gift += closed.gift
        return {"card_id": plan.cards[0].pk, "card_principal": principal, "card_gift": gift}
    if line.type == LineType.TOP_UP and line.card_id is not None and plan.amount > 0:
        loaded = loaded_on_order(card_id=line.card_id, order_id=order.pk)
        state = plan.state
        gift_target = (
            round_money(loaded.gift * (state.refunded_amount + plan.amount) / loaded.principal)
            if loaded.principal
            else ZERO
        )
        assert line.card is not None
        gift = min(max(ZERO, gift_target - state.refunded_gift), line.card.gift)
        card_value_taken_back(
            actor=actor,
            store=order.store,
            card_id=line.card_id,
            taken=Money(principal=plan.amount, gift=gift),
            order_id=order.pk,
            refund_id=refund.pk,
        )
        return {"card_id": line.card_id, "card_principal": plan.amount, "card_gift": gift}
    return {}


def _sessions_row(plan: Planned) -> RefundTender:
    """The refund tender that gives a package-session line's sessions back to its card (unsaved)."""
    line = plan.state.line
    assert line.card_id is not None  # pays_by_sessions
    return RefundTender(
        method=TenderMethod.SESSIONS,
        amount=ZERO,
        status=TenderStatus.SUCCEEDED,
        card_id=line.card_id,
        sessions=plan.qty,
    )


def _sessions_back(actor: Actor, refund: Refund, order: Order, plan: Planned) -> None:
    line, row = plan.state.line, plan.sessions_back
    assert line.card_id is not None and row is not None and row.sessions  # planned for a session line
    card_sessions_back(
        actor=actor,
        store=order.store,
        card_id=line.card_id,
        project_id=line.item_id,
        count=row.sessions,
        order_id=order.pk,
        refund_id=refund.pk,
    )
    row.refund = refund
    row.save()


def _points_taken_back(actor: Actor, refund: Refund, order: Order) -> None:
    """The points earned on the order's money, taken back in the proportion of that money refunded
    so far (rounded down, counted over every refund so no point is taken twice); as far as the
    member still holds them, the rest noted on the refund as not recovered."""
    if order.member_id is None:
        return
    earned = (
        PointsEntry.objects.filter(member_id=order.member_id, order_id=order.pk, kind=PointsKind.EARN).aggregate(
            total=Sum("change")
        )["total"]
        or 0
    )
    if earned <= 0:
        return
    money_paid = (
        Tender.objects.filter(order=order, status=TenderStatus.SUCCEEDED, method__in=MONEY_METHODS).aggregate(
            total=Sum("amount")
        )["total"]
        or ZERO
    )
    money_back = (
        RefundTender.objects.filter(refund__order=order, tender__method__in=MONEY_METHODS).aggregate(
            total=Sum("amount")
        )["total"]
        or ZERO
    )
    if money_paid <= 0:
        return
    target = int((earned * money_back / money_paid).to_integral_value(rounding=ROUND_FLOOR))
    before = (
        Refund.objects.filter(order=order)
        .exclude(pk=refund.pk)
        .aggregate(taken=Sum("points_taken_back"), short=Sum("points_unrecovered"))
    )
    due = target - (before["taken"] or 0) - (before["short"] or 0)
    if due <= 0:
        return
    taken = points_take_back(
        actor=actor,
        member_id=order.member_id,
        store=order.store,
        points=due,
        order_id=order.pk,
        refund_id=refund.pk,
        refund_no=refund.refund_no or "",
    )
    refund.points_taken_back = taken
    refund.points_unrecovered = due - taken


def _credits_reversed(refund: Refund, plans: list[Planned]) -> None:
    """Negative staff credits for the refunded part of each line, in the proportion of the line's
    money (or of its units, for a line of no money) refunded so far, per employee and kind: a
    line refunded in whole nets its credits to 0."""
    rows: list[StaffCredit] = []
    for plan in plans:
        state, line = plan.state, plan.state.line
        if state.paid > 0:
            fraction = (state.refunded_amount + plan.amount) / state.paid
        else:
            fraction = Decimal(state.refunded_qty + plan.qty) / line.qty
        sums: dict[tuple[int, str], list[Decimal]] = {}
        for employee_id, kind, amount, refund_id in StaffCredit.objects.filter(line=line).values_list(
            "employee_id", "kind", "amount", "refund_id"
        ):
            given, reversed_ = sums.setdefault((employee_id, kind), [ZERO, ZERO])
            if refund_id is None:
                sums[(employee_id, kind)][0] = given + amount
            else:
                sums[(employee_id, kind)][1] = reversed_ - amount
        for (employee_id, kind), (given, reversed_) in sorted(sums.items()):
            now = round_money(given * min(fraction, Decimal(1))) - reversed_
            if now > 0:
                rows.append(
                    StaffCredit(
                        line=line,
                        employee_id=employee_id,
                        kind=kind,
                        amount=-now,
                        store_id=refund.store_id,
                        business_date=refund.business_date,
                        refund=refund,
                    )
                )
    if rows:
        check_commission_open(store_id=refund.store_id, days={refund.business_date})
    StaffCredit.objects.bulk_create(rows)


def _coupons_released(actor: Actor, order: Order) -> None:
    used = MemberCoupon.objects.filter(used_order_id=order.pk, status=CouponStatus.USED).order_by("pk")
    for coupon_id in used.values_list("pk", flat=True):
        coupon_release(actor=actor, coupon_id=coupon_id, order_id=order.pk)


def _fully_refunded(states: list[LineState], plans: list[Planned]) -> bool:
    now = {plan.state.line.pk: plan for plan in plans}
    for state in states:
        plan = now.get(state.line.pk)
        amount = state.refunded_amount + (plan.amount if plan else ZERO)
        qty = state.refunded_qty + (plan.qty if plan else 0)
        if amount < state.paid or (state.paid_in_full and state.paid == 0 and qty < state.line.qty):
            return False
    return True


# --- the use case --------------------------------------------------------------------------------


def refund_no(refund: Refund) -> str:
    return f"{REFUND_NO_PREFIX}{refund.business_date:%Y%m%d}{refund.pk:0{ORDER_NO_ID_DIGITS}d}"


def _order_card_ids(order: Order, lines: list[OrderLine]) -> list[int]:
    """Every card the order paid from, used sessions of, sold or topped up: locked before any is changed."""
    ids = set(Tender.objects.filter(order=order, card__isnull=False).values_list("card_id", flat=True))
    ids |= {line.card_id for line in lines if line.card_id is not None}
    for line in lines:
        if sells_cards(line):
            ids |= {card.pk for card in cards_sold_by_order(order_id=order.pk, card_type_id=sold_card_type_id(line))}
    return sorted(ids)


@dataclass
class RefundPlan:
    """What a refund of the asked lines would do, computed before anything is written: each line's
    units and money, the total, how it is shared over the order's tenders, and the refund tenders
    that money (and the sessions) go back by, as the refund will write them. recede/recede writes
    it; recede/quote answers it."""

    order: Order
    states: list[LineState]
    plans: list[Planned]
    amount: Decimal
    needs_approval: bool  # above the store's approval amount (and approved, or it would have raised)
    shares: dict[int, Decimal]
    tenders: dict[int, Tender]
    money_back: list[RefundTender]

    @property
    def tenders_back(self) -> list[RefundTender]:
        """Every refund tender, in the order the refund writes them: sessions first, then money."""
        return [plan.sessions_back for plan in self.plans if plan.sessions_back is not None] + self.money_back


def given_back(order: Order) -> Decimal:
    """What the order's refunds have given back so far, as the store's approval amount counts it:
    done and pending refunds (a pending one's money is on its way); a failed one's provider money did
    not go back (decision 0011). Read under the order's row lock by `order_refund`, so two refunds of
    one order count each other."""
    total = Refund.objects.filter(order=order, status__in=(RefundStatus.DONE, RefundStatus.PENDING)).aggregate(
        total=Sum("amount")
    )["total"]
    return round_money(total or ZERO)


def _refundable_order(order: Order | None, today: date | None) -> tuple[Order, date]:
    if order is None:
        raise NotFound()
    if order.status not in REFUNDABLE_ORDER:
        raise OrderNotInState(_("only a paid or partly paid order can be refunded"))
    refund_day = today or business_day()
    check_day_open(store_id=order.store_id, day=refund_day)  # the refund's day (409 DAY-40901)
    return order, refund_day


def _refund_plan(
    order: Order,
    order_lines: list[OrderLine],
    lines: list[LineAsked],
    *,
    approved: bool,
    cards: dict[int, Card] | None = None,
    group_buy_back: bool = False,
) -> RefundPlan:
    """The refund of `lines`, computed and checked, nothing written. `cards`: the order's cards as
    the refund locked them (the quote reads them unlocked)."""
    states = _line_states(order, order_lines, cards)
    by_line = {state.line.pk: state for state in states}
    plans = []
    for index, ask in enumerate(lines):
        state = by_line.get(ask.order_line_id)
        if state is None:
            raise NotFound(_("no such order line"))
        plans.append(_with_goods_back(_planned(state, ask, index), ask, index))
    _sessions_back_counted(plans)
    amount = sum((plan.amount for plan in plans), ZERO)
    if order.status == OrderStatus.PARTLY_PAID and not _fully_refunded(states, plans):
        raise OrderNotInState(_("a partly paid order is refunded in whole"))
    threshold = order.store.refund_approval_above
    # The store's amount bounds what one order gives back without the owner, so a refund asked in
    # parts is judged with the parts before it (issue 25; decision 0011, "Approval").
    needs_approval = threshold is not None and amount > 0 and given_back(order) + amount > threshold
    if needs_approval and not approved:
        assert threshold is not None
        raise RefundNeedsApproval(
            _("refunds of one order above %(amount)s in all need an owner's approval")
            % {"amount": money_to_wire(threshold)}
        )
    to_cards: dict[int, Decimal] = {}
    for plan in plans:
        line = plan.state.line
        if line.card_id is not None and paid_from_card(line):
            to_cards[line.card_id] = to_cards.get(line.card_id, ZERO) + plan.amount
    left = tenders_left(order)
    shares = apportion(amount, left, to_cards)
    tenders = {tender.pk: tender for tender, _rest in left}
    for tender_id, share in shares.items():
        if share > 0 and tenders[tender_id].method in PROVIDER_METHODS:
            provider_refund_check(tenders[tender_id], share)  # before anything is written (ORD-40903)
    if order.status == OrderStatus.PAID:
        for plan in plans:
            if pays_by_sessions(plan.state.line):
                plan.sessions_back = _sessions_row(plan)
    return RefundPlan(
        order=order,
        states=states,
        plans=plans,
        amount=amount,
        needs_approval=needs_approval,
        shares=shares,
        tenders=tenders,
        money_back=_money_back(order, shares, tenders, group_buy_back),
    )


def refund_quote(
    *,
    order_id: int,
    lines: list[LineAsked],
    reason: str,
    approved: bool = False,
    today: date | None = None,
    group_buy_back: bool = False,
) -> RefundPlan:
    """recede/quote: what `order_refund` with the same arguments would give back, tender by tender,
    computed by the same code and refused by the same checks (the same errors), with nothing written
    and no lock taken: a refund made a moment later recomputes it under its locks."""
    reason = _checked_reason(reason)
    _checked_asks(lines)
    order, _day = _refundable_order(Order.objects.select_related("store").filter(pk=order_id).first(), today)
    return _refund_plan(order, _order_lines(order), lines, approved=approved, group_buy_back=group_buy_back)


def _refund_planned(
    *,
    order_id: int,
    lines: list[LineAsked],
    approved: bool,
    today: date | None,
    group_buy_back: bool,
    approved_amount: Decimal | None,
) -> tuple[RefundPlan, date, dict[int, Deposit]]:
    """Plan: the order locked, then its member, its cards and the deposits its lines sold, and the
    refund planned under those locks. Answers the plan, the refund's business day and the locked
    deposits."""
    found = Order.objects.select_for_update(no_key=True, of=("self",)).select_related("store").filter(pk=order_id)
    order, refund_day = _refundable_order(found.first(), today)
    order_lines = _order_lines(order)
    if order.member_id is not None:
        member_lock(member_id=order.member_id)
    cards = locked_in_order(_order_card_ids(order, order_lines))
    deposits = deposits_of_lines_lock(order_lines)  # a deposit's order: what is left of it, locked
    plan = _refund_plan(order, order_lines, lines, approved=approved, cards=cards, group_buy_back=group_buy_back)
    if approved_amount is not None and plan.amount != round_money(approved_amount):
        raise OrderNotInState(
            _("the order changed since the refund was asked for: it would now give back %(amount)s")
            % {"amount": money_to_wire(plan.amount)}
        )
    return plan, refund_day, deposits


def _refund_written(
    actor: Actor,
    plan: RefundPlan,
    *,
    reason: str,
    refund_day: date,
    approval_id: int | None,
    deposits: dict[int, Deposit],
) -> Refund:
    """Write: the refund and its lines; a line's card, sessions and intention deposit go back with it."""
    order = plan.order
    refund = Refund.objects.create(
        order=order,
        store=order.store,
        member_id=order.member_id,
        reason=reason,
        status=RefundStatus.DONE,
        amount=plan.amount,
        operator_id=actor.user_id,
        operator_name=actor.login_name[:40],
        approved_by_id=actor.user_id if plan.needs_approval or approval_id is not None else None,
        approval_id=approval_id,
        business_date=refund_day,
    )
    refund.refund_no = refund_no(refund)
    paid_in_full = order.status == OrderStatus.PAID
    for planned in plan.plans:  # first, as a card sale refunded with them counts them back (_sessions_back_counted)
        if planned.sessions_back is not None:
            _sessions_back(actor, refund, order, planned)
    for planned in plan.plans:
        line = planned.state.line
        card_fields = _card_line_back(actor, refund, order, planned) if paid_in_full else {}
        RefundLine.objects.create(
            refund=refund,
            order_line=line,
            type=line.type,
            item_id=line.item_id,
            name=line.name,
            qty=planned.qty,
            amount=planned.amount,
            goods_back=planned.goods_back,
            damage_reason=planned.damage_reason,
            **card_fields,
        )
        if paid_in_full and line.type == LineType.DEPOSIT and planned.amount > 0:
            deposit_refunded(actor=actor, deposit=deposits[line.item_id], amount=planned.amount, refund=refund)
    return refund


def _refund_delivered(actor: Actor, refund: Refund, plan: RefundPlan) -> None:
    """Deliver: goods back to stock, money back tender by tender, points and staff credit taken back,
    coupons released when nothing is left, a partly paid order cancelled; the refund pending while a
    provider's money is on its way."""
    order, plans = plan.order, plan.plans
    paid_in_full = order.status == OrderStatus.PAID
    if paid_in_full:  # a partly paid order's goods never left
        refund_stock_back(actor, refund, order, [GoodsBack(p.state.line, p.qty, p.damage_reason) for p in plans])
    statuses = {TenderStatus.SUCCEEDED}  # sessions' tenders: back at once
    for money_row in plan.money_back:
        row = _tender_back(actor=actor, refund=refund, order=order, row=money_row)
        statuses.add(TenderStatus(row.status))
    if paid_in_full:
        _points_taken_back(actor, refund, order)
        _credits_reversed(refund, plans)
    if _fully_refunded(plan.states, plans):
        _coupons_released(actor, order)
    if order.status == OrderStatus.PARTLY_PAID:
        order.status = OrderStatus.CANCELLED
        order.save(update_fields=["status", "updated_at"])
        deposit_order_cancelled(order)
    refund.status = RefundStatus.PENDING if TenderStatus.PENDING in statuses else RefundStatus.DONE
    refund.save(update_fields=["refund_no", "points_taken_back", "points_unrecovered", "status"])


def _refund_audited(actor: Actor, refund: Refund, plan: RefundPlan, *, reason: str, approval_id: int | None) -> None:
    order = plan.order
    audit_record(
        actor=actor,
        action=AuditAction.ORDER_REFUNDED,
        target=refund,
        detail={
            "refundNo": refund.refund_no,
            "orderId": order.pk,
            "orderNo": order.order_no,
            "amount": money_to_wire(plan.amount),
            "reason": reason,
            "approvedBy": refund.approved_by_id,
            "approvalId": approval_id,
            "lines": [
                {
                    "orderLineId": p.state.line.pk,
                    "qty": p.qty,
                    "amount": money_to_wire(p.amount),
                    "goodsBack": p.goods_back,
                    "damageReason": p.damage_reason,
                }
                for p in plan.plans
            ],
            "tenders": [
                {"tenderId": tender_id, "amount": money_to_wire(share)}
                for tender_id, share in sorted(plan.shares.items())
                if share > 0
            ],
            "pointsTakenBack": refund.points_taken_back,
            "pointsUnrecovered": refund.points_unrecovered,
        },
    )


def order_refund(
    *,
    actor: Actor,
    order_id: int,
    lines: list[LineAsked],
    reason: str,
    approved: bool = False,
    today: date | None = None,
    group_buy_back: bool = False,
    approval_id: int | None = None,
    approved_amount: Decimal | None = None,
) -> Refund:
    """Refunds `lines` of the order (see the module's doc). `approved`: the operator holds the
    refund-approval code, so a refund above the store's approval amount may go ahead. Errors:
    VALID-40000 (no reason, no lines, a line named twice), 404 (a line of another order), ORD-40901
    (more than was paid, an order not paid), ORD-40301 (approval needed), ORD-40903 (a provider
    tender), CARD-40903 (a card closed or given away since). `group_buy_back`: the cancellation of a
    group-buy write-off (apps.groupbuy) undoes the order it paid; a refund never returns a group-buy
    tender otherwise (ORD-40901). `approval_id`, `approved_amount`: the refund an owner approved in the
    approval centre (apps.billing.refunds.approvals), noted on the refund; it is made only for the
    amount approved (an order changed since: ORD-40901).

    Three steps in one transaction: plan (_refund_planned), write (_refund_written), deliver
    (_refund_delivered), then the system log."""
    reason = _checked_reason(reason)
    _checked_asks(lines)
    with use_case_atomic():
        plan, refund_day, deposits = _refund_planned(
            order_id=order_id,
            lines=lines,
            approved=approved,
            today=today,
            group_buy_back=group_buy_back,
            approved_amount=approved_amount,
        )
        refund = _refund_written(
            actor, plan, reason=reason, refund_day=refund_day, approval_id=approval_id, deposits=deposits
        )
        _refund_delivered(actor, refund, plan)
        _refund_audited(actor, refund, plan, reason=reason, approval_id=approval_id)
    return refund
