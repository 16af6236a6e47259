"""Demo cards (issue 13; issue 28 item 6): a few members of each demo store hold cards, sold to them
through orders paid in cash as the till sells them (a card sale is an order, so the daily closing
counts it in its sales and its cards alike): a stored-value card (C0002, 3000.00) and a package card
(C1001, the anti-loss package's sessions). Idempotent: a member who holds a card already is left as
is.

Demo owed goods (issue 15, /toTakenList): in the second demo store (青丝养护徐汇店, S-SH-002; the first
store's orders are counted by the bills page's browser test), the first member bought two
of a product and takes them later, paid in cash through order_commit and order_pay, so the owed row
comes the way a till makes it. Idempotent: a store with owed goods keeps what it has.

Demo intention deposits (issue 17 §4, /stoIntention): in the same store, the second member paid a
deposit of 500.00 in cash and the third one of 300.00, taken through deposit_take and paid through
order_pay as the till takes them. Idempotent: a store with deposits keeps what it has.

Demo refunds and sessions used (issue 28, /billingList, /returnList, the stock flow): in the same
store, the third member is served one session of her package card (the bills show it as 划卡, not
as a discount), and a walk-in who bought three of a product returns two, one back on the shelf and
one damaged, written off (the order shows 部分退款 with what went back and its net). Idempotent: a
store with refunds keeps what it has."""

from __future__ import annotations

from decimal import Decimal

from apps.billing.choices import LineType, ReturnedGoods
from apps.billing.deposits.services import deposit_take
from apps.billing.models import Deposit, Order, OwedGoods, Refund
from apps.billing.orders.lines import LineInput
from apps.billing.orders.services import WalkIn, order_commit
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.choices import CardKind
from apps.cards.models import Card
from apps.catalog.models import CardType, Product
from apps.core.audit import SYSTEM_ACTOR
from apps.members.models import Member
from apps.org.demo import DemoChain
from apps.org.models import OrgUnit

# (position of the member in the store's list, card type codes): the first holds both kinds.
CARD_HOLDERS = ((0, ("C0002", "C1001")), (1, ("C0002",)), (2, ("C1001",)))
CARD_TYPES = ("C0002", "C1001")


def seed_demo(chain: DemoChain) -> None:
    for store in chain.stores:
        _seed_cards(store)
    if not chain.stores:
        return
    store = chain.stores[1] if len(chain.stores) > 1 else chain.stores[0]
    _seed_deposits(store)
    _seed_refunds(store)
    if OwedGoods.objects.filter(store=store).exists():
        return
    member = Member.objects.filter(home_store=store).order_by("pk").first()
    product = Product.objects.filter(enabled=True).order_by("code").first()
    if member is None or product is None:
        return  # the members' or the catalogue's demo was not seeded
    order = order_commit(
        actor=SYSTEM_ACTOR,
        store=store,
        member_id=member.pk,
        lines=[LineInput(type=LineType.PRODUCT, item_id=product.pk, qty=2, take_later=True)],
        remark="demo: taken later",
    )
    order_pay(actor=SYSTEM_ACTOR, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])


def _paid(
    store: OrgUnit, lines: list[LineInput], *, remark: str, member_id: int | None = None, walk_in: WalkIn | None = None
) -> Order:
    """An order committed and paid in cash as the till does it (nothing to take when sessions pay it)."""
    order = order_commit(
        actor=SYSTEM_ACTOR, store=store, lines=lines, remark=remark, member_id=member_id, walk_in=walk_in
    )
    tenders = [TenderAsked("cash", order.payable)] if order.payable else []
    order_pay(actor=SYSTEM_ACTOR, order_id=order.pk, tenders=tenders)
    return order


def _seed_cards(store: OrgUnit) -> None:
    types = {card_type.code: card_type for card_type in CardType.objects.filter(code__in=CARD_TYPES)}
    if len(types) < len(CARD_TYPES):
        return  # the catalogue's demo was not seeded
    members = list(Member.objects.filter(home_store=store).order_by("pk")[: len(CARD_HOLDERS)])
    for position, codes in CARD_HOLDERS:
        if position >= len(members) or Card.objects.filter(member=members[position]).exists():
            continue
        lines = [LineInput(type=LineType.CARD_TYPE, item_id=types[code].pk) for code in codes]
        _paid(store, lines, member_id=members[position].pk, remark="演示：售卡")


def _seed_deposits(store: OrgUnit) -> None:
    if Deposit.objects.filter(store=store).exists():
        return
    members = list(Member.objects.filter(home_store=store).order_by("pk")[1:3])
    for member, amount in zip(members, (Decimal("500.00"), Decimal("300.00")), strict=False):
        deposit = deposit_take(
            actor=SYSTEM_ACTOR, store=store, member_id=member.pk, amount=amount, remark="demo: intention deposit"
        )
        order_pay(actor=SYSTEM_ACTOR, order_id=deposit.order_id, tenders=[TenderAsked("cash", amount)])


def _seed_refunds(store: OrgUnit) -> None:
    if Refund.objects.filter(store=store).exists():
        return
    package = (
        Card.objects.filter(store=store, kind=CardKind.PACKAGE, member__home_store=store)
        .order_by("-member_id")
        .prefetch_related("sessions")
        .first()
    )
    if package is not None:
        session = package.sessions.order_by("id")[0]
        served = LineInput(type=LineType.PROJECT, item_id=session.project_id, card_id=package.pk)
        _paid(store, [served], member_id=package.member_id, remark="演示：套餐卡划卡")
    product = Product.objects.filter(enabled=True).order_by("-code").first()
    if product is None:
        return
    walk_in = WalkIn(name="李女士", area_code="0086", phone="13900001234")
    order = _paid(
        store, [LineInput(type=LineType.PRODUCT, item_id=product.pk, qty=3)], walk_in=walk_in, remark="演示：退货"
    )
    line_id = order.lines.get().pk
    order_refund(
        actor=SYSTEM_ACTOR,
        order_id=order.pk,
        lines=[LineAsked(line_id, qty=1)],
        reason="顾客不喜欢香味，未开封退回货架",
        approved=True,
    )
    damaged = LineAsked(line_id, qty=1, goods_back=ReturnedGoods.DAMAGED, damage_reason="瓶身破裂")
    order_refund(actor=SYSTEM_ACTOR, order_id=order.pk, lines=[damaged], reason="商品破损", approved=True)
