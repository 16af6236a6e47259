"""A submitted stocktake's differences wait in the approval centre (kind "stocktake"), through HTTP:
approving or rejecting there acts on the stocktake exactly like its own calls, and its own calls
decide the waiting request, so the two never disagree."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.approvals.models import ApprovalRequest
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import COST_VIEW, STOCKTAKE_APPROVE
from apps.core.testing import assert_envelope
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

S = "/rest/stocktaking/"
CENTRE = "/rest/approvalCenterRest/"
PAGE = code_of("/inventoryRecord")


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def counter(store, make_entry):
    return api_client(entry=make_entry(store, codes=[PAGE]))


@pytest.fixture
def owner(store, make_entry):
    entry = make_entry(store, codes=[PAGE, STOCKTAKE_APPROVE.code, COST_VIEW.code], kind="owner")
    return api_client(entry=entry)


def post(client, path, body):
    return client.post(path, body, format="json")


def submitted(counter, store):
    """A stocktake of a comb (3 frozen, 1 counted at 5.00) and a brush (4 frozen, 6 counted at 2.00), submitted."""
    comb = stocked(store, "3", cost=Decimal("5.00"))
    brush = stocked(store, "4", cost=Decimal("2.00"))
    stocktake_id = assert_envelope(post(counter, S + "create", {}), status=201)["stocktakeId"]
    lines = [{"productId": comb.pk, "counted": "1"}, {"productId": brush.pk, "counted": "6"}]
    post(counter, S + "count", {"stocktakeId": stocktake_id, "lines": lines})
    answer = assert_envelope(post(counter, S + "submit", {"stocktakeId": stocktake_id}), status=200)
    assert answer["approvalStatus"] == "pending" and answer["approvalRequestId"]
    return stocktake_id, answer["approvalRequestId"], comb, brush


def test_the_owner_sees_a_submitted_stocktake_waiting_and_approves_it_in_the_approval_centre(counter, owner, store):
    stocktake_id, request_id, comb, brush = submitted(counter, store)
    waiting = assert_envelope(owner.get(CENTRE + "list", {"box": "waiting"}), status=200)
    row = waiting["list"][0]
    assert (row["id"], row["kind"], row["status"], row["amount"]) == (request_id, "stocktake", "pending", "6.00")
    assert row["detailRoute"] == f"/inventoryDetail?stocktakeId={stocktake_id}"
    assert assert_envelope(owner.get(CENTRE + "waitingCount"), status=200) == {"waiting": 1}
    details = dict(
        (item["name"], item["value"])
        for item in assert_envelope(owner.get(CENTRE + "detail", {"id": request_id}), status=200)["details"]
    )
    assert (details["Lines counted"], details["Lines with a difference"]) == ("2", "2")
    assert (details["Value gained"], details["Value lost"], details["Value difference"]) == ("4.00", "-10.00", "-6.00")
    assert details[f"{comb.code} {comb.name}"] == f"-2 {comb.unit} (-10.00)"

    approved = assert_envelope(post(owner, CENTRE + "approve", {"id": request_id}), status=200)

    assert approved["status"] == "approved"
    stocktake = assert_envelope(owner.get(S + "detail", {"stocktakeId": stocktake_id}), status=200)
    assert (stocktake["status"], stocktake["approvalStatus"]) == ("approved", "approved")
    assert StockBalance.objects.get(store=store, product=comb).quantity == 1
    assert StockBalance.objects.get(store=store, product=brush).quantity == 6
    assert StockMove.objects.filter(document_kind="stocktake", document_id=stocktake_id).count() == 2
    # the stocktake's own approve now finds it decided, with its error code of before
    assert_envelope(post(owner, S + "approve", {"stocktakeId": stocktake_id}), status=409, errcode="STOCK-40903")
    assert audit_all() == []


def test_the_counter_without_the_cost_code_sees_on_the_stocktake_the_value_its_approval_request_shows(counter, store):
    stocktake_id, request_id, _comb, _brush = submitted(counter, store)
    mine = assert_envelope(counter.get(CENTRE + "list", {"box": "mine"}), status=200)["list"]
    details = dict(
        (item["name"], item["value"])
        for item in assert_envelope(counter.get(CENTRE + "detail", {"id": request_id}), status=200)["details"]
    )

    listed = assert_envelope(counter.get(S + "list"), status=200)["list"][0]
    page = assert_envelope(counter.get(S + "detail", {"stocktakeId": stocktake_id}), status=200)

    assert [row["amount"] for row in mine if row["id"] == request_id] == ["6.00"]
    assert details["Value difference"] == listed["differenceValue"] == page["differenceValue"] == "-6.00"
    assert (
        (page["gainValue"], page["lossValue"]) == (details["Value gained"], details["Value lost"]) == ("4.00", "-10.00")
    )
    lines = assert_envelope(counter.get(S + "lines", {"stocktakeId": stocktake_id}), status=200)["list"]
    assert {(line["unitCost"], line["differenceValue"]) for line in lines} == {(None, None)}  # a cost stays hidden


def test_rejecting_in_the_centre_sends_the_stocktake_back_and_a_new_submission_files_a_new_request(
    counter, owner, store
):
    stocktake_id, request_id, _comb, _brush = submitted(counter, store)
    assert_envelope(post(owner, CENTRE + "reject", {"id": request_id, "remark": ""}), status=400, errcode="VALID-40000")

    assert_envelope(post(owner, CENTRE + "reject", {"id": request_id, "remark": "count the shelf"}), status=200)

    stocktake = assert_envelope(owner.get(S + "detail", {"stocktakeId": stocktake_id}), status=200)
    assert (stocktake["status"], stocktake["rejectReason"]) == ("rejected", "count the shelf")
    assert StockMove.objects.filter(document_kind="stocktake").count() == 0
    again = assert_envelope(post(counter, S + "submit", {"stocktakeId": stocktake_id}), status=200)
    assert again["approvalRequestId"] != request_id and again["approvalStatus"] == "pending"
    assert ApprovalRequest.objects.filter(kind="stocktake", subject_id=str(stocktake_id)).count() == 2


def test_the_stocktakes_own_approve_and_send_back_decide_its_waiting_request(counter, owner, store):
    stocktake_id, request_id, _comb, _brush = submitted(counter, store)
    post(owner, S + "reject", {"stocktakeId": stocktake_id, "reason": "recount"})
    sent_back = ApprovalRequest.objects.get(pk=request_id)
    assert (sent_back.status, sent_back.remark) == ("rejected", "recount")

    second = assert_envelope(post(counter, S + "submit", {"stocktakeId": stocktake_id}), status=200)
    approved = assert_envelope(post(owner, S + "approve", {"stocktakeId": stocktake_id}), status=200)

    assert (approved["status"], approved["approvalStatus"]) == ("approved", "approved")
    assert ApprovalRequest.objects.get(pk=second["approvalRequestId"]).status == "approved"
    assert assert_envelope(owner.get(CENTRE + "waitingCount"), status=200) == {"waiting": 0}
    again = post(owner, CENTRE + "approve", {"id": second["approvalRequestId"]})
    assert_envelope(again, status=409, errcode="APPR-40901")
    assert StockMove.objects.filter(document_kind="stocktake", document_id=stocktake_id).count() == 2


def test_cancelling_or_withdrawing_a_submitted_stocktake_leaves_nothing_waiting(counter, owner, store):
    stocktake_id, request_id, _comb, _brush = submitted(counter, store)
    withdrawn = assert_envelope(post(counter, CENTRE + "withdraw", {"id": request_id}), status=200)
    assert withdrawn["status"] == "withdrawn"
    stocktake = assert_envelope(counter.get(S + "detail", {"stocktakeId": stocktake_id}), status=200)
    assert stocktake["status"] == "counting"
    second = assert_envelope(post(counter, S + "submit", {"stocktakeId": stocktake_id}), status=200)

    assert_envelope(post(counter, S + "cancel", {"stocktakeId": stocktake_id}), status=200)

    assert ApprovalRequest.objects.get(pk=second["approvalRequestId"]).status == "withdrawn"
    assert assert_envelope(owner.get(CENTRE + "waitingCount"), status=200) == {"waiting": 0}
