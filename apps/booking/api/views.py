"""Reservation, board and rota calls (spec §7.3, docs/api.md): thin views over apps.booking
selectors (reads), services and rota (writes). Everything is scoped to the chosen store; another
store's reservation or employee answers 404 (contract §5)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.booking import rota, rules, selectors, services
from apps.booking.api import serializers as io
from apps.booking.choices import HISTORY_MAX_DAYS, ROTA_MAX_DAYS, CancelReason, ReservationSource, ReservationStatus
from apps.booking.drafts import bookable_nurse, bookable_projects, draft_from, problems_of, project_minutes
from apps.booking.rows import ReservationRow
from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import PagedListApi
from apps.core.api.phone_fragments import PhoneFragmentSearch
from apps.core.envelope import EnvelopeResponse
from apps.core.excel import Column, Kind, xlsx_response
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.role_codes import RESERVATION_FORCE, ROTA_EDIT
from apps.core.scoping import get_in_scope, get_or_not_found, store_in_scope
from apps.members.selectors import members
from apps.org.selectors import store_acted_in

BOARD = (code_of("/orderBoard"),)
ROTA = (code_of("/schedule"),)


def _day(request: Request) -> date:
    serializer = io.DateInputSerializer(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data.get("date") or timezone.localdate()


def _answer(reservation: selectors.Reservation, request: Request, status: int = 200) -> EnvelopeResponse:
    return EnvelopeResponse(
        selectors.reservation_row(get_in_scope(selectors.reservations(), request, pk=reservation.pk)),
        message=_("saved"),
        status=status,
    )


class BoardApi(ErpApi):
    required_codes = BOARD

    @extend_schema(parameters=[io.DateInputSerializer], responses=io.BoardOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.board(store_acted_in(session_of(request)), _day(request)))


class DayCountsApi(ErpApi):
    required_codes = BOARD

    @extend_schema(parameters=[io.DateInputSerializer], responses=io.CountsOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.day_counts(store_acted_in(session_of(request)), _day(request)))


class NursesOnDutyApi(ErpApi):
    required_codes = BOARD

    @extend_schema(parameters=[io.DateInputSerializer], responses=io.NurseOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.nurses_of_day(store_acted_in(session_of(request)), _day(request)))


class StaffNamesApi(ErpApi):
    required_codes = BOARD

    @extend_schema(responses=io.StaffNameOutputSerializer(many=True))
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.staff_names(store_in_scope(selectors.stores(), request, store_id).pk))


class BookableProjectsApi(ErpApi):
    required_codes = BOARD

    @extend_schema(responses=io.BookableProjectOutputSerializer(many=True))
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        store = store_in_scope(selectors.stores(), request, store_id)
        return EnvelopeResponse(selectors.bookable_project_rows(store.pk))


class DurationApi(ErpApi):
    required_codes = BOARD

    @extend_schema(parameters=[io.BookingDurationInputSerializer], responses=io.BookingDurationOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.BookingDurationInputSerializer, request.query_params)
        store = store_acted_in(session_of(request))
        minutes = project_minutes(
            bookable_projects(store, data["projectIds"]), bookable_nurse(store, data.get("nurseId"))
        )
        return EnvelopeResponse({"minutes": sum(minutes.values())})


class _ChoicesApi(ErpApi):
    required_codes = BOARD
    choices: Any = None

    @extend_schema(responses=io.CodeNameOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.choice_rows(self.choices))


class SourcesApi(_ChoicesApi):
    choices = ReservationSource


class StatusesApi(_ChoicesApi):
    choices = ReservationStatus


class CancelReasonsApi(_ChoicesApi):
    choices = CancelReason


class CheckApi(ErpApi):
    required_codes = BOARD

    @extend_schema(request=io.ReservationInputSerializer, responses=io.CheckOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        fields = dict(self.parse(io.ReservationInputSerializer, request.data))
        reservation_id = fields.pop("id", None)
        existing = get_in_scope(selectors.reservations(), request, pk=reservation_id) if reservation_id else None
        problems = problems_of(
            draft_from(store_acted_in(session_of(request)), **fields), reservation_id=existing.pk if existing else None
        )
        return EnvelopeResponse({"ok": not problems, "problems": [p.to_wire() for p in problems]})


class SaveApi(ErpApi):
    required_codes = BOARD
    force = False

    @extend_schema(
        request=io.ReservationInputSerializer,
        responses={201: io.ReservationOutputSerializer, 200: io.ReservationOutputSerializer},
    )
    def post(self, request: Request) -> EnvelopeResponse:
        fields = dict(self.parse(io.ReservationInputSerializer, request.data))
        reservation_id = fields.pop("id", None)
        existing = get_in_scope(selectors.reservations(), request, pk=reservation_id) if reservation_id else None
        reservation = services.reservation_save(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            reservation=existing,
            force=self.force,
            **fields,
        )
        return _answer(reservation, request, status=200 if existing else 201)


class ForceSaveApi(SaveApi):
    required_codes = (RESERVATION_FORCE.code,)
    force = True


class MoveApi(ErpApi):
    required_codes = BOARD

    @extend_schema(request=io.ReservationMoveInputSerializer, responses=io.ReservationOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReservationMoveInputSerializer, request.data)
        reservation = services.reservation_move(
            actor=self.actor(),
            reservation=get_in_scope(selectors.reservations(), request, pk=data["id"]),
            nurse_id=data.get("nurseId"),
            start=data.get("startTime"),
            keep_nurse="nurseId" not in data,
        )
        return _answer(reservation, request)


class ChangeListApi(ErpApi):
    required_codes = BOARD

    @extend_schema(parameters=[io.ReservationIdInputSerializer], responses=io.ChangeOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        reservation_id = self.parse(io.ReservationIdInputSerializer, request.query_params)["id"]
        return EnvelopeResponse(
            selectors.history_rows(get_in_scope(selectors.reservations(), request, pk=reservation_id))
        )


class DetailApi(ErpApi):
    required_codes = BOARD

    @extend_schema(responses=io.ReservationDetailOutputSerializer)
    def get(self, request: Request, reservation_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(
            selectors.reservation_detail(get_in_scope(selectors.reservations(), request, pk=reservation_id))
        )


class _StatusApi(ErpApi):
    required_codes = BOARD
    action = ""

    @extend_schema(request=io.ReservationIdInputSerializer, responses=io.ReservationOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReservationIdInputSerializer, request.data)
        reservation = services.reservation_status_change(
            actor=self.actor(),
            reservation=get_in_scope(selectors.reservations(), request, pk=data["id"]),
            action=self.action,
        )
        return _answer(reservation, request)


class ArrivalApi(_StatusApi):
    action = "arrival"


class StartServiceApi(ErpApi):
    required_codes = BOARD

    @extend_schema(request=io.ReservationStartServiceInputSerializer, responses=io.ReservationOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReservationStartServiceInputSerializer, request.data)
        reservation = services.reservation_status_change(
            actor=self.actor(),
            reservation=get_in_scope(selectors.reservations(), request, pk=data["id"]),
            action="startService",
            nurse_id=data.get("nurse_id"),
        )
        return _answer(reservation, request)


class FinishApi(_StatusApi):
    action = "finish"


class NoShowApi(_StatusApi):
    action = "noShow"


class CancelApi(ErpApi):
    required_codes = BOARD

    @extend_schema(request=io.ReservationCancelInputSerializer, responses=io.ReservationOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReservationCancelInputSerializer, request.data)
        reservation = services.reservation_status_change(
            actor=self.actor(),
            reservation=get_in_scope(selectors.reservations(), request, pk=data["id"]),
            action="inValid",
            reason=data["reason"],
            remark=data.get("remark", ""),
        )
        return _answer(reservation, request)


class UndoApi(ErpApi):
    required_codes = BOARD

    @extend_schema(request=io.ReservationUndoInputSerializer, responses=io.ReservationOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReservationUndoInputSerializer, request.data)
        reservation = services.reservation_status_undo(
            actor=self.actor(),
            reservation=get_in_scope(selectors.reservations(), request, pk=data["id"]),
            reason=data["reason"],
        )
        return _answer(reservation, request)


class _RecordApi(PhoneFragmentSearch, ErpApi):
    required_codes = BOARD

    def records(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.Reservation]:
        filters["day_from"], filters["day_to"] = rules.check_time_range(
            filters.get("day_from"), filters.get("day_to"), HISTORY_MAX_DAYS
        )
        return selectors.records(
            store_ids=session_of(request).store_ids, phone_view=self.phone_view(request), **filters
        )

    def filtered(self, request: Request) -> QuerySet[selectors.Reservation]:
        return self.records(request, dict(self.parse(io.RecordInputSerializer, request.query_params)))


class RecordListApi(PagedListApi, _RecordApi):
    filters = io.RecordInputSerializer
    page_output = io.ReservationPageOutputSerializer

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.Reservation]:
        return self.records(request, filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.reservation_rows(window)


class RecordCountsApi(_RecordApi):
    @extend_schema(parameters=[io.RecordInputSerializer], responses=io.CountsOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.record_counts(self.filtered(request)))


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    # The reservation records page's column headers (frontend bookingHistory.json "fields").
    return Column(key, pgettext_lazy("reservation column", words), kind)


RECORD_EXPORT = (
    _column("id", "No.", Kind.NUMBER),
    _column("startTime", "Start", Kind.DATETIME),
    _column("endTime", "End", Kind.TIME),
    _column("name", "Member"),
    _column("phone", "Phone"),
    _column("nurse", "Nurse"),
    _column("projects", "Projects"),
    _column("status", "Status"),
    _column("source", "Source"),
    _column("remark", "Remark"),
    _column("createdAt", "Booked at", Kind.DATETIME),
)


def _record_cells(row: ReservationRow) -> list[Any]:
    return [
        row["id"],
        row["startTime"],
        row["endTime"],
        row["name"],
        row["phone"],
        row["nurseName"] or pgettext("reservation", "Any nurse"),
        "、".join(project["name"] for project in row["projects"]),
        row["statusName"],
        row["sourceName"],
        row["remark"],
        row["createdAt"],
    ]


class RecordExportApi(_RecordApi):
    @extend_schema(
        parameters=[io.RecordInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered reservations to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        return xlsx_response(
            request=request,
            rows=self.filtered(request),
            render=selectors.reservation_rows,
            headers=RECORD_EXPORT,
            cells=_record_cells,
            name="reservations",
            title=pgettext_lazy("export name", "Reservations"),
        )


class ByPhoneApi(ErpApi):
    required_codes = BOARD

    @extend_schema(parameters=[io.PhoneInputSerializer], responses=io.ReservationOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PhoneInputSerializer, request.query_params)
        return EnvelopeResponse(
            selectors.by_phone(store_ids=session_of(request).store_ids, area_code=data["areaCode"], phone=data["phone"])
        )


class AccountInfoApi(ErpApi):
    required_codes = BOARD

    @extend_schema(responses=io.AccountInfoOutputSerializer)
    def get(self, request: Request, member_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(
            selectors.booking_summary(
                get_or_not_found(members(), pk=member_id), session_of(request).hier_id, session_of(request).store_ids
            )
        )


class LastConsumeApi(ErpApi):
    required_codes = BOARD

    @extend_schema(parameters=[io.MemberIdQueryInputSerializer], responses=io.ReservationOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        member_id = self.parse(io.MemberIdQueryInputSerializer, request.query_params)["memId"]
        return EnvelopeResponse(
            selectors.last_finished_of_member(
                get_or_not_found(members(), pk=member_id).pk, session_of(request).store_ids
            )
        )


class TodayReservedApi(ErpApi):
    """The group-buy write-off dialog's pick list (contract §9): the dialog opens from the board and
    the cashier's pages, whose roles write off."""

    required_codes = (*BOARD, code_of("/account"))

    @extend_schema(
        parameters=[io.TodayReservedInputSerializer],
        responses=io.TodayReservedOutputSerializer(many=True),
        summary="Today's reservations of a store that may name a member (the write-off dialog)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        store_id = self.parse(io.TodayReservedInputSerializer, request.query_params).get("store_id")
        # A store the role lacks answers 404; none named, the chosen store (400 above store level).
        store = (
            store_acted_in(session_of(request))
            if store_id is None
            else store_in_scope(selectors.stores(), request, store_id)
        )
        return EnvelopeResponse(selectors.today_reserved(store.pk))


# --- presence -----------------------------------------------------------------------------------


class _PresenceApi(ErpApi):
    required_codes = BOARD
    write: Any = None

    @extend_schema(parameters=[io.EmployeeQueryInputSerializer], request=None, responses=io.PresenceOutputSerializer)
    def put(self, request: Request) -> EnvelopeResponse:
        employee_id = self.parse(io.EmployeeQueryInputSerializer, request.query_params)["employeeId"]
        employee = rota.store_employee(store_acted_in(session_of(request)), employee_id)
        return EnvelopeResponse(
            selectors.presence_row(self.write(actor=self.actor(), employee=employee)), message=_("saved")
        )


class OnWorkApi(_PresenceApi):
    write = staticmethod(rota.on_work)


class OffWorkApi(_PresenceApi):
    write = staticmethod(rota.off_work)


class TempOutApi(ErpApi):
    required_codes = BOARD

    @extend_schema(request=io.TempOutInputSerializer, responses=io.PresenceOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.TempOutInputSerializer, request.data)
        employee = rota.store_employee(store_acted_in(session_of(request)), data["employeeId"])
        presence = rota.temp_out_set(actor=self.actor(), employee=employee, intervals=data["intervals"])
        return EnvelopeResponse(selectors.presence_row(presence), message=_("saved"))


class AbnormalLeftApi(ErpApi):
    required_codes = BOARD

    @extend_schema(
        parameters=[io.AbnormalLeftInputSerializer], request=None, responses=io.ReservationOutputSerializer(many=True)
    )
    def put(self, request: Request, employee_id: int) -> EnvelopeResponse:
        reason = self.parse(io.AbnormalLeftInputSerializer, request.query_params).get("reason", "")
        employee = rota.store_employee(store_acted_in(session_of(request)), employee_id)
        stranded = rota.abnormal_left(actor=self.actor(), employee=employee, reason=reason)
        rows = selectors.reservation_rows_by_start(r.pk for r in stranded)
        return EnvelopeResponse(rows, message=_("saved"))


# --- rota ---------------------------------------------------------------------------------------


class ShiftTypeListApi(ErpApi):
    required_codes = ROTA + BOARD

    @extend_schema(responses=io.ShiftTypeOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.shift_type_rows(store_acted_in(session_of(request)).pk))


class ShiftTypeSaveApi(ErpApi):
    required_codes = (ROTA_EDIT.code,)

    @extend_schema(
        request=io.ShiftTypeInputSerializer,
        responses={201: io.ShiftTypeOutputSerializer, 200: io.ShiftTypeOutputSerializer},
    )
    def post(self, request: Request) -> EnvelopeResponse:
        fields = dict(self.parse(io.ShiftTypeInputSerializer, request.data))
        shift_id = fields.pop("id", None)
        store = store_acted_in(session_of(request))
        shift = get_or_not_found(selectors.shift_types(store.pk), pk=shift_id) if shift_id else None
        shift = rota.shift_type_save(actor=self.actor(), store=store, shift=shift, **fields)
        row = next(row for row in selectors.shift_type_rows(store.pk) if row["id"] == shift.pk)
        return EnvelopeResponse(row, message=_("saved"), status=200 if shift_id else 201)


class RotaApi(ErpApi):
    required_codes = ROTA

    @extend_schema(parameters=[io.RotaRangeInputSerializer], responses=io.RotaOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.RotaRangeInputSerializer, request.query_params)
        today = timezone.localdate()
        monday = today - timedelta(days=today.weekday())
        day_from = data.get("from") or monday
        day_to = data.get("to") or day_from + timedelta(days=6)
        rules.check_time_range(day_from, day_to, ROTA_MAX_DAYS)
        return EnvelopeResponse(
            selectors.rota_view(
                store_acted_in(session_of(request)), day_from, day_to, user_id=session_of(request).user_id
            )
        )


class RotaSaveApi(ErpApi):
    """Spec §8: editing the rota succeeds silently, so the answer's errmsg is empty. The rota page
    (ROTA) lets store employees read it; writing needs the edit code."""

    required_codes = (ROTA_EDIT.code,)

    @extend_schema(request=io.RotaSaveInputSerializer, responses=io.CopyWeekOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.RotaSaveInputSerializer, request.data)
        saved = rota.rota_save(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            entries=[rota.RotaEntry(**entry) for entry in data["entries"]],
            confirm=data["confirm"],
        )
        return EnvelopeResponse({"days": saved})


class RotaCopyWeekApi(ErpApi):
    required_codes = (ROTA_EDIT.code,)

    @extend_schema(request=io.CopyWeekInputSerializer, responses=io.CopyWeekOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CopyWeekInputSerializer, request.data)
        copied = rota.rota_copy_last_week(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            week_start=data["weekStart"],
            confirm=data["confirm"],
        )
        return EnvelopeResponse({"days": copied}, message=_("saved"))
