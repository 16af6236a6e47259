"""Booking through the API (spec §7.3): save, check, force, move, status changes, history, scoping."""

from __future__ import annotations

import pytest

from apps.booking.choices import AuditAction, RotaKind
from apps.booking.models import Reservation, ReservationChange, RotaDay
from apps.booking.tests.factories import ReservationFactory, ShiftTypeFactory, just_started, local_time
from apps.catalog.tests.factories import ProjectFactory
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.members.models import Member
from apps.staff.models import EmployeeServiceDuration

pytestmark = pytest.mark.django_db

SAVE = "/rest/reservation/saveOrUpdate"


def _body(member, nurse, project, hour=10, minute=0, **extra):
    return {
        "memId": member.pk,
        "projectIds": [project.pk],
        "nurseId": nurse.pk if nurse else None,
        "startTime": local_time(hour, minute).isoformat(),
        **extra,
    }


def test_a_booking_is_saved_with_its_projects_history_and_log(client, member, nurse, project):
    response = client.post(SAVE, _body(member, nurse, project, source="wecom", remark="怕冷"), format="json")
    booked = assert_envelope(response, status=201)
    assert response.json()["errmsg"] == "saved"
    assert booked["status"] == "booked" and booked["duration"] == 60 and booked["phone"] == "139****5678"
    assert booked["projects"] == [{"id": project.pk, "name": "头皮深层清洁", "minutes": 60}]
    assert booked["nurseName"] == "张敏" and booked["sourceName"] == "enterprise chat" and booked["walkIn"] is False
    assert ReservationChange.objects.get(reservation_id=booked["id"]).kind == "created"
    assert SystemLog.objects.filter(action=AuditAction.RESERVATION_SAVED).count() == 1


def test_a_booking_saved_without_a_source_has_none(client, member, nurse, project):
    booked = assert_envelope(client.post(SAVE, _body(member, nurse, project), format="json"), status=201)
    assert booked["source"] == "" and booked["sourceName"] == ""
    assert Reservation.objects.get(pk=booked["id"]).source == ""
    unknown = client.post(SAVE, _body(member, nurse, project, hour=15, source="fax"), format="json")
    assert assert_envelope(unknown, status=400, errcode="VALID-40000")["fields"].keys() == {"source"}


def test_a_walk_in_needs_a_name_and_a_valid_phone(client, nurse, project):
    body = {"projectIds": [project.pk], "nurseId": nurse.pk, "startTime": local_time(10).isoformat()}
    assert_envelope(client.post(SAVE, body, format="json"), status=400, errcode="VALID-40000")
    bad_phone = client.post(SAVE, {**body, "name": "路人", "areaCode": "0086", "phone": "1234"}, format="json")
    assert bad_phone.json()["data"]["fields"].keys() == {"phone"}
    booked = assert_envelope(
        client.post(SAVE, {**body, "name": "路人", "areaCode": "00852", "phone": "61234567"}, format="json"), status=201
    )
    assert booked["walkIn"] is True and booked["phone"] == "61****67"


@pytest.mark.parametrize(
    ("change", "field"),
    [({"name": "路" * 21}, "name"), ({"phone": "139123456789"}, "phone"), ({"remark": "备" * 201}, "remark")],
)
def test_a_walk_in_over_the_limits_is_refused_not_cut(client, nurse, project, change, field):
    body = {
        "projectIds": [project.pk],
        "nurseId": nurse.pk,
        "startTime": local_time(10).isoformat(),
        "name": "路人",
        "areaCode": "0086",
        "phone": "13912345678",
        **change,
    }
    answer = client.post(SAVE, body, format="json").json()
    assert answer["errcode"] == "VALID-40000" and field in answer["data"]["fields"], answer
    assert not Reservation.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [({"projectIds": []}, "projectIds"), ({"startTime": None}, "startTime"), ({"duration": 700}, "duration")],
)
def test_bad_drafts_change_nothing(client, member, nurse, project, change, field):
    body = client.post(SAVE, {**_body(member, nurse, project), **change}, format="json").json()
    assert body["errcode"] == "VALID-40000" and field in body["data"]["fields"]
    assert not Reservation.objects.exists()


