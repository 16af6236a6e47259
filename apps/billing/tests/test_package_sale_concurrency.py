"""Packages sold at once (real concurrent transactions on PostgreSQL, decision 0038): a package's first
sales make one card type between them, and one order paid by several tills at once issues its card once."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest

from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.catalog.models import CardType
from apps.catalog.tests.factories import ProjectPackageFactory, ProjectPackageLineFactory
from apps.core.ledgers import audit_all
from apps.core.testing import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_first_sales_of_a_package_paid_at_once_make_one_card_type(store):
    package = ProjectPackageFactory(price=Decimal("880.00"))
    ProjectPackageLineFactory(package=package, sessions=4)
    orders = iter([committed_order(store=store, lines=[line("projectPackage", package)]) for _ in range(6)])
    taking = threading.Lock()

    def pay() -> None:
        with taking:
            order = next(orders)
        order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])

    assert at_once(pay, 6) == ["ok"] * 6
    card_type = CardType.objects.get(project_package=package)
    assert Card.objects.filter(card_type=card_type).count() == 6
    assert audit_all() == []


def test_one_package_order_paid_by_five_tills_at_once_issues_one_card(store):
    package = ProjectPackageFactory(price=Decimal("880.00"))
    ProjectPackageLineFactory(package=package, sessions=4)
    order = committed_order(store=store, lines=[line("projectPackage", package)])

    def pay() -> None:
        order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])

    assert sorted(at_once(pay, 5)) == ["ORD-40901"] * 4 + ["ok"]
    card = Card.objects.get(member=order.member)
    assert card.sessions.get().left == 4
    assert audit_all() == []
