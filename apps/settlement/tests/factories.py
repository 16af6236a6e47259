"""Cross-store card uses for the settlement's tests, through the till's own services: a card sold in
one store pays (or serves sessions of) an order of another."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import time_machine
from django.utils import timezone

from apps.billing.models import Order
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product, project, sessions
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.audit import SYSTEM_ACTOR, Actor
from apps.core.business_days import business_day
from apps.members.tests.factories import MemberFactory
from apps.org.models import OrgUnit
from apps.org.tests.factories import StoreFactory
from apps.settlement.statements import statements_make

CASHIER = Actor(login_name="SY00002")
D = Decimal


def two_stores() -> tuple[OrgUnit, OrgUnit]:
    return StoreFactory.create(), StoreFactory.create()


def card_of(store: OrgUnit, *, paid: str = "1000.00", face_value: str | None = None) -> Card:
    """A stored-value card sold at `store` to a member of it."""
    return stored_value_card(
        member=MemberFactory.create(home_store=store), paid=paid, face_value=face_value, store=store
    )


def package_of(store: OrgUnit, *, sessions: int = 5) -> Card:
    return package_card(member=MemberFactory.create(home_store=store), sessions=sessions, store=store)


def paid_with_card(store: OrgUnit, card: Card, *, services: str = "300.00", products: str = "0") -> Order:
    """An order of `store` for the card's member, of a project (and goods), paid whole from the card."""
    lines = [project(services)]
    if D(products):
        lines.append(product(products))
    order = order_of(store=store, member=card.member, lines=lines)
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("storedValue", order.payable, card_id=card.pk)])
    order.refresh_from_db()
    return order


def sessions_used(store: OrgUnit, card: Card, *, qty: int = 1) -> Order:
    order = order_of(store=store, member=card.member, lines=[sessions(card, qty=qty)])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[])
    order.refresh_from_db()
    return order


def refunded(order: Order, *, qty: int | None = None, line_index: int = 0) -> None:
    chosen = order.lines.order_by("id")[line_index]
    order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(chosen.pk, qty=qty)], reason="顾客不满意")


def days_on(days: int) -> time_machine.travel:
    """The clock `days` days on (a new business day; the statements of the days before can be made)."""
    return time_machine.travel(timezone.now() + timedelta(days=days), tick=True)


def statements_of_yesterday() -> int:
    return statements_make(actor=SYSTEM_ACTOR, day=business_day() - timedelta(days=1))
