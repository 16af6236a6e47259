"""The refund calls through HTTP (contract §8 `recede/*`): the envelope and its errcodes, the button
codes, the Idempotency-Key, the store scope, and the refunds on the order's details."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.models import Refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.conftest import ORDER_DETAILS
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import CASHIER, stored_value_card
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND, REFUND_APPROVE
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

RECEDE = "/rest/recede/recede"
JUDGE = "/rest/recede/judgeStatus"
LIST = "/rest/recede/recedeList"
SIZE = "/rest/recede/recedeSize"
DETAIL = "/rest/recede/recedeDetail"
RETURNS = code_of("/returnList")
REFUNDS = code_of("/refundList")


@pytest.fixture
def refunder(store, make_entry):
    return api_client(entry=make_entry(store, codes=[RETURNS, REFUNDS, ORDER_DETAILS, REFUND.code]))


@pytest.fixture
def owner(store, make_entry):
    entry = make_entry(store, codes=[RETURNS, REFUNDS, ORDER_DETAILS, REFUND.code, REFUND_APPROVE.code], kind="owner")
    return api_client(entry=entry)


def paid_order(store, member, *tenders, lines=("60.00", "40.00")):
    order = order_of(store=store, member=member, lines=[product(amount) for amount in lines])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=list(tenders))
    return order


def cash(amount):
    return TenderAsked(method="cash", amount=Decimal(amount))


def body(order, *lines, reason="wrong colour"):
    return {"orderId": order.pk, "lines": list(lines), "reason": reason}


def test_a_refund_answers_its_number_amount_and_tenders_and_shows_on_the_orders_details(refunder, store, member):
    card = stored_value_card(member=member, paid="500.00", face_value="550.00")
    order = paid_order(
        store, member, TenderAsked(method="storedValue", amount=Decimal("50"), card_id=card.pk), cash("50")
    )
    first = order.lines.order_by("id").first()
    judged = assert_envelope(refunder.get(JUDGE, {"orderId": order.pk}), status=200)
    assert [(line["refundableAmount"], line["refundableQty"]) for line in judged["lines"]] == [
        ("60.00", 1),
        ("40.00", 1),
    ]
    assert judged["refundable"] == "100.00" and judged["approvalAbove"] is None
    response = refunder.post(RECEDE, body(order, {"orderLineId": first.pk, "amount": "30"}), format="json")
    assert response.json()["errmsg"] == "refunded"
    data = assert_envelope(response, status=200)
    assert data["amount"] == "30.00" and data["status"] == "done" and data["refundNo"].startswith("RF")
    assert sorted((t["method"], t["amount"]) for t in data["tenders"]) == [("cash", "15.00"), ("storedValue", "15.00")]
    stored = next(t for t in data["tenders"] if t["method"] == "storedValue")
    assert (stored["principal"], stored["gift"], stored["cardNo"]) == ("13.63", "1.37", card.card_no)
    assert Card.objects.get(pk=card.pk).balance == Decimal("515.00")
    details = assert_envelope(refunder.get("/rest/order/orderDetails", {"orderId": order.pk}), status=200)
    assert [(r["recedeId"], r["amount"], len(r["tenders"])) for r in details["refunds"]] == [
        (data["recedeId"], "30.00", 2)
    ]
    judged = assert_envelope(refunder.get(JUDGE, {"orderId": order.pk}), status=200)
    assert judged["lines"][0]["refundableAmount"] == "30.00" and judged["refunded"] == "30.00"
    assert audit_all() == []


def test_the_list_its_count_and_one_refunds_details(refunder, other_store, make_entry, store, member):
    order = paid_order(store, member, cash("100"))
    for line in order.lines.order_by("id"):
        assert_envelope(refunder.post(RECEDE, body(order, {"orderLineId": line.pk}), format="json"), status=200)
    listed = assert_envelope(refunder.get(LIST, {"pageNo": 1, "pageSize": 1}), status=200)
    assert listed["total"] == 2 and len(listed["list"]) == 1 and listed["list"][0]["amount"] == "40.00"
    assert assert_envelope(refunder.get(SIZE, {"orderNo": order.order_no}), status=200) == {"total": 2}
    assert assert_envelope(refunder.get(SIZE, {"refundNo": "RF-none"}), status=200) == {"total": 0}
    refund = Refund.objects.order_by("id").first()
    detail = assert_envelope(refunder.get(DETAIL, {"recedeId": refund.pk}), status=200)
    assert detail["lines"][0]["amount"] == "60.00" and detail["tenders"][0]["tillChange"] == "-60.00"
    stranger = api_client(entry=make_entry(other_store, codes=[RETURNS, REFUNDS, REFUND.code]))
    assert_envelope(stranger.get(DETAIL, {"recedeId": refund.pk}), status=404, errcode="SYS-40400")
    assert_envelope(stranger.get(JUDGE, {"orderId": order.pk}), status=404, errcode="SYS-40400")
    assert assert_envelope(stranger.get(SIZE), status=200) == {"total": 0}


def test_refunding_needs_the_refund_button_code(store, member, make_entry):
    order = paid_order(store, member, cash("100"))
    line = order.lines.order_by("id").first()
    viewer = api_client(entry=make_entry(store, codes=[RETURNS, REFUNDS]))
    response = viewer.post(RECEDE, body(order, {"orderLineId": line.pk}), format="json")
    assert_envelope(response, status=403, errcode="AUTH-40300")
    assert not Refund.objects.exists()


def test_errcodes_of_a_refused_refund(refunder, store, member):
    order = paid_order(store, member, cash("100"))
    first = order.lines.order_by("id").first()
    refused = assert_envelope(
        refunder.post(RECEDE, body(order, {"orderLineId": first.pk}, reason=" "), format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert "reason" in refused["fields"]
    assert_envelope(
        refunder.post(RECEDE, body(order, {"orderLineId": first.pk, "amount": "60.01"}), format="json"),
        status=409,
        errcode="ORD-40901",
    )
    assert_envelope(
        refunder.post(RECEDE, body(order, {"orderLineId": 999999}), format="json"), status=404, errcode="SYS-40400"
    )
    unpaid = order_of(store=store, member=member, lines=[product("10.00")])
    assert_envelope(
        refunder.post(RECEDE, body(unpaid, {"orderLineId": unpaid.lines.get().pk}), format="json"),
        status=409,
        errcode="ORD-40901",
    )
    assert not Refund.objects.exists()


def test_above_the_stores_amount_only_the_owners_code_refunds_at_once_another_asks_the_owner(
    refunder, owner, store, member
):
    store.refund_approval_above = Decimal("50.00")
    store.save(update_fields=["refund_approval_above"])
    order = paid_order(store, member, cash("100"))
    first = order.lines.order_by("id").first()
    asked = refunder.post(RECEDE, body(order, {"orderLineId": first.pk}), format="json")
    assert asked.json()["errmsg"] == "sent to the owner for approval"
    waiting = assert_envelope(asked, status=202)
    assert (waiting["status"], waiting["amount"]) == ("pending", "60.00")
    assert not Refund.objects.exists()
    judged = assert_envelope(owner.get(JUDGE, {"orderId": order.pk}), status=200)
    assert judged["approvalAbove"] == "50.00"
    assert judged["waitingApproval"]["approvalId"] == waiting["approvalId"]
    data = assert_envelope(owner.post(RECEDE, body(order, {"orderLineId": first.pk}), format="json"), status=200)
    assert data["approved"] is True


def test_the_same_idempotency_key_refunds_once_and_answers_the_first_answer_again(refunder, store, member):
    order = paid_order(store, member, cash("100"))
    first = order.lines.order_by("id").first()
    request = body(order, {"orderLineId": first.pk, "amount": "10"})
    one = refunder.post(RECEDE, request, format="json", HTTP_IDEMPOTENCY_KEY="refund-1")
    two = refunder.post(RECEDE, request, format="json", HTTP_IDEMPOTENCY_KEY="refund-1")
    assert one.status_code == two.status_code == 200 and one.json() == two.json()
    assert Refund.objects.count() == 1
    other = refunder.post(RECEDE, {**request, "reason": "another"}, format="json", HTTP_IDEMPOTENCY_KEY="refund-1")
    assert_envelope(other, status=409, errcode="SYS-40901")


def test_messages_come_in_chinese(store, member, make_entry):
    order = paid_order(store, member, cash("100"))
    chinese = api_client(entry=make_entry(store, codes=[REFUND.code]), language="zh-hans")
    line = order.lines.order_by("id").first()
    response = chinese.post(RECEDE, body(order, {"orderLineId": line.pk, "amount": "99"}), format="json")
    assert response.json()["errcode"] == "ORD-40901"
    assert response.json()["errmsg"] == "退款金额超过了该明细的实付金额"