def test_the_duration_comes_from_the_projects_and_the_nurses_own_times(client, member, nurse, project):
    second = ProjectFactory(duration_minutes=20)
    EmployeeServiceDuration.objects.create(employee=nurse, project=project, minutes=45)
    answer = assert_envelope(
        client.get("/rest/reservation/getDuration", {"projectIds": f"{project.pk},{second.pk}", "nurseId": nurse.pk}),
        status=200,
    )
    assert answer == {"minutes": 65}
    booked = assert_envelope(
        client.post(SAVE, {**_body(member, nurse, project), "projectIds": [project.pk, second.pk]}, format="json"),
        status=201,
    )
    assert booked["duration"] == 65


def test_a_busy_nurse_answers_res_51021_with_the_problems(client, desk_client, member, nurse, project, store):
    ReservationFactory(store=store, nurse=nurse, start=local_time(10, 30))
    response = desk_client.post(SAVE, _body(member, nurse, project), format="json")
    body = assert_envelope(response, status=409, errcode="RES-51021")
    assert [p["code"] for p in body["problems"]] == ["nurseBusy"]
    assert Reservation.objects.count() == 1


def test_a_nurse_without_a_rota_day_on_a_planned_day_is_off_duty_as_the_board_says(
    client, member, nurse, other_nurse, project, store
):
    # The booking check and the board's "needs another nurse" mark follow one rule (apps.booking.duty).
    shift = ShiftTypeFactory(store=store, start=local_time(9).time(), end=local_time(21).time())
    RotaDay.objects.create(
        store=store, employee=other_nurse, date=local_time(10).date(), kind=RotaKind.SHIFT, shift_type=shift
    )
    result = assert_envelope(
        client.post("/rest/reservation/check", _body(member, nurse, project, hour=15), format="json"), status=200
    )
    assert [p["code"] for p in result["problems"]] == ["nurseOffDuty"]
    on_duty = client.post("/rest/reservation/check", _body(member, other_nurse, project, hour=15), format="json")
    assert assert_envelope(on_duty, status=200) == {"ok": True, "problems": []}


def test_check_lists_every_problem_of_a_draft(client, member, nurse, project, store):
    shift = ShiftTypeFactory(store=store, start=local_time(14).time(), end=local_time(18).time())
    RotaDay.objects.create(
        store=store, employee=nurse, date=local_time(10).date(), kind=RotaKind.SHIFT, shift_type=shift
    )
    ReservationFactory(store=store, nurse=nurse, member=member, start=local_time(21, 30))
    result = assert_envelope(
        client.post("/rest/reservation/check", _body(member, nurse, project, hour=21, minute=30), format="json"),
        status=200,
    )
    assert result["ok"] is False
    assert [p["code"] for p in result["problems"]] == ["nurseBusy", "nurseOffDuty", "outsideHours", "memberBooked"]
    clean = assert_envelope(
        client.post("/rest/reservation/check", _body(member, nurse, project, hour=15), format="json"), status=200
    )
    assert clean == {"ok": True, "problems": []}


def test_a_start_in_the_past_is_a_problem(client, member, nurse, project):
    result = assert_envelope(
        client.post(
            "/rest/reservation/check",
            {**_body(member, nurse, project), "startTime": local_time(10, days=-1).isoformat()},
            format="json",
        ),
        status=200,
    )
    assert [p["code"] for p in result["problems"]] == ["inPast"]


def test_force_never_saves_a_start_that_has_passed(client, member, nurse, project):
    body = {**_body(member, nurse, project), "startTime": local_time(10, days=-1).isoformat()}
    refused = client.post("/rest/reservation/forceUpdate", body, format="json")
    assert [p["code"] for p in assert_envelope(refused, status=409, errcode="RES-51021")["problems"]] == ["inPast"]
    assert not Reservation.objects.exists()


def test_force_overrides_soft_problems_with_the_code_and_is_logged(client, desk_client, member, nurse, project):
    body = _body(member, nurse, project, hour=21, minute=30)  # ends after closing
    assert_envelope(
        desk_client.post("/rest/reservation/forceUpdate", body, format="json"), status=403, errcode="AUTH-40300"
    )
    assert_envelope(client.post(SAVE, body, format="json"), status=409, errcode="RES-51021")
    forced = assert_envelope(client.post("/rest/reservation/forceUpdate", body, format="json"), status=201)
    assert forced["forced"] is True
    log = SystemLog.objects.get(action=AuditAction.RESERVATION_FORCED)
    assert log.detail["overridden"] == ["outsideHours"]


