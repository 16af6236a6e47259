"""A store's day of sales for the sales-side report tests, made by the real services: orders committed
and paid at the till, a gift, a signature, goods owed and taken, a refund, an intention deposit taken,
used and refunded, and changes of cards (a delay, a transfer)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from apps.billing.deposits.services import deposit_apply, deposit_refund, deposit_take
from apps.billing.models import Deposit, Order, OwedGoods, Refund
from apps.billing.orders.lines import LineInput
from apps.billing.orders.signatures import order_signature_save
from apps.billing.owed.services import owed_take
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import png
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.operations import card_transfer
from apps.cards.services import card_delay
from apps.cards.tests.factories import stored_value_card
from apps.catalog.models import Product, Project
from apps.catalog.tests.factories import CardTypeFactory, ProjectFactory
from apps.inventory.tests.factories import stocked
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory
from apps.org.models import OrgUnit
from apps.staff.models import Employee
from apps.staff.tests.factories import EmployeeFactory


def cash(amount: str) -> TenderAsked:
    return TenderAsked(method="cash", amount=Decimal(amount))


def paid(order: Order, *tenders: TenderAsked) -> Order:
    order_pay(actor=CASHIER, order_id=order.pk, tenders=list(tenders))
    order.refresh_from_db()
    return order


@dataclass
class StoreDay:
    store: OrgUnit
    member: Member
    nurse: Employee
    seller: Employee
    product: Product
    project: Project
    card: Card
    plain: Order  # two shampoos, sold by the seller, cash
    served: Order  # a scalp care served by the nurse with a shampoo given for a birthday, signed, card and cash
    owed: Order  # three shampoos of which two are taken later
    card_sale: Order  # a gold card sold at 500.00 with 50.00 gift balance
    owed_goods: OwedGoods
    refund: Refund
    deposit: Deposit
    elsewhere: Order  # the other store's sale


def store_day(store: OrgUnit, other_store: OrgUnit) -> StoreDay:
    member = MemberFactory.create(home_store=store, name="王芳")
    nurse = EmployeeFactory.create(store=store, name="张敏")
    seller = EmployeeFactory.create(store=store, name="吴佳怡")
    product = stocked(store, "100", name="洗发水", price=Decimal("100.00"))
    project = ProjectFactory.create(name="头皮护理", price=Decimal("298.00"))
    card = stored_value_card(member=member, paid="500.00", store=store)

    plain = paid(
        committed_order(store=store, member=member, lines=[line("product", product, qty=2, staff=[(seller, "1")])]),
        cash("200.00"),
    )
    served = committed_order(
        store=store,
        member=member,
        lines=[
            line("project", project, staff=[(nurse, "1")]),
            line("product", product, gift=True, gift_reason="birthday", staff=[(nurse, "1")]),
        ],
    )
    order_signature_save(actor=CASHIER, order_id=served.pk, png=png())
    served = paid(
        served,
        TenderAsked(method="storedValue", amount=Decimal("98.00"), card_id=card.pk),
        cash(str(served.payable - Decimal("98.00"))),
    )
    owed = committed_order(
        store=store,
        member=member,
        lines=[line("product", product, qty=1), LineInput(type="product", item_id=product.pk, qty=2, take_later=True)],
    )
    owed = paid(owed, cash(str(owed.payable)))
    owed_goods = OwedGoods.objects.get(order=owed)
    owed_take(actor=CASHIER, owed_id=owed_goods.pk, qty=1)
    owed_goods.refresh_from_db()

    refund = order_refund(
        actor=CASHIER,
        order_id=plain.pk,
        lines=[LineAsked(order_line_id=plain.lines.get().pk, amount=Decimal("30.00"))],
        reason="wrong colour",
    )

    card_type = CardTypeFactory.create(name="金卡", price=Decimal("500.00"), face_value=Decimal("550.00"))
    card_sale = paid(
        committed_order(store=store, member=member, lines=[line("cardType", card_type, staff=[(seller, "1")])]),
        cash("500.00"),
    )

    deposit = deposit_take(actor=CASHIER, store=store, member_id=member.pk, amount=Decimal("300.00"))
    paid(deposit.order, cash("300.00"))
    later = committed_order(store=store, member=member, lines=[line("product", product)])
    deposit_apply(actor=CASHIER, store=store, order_id=later.pk, deposit_id=deposit.pk, amount=Decimal("100.00"))
    deposit_refund(
        actor=CASHIER, store=store, deposit_id=deposit.pk, reason="changed her mind", amount=Decimal("50.00")
    )
    deposit.refresh_from_db()

    card_delay(
        actor=CASHIER,
        store=store,
        card_id=card.pk,
        until=card.expires_on + timedelta(days=30),
        reason="travelling",
    )
    friend = MemberFactory.create(home_store=store, name="李娜")
    other_card = stored_value_card(member=member, paid="200.00", store=store)
    card_transfer(actor=CASHIER, store=store, card_id=other_card.pk, to_member_id=friend.pk)

    elsewhere_product = stocked(other_store, "100", name="护发素", price=Decimal("80.00"))
    elsewhere = paid(
        committed_order(store=other_store, lines=[line("product", elsewhere_product)]),
        cash("80.00"),
    )
    return StoreDay(
        store=store,
        member=member,
        nurse=nurse,
        seller=seller,
        product=product,
        project=project,
        card=card,
        plain=plain,
        served=served,
        owed=owed,
        card_sale=card_sale,
        owed_goods=owed_goods,
        refund=refund,
        deposit=deposit,
        elsewhere=elsewhere,
    )


def today() -> str:
    return timezone.localdate().isoformat()
