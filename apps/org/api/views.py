"""Store information, shop management (spec §7.2) and staff (spec §2.2, §7.9): thin views over
apps.org.services (writes) and apps.org.selectors (reads). A store the role may not see, or another
store's employee, answers 404 as if it did not exist (contract §5)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.pagination import page_request_from, paginate
from apps.core.permissions import session_of
from apps.core.role_codes import ROLE_CHOSEN
from apps.org import selectors, services
from apps.org.api import serializers as io
from apps.org.models import Employee, EmployeeServiceDuration, OrgUnit

STORE_INFO_CODE = "MDGL-PAG-0002-0000"
SHOP_MANAGEMENT_CODE = "ERP-MENU"
STAFF_LIST_CODE = "YGGL-0001"
STAFF_DETAIL_CODE = "YGGL-PAG-0002-0100"
STAFF_CODES = (STAFF_LIST_CODE, STAFF_DETAIL_CODE)


class StoreBorrowOutTargetsApi(ErpApi):
    """Spec §7.2 findStoreListByBossId: the stores this store may lend stock to; the top bar shows
    "loan outbound" only when the list is not empty."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        responses=io.StoreRefSerializer(many=True),
        summary="Borrow-out target stores of a store",
    )
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        if store_id not in session_of(request).store_ids:
            raise NotFound()
        return EnvelopeResponse(
            [{"id": store.pk, "name": store.name} for store in selectors.borrow_out_targets_of(store_id)]
        )


def _visible_store(request: Request, store_id: int) -> OrgUnit:
    """A store of the chosen role, or one the user owns (shop management shows all of them)."""
    allowed = session_of(request).store_ids | selectors.owner_store_ids(user_id=session_of(request).user_id)
    store = OrgUnit.objects.stores().filter(pk=store_id, is_active=True).first() if store_id in allowed else None
    if store is None:
        raise NotFound()
    return store


def _acting_store(request: Request, store_id: int | None) -> OrgUnit:
    """A store the chosen role acts in: `store_id` when given, else the chosen store."""
    store_id = store_id if store_id is not None else session_of(request).hier_id
    store = None
    if store_id in session_of(request).store_ids:
        store = OrgUnit.objects.stores().filter(pk=store_id).first()
    if store is None:
        raise NotFound()
    return store


class StoreInfoApi(ErpApi):
    required_codes = (STORE_INFO_CODE, SHOP_MANAGEMENT_CODE)

    @extend_schema(responses=io.StoreInfoOutputSerializer, summary="A store's information (findErpById)")
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.store_info(store=_visible_store(request, store_id)))


class StoreBorrowOutCandidatesApi(ErpApi):
    """The stores the store-information form offers as borrow-out targets."""

    required_codes = (STORE_INFO_CODE,)

    @extend_schema(
        responses=inline_serializer(
            "BorrowOutCandidate", {"id": serializers.IntegerField(), "name": serializers.CharField()}, many=True
        ),
        summary="Stores a store may lend stock to",
    )
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        candidates = selectors.borrow_out_candidates(_visible_store(request, store_id))
        return EnvelopeResponse([{"id": store.pk, "name": store.name} for store in candidates])


class StoreInfoCheckApi(ErpApi):
    required_codes = (STORE_INFO_CODE, SHOP_MANAGEMENT_CODE)

    @extend_schema(responses=io.StoreInfoCheckOutputSerializer, summary="A store's information with its completeness")
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.store_info_check(store=_visible_store(request, store_id)))


class StoreUpdateApi(ErpApi):
    required_codes = (STORE_INFO_CODE,)

    @extend_schema(
        request=io.StoreUpdateInputSerializer,
        responses=io.StoreInfoOutputSerializer,
        summary="Edit a store's information (UpdateErpStore)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StoreUpdateInputSerializer, request.data)
        store = _acting_store(request, data.pop("id"))
        store = services.store_update(actor=self.actor(), store=store, changes=data)
        return EnvelopeResponse(selectors.store_info(store=store), message=_saved())


class StoreDebtStatusApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[io.StoreIdQueryInputSerializer],
        responses=io.DebtStatusOutputSerializer,
        summary="Whether a store is disabled for debt (checkStoreStatusIsDebtDisable)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StoreIdQueryInputSerializer, request.query_params)
        return EnvelopeResponse(selectors.store_debt_status(store=_visible_store(request, data["storeId"])))


# --- staff -------------------------------------------------------------------------------------------


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
    from django.utils.translation import gettext

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
