"""Packages are banked (issue 28 §1, decision 0038): a project package sold issues the member its
package card with the sessions per project, in the payment's transaction, with its ledger entries; a
project of the package may be served now from it (`packageLine`); refunding the sale takes back
what is left of the sessions and charges the ones used."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.choices import CreditKind, LineType
from apps.billing.closing.selectors import Day, day_figures
from apps.billing.models import Order, StaffCredit, Tender
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import Line, order_of
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card, CardEntry
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.models import CardType, ProjectPackage
from apps.catalog.tests.factories import (
    CardTypeFactory,
    ProjectFactory,
    ProjectPackageFactory,
    ProjectPackageLineFactory,
)
from apps.core.business_days import mark_day_closed
from apps.core.ledgers import audit_all
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

PAY = "/rest/pay/excute"
COMMIT = "/rest/order/commit"


@pytest.fixture
def package(db) -> ProjectPackage:
    """头皮清洁5次卡: 5 cleansings and 1 examination, 1,200.00, valid 180 days."""
    package: ProjectPackage = ProjectPackageFactory.create(
        name="头皮清洁5次卡", price=Decimal("1200.00"), validity_days=180
    )
    ProjectPackageLineFactory(package=package, project=ProjectFactory(name="头皮清洁"), sessions=5)
    ProjectPackageLineFactory(package=package, project=ProjectFactory(name="头皮检测"), sessions=1)
    return package


def projects_of(package: ProjectPackage) -> list:
    return [row.project for row in package.lines.order_by("id")]


def sold_with_one_served(store, member, package, project):
    """The package sold and paid in cash, one session of `project` served from it at once."""
    lines = [line("projectPackage", package), line("project", project, package_line=0)]
    return paid_in_cash(committed_order(store=store, member=member, lines=lines))


def paid_in_cash(order):
    tenders = [TenderAsked("cash", order.payable)] if order.payable else []
    return order_pay(actor=CASHIER, order_id=order.pk, tenders=tenders).order


def test_a_package_paid_issues_the_member_its_card_with_the_sessions_of_each_project(store, member, seller, package):
    order = committed_order(store=store, member=member, lines=[line("projectPackage", package, staff=[(seller, "1")])])
    assert not Card.objects.filter(member=member).exists()  # committed, not paid: nothing yet

    paid_in_cash(order)

    card = Card.objects.get(member=member)
    cleansing, examination = projects_of(package)
    assert (card.kind, card.status, card.card_type.project_package_id) == ("package", "active", package.pk)
    assert card.expires_on == timezone.localdate() + timedelta(days=180)
    sessions = card.sessions.order_by("id").values_list("project_id", "total", "left")
    assert list(sessions) == [(cleansing.pk, 5, 5), (examination.pk, 1, 1)]
    entries = CardEntry.objects.filter(card=card).order_by("id")
    assert list(entries.values_list("kind", "sessions_change", "order_id")) == [
        ("sale", 5, order.pk),
        ("sale", 1, order.pk),
    ]
    assert order.lines.get().card_id == card.pk
    credit = StaffCredit.objects.get(line__order=order)
    assert (credit.employee_id, credit.kind, credit.amount) == (seller.pk, CreditKind.CARD_SALE, Decimal("1200.00"))
    assert audit_all() == []


def test_the_package_card_is_named_as_the_package_and_one_card_type_serves_every_sale(store, package):
    for member in (committed_order(store=store).member, committed_order(store=store).member):
        paid_in_cash(committed_order(store=store, member=member, lines=[line("projectPackage", package)]))
    card_type = CardType.objects.get(project_package=package)
    assert (card_type.kind, card_type.name, card_type.code) == ("package", "头皮清洁5次卡", package.code)
    assert Card.objects.filter(card_type=card_type).count() == 2


def test_a_package_card_type_head_office_made_is_the_card_of_its_package(store, member, package):
    made = CardTypeFactory(kind="package", project_package=package, name="头皮清洁套餐卡", face_value=0)
    paid_in_cash(committed_order(store=store, member=member, lines=[line("projectPackage", package, qty=2)]))
    cards = Card.objects.filter(member=member).order_by("id")
    assert [card.card_type_id for card in cards] == [made.pk, made.pk]  # one card per package bought
    assert CardType.objects.filter(project_package=package).count() == 1


def test_a_partly_paid_package_issues_nothing_until_it_is_paid(store, member, package):
    order = committed_order(store=store, member=member, lines=[line("projectPackage", package)])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", Decimal("200.00"))])
    assert not Card.objects.filter(member=member).exists()
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", Decimal("1000.00"))])
    assert Card.objects.get(member=member).sessions.count() == 2


def test_a_session_served_now_from_the_package_bought_on_the_same_order(store, member, seller, nurse, package):
    cleansing, _examination = projects_of(package)
    order = committed_order(
        store=store,
        member=member,
        lines=[
            line("projectPackage", package, staff=[(seller, "1")]),
            line("project", cleansing, staff=[(nurse, "1")], package_line=0),
        ],
    )
    sale, served = order.lines.order_by("id")
    assert (served.package_line_id, served.amount, order.payable) == (sale.pk, Decimal("0.00"), Decimal("1200.00"))
    assert served.discounts == [{"source": "sessions", "name": "头皮清洁5次卡", "amount": f"{cleansing.price:.2f}"}]

    paid_in_cash(order)

    card = Card.objects.get(member=member)
    served.refresh_from_db()
    assert served.card_id == card.pk
    assert card.sessions.get(project=cleansing).left == 4
    used = CardEntry.objects.get(card=card, kind="sessionsUsed")
    assert (used.sessions_change, used.sessions_after, used.order_id) == (-1, 4, order.pk)
    credits = StaffCredit.objects.filter(line__order=order).order_by("id")
    assert [(c.employee_id, c.kind, c.amount) for c in credits] == [
        (seller.pk, CreditKind.CARD_SALE, Decimal("1200.00")),
        (nurse.pk, CreditKind.CARD_CONSUMPTION, cleansing.price),
    ]
    assert audit_all() == []


def test_a_refunded_package_takes_back_its_unused_sessions_and_charges_the_used_ones(store, member, package):
    cleansing, _examination = projects_of(package)
    order = sold_with_one_served(store, member, package, cleansing)
    card = Card.objects.get(member=member)
    paid_in_cash(committed_order(store=store, member=member, lines=[line("project", cleansing, card=card)]))
    sale = order.lines.get(type="projectPackage")

    refund = order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(sale.pk)], reason="顾客搬家")

    # 2 of its 6 sessions used, at 1,200 / 6 each: 800 goes back, in cash as it was paid.
    assert refund.amount == Decimal("800.00")
    assert [(t.method, t.amount) for t in refund.tenders.all()] == [("cash", Decimal("800.00"))]
    card.refresh_from_db()
    assert card.status == "closed"
    assert sorted(card.sessions.values_list("left", flat=True)) == [0, 0]
    taken = CardEntry.objects.filter(card=card, refund_id=refund.pk).values_list("kind", "sessions_change")
    assert sorted(taken) == [("refundOut", -3), ("refundOut", -1)]
    assert audit_all() == []


def test_the_package_and_the_session_served_from_it_refunded_together_give_all_back(store, member, package):
    cleansing, _examination = projects_of(package)
    order = sold_with_one_served(store, member, package, cleansing)
    asked = [LineAsked(row.pk) for row in order.lines.order_by("id")]

    refund = order_refund(actor=CASHIER, order_id=order.pk, lines=asked, reason="未做护理，全部退款")

    assert refund.amount == Decimal("1200.00")
    card = Card.objects.get(member=member)
    assert card.status == "closed"
    kinds = CardEntry.objects.filter(card=card).order_by("id").values_list("kind", "sessions_change")
    assert list(kinds) == [
        ("sale", 5),
        ("sale", 1),
        ("sessionsUsed", -1),
        ("refund", 1),
        ("refundOut", -5),
        ("refundOut", -1),
    ]
    assert audit_all() == []


def test_a_package_is_refunded_once(store, member, package):
    order = paid_in_cash(committed_order(store=store, member=member, lines=[line("projectPackage", package)]))
    sale = order.lines.get()
    order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(sale.pk)], reason="顾客不要了")
    with pytest.raises(Exception) as refused:
        order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(sale.pk)], reason="再退一次")
    assert getattr(refused.value, "errcode", "") == "ORD-40901"
    assert sum(refund.amount for refund in order.refunds.all()) == Decimal("1200.00")


def test_the_days_figures_count_a_package_sold_as_money_owed_and_its_session_served_as_earned(store, member, package):
    cleansing, _examination = projects_of(package)
    sold_with_one_served(store, member, package, cleansing)

    figures = day_figures(Day(store.pk, timezone.localdate()))

    kinds = {row["kind"]: row for row in figures["sales"]["kinds"]}
    assert (kinds["cardSales"]["lines"], kinds["cardSales"]["amount"]) == (1, "1200.00")
    assert (kinds["packages"]["lines"], kinds["sessions"]["amount"]) == (0, f"{cleansing.price:.2f}")
    revenue = figures["revenue"]
    assert (revenue["liabilityIn"], revenue["goodsAndServices"]) == ("1200.00", "0.00")


# -- through the till's calls ------------------------------------------------------------------------


def test_after_the_sale_the_members_card_list_shows_the_package_card_with_its_sessions(client, store, member, package):
    body = {"memId": member.pk, "lines": [{"type": "projectPackage", "itemId": package.pk}]}
    order = assert_envelope(client.post(COMMIT, body, format="json"), status=201)
    assert assert_envelope(client.get(f"/rest/packageCard/findErpAllCard/{member.pk}"), status=200) == []
    pay = {"orderId": order["orderId"], "tenders": [{"method": "cash", "amount": "1200.00"}]}
    assert assert_envelope(client.post(PAY, pay, format="json"), status=200)["status"] == "paid"

    cards = assert_envelope(client.get(f"/rest/packageCard/findErpAllCard/{member.pk}"), status=200)
    cleansing, examination = projects_of(package)
    assert [(card["kind"], card["name"], card["status"]) for card in cards] == [("package", "头皮清洁5次卡", "active")]
    assert cards[0]["sessions"] == [
        {"projectId": cleansing.pk, "name": cleansing.name, "total": 5, "left": 5},
        {"projectId": examination.pk, "name": examination.name, "total": 1, "left": 1},
    ]


def test_a_payment_retried_with_its_key_issues_the_card_once(client, store, member, package):
    order = committed_order(store=store, member=member, lines=[line("projectPackage", package)])
    body = {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "1200.00"}]}
    first = client.post(PAY, body, format="json", headers={"Idempotency-Key": "pay-package-1"})
    again = client.post(PAY, body, format="json", headers={"Idempotency-Key": "pay-package-1"})
    assert assert_envelope(first, status=200) == assert_envelope(again, status=200)
    assert Card.objects.filter(member=member).count() == 1
    assert CardEntry.objects.filter(order_id=order.pk, kind="sale").count() == 2


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "the package holds no sessions of this project"),
        ("zh-hans", "该套餐不含此项目的次数"),
    ],
)
def test_a_project_the_package_does_not_hold_is_refused_in_both_languages(
    store, member, package, make_entry, cashier_entry, language, message
):
    other = ProjectFactory()
    lines = [
        {"type": "projectPackage", "itemId": package.pk},
        {"type": "project", "itemId": other.pk, "packageLine": 0},
    ]
    answer = api_client(entry=cashier_entry, language=language).post(
        COMMIT, {"memId": member.pk, "lines": lines}, format="json"
    )
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"lines[1].packageLine": [message]}


@pytest.mark.parametrize(
    ("lines", "field", "message"),
    [
        (
            lambda package, project, card, stored_value: [
                {"type": "project", "itemId": project.pk, "packageLine": 1},
                {"type": "project", "itemId": project.pk},
            ],
            "lines[0].packageLine",
            "choose a project package line of this order",
        ),
        (
            lambda package, project, card, stored_value: [
                {"type": "projectPackage", "itemId": package.pk},
                {"type": "project", "itemId": project.pk, "packageLine": 0, "qty": 6},
            ],
            "lines[1].qty",
            "the package holds 5 sessions of this project",
        ),
        (
            lambda package, project, card, stored_value: [
                {"type": "projectPackage", "itemId": package.pk},
                {"type": "project", "itemId": project.pk, "packageLine": 0, "cardId": stored_value.pk},
            ],
            "lines[1].packageLine",
            "a project served from a package names no card and is no gift",
        ),
        (
            lambda package, project, card, stored_value: [{"type": "cardType", "itemId": card.card_type_id}],
            "lines[0].itemId",
            "a package card is sold as its project package: choose it under project packages",
        ),
    ],
    ids=["not a package line", "more sessions than it holds", "a card too", "a package card type"],
)
def test_what_a_package_line_refuses(client, store, member, package, lines, field, message):
    cleansing, _examination = projects_of(package)
    card = package_card(member=member, sessions=2)
    stored_value = stored_value_card(member=member)
    body = {"memId": member.pk, "lines": lines(package, cleansing, card, stored_value)}
    answer = client.post(COMMIT, body, format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {field: [message]}


def test_a_walk_in_cannot_buy_a_package(client, package):
    body = {
        "walkIn": {"name": "路人", "phone": "13912345678"},
        "lines": [{"type": "projectPackage", "itemId": package.pk}],
    }
    data = assert_envelope(client.post(COMMIT, body, format="json"), status=400, errcode="VALID-40000")
    assert data["fields"] == {
        "lines[0].type": ["a project package is sold to a member: its sessions are kept on the member's card"]
    }


# -- the sales made before packages were banked ------------------------------------------------------


def sold_before_banking(store, member, package, qty=1):
    """A package sale paid in cash as the till paid it before packages were banked: no card."""
    amount = package.price * qty
    order = order_of(
        store=store,
        member=member,
        lines=[Line(LineType.PROJECT_PACKAGE, package.pk, amount, qty=qty, name=package.name)],
    )
    Tender.objects.create(order=order, method="cash", amount=amount, status="succeeded", store=store)
    Order.objects.filter(pk=order.pk).update(status="paid", paid=amount, paid_at=timezone.now())
    return order


def bank() -> str:
    out = StringIO()
    call_command("bank_package_sales", stdout=out)
    return out.getvalue()


def test_bank_package_sales_gives_the_earlier_buyers_their_cards_once(store, member, package):
    order = sold_before_banking(store, member, package, qty=2)
    assert bank().endswith("1 banked, 0 left for a closed day, 0 refunded\n")
    cards = Card.objects.filter(member=member).order_by("id")
    assert [sorted(card.sessions.values_list("left", flat=True)) for card in cards] == [[1, 5], [1, 5]]
    assert order.lines.get().card_id == cards[0].pk
    assert set(CardEntry.objects.filter(card__in=cards).values_list("kind", "order_id")) == {("sale", order.pk)}
    assert bank().endswith("0 banked, 0 left for a closed day, 0 refunded\n")
    assert audit_all() == []

    refund = order_refund(
        actor=CASHIER, order_id=order.pk, lines=[LineAsked(order.lines.get().pk, qty=1)], reason="退一张"
    )
    assert (refund.amount, Card.objects.get(pk=cards[0].pk).status) == (Decimal("1200.00"), "closed")


def test_bank_package_sales_leaves_a_closed_day_and_a_refunded_sale_and_says_so(store, member, package):
    closed_store = sold_before_banking(store, member, package)
    refunded = sold_before_banking(StoreFactory(), MemberFactory(), package)
    order_refund(actor=CASHIER, order_id=refunded.pk, lines=[LineAsked(refunded.lines.get().pk)], reason="退款")
    mark_day_closed(store_id=store.pk, day=timezone.localdate())

    said = bank()

    assert f"left {closed_store.order_no} line {closed_store.lines.get().pk}: today is closed at its store" in said
    assert f"left {refunded.order_no} line {refunded.lines.get().pk}: refunded in part, settle it by hand" in said
    assert said.endswith("0 banked, 1 left for a closed day, 1 refunded\n")
    assert not Card.objects.exists()
