"""Refunds and the closed business day (issue 14 §2–3, decision 0012): a refund is dated the day it
is made, so a closed day refuses it, and the day's figures take the money it gave back off its
method (a cash refund is cash out of the till)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.closing.selectors import Day, day_figures
from apps.billing.models import Refund
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product, sessions
from apps.billing.tests.conftest import CASHIER as CASHIER_PAGE
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.core.business_days import DayClosed
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def manager(store, make_entry):
    return api_client(entry=make_entry(store, codes=[CASHIER_PAGE, code_of("/dailyKnots"), REFUND.code]))


def paid_order(store, member, card):
    order = order_of(store=store, member=member, lines=[product("100.00"), product("60.00")])
    tenders = [TenderAsked("storedValue", D("60"), card_id=card.pk), TenderAsked("cash", D("100"))]
    order_pay(actor=CASHIER, order_id=order.pk, tenders=tenders)
    return order


def test_the_days_takings_and_cash_expected_are_net_of_its_refunds(manager, store, member):
    card = stored_value_card(member=member, paid="500.00", store=store)
    order = paid_order(store, member, card)
    first = order.lines.order_by("id").first()
    refund = assert_envelope(
        manager.post(
            "/rest/recede/recede",
            {"orderId": order.pk, "lines": [{"orderLineId": first.pk, "amount": "80"}], "reason": "torn"},
            format="json",
        ),
        status=200,
    )
    assert sorted((t["method"], t["amount"]) for t in refund["tenders"]) == [
        ("cash", "50.00"),
        ("storedValue", "30.00"),
    ]
    figures = assert_envelope(manager.get("/rest/daily/preview"), status=200)
    methods = {m["method"]: m["amount"] for m in figures["takings"]["methods"]}
    assert methods == {"cash": "50.00", "storedValue": "30.00"}
    assert figures["cash"]["expected"] == "50.00" and figures["takings"]["money"] == "50.00"
    closed = assert_envelope(
        manager.post("/rest/daily/close", {"date": figures["date"], "cashCounted": "50.00"}, format="json"),
        status=201,
    )
    assert closed["difference"] == "0.00"
    assert audit_all() == []


def test_a_closed_day_refuses_a_refund_and_nothing_is_written(manager, store, member):
    card = stored_value_card(member=member, paid="500.00", store=store)
    order = paid_order(store, member, card)
    figures = assert_envelope(manager.get("/rest/daily/preview"), status=200)
    assert_envelope(
        manager.post("/rest/daily/close", {"date": figures["date"], "cashCounted": "100.00"}, format="json"),
        status=201,
    )
    first = order.lines.order_by("id").first()
    refused = manager.post(
        "/rest/recede/recede",
        {"orderId": order.pk, "lines": [{"orderLineId": first.pk}], "reason": "torn"},
        format="json",
    )
    assert_envelope(refused, status=409, errcode="DAY-40901")
    with pytest.raises(DayClosed):
        order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(first.pk)], reason="torn")
    assert not Refund.objects.exists()
    assert Card.objects.get(pk=card.pk).balance == D("440.00")


def test_the_days_revenue_is_net_of_the_goods_and_sessions_its_refunds_returned(store, member):
    card = package_card(member=member, sessions=5)
    used = order_of(store=store, member=member, lines=[sessions(card, qty=2, price="120.00")])
    order_pay(actor=CASHIER, order_id=used.pk, tenders=[])
    sold = order_of(store=store, member=member, lines=[product("100.00")])
    order_pay(actor=CASHIER, order_id=sold.pk, tenders=[TenderAsked("cash", D("100"))])
    before = day_figures(Day(store.pk, timezone.localdate()))["revenue"]
    assert (before["goodsAndServices"], before["sessionsValue"], before["earned"]) == ("100.00", "240.00", "340.00")
    order_refund(actor=CASHIER, order_id=used.pk, lines=[LineAsked(used.lines.get().pk, qty=1)], reason="not done")
    order_refund(actor=CASHIER, order_id=sold.pk, lines=[LineAsked(sold.lines.get().pk, amount=D("30"))], reason="torn")
    after = day_figures(Day(store.pk, timezone.localdate()))
    # One session back at its list price (120) and 30 of the goods: 340 - 150.
    assert (after["revenue"]["returned"], after["revenue"]["earned"]) == ("150.00", "190.00")
    assert (after["refunds"]["count"], after["refunds"]["amount"]) == (2, "30.00")
    assert [(m["method"], m["amount"]) for m in after["refunds"]["methods"]] == [("cash", "30.00")]
