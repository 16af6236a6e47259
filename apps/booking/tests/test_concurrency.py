"""No double booking under concurrency (issue 6): 20 clients booking one nurse's slot
give exactly one reservation and 19 clean RES-51021 conflicts; so do 20 clients booking one member
(or one walk-in) at overlapping times without a nurse; the exclusion constraint refuses an overlap
even when the service's check is bypassed."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import IntegrityError, connection, transaction

from apps.accounts.testing import api_client
from apps.booking.models import Reservation
from apps.booking.tests.factories import ReservationFactory, local_time

pytestmark = pytest.mark.django_db(transaction=True)


def _race(clients, body_of):
    barrier = threading.Barrier(len(clients))
    responses = [None] * len(clients)

    def book(index, client):
        barrier.wait()
        try:
            responses[index] = client.post("/rest/reservation/saveOrUpdate", body_of(index), format="json")
        finally:
            connection.close()

    threads = [threading.Thread(target=book, args=(i, c)) for i, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


def test_twenty_concurrent_bookings_of_one_slot_give_one_success(manager_entry, member, nurse, project):
    clients = [api_client(entry=manager_entry) for _ in range(20)]
    responses = _race(
        clients,
        lambda index: {
            "name": f"客人{index}",
            "areaCode": "0086",
            "phone": f"1390000{index:04d}",
            "projectIds": [project.pk],
            "nurseId": nurse.pk,
            "startTime": (local_time(10) + datetime.timedelta(minutes=index)).isoformat(),
        },
    )
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201] + [409] * 19
    assert {r.json()["errcode"] for r in responses if r.status_code == 409} == {"RES-51021"}
    assert Reservation.objects.filter(nurse=nurse).count() == 1


def test_twenty_concurrent_bookings_of_one_member_without_a_nurse_give_one_success(manager_entry, member, project):
    clients = [api_client(entry=manager_entry) for _ in range(20)]
    responses = _race(
        clients,
        lambda index: {
            "memId": member.pk,
            "projectIds": [project.pk],
            "startTime": (local_time(10) + datetime.timedelta(minutes=index)).isoformat(),
        },
    )
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201] + [409] * 19
    problems = {p["code"] for r in responses if r.status_code == 409 for p in r.json()["data"]["problems"]}
    assert problems == {"memberBooked"}
    assert Reservation.objects.filter(member=member).count() == 1


def test_twenty_concurrent_bookings_of_one_walk_in_without_a_nurse_give_one_success(manager_entry, project):
    clients = [api_client(entry=manager_entry) for _ in range(20)]
    responses = _race(
        clients,
        lambda index: {
            "name": "散客",
            "areaCode": "0086",
            "phone": "13900001111",
            "projectIds": [project.pk],
            "startTime": (local_time(10) + datetime.timedelta(minutes=index)).isoformat(),
        },
    )
    assert sorted(r.status_code for r in responses) == [201] + [409] * 19
    assert Reservation.objects.filter(phone="13900001111").count() == 1


def test_the_database_refuses_an_overlap_the_service_did_not_see(store, nurse):
    ReservationFactory(store=store, nurse=nurse, start=local_time(10))
    with pytest.raises(IntegrityError, match="reservation_nurse_no_overlap"), transaction.atomic():
        ReservationFactory(store=store, nurse=nurse, start=local_time(10, 30))
    ReservationFactory(store=store, nurse=nurse, start=local_time(11))  # touching, not overlapping
    ReservationFactory(store=store, nurse=nurse, start=local_time(10, 30), status="cancelled", cancel_reason="other")
