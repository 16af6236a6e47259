"""Staff commission calls (issue 29 §3; docs/api.md "Staff commission"): thin views over
apps.commission's services and selectors. A store's plan, period or figures belong to one of the
caller's stores (another answers 404); the chain's plans are read at every store and changed by
head office (a role chosen above the stores)."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.commission import selectors, services
from apps.commission.api import serializers as io
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import InvalidInput, NotFound, PermissionRefused
from apps.core.idempotency import idempotent
from apps.core.json_types import ValidatedData
from apps.core.role_codes import COMMISSION_CLOSE, COMMISSION_PLAN, REPORT_FIGURES_CODE, ROLE_CHOSEN
from apps.core.scoping import chosen_store_id, get_or_not_found, named_store_id, scope_of, store_in_scope
from apps.org.selectors import stores

PLANS = (COMMISSION_PLAN.code,)
# A month's figures are the Commission report's: whoever reads the business reports reads them too.
PERIODS = (COMMISSION_CLOSE.code, COMMISSION_PLAN.code, REPORT_FIGURES_CODE)


def _no_store() -> InvalidInput:
    return InvalidInput(_("please choose a store"), field="storeId")


def _at_head_office(request: Request) -> bool:
    return chosen_store_id(request) is None


def _plan(request: Request, plan_id: int, *, changing: bool) -> selectors.CommissionPlan:
    plan = get_or_not_found(selectors.plans(), pk=plan_id)
    if plan.store_id is not None and plan.store_id not in scope_of(request).store_ids:
        raise NotFound()
    if changing and plan.store_id is None and not _at_head_office(request):
        raise PermissionRefused(_("the chain's plans are changed by head office"))
    return plan


def _version(data: ValidatedData) -> services.VersionInput:
    return services.VersionInput(
        effective_from=data["effective_from"],
        tier_mode=data["tier_mode"],
        per_session=data.get("per_session", Decimal("0")),
        tiers=tuple(services.TierInput(t["from_amount"], t["rate"]) for t in data["tiers"]),
        note=data.get("note", ""),
    )


class PlanListApi(ErpApi):
    required_codes = PLANS

    @extend_schema(
        parameters=[io.CommissionStoreInputSerializer],
        responses=io.CommissionPlanOutputSerializer(many=True),
        summary="The chain's commission plans and the caller's stores' (one store's, when named)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CommissionStoreInputSerializer, request.query_params)
        store_id = named_store_id(request, data.get("store_id"))
        found = selectors.plans_visible(store_ids=scope_of(request).store_ids, store_id=store_id)
        return EnvelopeResponse(selectors.plan_rows(list(found), at_head_office=_at_head_office(request)))

    @extend_schema(
        request=io.CommissionPlanCreateInputSerializer,
        responses=io.CommissionPlanDetailOutputSerializer,
        summary="A new plan and its first version (Idempotency-Key): a store's, or at head office the chain's",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CommissionPlanCreateInputSerializer, request.data)
        plan = services.plan_create(
            actor=self.actor(),
            store_id=named_store_id(request, data.get("store_id")),
            name=data["name"],
            position=data["position"],
            kind=data["kind"],
            version=_version(data["version"]),
        )
        return EnvelopeResponse(
            selectors.plan_detail(plan, at_head_office=_at_head_office(request)), message=_("saved")
        )


class PlanDetailApi(ErpApi):
    required_codes = PLANS

    @extend_schema(
        responses=io.CommissionPlanDetailOutputSerializer, summary="A plan with all its versions, newest first"
    )
    def get(self, request: Request, plan_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(
            selectors.plan_detail(_plan(request, plan_id, changing=False), at_head_office=_at_head_office(request))
        )

    @extend_schema(
        request=io.CommissionPlanRenameInputSerializer,
        responses=io.CommissionPlanDetailOutputSerializer,
        summary="Rename a plan (Idempotency-Key); what it pays changes only by a new version",
    )
    @idempotent
    def put(self, request: Request, plan_id: int) -> EnvelopeResponse:
        data = self.parse(io.CommissionPlanRenameInputSerializer, request.data)
        plan = services.plan_rename(actor=self.actor(), plan=_plan(request, plan_id, changing=True), name=data["name"])
        return EnvelopeResponse(
            selectors.plan_detail(plan, at_head_office=_at_head_office(request)), message=_("saved")
        )


class PlanVersionApi(ErpApi):
    required_codes = PLANS

    @extend_schema(
        request=io.CommissionVersionInputSerializer,
        responses=io.CommissionPlanDetailOutputSerializer,
        summary="A new version of a plan from a date on or after the first open period (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request, plan_id: int) -> EnvelopeResponse:
        data = self.parse(io.CommissionVersionInputSerializer, request.data)
        plan = _plan(request, plan_id, changing=True)
        services.version_create(actor=self.actor(), plan=plan, version=_version(data))
        return EnvelopeResponse(
            selectors.plan_detail(plan, at_head_office=_at_head_office(request)), message=_("saved")
        )


class PeriodApi(ErpApi):
    required_codes = PERIODS

    @extend_schema(
        parameters=[io.CommissionPeriodInputSerializer],
        responses=io.CommissionPeriodOutputSerializer,
        summary="A store's month of commission: open (computed now) or closed (as stored), per staff, kind and version",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CommissionPeriodInputSerializer, request.query_params)
        store = store_in_scope(stores(), request, data.get("store_id"), when_none=_no_store())
        return EnvelopeResponse(selectors.period_row(store_id=store.pk, month=data["month"]))


class PeriodCloseApi(ErpApi):
    required_codes = (COMMISSION_CLOSE.code,)

    @extend_schema(
        request=io.CommissionPeriodInputSerializer,
        responses=io.CommissionPeriodOutputSerializer,
        summary="Close a store's ended month (Idempotency-Key): its commission is stored and never changes",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CommissionPeriodInputSerializer, request.data)
        store = store_in_scope(stores(), request, data.get("store_id"), when_none=_no_store())
        services.period_close(actor=self.actor(), store_id=store.pk, month=data["month"])
        return EnvelopeResponse(selectors.period_row(store_id=store.pk, month=data["month"]), message=_("closed"))


class OwnFiguresApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[io.CommissionOwnInputSerializer],
        responses=io.CommissionPeriodOutputSerializer,
        summary="The caller's own commission for a month at the chosen store (none when not on its staff)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CommissionOwnInputSerializer, request.query_params)
        store = store_in_scope(stores(), request, None, when_none=_no_store())
        employee_id = selectors.own_employee_id(store_id=store.pk, user_id=scope_of(request).user_id)
        return EnvelopeResponse(
            selectors.own_period_row(store_id=store.pk, month=data["month"], employee_id=employee_id)
        )
