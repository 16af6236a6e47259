"""Concurrent writes: one member per phone, and points that add up under contention."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from apps.accounts.testing import api_client
from apps.members.models import Member, PointsEntry
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _race(callables):
    barrier = threading.Barrier(len(callables))
    results = [None] * len(callables)

    def run(index, call):
        barrier.wait()
        try:
            results[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(callables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_concurrent_creates_with_one_phone_give_one_member_and_a_409(manager):
    clients = [api_client(entry=manager) for _ in range(2)]
    bodies = _race(
        [
            lambda c=c, n=n: c.post(
                "/rest/member/newMember",
                {"name": f"王芳{n}", "areaCode": "0086", "phone": "13912345678"},
                format="json",
            )
            for n, c in enumerate(clients)
        ]
    )
    assert sorted(response.status_code for response in bodies) == [201, 409]
    assert [r.json()["errcode"] for r in bodies if r.status_code == 409] == ["MEM-40901"]
    assert Member.objects.count() == 1


def test_concurrent_adjustments_all_count_and_none_overdraws(manager, store):
    member = MemberFactory(home_store=store)
    clients = [api_client(entry=manager) for _ in range(8)]
    _race(
        [
            lambda c=c: c.post("/rest/member/point", {"memId": member.pk, "change": 10, "reason": "x"}, format="json")
            for c in clients
        ]
    )
    member.refresh_from_db()
    assert member.points == 80
    spends = _race(
        [
            lambda c=c: c.post("/rest/member/point", {"memId": member.pk, "change": -30, "reason": "y"}, format="json")
            for c in clients
        ]
    )
    assert sorted(r.status_code for r in spends) == [200, 200] + [409] * 6
    member.refresh_from_db()
    assert member.points == 20
    balances = list(PointsEntry.objects.filter(member=member).order_by("id").values_list("balance_after", flat=True))
    assert balances[-1] == 20 and sum(PointsEntry.objects.filter(member=member).values_list("change", flat=True)) == 20
