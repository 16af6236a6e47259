"""Demo cards (issue 13; issue 28 item 6): a few members of each demo store hold cards, sold to them
through orders paid in cash as the till sells them (a card sale is an order, so the daily closing
counts it in its sales and its cards alike): a stored-value card (C0002, 3000.00) and a package card
(C1001, the anti-loss package's sessions, sold as its project package: decision 0038). Idempotent:
a member who holds a card already is left as is.

Demo owed goods (issue 15, /toTakenList): in the second demo store (青丝养护徐汇店, S-SH-002; the first
store's orders are counted by the bills page's browser test), the first member bought two
of a product and takes them later, paid in cash through order_commit and order_pay, so the owed row
comes the way a till makes it. Idempotent: a store with owed goods keeps what it has.

Demo package sale (issue 28 §1, decision 0038): in the same store, the fourth member bought the
头部SPA季卡 package (PK0003) and had her first SPA at once, paid in cash through order_commit and
order_pay, so her package card holds 7 of its 8 sessions the way the till banks them. Idempotent: a
store that sold a package keeps what it has.

Demo intention deposits (issue 17 §4, /stoIntention): in the same store, the second member paid a
deposit of 500.00 in cash and the third one of 300.00, taken through deposit_take and paid through
order_pay as the till takes them. Idempotent: a store with deposits keeps what it has.

Demo refunds and sessions used (issue 28, /billingList, /returnList, the stock flow): in the same
store, a member holding a package card is served one session of it (the bills show it as 划卡, not
as a discount), and a walk-in who bought three of a product returns two, one back on the shelf and
one damaged, written off (the order shows 部分退款 with what went back and its net). Idempotent: a
store with refunds keeps what it has.

A demo closing (issue 28 §2, /dailyHistory, /dailyKnots): in the same store, yesterday was closed
through day_close with its one open item, the fourth member's unpaid order, carried over with its
reason, so the order waits in today's open items and the closing shows what it carried. Idempotent: a
store with a closing keeps what it has."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from apps.billing.choices import LineType, OpenItemKind, ReturnedGoods
from apps.billing.closing.services import CarryOver, day_close
from apps.billing.deposits.services import deposit_take
from apps.billing.models import DailyClosing, Deposit, Order, OrderLine, OwedGoods, Refund
from apps.billing.orders.lines import LineInput, StaffShare
from apps.billing.orders.services import WalkIn, order_commit
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.choices import CardKind
from apps.cards.models import Card
from apps.catalog.models import CardType, Product, ProjectPackage
from apps.core.audit import SYSTEM_ACTOR
from apps.members.models import Member
from apps.org.demo import DemoChain
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeePosition
from apps.staff.models import Employee

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
    _seed_package_sale(store)
    _seed_refunds(store)
    _seed_closed_yesterday(store)
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
        lines = [_card_sale(types[code]) for code in codes]
        _paid(store, lines, member_id=members[position].pk, remark="演示：售卡")


def _card_sale(card_type: CardType) -> LineInput:
    """The line that sells a card: a package card is sold as its project package (decision 0038)."""
    if card_type.kind == CardKind.PACKAGE and card_type.project_package_id is not None:
        return LineInput(type=LineType.PROJECT_PACKAGE, item_id=card_type.project_package_id)
    return LineInput(type=LineType.CARD_TYPE, item_id=card_type.pk)


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
        .order_by("member_id", "id")
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


def _seed_package_sale(store: OrgUnit) -> None:
    member = Member.objects.filter(home_store=store).order_by("pk")[3:4].first()
    package = ProjectPackage.objects.filter(code="PK0003").prefetch_related("lines").first()
    nurse = Employee.objects.filter(store=store, position=EmployeePosition.NURSE).order_by("pk").first()
    if member is None or package is None or nurse is None:
        return  # the members', the catalogue's or the staff's demo was not seeded
    # The demo's package cards are sold as project packages too (_seed_cards): this one is PK0003's.
    if OrderLine.objects.filter(order__store=store, type=LineType.PROJECT_PACKAGE, item_id=package.pk).exists():
        return
    served = StaffShare(nurse.pk, Decimal("1"))
    spa = package.lines.all()[0].project_id
    order = order_commit(
        actor=SYSTEM_ACTOR,
        store=store,
        member_id=member.pk,
        lines=[
            LineInput(type=LineType.PROJECT_PACKAGE, item_id=package.pk, staff=(served,)),
            LineInput(type=LineType.PROJECT, item_id=spa, staff=(served,), package_line=0),
        ],
        remark="演示：购买头部SPA季卡，当场做一次",
    )
    order_pay(actor=SYSTEM_ACTOR, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])


def _seed_closed_yesterday(store: OrgUnit) -> None:
    if DailyClosing.objects.filter(store=store).exists():
        return
    member = Member.objects.filter(home_store=store).order_by("pk")[3:4].first()
    product = Product.objects.filter(enabled=True).order_by("code").first()
    if member is None or product is None:
        return
    yesterday = timezone.localdate() - timedelta(days=1)
    order = order_commit(
        actor=SYSTEM_ACTOR,
        store=store,
        member_id=member.pk,
        lines=[LineInput(type=LineType.PRODUCT, item_id=product.pk, qty=1)],
        remark="演示：顾客次日来店付款",
        today=yesterday,
    )
    day_close(
        actor=SYSTEM_ACTOR,
        store=store,
        day=yesterday,
        cash_counted=Decimal("0"),
        carry_over=[CarryOver(OpenItemKind.ORDER, str(order.pk), "顾客忘带手机，次日来店付款")],
    )
