"""The board (spec §2.2 /orderBoard): nurses, periods, reservations and counts of a store-day, in at
most 8 SQL queries whatever the number of reservations; today's reserved members."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.booking.choices import ReservationStatus, RotaKind
from apps.booking.models import Presence, RotaDay
from apps.booking.tests.factories import ReservationFactory, ShiftTypeFactory, local_time
from apps.catalog.models import TimePeriod
from apps.catalog.tests.factories import ProjectFactory
from apps.core.testing import assert_envelope
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db


def _board(client, day):
    return assert_envelope(client.get("/rest/reservation/board", {"date": day.isoformat()}), status=200)


def test_the_board_shows_the_days_nurses_periods_blocks_and_counts(client, store, nurse, other_nurse, project):
    day = local_time(10).date()
    TimePeriod.objects.create(store=store, weekday=None, start=datetime.time(10), end=datetime.time(11))
    TimePeriod.objects.create(store=store, weekday=day.weekday(), start=datetime.time(11), end=datetime.time(12))
    TimePeriod.objects.create(
        store=store, weekday=(day.weekday() + 1) % 7, start=datetime.time(12), end=datetime.time(13)
    )
    booked = ReservationFactory(store=store, nurse=nurse, start=local_time(10), projects=[project])
    ReservationFactory(
        store=store, nurse=other_nurse, start=local_time(11), status=ReservationStatus.CANCELLED, cancel_reason="other"
    )
    ReservationFactory(store=store, nurse=nurse, start=local_time(10, days=2))  # another day
    board = _board(client, day)
    assert board["date"] == day.isoformat() and board["openTime"] == "10:00" and board["closeTime"] == "22:00"
    assert board["periods"] == [{"start": "10:00", "end": "11:00"}, {"start": "11:00", "end": "12:00"}]
    assert {n["name"] for n in board["nurses"]} == {"张敏", "吴佳怡"}
    assert board["reservations"][0]["id"] == booked.pk and len(board["reservations"]) == 2
    assert board["reservations"][0]["projects"][0]["name"] == project.name
    assert board["counts"] == {
        "booked": 1,
        "arrived": 0,
        "inService": 0,
        "done": 0,
        "noShow": 0,
        "cancelled": 1,
        "total": 2,
    }
    counts = assert_envelope(
        client.get("/rest/reservation/getReservationPerCount", {"date": day.isoformat()}), status=200
    )
    assert counts == board["counts"]


def test_without_periods_the_rows_are_the_opening_hours(client, store):
    board = _board(client, local_time(10).date())
    assert board["periods"][0] == {"start": "10:00", "end": "11:00"} and len(board["periods"]) == 12


def test_with_a_rota_the_columns_are_the_nurses_working_that_day(client, store, nurse, other_nurse):
    day = local_time(10).date()
    shift = ShiftTypeFactory(store=store, name="早班")
    RotaDay.objects.create(store=store, employee=nurse, date=day, kind=RotaKind.SHIFT, shift_type=shift)
    RotaDay.objects.create(store=store, employee=other_nurse, date=day, kind=RotaKind.DAY_OFF)
    EmployeeFactory(store=store, position="front_desk")  # never a column
    [column] = _board(client, day)["nurses"]
    assert column["name"] == "张敏" and column["shift"]["name"] == "早班" and column["onDuty"] is True
    ReservationFactory(store=store, nurse=other_nurse, start=local_time(15))
    assert {n["name"] for n in _board(client, day)["nurses"]} == {"张敏", "吴佳怡"}  # booked: shown anyway
    on_duty = assert_envelope(client.get("/rest/reservation/findNurse", {"date": day.isoformat()}), status=200)
    assert [n["name"] for n in on_duty] == ["张敏"]


def test_the_board_costs_at_most_eight_queries_for_any_number_of_reservations(client, store, project):
    day = local_time(10).date()
    nurses = [EmployeeFactory(store=store) for _ in range(5)]
    ReservationFactory(store=store, nurse=nurses[0], projects=[project])
    client.get("/rest/reservation/board", {"date": day.isoformat()})  # warm the role-code cache
    with CaptureQueriesContext(connection) as few:
        _board(client, day)
    extra = ProjectFactory()
    for index in range(1, 40):
        ReservationFactory(
            store=store,
            nurse=nurses[index % 5],
            start=local_time(10) + datetime.timedelta(minutes=61 * (index // 5)),
            projects=[project, extra],
        )
    with CaptureQueriesContext(connection) as many:
        board = _board(client, day)
    assert len(board["reservations"]) == 40
    assert len(many) == len(few) <= 8, [q["sql"][:120] for q in many.captured_queries]


def test_presence_shows_on_the_board(client, store, nurse):
    today = timezone.localdate()
    assert_envelope(client.put(f"/rest/reservation/onWork?employeeId={nurse.pk}"), status=200)
    [column] = [n for n in _board(client, today)["nurses"] if n["id"] == nurse.pk]
    assert column["onDuty"] is True and column["onWorkAt"]
    assert Presence.objects.get(employee=nurse, date=today).on_work_at is not None


def test_todays_reserved_members_for_the_write_off_dialog(client, store, nurse, member):
    now = timezone.localtime()
    start = now.replace(hour=23, minute=0, second=0, microsecond=0) if now.hour < 23 else now
    reservation = ReservationFactory(
        store=store, nurse=nurse, member=member, name=member.name, phone=member.phone, start=start
    )
    rows = assert_envelope(client.get("/rest/reservation/todayReserved"), status=200)
    assert rows == [
        {
            "id": reservation.pk,
            "memId": member.pk,
            "name": "王芳",
            "phone": "139****5678",
            "areaCode": "0086",
            "startTime": rows[0]["startTime"],
            "nurseId": nurse.pk,
            "nurseName": nurse.name,
        }
    ]


def test_todays_reserved_members_are_of_the_store_stoid_names_and_a_store_the_role_lacks_answers_404(
    client, chain, store, nurse, member, make_entry
):
    from apps.accounts.testing import api_client
    from apps.members.tests.factories import MemberFactory

    now = timezone.localtime()
    start = now.replace(hour=23, minute=0, second=0, microsecond=0) if now.hour < 23 else now
    ReservationFactory(store=store, nurse=nurse, member=member, name=member.name, phone=member.phone, start=start)
    elsewhere = MemberFactory(home_store=chain["other_store"], name="李娜", phone="13812345678")
    ReservationFactory(
        store=chain["other_store"],
        nurse=EmployeeFactory(store=chain["other_store"]),
        member=elsewhere,
        name=elsewhere.name,
        phone=elsewhere.phone,
        start=start,
    )
    # A principal of Store A: its own store by default or by name, never Store B.
    assert [r["memId"] for r in assert_envelope(client.get("/rest/reservation/todayReserved"), status=200)] == [
        member.pk
    ]
    named = client.get("/rest/reservation/todayReserved", {"stoId": store.pk})
    assert [r["memId"] for r in assert_envelope(named, status=200)] == [member.pk]
    other = client.get("/rest/reservation/todayReserved", {"stoId": chain["other_store"].pk})
    assert_envelope(other, status=404, errcode="SYS-40400")
    # A role over both stores (the region) reads the one it names.
    both = api_client(entry=make_entry(chain["region"], codes=["ERP-YUKB-PAG-0001-0000"]))
    answer = both.get("/rest/reservation/todayReserved", {"stoId": chain["other_store"].pk})
    assert [r["memId"] for r in assert_envelope(answer, status=200)] == [elsewhere.pk]


def test_todays_reserved_members_need_the_write_off_dialogs_pages(store, make_entry):
    from apps.accounts.testing import api_client

    # The write-off dialog's list (the board's and the cashier's roles): names and phones of the
    # day's customers are not for any role that merely chose a store.
    response = api_client(entry=make_entry(store, codes=[])).get("/rest/reservation/todayReserved")
    assert_envelope(response, status=403, errcode="AUTH-40300")
    cashier = api_client(entry=make_entry(store, codes=["ERP-KDJC-PAG-0003-0000"]))
    assert_envelope(cashier.get("/rest/reservation/todayReserved"), status=200)
