"""Member points: a ledger with the balance after each entry; adjustments need the button code."""

from __future__ import annotations

import pytest

from apps.core.audit import SYSTEM_ACTOR
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.members.choices import AuditAction
from apps.members.models import Member, PointsEntry
from apps.members.services import points_adjust
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


def _adjust(client, member, change, reason="生日赠送"):
    return client.post("/rest/member/point", {"memId": member.pk, "change": change, "reason": reason}, format="json")


def test_an_adjustment_writes_the_ledger_the_balance_and_the_log(client, store):
    member = MemberFactory(home_store=store)
    answer = assert_envelope(_adjust(client, member, 300), status=200)
    assert answer["points"] == 300 and answer["entry"]["balanceAfter"] == 300
    assert answer["entry"]["kind"] == "adjust" and answer["entry"]["reason"] == "生日赠送"
    assert_envelope(_adjust(client, member, -120, "兑换护理"), status=200)
    member.refresh_from_db()
    assert member.points == 180
    ledger = assert_envelope(client.get("/rest/member/integralList", {"memId": member.pk}), status=200)
    assert ledger["total"] == 2 and [row["change"] for row in ledger["list"]] == [-120, 300]
    assert [row["balanceAfter"] for row in ledger["list"]] == [180, 300]
    assert ledger["list"][0]["storeName"] == "Store A" and ledger["list"][0]["operatorName"]
    assert SystemLog.objects.filter(action=AuditAction.POINTS_ADJUSTED).count() == 2


def test_points_never_go_below_zero(client, store):
    member = MemberFactory(home_store=store)
    _adjust(client, member, 50)
    assert_envelope(_adjust(client, member, -51), status=409, errcode="MEM-40904")
    member.refresh_from_db()
    assert member.points == 50 and PointsEntry.objects.count() == 1


def test_points_never_exceed_the_balance_limit(client, store):
    member = MemberFactory(home_store=store)
    Member.objects.filter(pk=member.pk).update(points=999_999_999)
    assert_envelope(_adjust(client, member, 2), status=409, errcode="MEM-40906")
    member.refresh_from_db()
    assert member.points == 999_999_999 and not PointsEntry.objects.exists()
    assert_envelope(_adjust(client, member, 1), status=200)


@pytest.mark.parametrize(("change", "reason"), [(0, "x"), (1_000_001, "x"), (10, ""), (10, "长" * 101)])
def test_bad_adjustments_change_nothing(client, store, change, reason):
    member = MemberFactory(home_store=store)
    assert_envelope(_adjust(client, member, change, reason), status=400, errcode="VALID-40000")
    assert not PointsEntry.objects.exists()


def test_adjusting_needs_the_button_code(clerk_client, store):
    member = MemberFactory(home_store=store)
    assert_envelope(_adjust(clerk_client, member, 10), status=403, errcode="AUTH-40300")


def test_another_stores_member_is_not_found_and_keeps_its_points(other_client, store):
    member = MemberFactory(home_store=store)
    assert_envelope(_adjust(other_client, member, 500), status=404, errcode="SYS-40400")
    member.refresh_from_db()
    assert member.points == 0 and not PointsEntry.objects.exists()


def test_the_store_ledger_lists_this_stores_entries(client, store, other_store):
    member = MemberFactory(home_store=store, phone="13912345678")
    _adjust(client, member, 10)
    # Awarded at another store (a visit there): its ledger, not ours.
    points_adjust(actor=SYSTEM_ACTOR, member=member, store=other_store, change=20, reason="到店赠送")
    page = assert_envelope(client.get("/rest/member/integralStoreList"), status=200)
    assert page["total"] == 1 and page["list"][0]["change"] == 10 and page["list"][0]["phone"] == "139****5678"
    page = assert_envelope(
        client.get("/rest/member/integralStoreList", {"memId": member.pk, "kind": "adjust"}), status=200
    )
    assert page["total"] == 1


def test_the_store_ledger_costs_the_same_queries_for_fifty_rows(client, store):
    member = MemberFactory(home_store=store)

    def add(n):
        for _ in range(n):
            _adjust(client, member, 1)

    assert_list_queries_constant(client, "/rest/member/integralStoreList", add, params={"pageSize": 50})


def test_points_cannot_be_set_directly_in_the_admin_form():
    assert Member._meta.get_field("points").editable is False
