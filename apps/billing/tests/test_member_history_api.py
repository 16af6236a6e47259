"""A member's history and a card's orders (spec §7.7): member/findMemberConsume, buyRecordRest/*,
usercard/getOrderList and usercard/orderDetails, over orders paid through the till's services; the
caller's stores only (another store's order is not there, or answers 404)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.factories import CASHIER as CASHIER_ACTOR
from apps.billing.tests.factories import committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.tests.factories import CardTypeFactory
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

CONSUME = "/rest/member/findMemberConsume"
BUY_LIST = "/rest/buyRecordRest/list"
BUY_COUNT = "/rest/buyRecordRest/count"
BUY_DETAIL = "/rest/buyRecordRest/detail/{}"
CARD_ORDERS = "/rest/usercard/getOrderList"
CARD_ORDER = "/rest/usercard/orderDetails"


def paid(store, member, *lines, tenders=None):
    order = committed_order(store=store, member=member, lines=list(lines))
    if tenders is None:
        # An order paid wholly by package sessions takes no money.
        tenders = [TenderAsked("cash", order.payable)] if order.payable else []
    order_pay(actor=CASHIER_ACTOR, order_id=order.pk, tenders=tenders)
    order.refresh_from_db()
    return order


@pytest.fixture
def reader(store, make_entry):
    """A front desk of Store A: the member's account page only."""
    return api_client(entry=make_entry(store, codes=[code_of("/personalAccount")]))


@pytest.fixture
def shampoo(store):
    return stocked(store, "100", name="控油洗发水", price=Decimal("80.00"))


def test_consumption_lists_the_members_paid_orders_with_items_and_card_uses(reader, store, member, shampoo):
    card = stored_value_card(member=member, paid="1000.00", store=store)
    sessions = package_card(member=member, sessions=5, store=store)
    project = sessions.sessions.get().project
    by_card = paid(
        store,
        member,
        line("product", shampoo, qty=2),
        line("project", project, card=sessions),
        tenders=[TenderAsked("storedValue", Decimal("160.00"), card_id=card.pk)],
    )
    unpaid = committed_order(store=store, member=member, lines=[line("product", shampoo)])

    page = assert_envelope(reader.get(CONSUME, {"memId": member.pk}), status=200)

    assert [row["orderId"] for row in page["list"]] == [by_card.pk]
    assert unpaid.pk not in [row["orderId"] for row in page["list"]]
    row = page["list"][0]
    assert row["storeName"] == store.name and row["paid"] == "160.00"
    assert sorted((item["type"], item["qty"], item["bySessions"]) for item in row["items"]) == [
        ("product", 2, False),
        ("project", 1, True),
    ]
    uses = sorted((use["cardId"], use["kind"], use["sessionsChange"]) for use in row["cardUses"])
    assert uses == sorted([(card.pk, "spend", 0), (sessions.pk, "sessionsUsed", -1)])
    spent = next(use for use in row["cardUses"] if use["kind"] == "spend")
    assert Decimal(spent["principalChange"]) + Decimal(spent["giftChange"]) == Decimal("-160.00")


def test_consumption_keeps_to_the_range_and_the_callers_stores(reader, store, other_store, member, shampoo):
    here = paid(store, member, line("product", shampoo))
    paid(other_store, member, line("product", stocked(other_store, "10")))
    page = assert_envelope(reader.get(CONSUME, {"memId": member.pk}), status=200)
    assert [row["orderId"] for row in page["list"]] == [here.pk]

    later = (timezone.now() + timedelta(hours=1)).isoformat()
    assert assert_envelope(reader.get(CONSUME, {"memId": member.pk, "startTime": later}), status=200)["total"] == 0


def test_consumption_of_a_member_that_does_not_exist_is_404_and_without_a_code_403(reader, store, make_entry):
    assert_envelope(reader.get(CONSUME, {"memId": 999999}), status=404, errcode="SYS-40400")
    stranger = api_client(entry=make_entry(store, codes=[code_of("/systemStorage")]))
    assert_envelope(stranger.get(CONSUME, {"memId": 1}), status=403, errcode="AUTH-40300")
    assert_envelope(reader.get(CONSUME, {}), status=400, errcode="VALID-40000")


def test_consumption_pages_in_a_fixed_number_of_queries(reader, store, member, shampoo):
    def add(n):
        for _ in range(n):
            paid(store, member, line("product", shampoo))

    assert_list_queries_constant(reader, CONSUME, add, params={"memId": member.pk})


