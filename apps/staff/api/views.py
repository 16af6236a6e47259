"""Staff (spec §2.2, §7.9): thin views over apps.staff.services (writes) and apps.staff.selectors
(reads). Another store's employee answers 404 as if it did not exist (contract §5)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.envelope import EnvelopeResponse
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.permissions import session_of
from apps.core.scoping import get_in_scope, scope_of, store_in_scope
from apps.org.selectors import stores
from apps.staff import selectors, services
from apps.staff.api import serializers as io
from apps.staff.rows import DurationRow, EmployeeRow

STAFF_LIST_CODE = code_of("/staffList")
STAFF_DETAIL_CODE = code_of("/staffDetail")
STAFF_CODES = (STAFF_LIST_CODE, STAFF_DETAIL_CODE)


def _employee(request: Request, employee_id: int) -> selectors.Employee:
    return get_in_scope(selectors.employees(), request, pk=employee_id)


def _saved() -> str:
    return gettext("saved")


class EmployeeListApi(PagedListApi):
    required_codes = (STAFF_LIST_CODE,)
    filters = io.EmployeeSearchInputSerializer
    # The filters serializer already declares pageNo and pageSize.
    schema_parameters = [io.EmployeeSearchInputSerializer]
    page_output = io.EmployeePageOutputSerializer
    summary = "The staff of the chosen store (phones masked)"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.Employee]:
        return selectors.employee_search(
            store_ids=scope_of(request).store_ids,
            keyword=filters.get("keyword", ""),
            position=filters.get("position", ""),
            status=filters.get("status", ""),
        )

    def render_rows(self, window: Iterable[selectors.Employee]) -> list[EmployeeRow]:
        return selectors.employee_rows(window)


class EmployeeDetailApi(ErpApi):
    required_codes = STAFF_CODES

    @extend_schema(responses=io.EmployeeDetailOutputSerializer, summary="An employee with their service durations")
    def get(self, request: Request, employee_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.employee_detail(employee=_employee(request, employee_id)))


class EmployeeSaveApi(ErpApi):
    required_codes = STAFF_CODES

    @extend_schema(
        request=io.EmployeeSaveInputSerializer,
        responses={201: io.EmployeeDetailOutputSerializer, 200: io.EmployeeDetailOutputSerializer},
        summary="Create or edit an employee",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        fields = self.parse(io.EmployeeSaveInputSerializer, request.data)
        employee_id = fields.pop("id", None)
        store_id = fields.pop("store_id", None)
        employee = _employee(request, employee_id) if employee_id else None
        store = employee.store if employee else store_in_scope(stores(), request, store_id)
        employee = services.employee_save(
            actor=self.actor(),
            caller_entry_id=session_of(request).chosen_entry.pk,
            store=store,
            employee=employee,
            **fields,
        )
        return EnvelopeResponse(
            selectors.employee_detail(employee=_employee(request, employee.pk)),
            message=_saved(),
            status=200 if employee_id else 201,
        )


class EmployeeLeaveApi(ErpApi):
    required_codes = STAFF_CODES

    @extend_schema(
        request=io.EmployeeLeaveInputSerializer,
        responses=io.EmployeeDetailOutputSerializer,
        summary="Record an employee leaving; their roles at the store are revoked",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.EmployeeLeaveInputSerializer, request.data)
        employee = services.employee_leave(
            actor=self.actor(),
            caller_entry_id=session_of(request).chosen_entry.pk,
            employee=_employee(request, data["id"]),
            left_date=data["leftDate"],
        )
        return EnvelopeResponse(selectors.employee_detail(employee=_employee(request, employee.pk)), message=_saved())


def _duration_answer(row: selectors.EmployeeServiceDuration) -> DurationRow:
    return {
        "id": row.pk,
        "projectId": row.project_id,
        "category": row.category,
        "minutes": row.minutes,
        "updatedAt": row.updated_at,
    }


class DurationSaveApi(ErpApi):
    required_codes = STAFF_CODES

    @extend_schema(
        request=io.DurationSaveInputSerializer,
        responses=io.DurationOutputSerializer,
        summary="Save an employee's service duration (saveDurationInfo)",
    )
    def put(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DurationSaveInputSerializer, request.data)
        row = services.duration_save(
            actor=self.actor(),
            employee=_employee(request, data["employeeId"]),
            project_id=data["projectId"],
            category=data["category"],
            minutes=data["minutes"],
        )
        return EnvelopeResponse(_duration_answer(row), message=_saved())


class DurationCloseApi(ErpApi):
    required_codes = STAFF_CODES

    @extend_schema(
        request=io.DurationCloseInputSerializer,
        responses=io.DurationOutputSerializer,
        summary="Close an employee's service duration (closeDurationInfo)",
    )
    def put(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DurationCloseInputSerializer, request.data)
        row = get_in_scope(
            selectors.open_service_durations(),
            request,
            store_field="employee__store",
            pk=data["id"],
        )
        row = services.duration_close(actor=self.actor(), duration=row)
        return EnvelopeResponse(_duration_answer(row), message=_saved())
