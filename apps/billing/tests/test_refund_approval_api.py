"""A refund above the store's amount asked for without the owner's code waits in the approval centre
and is made when the owner approves it (issue 17 §1 and §6), over HTTP."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.approvals.models import ApprovalRequest
from apps.billing.models import Refund, RefundTender
from apps.billing.refunds.provider_refunds import refund_reference
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.conftest import ORDER_DETAILS
from apps.billing.tests.provider_factories import provider_paid
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import CASHIER, stored_value_card
from apps.core.business_days import mark_day_closed
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND, REFUND_APPROVE
from apps.core.testing import assert_envelope, at_once
from apps.payments.models import ProviderRefund

pytestmark = pytest.mark.django_db

RECEDE = "/rest/recede/recede"
JUDGE = "/rest/recede/judgeStatus"
APPROVE = "/rest/approvalCenterRest/approve"
REJECT = "/rest/approvalCenterRest/reject"
DETAIL = "/rest/approvalCenterRest/detail"
COUNT = "/rest/approvalCenterRest/waitingCount"
RETURNS = code_of("/returnList")


def _limited(store, above="50.00"):
    store.refund_approval_above = Decimal(above)
    store.save(update_fields=["refund_approval_above"])


@pytest.fixture
def nurse_client(store, make_entry):
    return api_client(entry=make_entry(store, codes=[RETURNS, ORDER_DETAILS, REFUND.code]))


def _owner(store, make_entry):
    return make_entry(store, codes=[RETURNS, ORDER_DETAILS, REFUND.code, REFUND_APPROVE.code], kind="owner")


@pytest.fixture
def owner_client(store, make_entry):
    return api_client(entry=_owner(store, make_entry))


def _paid(store, member, *tenders):
    order = order_of(store=store, member=member, lines=[product("60.00"), product("40.00")])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=list(tenders))
    return order


def _body(order, reason="allergic reaction"):
    first = order.lines.order_by("id").first()
    return {"orderId": order.pk, "lines": [{"orderLineId": first.pk}], "reason": reason}


def test_a_nurses_refund_above_the_limit_waits_and_the_owners_approval_makes_it_once(
    nurse_client, owner_client, store, member
):
    _limited(store)
    card = stored_value_card(member=member, paid="500.00", face_value="550.00")
    order = _paid(store, member, TenderAsked(method="storedValue", amount=Decimal("50"), card_id=card.pk), _cash("50"))

    asked = nurse_client.post(RECEDE, _body(order), format="json", HTTP_IDEMPOTENCY_KEY="nurse-1")
    assert asked.json()["errmsg"] == "sent to the owner for approval"
    waiting = assert_envelope(asked, status=202)
    assert (waiting["status"], waiting["amount"]) == ("pending", "60.00")
    assert not Refund.objects.exists()
    # Asking again for the order while it waits answers the waiting request.
    again = nurse_client.post(RECEDE, _body(order, reason="again"), format="json", HTTP_IDEMPOTENCY_KEY="nurse-2")
    assert assert_envelope(again, status=202)["approvalId"] == waiting["approvalId"]
    assert ApprovalRequest.objects.count() == 1

    assert assert_envelope(owner_client.get(COUNT), status=200) == {"waiting": 1}
    detail = assert_envelope(owner_client.get(DETAIL, {"id": waiting["approvalId"]}), status=200)
    assert detail["kind"] == "refund" and detail["detailRoute"] == f"/orderDetails?orderId={order.pk}"
    assert detail["amount"] == "60.00" and detail["subject"].startswith(order.order_no)
    values = [line["value"] for line in detail["details"]]
    assert "allergic reaction" in values
    assert "cash: 30.00" in values and "stored value: 30.00" in values, values

    approved = owner_client.post(
        APPROVE, {"id": waiting["approvalId"], "remark": "ok"}, format="json", HTTP_IDEMPOTENCY_KEY="owner-1"
    )
    assert approved.json()["errmsg"] == "approved"
    assert assert_envelope(approved, status=200)["status"] == "approved"
    refund = Refund.objects.get()
    assert (refund.amount, refund.approval_id, refund.reason) == (
        Decimal("60.00"),
        waiting["approvalId"],
        "allergic reaction",
    )
    owner_id = ApprovalRequest.objects.get().decided_by_id
    assert refund.approved_by_id == owner_id and refund.operator_id == owner_id
    assert sorted(RefundTender.objects.values_list("method", "amount")) == [
        ("cash", Decimal("30.00")),
        ("storedValue", Decimal("30.00")),
    ]
    assert Card.objects.get(pk=card.pk).balance == Decimal("530.00")
    judged = assert_envelope(owner_client.get(JUDGE, {"orderId": order.pk}), status=200)
    assert judged["waitingApproval"] is None and judged["refunded"] == "60.00"
    refunds = assert_envelope(owner_client.get("/rest/order/orderDetails", {"orderId": order.pk}), status=200)
    assert [(row["amount"], row["approved"]) for row in refunds["refunds"]] == [("60.00", True)]
    # The same key answers the same approval again; the request is decided: nothing more is refunded.
    replay = owner_client.post(
        APPROVE, {"id": waiting["approvalId"], "remark": "ok"}, format="json", HTTP_IDEMPOTENCY_KEY="owner-1"
    )
    assert replay.json() == approved.json()
    assert_envelope(
        owner_client.post(APPROVE, {"id": waiting["approvalId"]}, format="json"), status=409, errcode="APPR-40901"
    )
    assert Refund.objects.count() == 1
    assert audit_all() == []


def _cash(amount):
    return TenderAsked(method="cash", amount=Decimal(amount))


def test_a_rejected_refund_refunds_nothing_and_the_order_can_be_asked_again(nurse_client, owner_client, store, member):
    _limited(store)
    order = _paid(store, member, _cash("100"))
    waiting = assert_envelope(nurse_client.post(RECEDE, _body(order), format="json"), status=202)
    assert_envelope(
        owner_client.post(REJECT, {"id": waiting["approvalId"]}, format="json"), status=400, errcode="VALID-40000"
    )
    rejected = owner_client.post(REJECT, {"id": waiting["approvalId"], "remark": "used product"}, format="json")
    assert assert_envelope(rejected, status=200)["status"] == "rejected"
    assert not Refund.objects.exists()
    judged = assert_envelope(nurse_client.get(JUDGE, {"orderId": order.pk}), status=200)
    assert judged["waitingApproval"] is None and judged["refunded"] == "0.00"
    again = assert_envelope(nurse_client.post(RECEDE, _body(order), format="json"), status=202)
    assert again["approvalId"] != waiting["approvalId"]
    assert audit_all() == []


def test_the_owner_and_a_refund_below_the_limit_refund_at_once(nurse_client, owner_client, store, member):
    _limited(store, "70.00")
    order = _paid(store, member, _cash("100"))
    assert assert_envelope(nurse_client.post(RECEDE, _body(order), format="json"), status=200)["approved"] is False
    other = _paid(store, member, _cash("100"))
    _limited(store)
    assert assert_envelope(owner_client.post(RECEDE, _body(other), format="json"), status=200)["approved"] is True
    assert not ApprovalRequest.objects.exists()


def test_a_refund_that_became_impossible_meanwhile_keeps_the_request_waiting(nurse_client, owner_client, store, member):
    _limited(store)
    order = _paid(store, member, _cash("100"))
    waiting = assert_envelope(nurse_client.post(RECEDE, _body(order), format="json"), status=202)
    # The owner refunds part of the line herself meanwhile: what was asked is no longer what is left.
    first = order.lines.order_by("id").first()
    part = {"orderId": order.pk, "lines": [{"orderLineId": first.pk, "amount": "10"}], "reason": "part"}
    assert_envelope(owner_client.post(RECEDE, part, format="json"), status=200)

    refused = owner_client.post(APPROVE, {"id": waiting["approvalId"]}, format="json", HTTP_IDEMPOTENCY_KEY="late")
    assert_envelope(refused, status=409, errcode="ORD-40901")
    assert "50.00" in refused.json()["errmsg"]
    assert ApprovalRequest.objects.get().status == "pending" and Refund.objects.count() == 1
    detail = assert_envelope(owner_client.get(DETAIL, {"id": waiting["approvalId"]}), status=200)
    assert any(line["value"].startswith("the order changed") for line in detail["details"]), detail["details"]

    # A closed day refuses it too, and the request still waits for the owner to reject it.
    mark_day_closed(store_id=store.pk, day=timezone.localdate())
    assert_envelope(
        owner_client.post(APPROVE, {"id": waiting["approvalId"]}, format="json"), status=409, errcode="DAY-40901"
    )
    assert ApprovalRequest.objects.get().status == "pending"
    assert_envelope(
        owner_client.post(REJECT, {"id": waiting["approvalId"], "remark": "changed"}, format="json"), status=200
    )
    assert Refund.objects.count() == 1
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_two_owners_approving_at_once_make_one_refund(nurse_client, store, member, make_entry):
    _limited(store)
    order = _paid(store, member, _cash("100"))
    waiting = assert_envelope(nurse_client.post(RECEDE, _body(order), format="json"), status=202)
    owners = iter([api_client(entry=_owner(store, make_entry)) for _ in range(4)])
    statuses: list[int] = []

    def approve() -> None:
        statuses.append(next(owners).post(APPROVE, {"id": waiting["approvalId"]}, format="json").status_code)

    at_once(approve, 4)

    assert sorted(statuses) == [200, 409, 409, 409]
    assert Refund.objects.count() == 1 and Refund.objects.get().amount == Decimal("60.00")
    assert audit_all() == []


def test_an_approved_refund_to_wechat_pay_is_asked_of_the_provider_after_the_decision_commits(
    providers, nurse_client, owner_client, store, member, sent
):
    _limited(store)
    order = order_of(store=store, member=member, lines=[product("100.00")])
    provider_paid(order, "wechat", "100.00")
    waiting = assert_envelope(nurse_client.post(RECEDE, _body(order), format="json"), status=202)

    # Nothing is asked of WeChat Pay inside the decision's transaction: after its commit only.
    approved = sent(lambda: owner_client.post(APPROVE, {"id": waiting["approvalId"]}, format="json"))
    assert_envelope(approved, status=200)
    refund = Refund.objects.get()
    row = RefundTender.objects.get(refund=refund, method="wechat")
    assert (refund.status, row.status, row.amount) == ("pending", "pending", Decimal("100.00"))
    asked = ProviderRefund.objects.get(reference=refund_reference(row.pk))
    providers["wechat"].complete_refund(asked.out_refund_no)
    refund.refresh_from_db()
    assert refund.status == "done" and refund.approval_id == waiting["approvalId"]
    assert audit_all() == []


QUOTE = "/rest/recede/quote"


def _part(order, amount, reason="allergic reaction"):
    first = order.lines.order_by("id").first()
    return {"orderId": order.pk, "lines": [{"orderLineId": first.pk, "amount": amount}], "reason": reason}


def test_a_refund_split_in_parts_still_needs_approval(nurse_client, owner_client, store, member):
    """Issue 25 finding 5: the store's amount bounds what one order gives back without the owner,
    counting its earlier refunds, so two parts under it are not a way round it."""
    _limited(store, "100.00")
    order = order_of(store=store, member=member, lines=[product("238.00")])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[_cash("238")])
    whole = assert_envelope(nurse_client.post(RECEDE, _body(order), format="json"), status=202)
    assert whole["amount"] == "238.00"

    made = assert_envelope(nurse_client.post(RECEDE, _part(order, "99"), format="json"), status=200)
    assert made["approved"] is False
    quote = assert_envelope(nurse_client.post(QUOTE, _part(order, "99"), format="json"), status=200)
    assert (quote["amount"], quote["approvalNeeded"]) == ("99.00", True)
    second = nurse_client.post(RECEDE, _part(order, "99", reason="the rest"), format="json")
    assert assert_envelope(second, status=202)["approvalId"] == whole["approvalId"]  # the order's waiting request
    assert list(Refund.objects.values_list("amount", flat=True)) == [Decimal("99.00")]
    assert audit_all() == []


def test_a_part_over_what_the_order_gave_back_waits_and_the_owners_approval_makes_it(
    nurse_client, owner_client, store, member
):
    _limited(store, "50.00")
    order = _paid(store, member, _cash("100"))
    second = order.lines.order_by("id").last()
    assert_envelope(nurse_client.post(RECEDE, _part(order, "30"), format="json"), status=200)
    body = {"orderId": order.pk, "lines": [{"orderLineId": second.pk, "amount": "30"}], "reason": "the other one"}
    quote = assert_envelope(nurse_client.post(QUOTE, body, format="json"), status=200)
    assert (quote["amount"], quote["approvalNeeded"]) == ("30.00", True)
    waiting = assert_envelope(nurse_client.post(RECEDE, body, format="json"), status=202)
    assert waiting["amount"] == "30.00" and Refund.objects.count() == 1

    approved = owner_client.post(APPROVE, {"id": waiting["approvalId"]}, format="json")
    assert assert_envelope(approved, status=200)["status"] == "approved"
    made = Refund.objects.get(approval_id=waiting["approvalId"])
    assert made.amount == Decimal("30.00") and made.approved_by_id == ApprovalRequest.objects.get().decided_by_id
    # The owner refunds past the amount at once, and is recorded as its approver.
    last = assert_envelope(owner_client.post(RECEDE, _part(order, "10"), format="json"), status=200)
    assert last["approved"] is True
    assert audit_all() == []
