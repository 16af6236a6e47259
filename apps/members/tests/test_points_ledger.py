"""The points ledger is append-only and the member's points are its running sum (audit_ledgers)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from apps.core.append_only import AppendOnlyError
from apps.core.audit import SYSTEM_ACTOR
from apps.core.ledgers import ledger_audits
from apps.members.models import Member, PointsEntry
from apps.members.services import points_adjust
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


def test_the_points_audit_finds_points_changed_without_their_entry():
    member = MemberFactory()
    points_adjust(actor=SYSTEM_ACTOR, member=member, store=member.home_store, change=30, reason="到店赠送")
    points_adjust(actor=SYSTEM_ACTOR, member=member, store=member.home_store, change=-10, reason="兑换")
    audit = ledger_audits()["points"]
    assert list(audit()) == []
    Member.objects.filter(pk=member.pk).update(points=25)
    [difference] = list(audit())
    assert (difference.record, difference.kept, difference.recomputed) == (f"member {member.pk}", 25, 20)


def test_a_points_entry_cannot_be_rewritten():
    member = MemberFactory()
    entry = points_adjust(actor=SYSTEM_ACTOR, member=member, store=member.home_store, change=5, reason="到店赠送")
    with pytest.raises(AppendOnlyError):
        PointsEntry.objects.filter(pk=entry.pk).update(change=50)
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM members_pointsentry WHERE id = %s", [entry.pk])


def test_points_earned_and_paid_on_an_order_name_it_and_never_go_below_zero():
    from apps.members.choices import MemberStatus
    from apps.members.errors import PointsWouldGoNegative
    from apps.members.services import points_earn, points_spend

    member = MemberFactory()
    store = member.home_store
    earned = points_earn(actor=SYSTEM_ACTOR, member_id=member.pk, store=store, points=120, order_id=7, order_no="SO7")
    assert earned is not None and (earned.kind, earned.change, earned.order_id) == ("earn", 120, 7)
    assert "SO7" in earned.reason
    paid = points_spend(actor=SYSTEM_ACTOR, member_id=member.pk, store=store, points=100, order_id=8)
    assert (paid.kind, paid.change, paid.balance_after) == ("spend", -100, 20)
    with pytest.raises(PointsWouldGoNegative):
        points_spend(actor=SYSTEM_ACTOR, member_id=member.pk, store=store, points=21, order_id=9)
    assert points_earn(actor=SYSTEM_ACTOR, member_id=member.pk, store=store, points=0, order_id=9) is None
    Member.objects.filter(pk=member.pk).update(status=MemberStatus.CANCELLED)
    assert points_earn(actor=SYSTEM_ACTOR, member_id=member.pk, store=store, points=5, order_id=9) is None
    assert list(ledger_audits()["points"]()) == []
