"""The rota (spec §2.2 /schedule) and presence (onWork, offWork, editTempOutArray, abnormalLeft)."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.accounts.demo import ROLES
from apps.accounts.testing import api_client
from apps.booking.choices import AuditAction, RotaKind
from apps.booking.models import RotaDay
from apps.booking.tests.factories import ReservationFactory, ShiftTypeFactory
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db


def _monday(weeks=0):
    today = timezone.localdate()
    return today - datetime.timedelta(days=today.weekday()) + datetime.timedelta(weeks=weeks)


def test_shift_types_are_saved_with_rules(client, store):
    created = assert_envelope(
        client.post(
            "/rest/schedule/shiftType/save",
            {"name": "早班", "start": "10:00", "end": "18:00", "color": "#2e7d32"},
            format="json",
        ),
        status=201,
    )
    assert created["name"] == "早班" and created["enabled"] is True
    for bad, field in (({"end": "09:00"}, "end"), ({"name": ""}, "name"), ({"color": "green"}, "color")):
        body = client.post(
            "/rest/schedule/shiftType/save", {"name": "晚班", "start": "14:00", "end": "22:00", **bad}, format="json"
        ).json()
        assert body["errcode"] == "VALID-40000" and field in body["data"]["fields"], bad
    assert [row["name"] for row in assert_envelope(client.get("/rest/schedule/shiftTypes"), status=200)] == ["早班"]


DEMO_CODES = {role_id: codes for role_id, _name, _kind, _description, codes in ROLES}


def _rota_writes(store, employee):
    shift = ShiftTypeFactory(store=store)
    monday = _monday(1)
    entry = {"employeeId": employee.pk, "date": monday.isoformat(), "kind": "shift", "shiftTypeId": shift.pk}
    return [
        ("/rest/schedule/shiftType/save", {"name": "晚班", "start": "14:00", "end": "22:00"}),
        ("/rest/schedule/shiftType/save", {"id": shift.pk, "name": "早班", "start": "09:00", "end": "17:00"}),
        ("/rest/schedule/rota/save", {"entries": [entry]}),
        ("/rest/schedule/rota/copyLastWeek", {"weekStart": monday.isoformat()}),
    ]


def test_a_store_employee_login_reads_the_rota_but_cannot_change_it(store, make_entry):
    nurse_entry = make_entry(store, codes=DEMO_CODES[6], kind="store_employee")
    own = EmployeeFactory(store=store, user=nurse_entry.user)
    colleague = EmployeeFactory(store=store)
    nurse = api_client(entry=nurse_entry)
    for url, body in _rota_writes(store, colleague):
        assert_envelope(nurse.post(url, body, format="json"), status=403, errcode="AUTH-40300")
    assert not RotaDay.objects.exists()
    rota = assert_envelope(nurse.get("/rest/schedule/rota"), status=200)
    assert rota["myEmployeeId"] == own.pk and {e["id"] for e in rota["employees"]} == {own.pk, colleague.pk}
    assert_envelope(nurse.get("/rest/schedule/shiftTypes"), status=200)


def test_the_principal_changes_the_rota(store, make_entry):
    principal = api_client(entry=make_entry(store, codes=DEMO_CODES[2], kind="principal"))
    for url, body in _rota_writes(store, EmployeeFactory(store=store)):
        response = principal.post(url, body, format="json")
        assert response.status_code in (200, 201), response.json()
    assert assert_envelope(principal.get("/rest/schedule/rota"), status=200)["myEmployeeId"] is None


def test_saving_the_rota_is_silent_and_logged(client, store, nurse, other_nurse):
    shift = ShiftTypeFactory(store=store)
    monday = _monday(1)
    entries = [
        {"employeeId": nurse.pk, "date": monday.isoformat(), "kind": "shift", "shiftTypeId": shift.pk},
        {"employeeId": other_nurse.pk, "date": monday.isoformat(), "kind": "leave"},
    ]
    response = client.post("/rest/schedule/rota/save", {"entries": entries}, format="json")
    assert_envelope(response, status=200)
    assert response.json()["errmsg"] == ""  # spec §8: edit-schedule success passes without a notice
    rota = assert_envelope(
        client.get(
            "/rest/schedule/rota", {"from": monday.isoformat(), "to": (monday + datetime.timedelta(days=6)).isoformat()}
        ),
        status=200,
    )
    assert {(d["employeeId"], d["kind"]) for d in rota["days"]} == {(nurse.pk, "shift"), (other_nurse.pk, "leave")}
    clear = [{"employeeId": nurse.pk, "date": monday.isoformat(), "kind": "none"}]
    client.post("/rest/schedule/rota/save", {"entries": clear}, format="json")
    assert not RotaDay.objects.filter(employee=nurse).exists()
    assert SystemLog.objects.filter(action=AuditAction.ROTA_SAVED).count() == 2


def test_a_shift_day_needs_a_shift_of_the_store(client, store, nurse, chain):
    foreign = ShiftTypeFactory(store=chain["other_store"])
    entry = {"employeeId": nurse.pk, "date": _monday().isoformat(), "kind": "shift", "shiftTypeId": foreign.pk}
    assert_envelope(
        client.post("/rest/schedule/rota/save", {"entries": [entry]}, format="json"), status=400, errcode="VALID-40000"
    )
    assert not RotaDay.objects.exists()


def test_the_database_refuses_a_shift_day_without_its_shift_and_a_shift_on_a_day_off(store, nurse):
    # The booking checks (apps/booking/drafts.py _off_duty) read a shift day's hours from its shift.
    shift = ShiftTypeFactory(store=store)
    for kind, shift_type in ((RotaKind.SHIFT, None), (RotaKind.LEAVE, shift)):
        with pytest.raises(IntegrityError, match="rota_day_shift_iff_shift_type"), transaction.atomic():
            RotaDay.objects.create(store=store, employee=nurse, date=_monday(), kind=kind, shift_type=shift_type)


def test_copy_last_week_replaces_this_week(client, store, nurse):
    shift = ShiftTypeFactory(store=store)
    last, this = _monday(0), _monday(1)
    RotaDay.objects.create(store=store, employee=nurse, date=last, kind="shift", shift_type=shift)
    RotaDay.objects.create(store=store, employee=nurse, date=last + datetime.timedelta(days=2), kind="dayOff")
    RotaDay.objects.create(store=store, employee=nurse, date=this + datetime.timedelta(days=4), kind="leave")
    copied = assert_envelope(
        client.post("/rest/schedule/rota/copyLastWeek", {"weekStart": this.isoformat()}, format="json"), status=200
    )
    assert copied == {"days": 2}
    assert set(RotaDay.objects.filter(date__gte=this).values_list("date", "kind")) == {
        (this, "shift"),
        (this + datetime.timedelta(days=2), "dayOff"),
    }
    not_monday = client.post(
        "/rest/schedule/rota/copyLastWeek",
        {"weekStart": (this + datetime.timedelta(days=1)).isoformat()},
        format="json",
    )
    assert_envelope(not_monday, status=400, errcode="VALID-40000")


def test_clocking_on_and_off(client, nurse):
    assert_envelope(client.put(f"/rest/reservation/onWork?employeeId={nurse.pk}"), status=200)
    assert_envelope(client.put(f"/rest/reservation/onWork?employeeId={nurse.pk}"), status=409, errcode="RES-40902")
    off = assert_envelope(client.put(f"/rest/reservation/offWork?employeeId={nurse.pk}"), status=200)
    assert off["offWorkAt"]
    assert_envelope(client.put(f"/rest/reservation/offWork?employeeId={nurse.pk}"), status=409, errcode="RES-40902")


def test_times_out_are_checked_and_replaced(client, nurse):
    bad = {"employeeId": nurse.pk, "intervals": [{"start": "14:00", "end": "13:00"}]}
    assert_envelope(
        client.post("/rest/reservation/editTempOutArray", bad, format="json"), status=400, errcode="VALID-40000"
    )
    overlap = {
        "employeeId": nurse.pk,
        "intervals": [{"start": "13:00", "end": "14:00"}, {"start": "13:30", "end": "15:00"}],
    }
    assert_envelope(
        client.post("/rest/reservation/editTempOutArray", overlap, format="json"), status=400, errcode="VALID-40000"
    )
    good = {
        "employeeId": nurse.pk,
        "intervals": [{"start": "15:00", "end": "15:30"}, {"start": "12:00", "end": "12:30"}],
    }
    saved = assert_envelope(client.post("/rest/reservation/editTempOutArray", good, format="json"), status=200)
    assert saved["tempOut"] == [{"start": "12:00", "end": "12:30"}, {"start": "15:00", "end": "15:30"}]


def test_an_empty_list_clears_the_times_out(client, nurse):
    good = {"employeeId": nurse.pk, "intervals": [{"start": "12:00", "end": "12:30"}]}
    assert_envelope(client.post("/rest/reservation/editTempOutArray", good, format="json"), status=200)
    cleared = {"employeeId": nurse.pk, "intervals": []}
    saved = assert_envelope(client.post("/rest/reservation/editTempOutArray", cleared, format="json"), status=200)
    assert saved["tempOut"] == []


def test_leaving_unexpectedly_answers_the_reservations_to_move(client, store, nurse):
    now = timezone.localtime()
    later = now + datetime.timedelta(minutes=30)
    stranded = None
    if later.date() == now.date():
        stranded = ReservationFactory(store=store, nurse=nurse, start=later, end=later + datetime.timedelta(minutes=20))
    rows = assert_envelope(client.put(f"/rest/reservation/abnormalLeft/{nurse.pk}?reason=身体不适"), status=200)
    assert [row["id"] for row in rows] == ([stranded.pk] if stranded else [])
    assert SystemLog.objects.get(action=AuditAction.ABNORMAL_LEFT).detail["reason"] == "身体不适"


def test_another_stores_employee_answers_404(other_client, nurse):
    assert_envelope(
        other_client.put(f"/rest/reservation/onWork?employeeId={nurse.pk}"), status=404, errcode="SYS-40400"
    )


def test_shop_management_counts_who_is_on_duty_today(store, nurse, other_nurse, make_entry, chain):
    today = timezone.localdate()
    shift = ShiftTypeFactory(store=store)
    RotaDay.objects.create(store=store, employee=nurse, date=today, kind="shift", shift_type=shift)
    RotaDay.objects.create(store=store, employee=other_nurse, date=today, kind="leave")
    owner = api_client(entry=make_entry(chain["region"], codes=["ERP-MENU"], kind="owner"))
    rows = {row["id"]: row for row in assert_envelope(owner.get("/rest/shopDetail/ownerStores"), status=200)}
    assert rows[store.pk]["onDutyToday"] == 1
    assert rows[chain["other_store"].pk]["onDutyToday"] is None  # keeps no rota today
