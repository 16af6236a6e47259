"""The daily closing's sections agree with each other by construction (issue 28 item 6): card sales
are the paid orders' cards, the same in the sales and the cards (a card issued without an order is
no sale); the stored value spent is the stored-value tenders, gross, less what refunds gave back to
cards, as the takings say; the sessions used are the lines they paid, the same in the sales, the
cards and the revenue; every gross figure sits beside what refunds returned and the net."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.closing.selectors import Day, day_figures, tender_totals
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.tests.factories import CardTypeFactory, ProjectPackageLineFactory
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

PREVIEW = "/rest/daily/preview"
D = Decimal


def paid(store, member, lines, *tenders):
    order = committed_order(store=store, member=member, lines=lines)
    order_pay(actor=CASHIER, order_id=order.pk, tenders=list(tenders))
    return order


def by(rows, key):
    return {row[key]: row for row in rows}


@pytest.fixture
def a_day(store, member):
    """A day of the store: two cards sold through orders (stored value 1,000 with 100 gift, a package
    of 6 sessions), a card issued without any order, stored value spent and partly refunded to its
    card, two sessions used, goods paid in cash and one unit refunded back to the shelf."""
    stored_type = CardTypeFactory(price=D("1000.00"), face_value=D("1100.00"))
    package = ProjectPackageLineFactory(sessions=6).package
    package.price = D("1280.00")
    package.save(update_fields=["price"])
    cards = paid(
        store,
        member,
        [line("cardType", stored_type), line("projectPackage", package)],  # a package card: sold as its package
        TenderAsked("cash", D("2280.00")),
    )
    stored_value_card(member=member, paid="3000.00", store=store)  # issued outside any order: no sale
    bought = Card.objects.get(card_type=stored_type)
    serum = stocked(store, "10", name="精华液", price=D("300.00"))
    spent = paid(store, member, [line("product", serum)], TenderAsked("storedValue", D("300.00"), card_id=bought.pk))
    order_refund(actor=CASHIER, order_id=spent.pk, lines=[LineAsked(spent.lines.get().pk, qty=1)], reason="破损")
    package = package_card(member=member, sessions=5, store=store)
    paid(store, member, [line("project", package.sessions.get().project, card=package, qty=2)])
    shampoo = stocked(store, "10", name="控油洗发水", price=D("88.00"))
    goods = paid(store, member, [line("product", shampoo, qty=3)], TenderAsked("cash", D("264.00")))
    order_refund(actor=CASHIER, order_id=goods.pk, lines=[LineAsked(goods.lines.get().pk, qty=1)], reason="不想要")
    return cards


def test_each_figure_is_the_same_in_every_section_that_shows_it(store, a_day):
    figures = day_figures(Day(store.pk, timezone.localdate()))
    kinds = by(figures["sales"]["kinds"], "kind")
    takings = by(figures["takings"]["methods"], "method")
    cards = figures["cards"]

    # Card sales: the orders' two cards, not the one issued without an order, in both sections.
    assert (cards["sold"]["count"], cards["sold"]["amount"]) == (
        kinds["cardSales"]["qty"],
        kinds["cardSales"]["amount"],
    )
    assert (cards["sold"]["count"], cards["sold"]["amount"]) == (2, "2280.00")
    assert (cards["sold"]["principal"], cards["sold"]["gift"], cards["sold"]["sessions"]) == ("1000.00", "100.00", 6)

    # Stored value spent: the tenders, gross, and what the refund gave back to the card.
    stored = takings["storedValue"]
    assert (cards["storedValueSpent"]["amount"], stored["gross"]) == ("300.00", "300.00")
    assert cards["storedValueSpent"]["returned"] == stored["refunded"] == "300.00"
    assert cards["storedValueSpent"]["net"] == stored["amount"] == figures["revenue"]["paidFromStoredValue"] == "0.00"

    # Sessions used: the lines they paid, the same in the sales, the cards and the revenue.
    assert cards["sessionsUsed"]["sessions"] == kinds["sessions"]["qty"] == 2
    assert cards["sessionsUsed"]["amount"] == kinds["sessions"]["amount"] == figures["revenue"]["sessionsValue"]

    # Gross, returned and net side by side, each net the gross less what went back.
    for row in figures["sales"]["kinds"]:
        assert D(row["net"]) == D(row["amount"]) - D(row["returned"]), row["kind"]
    sales = figures["sales"]
    assert D(sales["net"]) == D(sales["total"]) - D(sales["returned"])
    assert (kinds["products"]["amount"], kinds["products"]["returned"]) == ("564.00", "388.00")
    money = figures["takings"]
    assert D(money["money"]) == D(money["moneyGross"]) - D(money["moneyRefunded"])
    assert (money["moneyGross"], money["moneyRefunded"], money["money"]) == ("2544.00", "88.00", "2456.00")
    assert takings["cash"]["refunded"] == by(figures["refunds"]["methods"], "method")["cash"]["amount"] == "88.00"
    assert figures["cash"]["expected"] == takings["cash"]["amount"] == "2456.00"
    revenue = figures["revenue"]
    assert D(revenue["earned"]) == D(revenue["goodsAndServices"]) + D(revenue["sessionsValue"]) - D(revenue["returned"])
    assert revenue["returned"] == kinds["products"]["returned"]
    assert audit_all() == []


def test_a_refund_through_a_method_the_day_took_nothing_by_is_in_its_takings(store, member):
    shampoo = stocked(store, "10", price=D("50.00"))
    order = paid(store, member, [line("product", shampoo, qty=2)], TenderAsked("cash", D("100.00")))
    tomorrow = timezone.localdate() + timedelta(days=1)
    order_refund(
        actor=CASHIER, order_id=order.pk, lines=[LineAsked(order.lines.get().pk, qty=1)], reason="退", today=tomorrow
    )
    figures = day_figures(Day(store.pk, tomorrow))
    (cash,) = figures["takings"]["methods"]
    assert (cash["method"], cash["count"], cash["gross"], cash["refunded"], cash["amount"]) == (
        "cash",
        0,
        "0.00",
        "50.00",
        "-50.00",
    )
    assert figures["takings"]["money"] == figures["cash"]["expected"] == "-50.00"
    net = tender_totals(Day(store.pk, tomorrow))
    assert net[("cash", "succeeded")] == (0, D("-50.00"))


def test_the_preview_answers_the_same_figures_through_http(store, make_entry, a_day):
    manager = api_client(entry=make_entry(store, codes=[code_of("/dailyKnots")]))
    answer = assert_envelope(manager.get(PREVIEW), status=200)
    kinds = by(answer["sales"]["kinds"], "kind")
    assert answer["cards"]["sold"]["count"] == kinds["cardSales"]["qty"] == 2
    assert (
        answer["cards"]["storedValueSpent"]["amount"]
        == by(answer["takings"]["methods"], "method")["storedValue"]["gross"]
    )
