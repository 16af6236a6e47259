"""Points exchange (积分开单): a member's order priced in points before and after the commit, paid by
the points tender alone, with the points ledger entry naming it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.tests.factories import committed_order
from apps.cards.tests.factories import CASHIER as CHECKOUT_ACTOR
from apps.core.testing import assert_envelope
from apps.members.services import points_adjust

pytestmark = pytest.mark.django_db

DRAFT_PRICE = "/rest/pricingEngine/pointsPrice"


def _draft(member, product):
    return {"memId": member.pk, "lines": [{"type": "product", "itemId": product.pk, "qty": 2}]}


def test_a_draft_is_priced_in_points_with_the_members_balance(client, store, member, product, settings):
    settings.POINTS_PER_YUAN_PAID = 100
    points_adjust(actor=CHECKOUT_ACTOR, member=member, store=store, change=15000, reason="gift")
    data = assert_envelope(client.post(DRAFT_PRICE, _draft(member, product), format="json"), status=200)
    assert (data["payable"], data["pointsPerYuan"], data["points"]) == ("200.00", 100, 20000)
    assert (data["memId"], data["memberPoints"], data["enough"]) == (member.pk, 15000, False)
    assert [line["amount"] for line in data["lines"]] == ["200.00"]


def test_a_draft_without_a_member_is_refused(client, product):
    body = {"lines": [{"type": "product", "itemId": product.pk}]}
    data = assert_envelope(client.post(DRAFT_PRICE, body, format="json"), status=400, errcode="VALID-40000")
    assert "memId" in data["fields"]


def test_an_order_paid_by_points_shows_its_points_and_the_ledger_entry(client, store, member, settings):
    settings.POINTS_PER_YUAN_PAID = 100
    points_adjust(actor=CHECKOUT_ACTOR, member=member, store=store, change=20000, reason="gift")
    order = committed_order(store=store, member=member)
    url = f"/rest/pay/pointsPrice/{order.pk}"
    before = assert_envelope(client.get(url), status=200)
    assert (before["due"], before["points"], before["memberPoints"], before["enough"]) == ("100.00", 10000, 20000, True)
    assert before["entries"] == []

    paid = client.post(
        "/rest/pay/excute",
        {"orderId": order.pk, "tenders": [{"method": "points", "amount": before["due"]}]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="points-order-1",
    )
    assert assert_envelope(paid, status=200)["status"] == "paid"
    after = assert_envelope(client.get(url), status=200)
    assert (after["due"], after["points"], after["memberPoints"]) == ("0.00", 0, 10000)
    assert [(entry["kind"], entry["change"], entry["balanceAfter"]) for entry in after["entries"]] == [
        ("spend", -10000, 10000)
    ]


def test_a_walk_ins_order_has_no_points_price(client, store):
    order = committed_order(store=store, walk_in=True)
    assert_envelope(client.get(f"/rest/pay/pointsPrice/{order.pk}"), status=400, errcode="VALID-40000")


def test_another_stores_order_is_not_found(other_client, store, member):
    order = committed_order(store=store, member=member)
    assert_envelope(other_client.get(f"/rest/pay/pointsPrice/{order.pk}"), status=404, errcode="SYS-40400")


def test_the_details_page_code_alone_reads_the_points_price(store, member, make_entry):
    order = committed_order(store=store, member=member)
    reader = api_client(entry=make_entry(store, codes=["ERP-KDJC-PAG-0006-0000"]))
    assert assert_envelope(reader.get(f"/rest/pay/pointsPrice/{order.pk}"), status=200)["points"] == int(
        Decimal("100.00") * 100
    )
