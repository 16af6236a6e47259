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
    if connection.vendor == "postgresql":
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("DELETE FROM members_pointsentry WHERE id = %s", [entry.pk])
