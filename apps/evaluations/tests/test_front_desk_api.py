"""The front desk's side (issue 29 §4): recording a member's evaluation of a paid order of its store
(Idempotency-Key, the /orderDetails code), the order's panel, and getMemberSatisficing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.core.audit import SYSTEM_ACTOR
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope, at_once
from apps.evaluations.choices import Channel
from apps.evaluations.models import Evaluation
from apps.evaluations.names import evaluation_names
from apps.evaluations.services import evaluation_submit
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

from .factories import paid_visit, rated

pytestmark = pytest.mark.django_db

RECORD = "/rest/evaluation/record"
PANEL = "/rest/evaluation/order"
SATISFACTION = "/rest/RzEvaluateRest/getMemberSatisficing"


@pytest.fixture
def desk(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=[code_of("/orderDetails")]))


def record(client, body, key="eval-1"):
    return client.post(RECORD, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_the_desk_records_an_evaluation_of_its_stores_paid_order_once(chain, desk):
    order = paid_visit(chain["store"])
    body = {"orderId": order.pk, "serviceScore": 4, "nurseScore": 3, "comment": " 还可以 "}
    data = assert_envelope(record(desk, body), status=201)
    assert (data["channel"], data["comment"], data["serviceScore"]) == ("frontDesk", "还可以", 4)
    assert data["recordedByName"]
    # The same key again is the same answer; another key finds it rated.
    assert assert_envelope(record(desk, body), status=201)["evaluationId"] == data["evaluationId"]
    assert_envelope(record(desk, body, key="eval-2"), status=409, errcode="EVAL-40901")
    assert Evaluation.objects.count() == 1
    log = SystemLog.objects.get(action="evaluations.recorded")
    assert log.detail["orderId"] == order.pk and log.detail["serviceScore"] == 4
    # The system log names the evaluation by its order's number.
    assert evaluation_names([int(log.object_id)]) == {data["evaluationId"]: order.order_no}


def test_another_stores_order_is_not_found_and_its_nurse_cannot_be_chosen(chain, desk):
    other = paid_visit(chain["other_store"])
    body = {"orderId": other.pk, "serviceScore": 4, "nurseScore": 3}
    assert_envelope(record(desk, body), status=404, errcode="SYS-40400")
    assert_envelope(desk.get(PANEL, {"orderId": other.pk}), status=404, errcode="SYS-40400")
    order = paid_visit(chain["store"])
    stranger = EmployeeFactory.create(store=chain["other_store"])
    body = {"orderId": order.pk, "serviceScore": 4, "nurseScore": 3, "nurseId": stranger.pk}
    data = assert_envelope(record(desk, body, key="eval-3"), status=400, errcode="VALID-40000")
    assert "nurseId" in data["fields"]
    assert not Evaluation.objects.exists()


def test_the_desk_may_name_another_nurse_of_the_store(chain, desk):
    order = paid_visit(chain["store"])
    chosen = EmployeeFactory.create(store=chain["store"])
    body = {"orderId": order.pk, "serviceScore": 5, "nurseScore": 5, "nurseId": chosen.pk}
    assert assert_envelope(record(desk, body), status=201)["nurseId"] == chosen.pk


def test_the_panel_shows_the_link_then_the_rating(chain, desk):
    order = paid_visit(chain["store"])
    panel = assert_envelope(desk.get(PANEL, {"orderId": order.pk}), status=200)
    assert panel["ratable"] is True and panel["evaluation"] is None
    assert panel["link"].startswith("http://testserver/evaluate/")
    assert panel["qrImage"].startswith("data:image/svg+xml")
    assert panel["nurseName"] == order.lines.get().staff.get().employee.name
    rated(order, 3, 4, comment="一般")
    panel = assert_envelope(desk.get(PANEL, {"orderId": order.pk}), status=200)
    assert panel["ratable"] is False and panel["link"] == ""
    assert panel["evaluation"]["serviceScore"] == 3 and panel["evaluation"]["comment"] == "一般"


def test_two_submissions_at_once_leave_one_evaluation(transactional_db, chain):
    order = paid_visit(chain["store"])

    def submit() -> None:
        evaluation_submit(actor=SYSTEM_ACTOR, order=order, service_score=5, nurse_score=5, channel=Channel.LINK)

    outcomes = at_once(submit, 4)
    assert sorted(outcomes) == ["EVAL-40901"] * 3 + ["ok"]
    assert Evaluation.objects.filter(order=order).count() == 1


def test_member_satisfaction_counts_averages_and_lists_the_latest(chain, make_entry):
    store = chain["store"]
    member = MemberFactory.create(home_store=store)
    nurse = EmployeeFactory.create(store=store, name="王护理")
    today = timezone.localdate()
    for days_ago, score, comment in ((3, 5, "很好"), (2, 4, ""), (1, 4, "不错")):
        rated(paid_visit(store, member=member, nurse=nurse), score, 3, comment=comment, on=today - timedelta(days_ago))
    # Another member's and another store's evaluations are not hers / not in the caller's scope.
    rated(paid_visit(store), 1, 1)
    rated(paid_visit(chain["other_store"], member=member), 1, 1)
    client = api_client(entry=make_entry(store, codes=[code_of("/personalAccount")]))
    data = assert_envelope(client.get(SATISFACTION, {"memId": member.pk}), status=200)
    assert data["count"] == 3
    assert data["average"] == "4.33"
    assert [row["score"] for row in data["last"]] == [4, 4, 5]
    assert data["last"][0]["comment"] == "不错" and data["last"][0]["nurseName"] == "王护理"


def test_another_stores_member_is_not_found(chain, make_entry):
    member = MemberFactory.create(home_store=chain["other_store"])
    client = api_client(entry=make_entry(chain["store"], codes=[code_of("/personalAccount")]))
    assert_envelope(client.get(SATISFACTION, {"memId": member.pk}), status=404, errcode="SYS-40400")
