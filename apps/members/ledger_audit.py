"""The points part of `manage.py audit_ledgers`: each member's points against the sum of the
points ledger, and each entry's balance after it against the entry before it plus its change."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import F, Q, Sum, Value, Window
from django.db.models.functions import Coalesce, Lag

from apps.core.ledgers import Difference
from apps.members.models import Member, PointsEntry


def points_differences() -> Iterator[Difference]:
    members = (
        Member.objects.annotate(ledger=Coalesce(Sum("points_entries__change"), Value(0)))
        .filter(~Q(points=F("ledger")))
        .values_list("pk", "points", "ledger")
    )
    for pk, points, ledger in members.iterator():
        yield Difference("points", f"member {pk}", "points", points, ledger)
    entries = PointsEntry.objects.annotate(
        before=Window(Lag("balance_after"), partition_by=[F("member_id")], order_by=F("id").asc())
    ).values_list("pk", "member_id", "before", "change", "balance_after")
    for pk, member_id, before, change, after in entries.iterator():
        if (before or 0) + change != after:
            yield Difference("points", f"member {member_id} entry {pk}", "balance after", after, (before or 0) + change)
