"""Gifts given with a sale (`order/handleGift` as the draft's gift lines, `membergiftrest/list`): a
gift line is priced at 0 with its whole value as a `gift` discount and its reason, needs the gift
button code, takes no card or coupon, credits no staff, and is listed among the member's gifts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.models import OrderLine, StaffCredit
from apps.billing.tests.conftest import BILLS, CASHIER, ORDER_DETAILS
from apps.billing.tests.factories import committed_order, line
from apps.cards.tests.factories import package_card
from apps.catalog.tests.factories import CardTypeFactory
from apps.core.ledgers import audit_all
from apps.core.role_codes import ORDER_GIFT
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db
COMMIT = "/rest/order/commit"
PRICE = "/rest/pricingEngine/checkDiscountConcurrently"
GIFTS = "/rest/membergiftrest/list"


@pytest.fixture
def giver(store, make_entry):
    return api_client(entry=make_entry(store, codes=[CASHIER, BILLS, ORDER_DETAILS, ORDER_GIFT.code]))


def _draft(member, product, project, **gift):
    return {
        "memId": member.pk,
        "lines": [
            {"type": "product", "itemId": product.pk},
            {"type": "project", "itemId": project.pk, "qty": 2, "gift": True, "giftReason": "生日赠送", **gift},
        ],
    }


def test_a_gift_line_is_priced_at_nothing_with_its_reason_and_committed_with_its_flag(giver, member, product, project):
    priced = assert_envelope(giver.post(PRICE, _draft(member, product, project), format="json"), status=200)
    assert (priced["total"], priced["discount"], priced["payable"]) == ("696.00", "596.00", "100.00")
    assert priced["lines"][1]["gift"] is True
    assert priced["lines"][1]["discounts"] == [{"source": "gift", "name": "生日赠送", "amount": "596.00"}]
    order = assert_envelope(giver.post(COMMIT, _draft(member, product, project), format="json"), status=201)
    assert order["payable"] == "100.00"
    gift = OrderLine.objects.get(order_id=order["orderId"], gift=True)
    assert (gift.amount, gift.gift_reason) == (Decimal("0.00"), "生日赠送")
    details = assert_envelope(giver.get("/rest/order/orderDetails", {"orderId": order["orderId"]}), status=200)
    assert [(ln["gift"], ln["giftReason"]) for ln in details["lines"]] == [(False, ""), (True, "生日赠送")]


def test_a_gift_needs_the_gift_code_even_to_be_priced(client, member, product, project):
    for path in (PRICE, COMMIT):
        assert_envelope(
            client.post(path, _draft(member, product, project), format="json"), status=403, errcode="AUTH-40300"
        )
    assert not OrderLine.objects.exists()


def test_a_gift_says_why_is_goods_or_services_and_is_paid_by_no_card(giver, member, product, project):
    def refused(draft, field):
        answer = assert_envelope(giver.post(COMMIT, draft, format="json"), status=400, errcode="VALID-40000")
        assert field in answer["fields"], answer["fields"]

    refused(_draft(member, product, project, giftReason="  "), "lines[1].giftReason")
    card = package_card(member=member, sessions=5)
    session_project = card.sessions.get().project
    with_card = {
        "memId": member.pk,
        "lines": [
            {"type": "project", "itemId": session_project.pk, "cardId": card.pk, "gift": True, "giftReason": "x"}
        ],
    }
    refused(with_card, "lines[0].cardId")
    card_type = CardTypeFactory()
    refused(
        {"memId": member.pk, "lines": [{"type": "cardType", "itemId": card_type.pk, "gift": True, "giftReason": "x"}]},
        "lines[0].gift",
    )
    assert not OrderLine.objects.exists()


def test_a_paid_gift_credits_no_staff_and_the_member_sees_it_among_their_gifts(
    giver, other_client, store, member, product, project, nurse
):
    order = committed_order(
        store=store,
        member=member,
        lines=[
            line("product", product, staff=[(nurse, "1")]),
            line("project", project, staff=[(nurse, "1")], gift=True, gift_reason="老客回馈"),
        ],
    )
    tenders = [{"method": "cash", "amount": "100"}]
    paid = giver.post("/rest/pay/excute", {"orderId": order.pk, "tenders": tenders}, format="json")
    assert assert_envelope(paid, status=200)["status"] == "paid"
    assert list(StaffCredit.objects.values_list("line__gift", flat=True)) == [False]
    gifts = assert_envelope(giver.get(GIFTS, {"memId": member.pk}), status=200)
    assert gifts["total"] == 1
    row = gifts["list"][0]
    assert (row["orderId"], row["name"], row["qty"], row["value"], row["reason"]) == (
        order.pk,
        project.name,
        1,
        "298.00",
        "老客回馈",
    )
    assert assert_envelope(other_client.get(GIFTS, {"memId": member.pk}), status=200)["total"] == 0
    assert audit_all() == []