def test_buy_records_list_cards_packages_and_goods_bought_not_services(reader, store, member, shampoo):
    card_type = CardTypeFactory(price=Decimal("500.00"), face_value=Decimal("500.00"))
    order = paid(store, member, line("cardType", card_type), line("product", shampoo, qty=3))
    sessions = package_card(member=member, sessions=3, store=store)
    paid(store, member, line("project", sessions.sessions.get().project, card=sessions))

    page = assert_envelope(reader.get(BUY_LIST, {"memId": member.pk}), status=200)

    assert sorted((row["type"], row["qty"]) for row in page["list"]) == [("cardType", 1), ("product", 3)]
    bought_card = next(row for row in page["list"] if row["type"] == "cardType")
    assert bought_card["orderId"] == order.pk and bought_card["cardId"] is not None and bought_card["cardNo"]
    goods = assert_envelope(reader.get(BUY_LIST, {"memId": member.pk, "type": "product"}), status=200)
    assert [row["type"] for row in goods["list"]] == ["product"]

    count = assert_envelope(reader.get(BUY_COUNT, {"memId": member.pk}), status=200)
    assert count["total"] == 2
    assert {row["type"]: (row["count"], row["amount"]) for row in count["byType"]} == {
        "cardType": (1, "500.00"),
        "product": (1, "240.00"),
    }


def test_a_buy_record_shows_its_refunds_and_another_stores_is_404(reader, store, other_store, member, shampoo):
    order = paid(store, member, line("product", shampoo, qty=3))
    bought = order.lines.get()
    order_refund(actor=CASHIER_ACTOR, order_id=order.pk, lines=[LineAsked(bought.pk, qty=1)], reason="不想要了")

    detail = assert_envelope(reader.get(BUY_DETAIL.format(bought.pk)), status=200)
    assert (detail["refundedQty"], detail["refundedAmount"]) == (1, "80.00")
    assert [(r["qty"], r["amount"], r["reason"]) for r in detail["refunds"]] == [(1, "80.00", "不想要了")]
    assert detail["memId"] == member.pk

    elsewhere = paid(other_store, member, line("product", stocked(other_store, "10"))).lines.get()
    assert_envelope(reader.get(BUY_DETAIL.format(elsewhere.pk)), status=404, errcode="SYS-40400")


def test_a_cards_orders_are_the_ones_that_touched_it_with_what_each_did(reader, store, other_store, member, shampoo):
    card = stored_value_card(member=member, paid="1000.00", store=store)
    spent = paid(
        store, member, line("product", shampoo), tenders=[TenderAsked("storedValue", Decimal("80.00"), card_id=card.pk)]
    )
    paid(store, member, line("product", shampoo))  # paid in cash: not the card's
    paid(
        other_store,
        member,
        line("product", stocked(other_store, "10", price=Decimal("50.00"))),
        tenders=[TenderAsked("storedValue", Decimal("50.00"), card_id=card.pk)],
    )

    page = assert_envelope(reader.get(CARD_ORDERS, {"userCardId": card.pk}), status=200)

    assert [row["orderId"] for row in page["list"]] == [spent.pk]
    row = page["list"][0]
    assert Decimal(row["cardPrincipalChange"]) + Decimal(row["cardGiftChange"]) == Decimal("-80.00")
    assert row["cardSessionsChange"] == 0
    assert_envelope(reader.get(CARD_ORDERS, {"userCardId": 999999}), status=404, errcode="SYS-40400")


def test_a_cards_order_details_show_its_entries_on_the_card(reader, store, other_store, member, shampoo):
    sessions = package_card(member=member, sessions=4, store=store)
    project = sessions.sessions.get().project
    order = paid(store, member, line("project", project, qty=2, card=sessions))
    cash_only = paid(store, member, line("product", shampoo))

    detail = assert_envelope(reader.get(CARD_ORDER, {"userCardId": sessions.pk, "orderId": order.pk}), status=200)

    assert (detail["orderId"], detail["cardId"], detail["cardNo"]) == (order.pk, sessions.pk, sessions.card_no)
    assert [(e["kind"], e["sessionsChange"], e["sessionsAfter"]) for e in detail["cardEntries"]] == [
        ("sessionsUsed", -2, 2)
    ]
    assert [line_row["type"] for line_row in detail["lines"]] == ["project"]
    # An order that did not touch the card, and another store's order that did, are not there.
    assert_envelope(
        reader.get(CARD_ORDER, {"userCardId": sessions.pk, "orderId": cash_only.pk}), status=404, errcode="SYS-40400"
    )
    elsewhere = paid(other_store, member, line("project", project, card=sessions))
    assert_envelope(
        reader.get(CARD_ORDER, {"userCardId": sessions.pk, "orderId": elsewhere.pk}), status=404, errcode="SYS-40400"
    )


def test_buy_records_and_a_cards_orders_page_in_a_fixed_number_of_queries(reader, store, member, shampoo):
    card = stored_value_card(member=member, paid="100000.00", store=store)

    def add(n):
        for _ in range(n):
            paid(
                store,
                member,
                line("product", shampoo),
                tenders=[TenderAsked("storedValue", Decimal("80.00"), card_id=card.pk)],
            )

    assert_list_queries_constant(reader, BUY_LIST, add, params={"memId": member.pk})
    assert_list_queries_constant(reader, CARD_ORDERS, add, params={"userCardId": card.pk})
