"""Cancellation (spec §2.2 /cancellation, /logoutList): a request, a decision, anonymisation that keeps
the ledger."""

from __future__ import annotations

import pytest

from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.members.choices import ANONYMISED_NAME, AuditAction, MemberStatus
from apps.members.models import Member, PointsEntry
from apps.members.tests.factories import MemberFactory, MemberLabelFactory

pytestmark = pytest.mark.django_db


def _apply(client, member, reason="搬家离开上海"):
    return client.post("/rest/member/cancelApply", {"memId": member.pk, "reason": reason}, format="json")


def _decide(client, request_id, approve, remark=""):
    return client.post(
        "/rest/member/cancelDecide", {"id": request_id, "approve": approve, "remark": remark}, format="json"
    )


def test_approving_anonymises_the_member_but_keeps_the_ledger(client, store):
    member = MemberFactory(
        home_store=store, name="王芳", phone="13912345678", crm_code="HY1", card_no="C1", labels=[MemberLabelFactory()]
    )
    client.post("/rest/member/point", {"memId": member.pk, "change": 80, "reason": "赠送"}, format="json")
    request = assert_envelope(_apply(client, member), status=201)
    assert request["status"] == "pending" and request["phone"] == "139****5678"
    decided = assert_envelope(_decide(client, request["id"], True, "核实无误"), status=200)
    assert decided["status"] == "approved" and decided["decidedBy"] and decided["decisionRemark"] == "核实无误"
    member.refresh_from_db()
    assert (member.name, member.phone, member.birthday, member.card_no) == (ANONYMISED_NAME, "", None, "")
    assert member.status == MemberStatus.CANCELLED and member.crm_code == "HY1" and not member.labels.exists()
    entries = list(PointsEntry.objects.filter(member=member).order_by("id").values_list("change", "balance_after"))
    assert entries == [(80, 80), (-80, 0)]
    assert SystemLog.objects.filter(action=AuditAction.MEMBER_ANONYMISED).count() == 1
    assert assert_envelope(client.get("/rest/member/search", {"crmCode": "HY1"}), status=200) == []


def test_rejecting_keeps_the_member(client, store):
    member = MemberFactory(home_store=store, name="王芳")
    request = assert_envelope(_apply(client, member), status=201)
    assert_envelope(_decide(client, request["id"], False, "客户撤回"), status=200)
    member.refresh_from_db()
    assert member.name == "王芳" and member.status == MemberStatus.ACTIVE


def test_one_waiting_request_per_member_and_one_decision_per_request(client, store):
    member = MemberFactory(home_store=store)
    request = assert_envelope(_apply(client, member), status=201)
    assert_envelope(_apply(client, member), status=409, errcode="MEM-40905")
    assert_envelope(_decide(client, request["id"], False), status=200)
    assert_envelope(_decide(client, request["id"], True), status=409, errcode="SYS-40900")
    assert Member.objects.get(pk=member.pk).status == MemberStatus.ACTIVE


def test_deciding_needs_the_button_code_and_a_reason_is_required(clerk_client, client, store):
    member = MemberFactory(home_store=store)
    assert_envelope(_apply(clerk_client, member, reason=" "), status=400, errcode="VALID-40000")
    request = assert_envelope(_apply(clerk_client, member), status=201)
    assert_envelope(_decide(clerk_client, request["id"], True), status=403, errcode="AUTH-40300")


def test_the_list_shows_this_stores_requests_with_status(client, other_client, store, other_store):
    mine = MemberFactory(home_store=store)
    theirs = MemberFactory(home_store=other_store)
    assert_envelope(_apply(client, mine), status=201)
    assert_envelope(_apply(other_client, theirs), status=201)
    page = assert_envelope(client.get("/rest/member/cancelList", {"status": "pending"}), status=200)
    assert page["total"] == 1 and page["list"][0]["memId"] == mine.pk and page["list"][0]["statusName"] == "pending"
    assert assert_envelope(client.get("/rest/member/cancelList", {"status": "approved"}), status=200)["total"] == 0


def test_another_stores_member_cannot_be_cancelled_here(client, other_store):
    member = MemberFactory(home_store=other_store)
    assert_envelope(_apply(client, member), status=404, errcode="SYS-40400")