def test_force_never_books_a_nurse_twice(client, member, nurse, project, store):
    ReservationFactory(store=store, nurse=nurse, start=local_time(10))
    response = client.post("/rest/reservation/forceUpdate", _body(member, nurse, project), format="json")
    assert [p["code"] for p in assert_envelope(response, status=409, errcode="RES-51021")["problems"]] == ["nurseBusy"]


def test_any_nurse_bookings_never_conflict_on_the_nurse(client, member, project, store):
    first = _body(member, None, project)
    assert_envelope(client.post(SAVE, first, format="json"), status=201)
    second = {**first, "memId": None, "name": "路人", "areaCode": "0086", "phone": "13800001111"}
    assert_envelope(client.post(SAVE, second, format="json"), status=201)


def test_editing_keeps_the_reservation_and_records_what_changed(client, member, nurse, other_nurse, project):
    booked = assert_envelope(client.post(SAVE, _body(member, nurse, project), format="json"), status=201)
    edited = assert_envelope(
        client.post(SAVE, {**_body(member, other_nurse, project, hour=15), "id": booked["id"]}, format="json"),
        status=200,
    )
    assert edited["id"] == booked["id"] and edited["nurseId"] == other_nurse.pk
    history = assert_envelope(client.get("/rest/reservation/changeList", {"id": booked["id"]}), status=200)
    assert [entry["kind"] for entry in history] == ["created", "edited"]
    assert history[1]["before"]["nurseId"] == nurse.pk and history[1]["after"]["nurseId"] == other_nurse.pk


def test_moving_to_another_nurse_and_time_checks_conflicts(client, member, nurse, other_nurse, project, store):
    booked = assert_envelope(client.post(SAVE, _body(member, nurse, project), format="json"), status=201)
    ReservationFactory(store=store, nurse=other_nurse, start=local_time(16))
    moved = assert_envelope(
        client.post(
            "/rest/reservation/change",
            {"id": booked["id"], "nurseId": other_nurse.pk, "startTime": local_time(13).isoformat()},
            format="json",
        ),
        status=200,
    )
    assert moved["nurseId"] == other_nurse.pk and moved["duration"] == 60
    refused = client.post(
        "/rest/reservation/change", {"id": booked["id"], "startTime": local_time(16, 30).isoformat()}, format="json"
    )
    assert assert_envelope(refused, status=409, errcode="RES-51021")["problems"][0]["code"] == "nurseBusy"
    assert Reservation.objects.get(pk=booked["id"]).start == local_time(13)
    assert SystemLog.objects.filter(action=AuditAction.RESERVATION_MOVED).count() == 1


def test_the_day_runs_booked_arrived_in_service_done(client, member, nurse, store):
    booked = {"id": ReservationFactory(store=store, nurse=nurse, member=member, start=just_started()).pk}
    for action, status in (("arrival", "arrived"), ("startService", "inService"), ("finish", "done")):
        answer = assert_envelope(
            client.post(f"/rest/reservation/{action}", {"id": booked["id"]}, format="json"), status=200
        )
        assert answer["status"] == status
    member.refresh_from_db()
    assert member.last_visit_at is not None
    again = client.post("/rest/reservation/arrival", {"id": booked["id"]}, format="json")
    assert_envelope(again, status=409, errcode="RES-40901")


def test_cancelling_needs_a_reason_and_frees_the_nurse(client, member, nurse, project):
    booked = assert_envelope(client.post(SAVE, _body(member, nurse, project), format="json"), status=201)
    no_reason = client.post("/rest/reservation/inValid", {"id": booked["id"], "reason": ""}, format="json")
    assert_envelope(no_reason, status=400, errcode="VALID-40000")
    cancelled = assert_envelope(
        client.post(
            "/rest/reservation/inValid",
            {"id": booked["id"], "reason": "memberCancelled", "remark": "改天"},
            format="json",
        ),
        status=200,
    )
    assert cancelled["status"] == "cancelled" and cancelled["cancelReasonName"] == "the customer cancelled"
    assert_envelope(client.post(SAVE, _body(member, nurse, project), format="json"), status=201)


def test_a_no_show_only_from_booked(client, member, nurse, store):
    booked = {"id": ReservationFactory(store=store, nurse=nurse, member=member, start=just_started()).pk}
    assert (
        assert_envelope(client.post("/rest/reservation/noShow", {"id": booked["id"]}, format="json"), status=200)[
            "status"
        ]
        == "noShow"
    )


