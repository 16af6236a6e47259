"""Demo owed goods (issue 15, /toTakenList): in the second demo store (青丝养护徐汇店, S-SH-002; the first
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

A demo closing (issue 28 §2, /dailyHistory, /dailyKnots): in the same store, yesterday was closed
through day_close with its one open item, the fourth member's unpaid order, carried over with its
reason, so the order waits in today's open items and the closing shows what it carried. Idempotent: a
store with a closing keeps what it has."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from apps.billing.choices import LineType, OpenItemKind
from apps.billing.closing.services import CarryOver, day_close
from apps.billing.deposits.services import deposit_take
from apps.billing.models import DailyClosing, Deposit, OrderLine, OwedGoods
from apps.billing.orders.lines import LineInput, StaffShare
from apps.billing.orders.services import order_commit
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.catalog.models import Product, ProjectPackage
from apps.core.audit import SYSTEM_ACTOR
from apps.members.models import Member
from apps.org.demo import DemoChain
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeePosition
from apps.staff.models import Employee


def seed_demo(chain: DemoChain) -> None:
    if not chain.stores:
        return
    store = chain.stores[1] if len(chain.stores) > 1 else chain.stores[0]
    _seed_deposits(store)
    _seed_package_sale(store)
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


def _seed_deposits(store: OrgUnit) -> None:
    if Deposit.objects.filter(store=store).exists():
        return
    members = list(Member.objects.filter(home_store=store).order_by("pk")[1:3])
    for member, amount in zip(members, (Decimal("500.00"), Decimal("300.00")), strict=False):
        deposit = deposit_take(
            actor=SYSTEM_ACTOR, store=store, member_id=member.pk, amount=amount, remark="demo: intention deposit"
        )
        order_pay(actor=SYSTEM_ACTOR, order_id=deposit.order_id, tenders=[TenderAsked("cash", amount)])


def _seed_package_sale(store: OrgUnit) -> None:
    if OrderLine.objects.filter(order__store=store, type=LineType.PROJECT_PACKAGE).exists():
        return
    member = Member.objects.filter(home_store=store).order_by("pk")[3:4].first()
    package = ProjectPackage.objects.filter(code="PK0003").prefetch_related("lines").first()
    nurse = Employee.objects.filter(store=store, position=EmployeePosition.NURSE).order_by("pk").first()
    if member is None or package is None or nurse is None:
        return  # the members', the catalogue's or the staff's demo was not seeded
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
