"""Staff (spec §2.2, §7.9): thin views over apps.staff.services (writes) and apps.staff.selectors
(reads). Another store's employee answers 404 as if it did not exist (contract §5)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.pagination import page_request_from, paginate
from apps.core.permissions import session_of
from apps.org.models import OrgUnit
from apps.staff import selectors, services
from apps.staff.api import serializers as io
from apps.staff.models import Employee, EmployeeServiceDuration

STAFF_LIST_CODE = "YGGL-0001"
STAFF_DETAIL_CODE = "YGGL-PAG-0002-0100"
STAFF_CODES = (STAFF_LIST_CODE, STAFF_DETAIL_CODE)


def _acting_store(request: Request, store_id: int | None) -> OrgUnit:
    """A store the chosen role acts in: `store_id` when given, else the chosen store."""
    store_id = store_id if store_id is not None else session_of(request).hier_id
    store = None
    if store_id in session_of(request).store_ids:
        store = OrgUnit.objects.stores().filter(pk=store_id).first()
    if store is None:
        raise NotFound()
    return store


def _employee(request: Request, employee_id: int) -> Employee:
    employee = (
        selectors.employees_of(store_ids=session_of(request).store_ids)
        .select_related("store", "user")
        .filter(pk=employee_id)
        .first()
    )
    if employee is None:
        raise NotFound()
    return employee


def _saved() -> str:
    return gettext("saved")


class EmployeeListApi(ErpApi):
    required_codes = (STAFF_LIST_CODE,)

    @extend_schema(
        parameters=[io.EmployeeSearchInputSerializer],
        responses=io.EmployeePageOutputSerializer,
        summary="The staff of the chosen store (phones masked)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        data = self.parse(io.EmployeeSearchInputSerializer, request.query_params)
        rows = selectors.employee_search(
            store_ids=session_of(request).store_ids,
            keyword=data.get("keyword", ""),
            position=data.get("position", ""),
            status=data.get("status", ""),
        )
        return EnvelopeResponse(paginate(rows, page, selectors.employee_rows))


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
        data = self.parse(io.EmployeeSaveInputSerializer, request.data)
        employee_id = data.pop("id", None)
        employee = _employee(request, employee_id) if employee_id else None
        store = employee.store if employee else _acting_store(request, data.pop("storeId", None))
        employee = services.employee_save(
            actor=self.actor(),
            caller_entry_id=session_of(request).chosen_entry.pk,
            store=store,
            employee=employee,
            data=data,
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


def _duration_answer(row: EmployeeServiceDuration) -> dict[str, Any]:
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
        row = (
            EmployeeServiceDuration.objects.filter(
                pk=data["id"], is_active=True, employee__store_id__in=session_of(request).store_ids
            )
            .select_related("employee")
            .first()
        )
        if row is None:
            raise NotFound()
        row = services.duration_close(actor=self.actor(), duration=row)
        return EnvelopeResponse(_duration_answer(row), message=_saved())