def test_another_stores_reservation_answers_404(other_client, member, nurse, project, store):
    reservation = ReservationFactory(store=store, nurse=nurse)
    assert_envelope(other_client.get(f"/rest/reservation/detail/{reservation.pk}"), status=404, errcode="SYS-40400")
    refused = other_client.post("/rest/reservation/arrival", {"id": reservation.pk}, format="json")
    assert_envelope(refused, status=404, errcode="SYS-40400")


def test_another_stores_nurse_cannot_be_booked(other_client, member, nurse, project):
    body = other_client.post(SAVE, _body(member, nurse, project), format="json").json()
    assert body["errcode"] == "VALID-40000" and "nurseId" in body["data"]["fields"]


def test_choice_lists(client):
    for path, first in (("sources", "phone"), ("findStatus", "booked"), ("findInvalidReason", "memberCancelled")):
        rows = assert_envelope(client.get(f"/rest/reservation/{path}"), status=200)
        assert rows[0]["code"] == first and rows[0]["name"]


def test_editing_a_walk_in_without_the_phone_keeps_it(client, nurse, project):
    body = {
        "name": "路人",
        "areaCode": "0086",
        "phone": "13800001111",
        "projectIds": [project.pk],
        "nurseId": nurse.pk,
        "startTime": local_time(10).isoformat(),
    }
    booked = assert_envelope(client.post(SAVE, body, format="json"), status=201)
    edited = assert_envelope(
        client.post(SAVE, {**body, "id": booked["id"], "phone": "", "name": "路人甲"}, format="json"), status=200
    )
    assert edited["name"] == "路人甲" and Reservation.objects.get(pk=booked["id"]).phone == "13800001111"


def _act(client, action, reservation_id, **body):
    return client.post(f"/rest/reservation/{action}", {"id": reservation_id, **body}, format="json")


def test_arrival_and_service_only_on_the_reservations_day(client, member, nurse, store):
    tomorrow = ReservationFactory(store=store, nurse=nurse, member=member, start=local_time(10))
    assert_envelope(_act(client, "arrival", tomorrow.pk), status=409, errcode="RES-40903")
    yesterday = ReservationFactory(
        store=store, nurse=nurse, member=member, start=local_time(10, days=-1), status="arrived"
    )
    assert_envelope(_act(client, "startService", yesterday.pk), status=409, errcode="RES-40903")
    tomorrow.refresh_from_db()
    yesterday.refresh_from_db()
    assert (tomorrow.status, yesterday.status) == ("booked", "arrived")
    assert not SystemLog.objects.filter(action=AuditAction.RESERVATION_STATUS).exists()


def test_a_no_show_only_after_the_start_time(client, member, nurse, store):
    later = ReservationFactory(store=store, nurse=nurse, member=member, start=local_time(10))
    assert_envelope(_act(client, "noShow", later.pk), status=409, errcode="RES-40904")
    later.refresh_from_db()
    assert later.status == "booked"


def test_service_of_an_any_nurse_reservation_starts_with_her_nurse(client, member, nurse, other_nurse, store):
    reservation = ReservationFactory(store=store, nurse=None, member=member, start=just_started(), status="arrived")
    refused = assert_envelope(_act(client, "startService", reservation.pk), status=400, errcode="VALID-40000")
    assert refused["fields"].keys() == {"nurseId"}
    ReservationFactory(store=store, nurse=other_nurse, start=just_started(), status="inService")
    busy = _act(client, "startService", reservation.pk, nurseId=other_nurse.pk)
    assert_envelope(busy, status=409, errcode="RES-51021")
    started = assert_envelope(_act(client, "startService", reservation.pk, nurseId=nurse.pk), status=200)
    assert started["status"] == "inService" and started["nurseId"] == nurse.pk
    change = ReservationChange.objects.filter(reservation=reservation).last()
    assert change.before == {"nurseId": None, "status": "arrived"}
    assert change.after == {"nurseId": nurse.pk, "status": "inService"}


