"""A rota change that takes a nurse off duty for reservations still to be served asks first (409
RES-40906 listing them); confirmed, it saves and logs them, and the board marks them as needing
another nurse, read from the rota at each request (issue 12 §2)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from apps.booking.choices import AuditAction, ReservationStatus
from apps.booking.models import RotaDay
from apps.booking.tests.factories import ReservationFactory, ShiftTypeFactory
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

SAVE = "/rest/schedule/rota/save"
COPY = "/rest/schedule/rota/copyLastWeek"


def _next_monday() -> datetime.date:
    today = timezone.localdate()
    return today - datetime.timedelta(days=today.weekday()) + datetime.timedelta(weeks=1)


def _at(day: datetime.date, hour: int) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour)))


@pytest.fixture
def day():
    return _next_monday()


@pytest.fixture
def shift(store):
    return ShiftTypeFactory(store=store, name="全天", start=datetime.time(10), end=datetime.time(22))


@pytest.fixture
def booked(store, nurse, other_nurse, project, member, shift, day):
    """Both nurses on the full shift; the member booked with `nurse` at 11:00."""
    for employee in (nurse, other_nurse):
        RotaDay.objects.create(store=store, employee=employee, date=day, kind="shift", shift_type=shift)
    return ReservationFactory(
        store=store, nurse=nurse, member=member, name=member.name, start=_at(day, 11), projects=[project]
    )


def _leave(nurse, day, **extra):
    return {"entries": [{"employeeId": nurse.pk, "date": day.isoformat(), "kind": "leave"}], **extra}


def _board(client, day):
    return assert_envelope(client.get("/rest/reservation/board", {"date": day.isoformat()}), status=200)


def test_leave_over_a_reservation_lists_it_and_saves_nothing(client, nurse, day, booked):
    ReservationFactory(store=booked.store, nurse=nurse, start=_at(day, 14), status=ReservationStatus.CANCELLED)
    response = client.post(SAVE, _leave(nurse, day), format="json")
    data = assert_envelope(response, status=409, errcode="RES-40906")
    assert data["reservations"] == [
        {
            "id": booked.pk,
            "date": day.isoformat(),
            "startTime": response.json()["data"]["reservations"][0]["startTime"],
            "name": "王芳",
            "projects": ["头皮深层清洁"],
            "nurseId": nurse.pk,
            "nurseName": "张敏",
        }
    ]
    assert RotaDay.objects.get(employee=nurse, date=day).kind == "shift"
    assert not SystemLog.objects.filter(action=AuditAction.ROTA_SAVED).exists()
    assert not any(row["needsAnotherNurse"] for row in _board(client, day)["reservations"])


def test_confirmed_it_saves_logs_and_the_board_marks_the_reservation(client, nurse, other_nurse, day, booked):
    assert_envelope(client.post(SAVE, _leave(nurse, day, confirm=True), format="json"), status=200)
    assert RotaDay.objects.get(employee=nurse, date=day).kind == "leave"
    log = SystemLog.objects.get(action=AuditAction.ROTA_SAVED)
    assert log.detail["strandedReservations"] == [booked.pk]
    row = next(r for r in _board(client, day)["reservations"] if r["id"] == booked.pk)
    assert row["needsAnotherNurse"] is True and row["nurseId"] == nurse.pk  # she keeps it until moved
    # Moving it to a nurse on duty through the board's move clears the mark: nothing was stored.
    assert_envelope(
        client.post("/rest/reservation/change", {"id": booked.pk, "nurseId": other_nurse.pk}, format="json"),
        status=200,
    )
    row = next(r for r in _board(client, day)["reservations"] if r["id"] == booked.pk)
    assert row["needsAnotherNurse"] is False and row["nurseId"] == other_nurse.pk


def test_a_shift_that_no_longer_covers_the_reservation_counts_as_off_duty(client, store, nurse, day, booked):
    late = ShiftTypeFactory(store=store, name="晚班", start=datetime.time(14), end=datetime.time(22))
    entry = {"employeeId": nurse.pk, "date": day.isoformat(), "kind": "shift", "shiftTypeId": late.pk}
    assert_envelope(client.post(SAVE, {"entries": [entry]}, format="json"), status=409, errcode="RES-40906")
    early = ShiftTypeFactory(store=store, name="早班", start=datetime.time(10), end=datetime.time(14))
    entry["shiftTypeId"] = early.pk
    assert_envelope(client.post(SAVE, {"entries": [entry]}, format="json"), status=200)


def test_clearing_her_day_while_the_store_plans_it_counts_as_off_duty(client, nurse, day, booked):
    clear = {"entries": [{"employeeId": nurse.pk, "date": day.isoformat(), "kind": "none"}]}
    assert_envelope(client.post(SAVE, clear, format="json"), status=409, errcode="RES-40906")


def test_a_reservation_already_off_duty_is_not_asked_about_again(client, nurse, other_nurse, day, booked):
    assert_envelope(client.post(SAVE, _leave(nurse, day, confirm=True), format="json"), status=200)
    again = {
        "entries": [
            {"employeeId": nurse.pk, "date": day.isoformat(), "kind": "dayOff"},
            {"employeeId": other_nurse.pk, "date": day.isoformat(), "kind": "leave"},
        ]
    }
    assert_envelope(client.post(SAVE, again, format="json"), status=200)


def test_copying_last_week_over_a_reservation_asks_first(client, store, nurse, day, booked):
    RotaDay.objects.create(store=store, employee=nurse, date=day - datetime.timedelta(days=7), kind="leave")
    body = {"weekStart": day.isoformat()}
    data = assert_envelope(client.post(COPY, body, format="json"), status=409, errcode="RES-40906")
    assert [row["id"] for row in data["reservations"]] == [booked.pk]
    assert RotaDay.objects.get(employee=nurse, date=day).kind == "shift"
    assert_envelope(client.post(COPY, {**body, "confirm": True}, format="json"), status=200)
    assert RotaDay.objects.get(employee=nurse, date=day).kind == "leave"
    assert SystemLog.objects.get(action=AuditAction.ROTA_COPIED).detail["strandedReservations"] == [booked.pk]
    assert next(r for r in _board(client, day)["reservations"] if r["id"] == booked.pk)["needsAnotherNurse"]


def test_another_stores_employee_answers_404_even_confirmed(other_client, nurse, day, booked):
    assert_envelope(
        other_client.post(SAVE, _leave(nurse, day, confirm=True), format="json"), status=404, errcode="SYS-40400"
    )
    assert RotaDay.objects.get(employee=nurse, date=day).kind == "shift"


def test_a_store_without_a_rota_that_day_marks_nobody(client, store, nurse, project, day):
    ReservationFactory(store=store, nurse=nurse, start=_at(day, 11), projects=[project])
    assert not any(row["needsAnotherNurse"] for row in _board(client, day)["reservations"])
