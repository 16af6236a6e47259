"""Asking the owner to reopen a closed day (issue 28 §2), over HTTP: a principal who closed too early,
or anyone refused by the closed day, files a `day-reopen` request with the reason; the owner sees
it in the approval centre and approving it reopens the day through the reopening service (the owner
as the one who reopened it, audited); a rejection changes nothing; the owner's own reopening from
the history withdraws the request."""

from __future__ import annotations

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.approvals.models import ApprovalRequest
from apps.billing.choices import DAY_REOPEN_KIND, AuditAction
from apps.billing.models import DailyClosing
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.conftest import CASHIER, DAILY
from apps.core.models import ClosedDay, SystemLog
from apps.core.role_codes import DAY_REOPEN
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

CLOSE = "/rest/daily/close"
ASK = "/rest/daily/askReopen"
PREVIEW = "/rest/daily/preview"
PAY = "/rest/pay/excute"
LIST = "/rest/approvalCenterRest/list"
DETAIL = "/rest/approvalCenterRest/detail"
APPROVE = "/rest/approvalCenterRest/approve"
REJECT = "/rest/approvalCenterRest/reject"


@pytest.fixture
def principal_entry(store, make_entry):
    return make_entry(store, codes=[CASHIER, DAILY])


@pytest.fixture
def principal(principal_entry):
    return api_client(entry=principal_entry)


@pytest.fixture
def owner_entry(store, make_entry):
    return make_entry(store, codes=[DAILY, DAY_REOPEN.code], kind="owner")


@pytest.fixture
def owner(owner_entry):
    return api_client(entry=owner_entry)


def today():
    return timezone.localdate()


def closed(client, *carried):
    """Closes today, carrying over the orders `carried` (open when it closes)."""
    body = {
        "date": today().isoformat(),
        "cashCounted": "0",
        "carryOver": [{"kind": "order", "ref": str(order.pk), "reason": "pays later"} for order in carried],
    }
    return assert_envelope(client.post(CLOSE, body, format="json"), status=201)


def ask(client, reason="closed before the last customer paid", *, status=201, errcode="0", day=None, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    body = {"date": (day or today()).isoformat(), "reason": reason}
    return assert_envelope(client.post(ASK, body, format="json", **headers), status=status, errcode=errcode)


def pay(client, order, **headers):
    body = {"orderId": order.pk, "tenders": [{"method": "cash", "amount": str(order.payable)}]}
    return client.post(PAY, body, format="json", **headers)


def test_a_principal_asks_the_owner_approves_and_the_day_takes_the_payment(
    principal, principal_entry, owner, owner_entry, store
):
    late = order_of(store=store, lines=[product("45.00")])  # the customer came back to pay after closing
    closing = closed(principal, late)
    refused = pay(principal, late)
    assert refused.status_code == 409 and refused.json()["errmsg"] == "the day is closed; ask the owner to reopen it"
    assert refused.json()["data"] == {"storeId": store.pk, "date": today().isoformat()}
    refused = pay(principal, late, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert refused.json()["errmsg"] == "该营业日已日结，如需修改请申请老板反日结"

    asked = ask(principal, key="ask-1")
    assert asked["closingId"] == closing["closingId"] and asked["date"] == today().isoformat()
    assert asked["status"] == "pending" and asked["reason"] == "closed before the last customer paid"
    assert ask(principal, "again", key="ask-2")["requestId"] == asked["requestId"]  # one waits per closing
    assert assert_envelope(principal.get(PREVIEW), status=200)["reopenAsked"]["requestId"] == asked["requestId"]

    waiting = assert_envelope(owner.get(LIST, {"box": "waiting"}), status=200)["list"]
    assert [(row["id"], row["kind"], row["canDecide"]) for row in waiting] == [
        (asked["requestId"], DAY_REOPEN_KIND, True)
    ]
    detail = assert_envelope(owner.get(DETAIL, {"id": asked["requestId"]}), status=200)
    lines = {line["name"]: line["value"] for line in detail["details"]}
    assert lines["business day"] == today().isoformat()
    assert lines["reason"] == "closed before the last customer paid"
    assert detail["kindName"] == "reopen a closed day" and detail["detailRoute"] == "/dailyHistory"
    # The principal cannot decide it (no owner's code, and it is her own).
    assert_envelope(
        principal.post(APPROVE, {"id": asked["requestId"]}, format="json"), status=403, errcode="AUTH-40300"
    )

    approved = owner.post(APPROVE, {"id": asked["requestId"]}, format="json", HTTP_IDEMPOTENCY_KEY="owner-1")
    assert assert_envelope(approved, status=200)["status"] == "approved"

    reopened = DailyClosing.objects.get(pk=closing["closingId"])
    assert not reopened.active and reopened.reopen_reason == "closed before the last customer paid"
    assert reopened.reopened_by_id == owner_entry.user_id
    assert not ClosedDay.objects.exists()
    log = SystemLog.objects.get(action=AuditAction.DAY_REOPENED)
    assert log.detail == {
        "date": today().isoformat(),
        "reason": "closed before the last customer paid",
        "approvalId": asked["requestId"],
    }
    assert log.user_id != principal_entry.user_id
    preview = assert_envelope(principal.get(PREVIEW), status=200)
    assert preview["closing"] is None and preview["reopenAsked"] is None
    assert_envelope(pay(principal, late), status=200)


def test_asking_needs_a_closed_day_and_a_reason(principal, store):
    body = ask(principal, status=400, errcode="VALID-40000")
    assert body["fields"] == {"date": ["this day is not closed"]}
    closed(principal)
    body = ask(principal, "  ", status=400, errcode="VALID-40000")
    assert body["fields"] == {"reason": ["please enter the reason"]}
    assert not ApprovalRequest.objects.exists()


def test_a_rejected_request_leaves_the_day_closed(principal, owner, store):
    closed(principal)
    asked = ask(principal)
    rejected = owner.post(REJECT, {"id": asked["requestId"], "remark": "correct it tomorrow"}, format="json")
    assert assert_envelope(rejected, status=200)["status"] == "rejected"
    assert ClosedDay.objects.filter(store_id=store.pk, date=today()).exists()
    assert DailyClosing.objects.get().active
    assert assert_envelope(principal.get(PREVIEW), status=200)["reopenAsked"] is None


def test_the_owner_reopening_from_the_history_withdraws_the_waiting_request(principal, owner, store):
    closing = closed(principal)
    asked = ask(principal)
    reopen = {"closingId": closing["closingId"], "reason": "a sale was missed"}
    assert_envelope(owner.post("/rest/daily/reopen", reopen, format="json"), status=200)
    request = ApprovalRequest.objects.get(pk=asked["requestId"])
    assert request.status == "withdrawn" and request.remark == "the owner reopened the day"
    assert_envelope(owner.post(APPROVE, {"id": asked["requestId"]}, format="json"), status=409, errcode="APPR-40901")
    assert DailyClosing.objects.get().reopen_reason == "a sale was missed"


def test_another_stores_owner_does_not_see_the_request(principal, store, other_store, make_entry):
    closed(principal)
    asked = ask(principal)
    stranger = api_client(entry=make_entry(other_store, codes=[DAILY, DAY_REOPEN.code], kind="owner"))
    assert assert_envelope(stranger.get(LIST, {"box": "waiting"}), status=200)["list"] == []
    assert_envelope(stranger.post(APPROVE, {"id": asked["requestId"]}, format="json"), status=404, errcode="SYS-40400")
    assert ClosedDay.objects.filter(store_id=store.pk).exists()