@pytest.mark.parametrize(
    ("action", "body", "status"),
    [("arrival", {}, "arrived"), ("noShow", {}, "noShow"), ("inValid", {"reason": "duplicate"}, "cancelled")],
)
def test_a_status_is_undone_the_same_day_with_a_reason_logged_and_in_the_history(
    client, member, nurse, store, action, body, status
):
    reservation = ReservationFactory(store=store, nurse=nurse, member=member, start=just_started())
    assert assert_envelope(_act(client, action, reservation.pk, **body), status=200)["status"] == status
    no_reason = assert_envelope(
        _act(client, "undoStatus", reservation.pk, reason=" "), status=400, errcode="VALID-40000"
    )
    assert no_reason["fields"].keys() == {"reason"}
    undone = assert_envelope(_act(client, "undoStatus", reservation.pk, reason="点错了"), status=200)
    assert undone["status"] == "booked" and undone["cancelReason"] == ""
    change = ReservationChange.objects.filter(reservation=reservation).last()
    assert change.kind == "undone"
    assert change.before == {"status": status}
    assert change.after == {"status": "booked", "reason": "点错了"}
    log = SystemLog.objects.get(action=AuditAction.RESERVATION_UNDONE)
    assert log.detail == {"from": status, "to": "booked", "reason": "点错了"}
    history = assert_envelope(client.get(f"/rest/reservation/detail/{reservation.pk}"), status=200)["history"]
    assert history[-1]["kind"] == "undone" and history[-1]["kindName"] == "status change undone"
    # Nothing left to undo: booked is where it began.
    assert_envelope(_act(client, "undoStatus", reservation.pk, reason="again"), status=409, errcode="RES-40901")


def test_an_undo_on_a_later_day_is_refused(client, member, nurse, store):
    reservation = ReservationFactory(store=store, nurse=nurse, member=member, start=just_started())
    assert_envelope(_act(client, "arrival", reservation.pk), status=200)
    ReservationChange.objects.filter(reservation=reservation).update(at=local_time(10, days=-1))
    assert_envelope(_act(client, "undoStatus", reservation.pk, reason="late"), status=409, errcode="RES-40905")
    reservation.refresh_from_db()
    assert reservation.status == "arrived"


def test_an_undone_cancellation_never_books_a_nurse_twice(client, member, nurse, store):
    reservation = ReservationFactory(store=store, nurse=nurse, member=member, start=just_started())
    assert_envelope(_act(client, "inValid", reservation.pk, reason="duplicate"), status=200)
    ReservationFactory(store=store, nurse=nurse, start=reservation.start)
    assert_envelope(_act(client, "undoStatus", reservation.pk, reason="oops"), status=409, errcode="RES-51021")
    reservation.refresh_from_db()
    assert reservation.status == "cancelled"


def test_an_undone_arrival_takes_back_the_members_last_visit(client, member, nurse, store):
    earlier = local_time(15, days=-20)
    Member.objects.filter(pk=member.pk).update(last_visit_at=earlier)
    reservation = ReservationFactory(store=store, nurse=nurse, member=member, start=just_started())
    assert_envelope(_act(client, "arrival", reservation.pk), status=200)
    member.refresh_from_db()
    assert member.last_visit_at > earlier
    assert_envelope(_act(client, "undoStatus", reservation.pk, reason="点错了"), status=200)
    member.refresh_from_db()
    assert member.last_visit_at == earlier
    # Arriving again counts the visit again.
    assert_envelope(_act(client, "arrival", reservation.pk), status=200)
    member.refresh_from_db()
    assert member.last_visit_at > earlier


def test_a_first_visit_undone_leaves_the_member_never_visited(client, member, nurse, store):
    Member.objects.filter(pk=member.pk).update(last_visit_at=None)
    reservation = ReservationFactory(store=store, nurse=nurse, member=member, start=just_started())
    assert_envelope(_act(client, "arrival", reservation.pk), status=200)
    assert_envelope(_act(client, "undoStatus", reservation.pk, reason="点错了"), status=200)
    member.refresh_from_db()
    assert member.last_visit_at is None


def test_an_undone_arrival_leaves_a_later_visit_standing(client, member, nurse, other_nurse, store):
    first = ReservationFactory(store=store, nurse=nurse, member=member, start=just_started())
    second = ReservationFactory(store=store, nurse=other_nurse, member=member, start=just_started())
    assert_envelope(_act(client, "arrival", first.pk), status=200)
    assert_envelope(_act(client, "arrival", second.pk), status=200)
    member.refresh_from_db()
    later_visit = member.last_visit_at
    assert_envelope(_act(client, "undoStatus", first.pk, reason="点错了"), status=200)
    member.refresh_from_db()
    assert member.last_visit_at == later_visit
