"""The approval centre over HTTP: who sees and decides what, and a decision acting once through its
kind's hook, in the decision's transaction."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.approvals.choices import ApprovalStatus
from apps.approvals.models import ApprovalRequest
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope, at_once

from .conftest import DECIDE_CODE, TEST_KIND
from .factories import asked

LIST = "/rest/approvalCenterRest/list"
COUNT = "/rest/approvalCenterRest/waitingCount"
DETAIL = "/rest/approvalCenterRest/detail"
APPROVE = "/rest/approvalCenterRest/approve"
REJECT = "/rest/approvalCenterRest/reject"
WITHDRAW = "/rest/approvalCenterRest/withdraw"


@pytest.fixture
def desk(chain, make_entry):
    return make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"], kind="store_employee")


@pytest.fixture
def owner(chain, make_entry):
    return make_entry(chain["store"], codes=[DECIDE_CODE], kind="owner")


@pytest.fixture
def other_owner(chain, make_entry):
    return make_entry(chain["other_store"], codes=[DECIDE_CODE], kind="owner")


def test_a_request_waits_for_a_role_holding_the_kinds_code_and_the_bell_counts_it(purchase_kind, desk, owner):
    request = asked(desk, kind=TEST_KIND, item="hair dryer")
    owner_client = api_client(entry=owner)

    assert assert_envelope(owner_client.get(COUNT), status=200) == {"waiting": 1}
    page = assert_envelope(owner_client.get(LIST, {"box": "waiting"}), status=200)
    assert page["total"] == 1
    row = page["list"][0]
    assert (row["id"], row["kind"], row["amount"], row["status"], row["canDecide"]) == (
        request.pk,
        TEST_KIND,
        "500.00",
        "pending",
        True,
    )
    assert row["detailRoute"] == "/orderDetails?orderId=1"

    desk_client = api_client(entry=desk)
    assert assert_envelope(desk_client.get(COUNT), status=200) == {"waiting": 0}
    mine = assert_envelope(desk_client.get(LIST, {"box": "mine"}), status=200)
    assert [(r["id"], r["canDecide"], r["canWithdraw"]) for r in mine["list"]] == [(request.pk, False, True)]
    detail = assert_envelope(owner_client.get(DETAIL, {"id": request.pk}), status=200)
    assert detail["details"] == [{"name": "Item", "value": "hair dryer"}]


def test_approving_acts_through_the_kind_in_the_same_transaction(purchase_kind, desk, owner):
    request = asked(desk, kind=TEST_KIND)

    row = assert_envelope(api_client(entry=owner).post(APPROVE, {"id": request.pk, "remark": "ok"}), status=200)

    assert (row["status"], row["remark"], row["canDecide"]) == ("approved", "ok", False)
    assert SystemLog.objects.filter(action="test.purchase_made", object_id=str(request.pk)).count() == 1
    assert SystemLog.objects.filter(action="approvals.approved", object_id=str(request.pk)).count() == 1
    again = api_client(entry=owner).post(APPROVE, {"id": request.pk})
    assert_envelope(again, status=409, errcode="APPR-40901")


def test_a_hook_that_refuses_leaves_the_request_waiting(purchase_kind, desk, owner):
    request = asked(desk, kind=TEST_KIND, refuse=True)

    response = api_client(entry=owner).post(APPROVE, {"id": request.pk})

    assert_envelope(response, status=409, errcode="SYS-40900")
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING and request.decided_at is None
    assert not SystemLog.objects.filter(action="approvals.approved").exists()


def test_rejecting_needs_a_reason_in_the_readers_language(purchase_kind, desk, owner):
    request = asked(desk, kind=TEST_KIND)

    english = api_client(entry=owner).post(REJECT, {"id": request.pk, "remark": " "})
    chinese = api_client(entry=owner, language="zh-hans").post(REJECT, {"id": request.pk})

    assert assert_envelope(english, status=400, errcode="VALID-40000")["fields"] == {
        "remark": ["please give the reason for rejecting"]
    }
    assert chinese.json()["errmsg"] == "请填写驳回原因"
    row = assert_envelope(api_client(entry=owner).post(REJECT, {"id": request.pk, "remark": "too much"}), status=200)
    assert row["status"] == "rejected"
    assert SystemLog.objects.filter(action="test.purchase_rejected").count() == 1


def test_nobody_decides_their_own_request(purchase_kind, chain, make_entry):
    both = make_entry(chain["store"], codes=[DECIDE_CODE], kind="owner")
    request = asked(both, kind=TEST_KIND)

    assert_envelope(api_client(entry=both).post(APPROVE, {"id": request.pk}), status=403, errcode="APPR-40301")
    assert assert_envelope(api_client(entry=both).get(COUNT), status=200) == {"waiting": 0}


def test_a_role_without_the_kinds_code_cannot_decide(purchase_kind, chain, desk, make_entry):
    colleague = make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"], kind="store_employee")
    request = asked(desk, kind=TEST_KIND)

    assert_envelope(api_client(entry=colleague).post(APPROVE, {"id": request.pk}), status=403, errcode="AUTH-40300")
    # and does not see it at all: it is not theirs nor of a kind they decide
    assert_envelope(api_client(entry=colleague).get(DETAIL, {"id": request.pk}), status=404, errcode="SYS-40400")


def test_another_stores_owner_neither_sees_nor_decides(purchase_kind, desk, other_owner):
    request = asked(desk, kind=TEST_KIND)
    client = api_client(entry=other_owner)

    assert assert_envelope(client.get(LIST, {"box": "all"}), status=200)["total"] == 0
    assert_envelope(client.post(APPROVE, {"id": request.pk}), status=404, errcode="SYS-40400")


def test_asking_twice_for_one_subject_files_one_request(purchase_kind, desk):
    first = asked(desk, kind=TEST_KIND, subject_id="7")
    second = asked(desk, kind=TEST_KIND, subject_id="7")

    assert first.pk == second.pk
    assert ApprovalRequest.objects.count() == 1


def test_the_applicant_withdraws_a_waiting_request(purchase_kind, desk, owner):
    request = asked(desk, kind=TEST_KIND)

    assert_envelope(api_client(entry=owner).post(WITHDRAW, {"id": request.pk}), status=404, errcode="SYS-40400")
    row = assert_envelope(api_client(entry=desk).post(WITHDRAW, {"id": request.pk}), status=200)

    assert row["status"] == "withdrawn"
    assert SystemLog.objects.filter(action="test.purchase_withdrawn").count() == 1
    assert_envelope(api_client(entry=owner).post(APPROVE, {"id": request.pk}), status=409, errcode="APPR-40901")


def test_lists_filter_by_status_and_kind(purchase_kind, desk, owner):
    first = asked(desk, kind=TEST_KIND, subject_id="1")
    asked(desk, kind=TEST_KIND, subject_id="2")
    api_client(entry=owner).post(APPROVE, {"id": first.pk})
    client = api_client(entry=owner)

    assert assert_envelope(client.get(LIST, {"box": "all"}), status=200)["total"] == 2
    decided = assert_envelope(client.get(LIST, {"box": "decided"}), status=200)
    assert [row["id"] for row in decided["list"]] == [first.pk]
    approved = assert_envelope(client.get(LIST, {"box": "all", "status": "approved", "kind": TEST_KIND}), status=200)
    assert approved["total"] == 1
    bad_range = client.get(LIST, {"dateFrom": "2026-05-02", "dateTo": "2026-05-01"})
    assert_envelope(bad_range, status=400, errcode="VALID-40000")


@pytest.mark.django_db(transaction=True)
def test_two_owners_deciding_at_once_decide_once(purchase_kind, chain, desk, make_entry):
    request = asked(desk, kind=TEST_KIND)
    owners = [make_entry(chain["store"], codes=[DECIDE_CODE], kind="owner") for _ in range(2)]
    clients = iter([api_client(entry=entry) for entry in owners * 3])

    statuses: list[int] = []

    def approve() -> None:
        statuses.append(next(clients).post(APPROVE, {"id": request.pk}).status_code)

    at_once(approve, 6)

    assert sorted(statuses) == [200] + [409] * 5
    assert SystemLog.objects.filter(action="test.purchase_made").count() == 1
