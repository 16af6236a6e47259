"""Settlement calls (contract §11; docs/api.md "Settlement between stores"): thin views over
apps.settlement's services and selectors. A statement is seen by its two stores (another answers
404) and by head office; the rules, the making of a day, the months' roll-up and payment are head
office's (a role chosen above the stores)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.business_days import business_day
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound, PermissionRefused
from apps.core.excel import xlsx_response
from apps.core.idempotency import idempotent
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.role_codes import SETTLEMENT_PAY, SETTLEMENT_RULES, SETTLEMENT_STATEMENT
from apps.core.scoping import chosen_store_id, named_store_id, scope_of
from apps.settlement import exports, rules, selectors, statements
from apps.settlement.api import serializers as io

READ = (SETTLEMENT_STATEMENT.code, SETTLEMENT_PAY.code)
RULES = (SETTLEMENT_STATEMENT.code, SETTLEMENT_RULES.code, SETTLEMENT_PAY.code)
# The daily closing shows the store's clearing of the day: its own code reads it too.
DAY_CLEARING = (code_of("/dailyKnots"), *READ)


def _head_office_only(request: Request) -> None:
    if chosen_store_id(request) is not None:
        raise PermissionRefused(_("this is done by head office"))


def _store_ids(request: Request, store_id: int | None = None) -> frozenset[int]:
    """The caller's stores, or the one of them a call names."""
    if store_id is not None:
        return frozenset({named_store_id(request, store_id)})  # type: ignore[arg-type]
    return frozenset(scope_of(request).store_ids)


class StatementListApi(PagedListApi):
    required_codes = READ
    filters = io.StatementsInputSerializer
    page_output = io.StatementPageOutputSerializer
    summary = "A day's statements of the caller's stores (default yesterday), each netted between two stores"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        day = filters.get("date") or business_day() - timedelta(days=1)
        return selectors.statements_of(day=day, store_ids=_store_ids(request, filters.get("store_id")))

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.statement_rows(window, chosen_store_id(self.request))


def _statement(request: Request, statement_id: int) -> selectors.Statement:
    statement = selectors.statement_in_scope(statement_id, scope_of(request).store_ids)
    if statement is None:
        raise NotFound()
    return statement


class StatementDetailApi(ErpApi):
    required_codes = READ

    @extend_schema(responses=io.StatementDetailOutputSerializer, summary="A statement with every entry it nets")
    def get(self, request: Request, statement_id: int) -> EnvelopeResponse:
        statement = _statement(request, statement_id)
        return EnvelopeResponse(selectors.statement_detail(statement, chosen_store_id(request)))


class StatementConfirmApi(ErpApi):
    required_codes = (SETTLEMENT_STATEMENT.code, SETTLEMENT_PAY.code)

    @extend_schema(
        request=None,
        responses=io.StatementOutputSerializer,
        summary="The chosen store confirms the statement (Idempotency-Key); both stores, or head office, lock it",
    )
    @idempotent
    def post(self, request: Request, statement_id: int) -> EnvelopeResponse:
        store_id = chosen_store_id(request)
        statement = statements.statement_confirm(
            actor=self.actor(),
            statement_id=statement_id,
            store_id=store_id,
            store_ids=frozenset(scope_of(request).store_ids),
        )
        statement = _statement(request, statement.pk)
        return EnvelopeResponse(selectors.statement_rows([statement], store_id)[0], message=_("confirmed"))


class StatementDisputeApi(ErpApi):
    required_codes = (SETTLEMENT_STATEMENT.code,)

    @extend_schema(
        request=io.DisputeInputSerializer,
        responses=io.DisputeOutputSerializer,
        summary="The chosen store disputes the statement (Idempotency-Key): head office decides in the approval centre",
    )
    @idempotent
    def post(self, request: Request, statement_id: int) -> EnvelopeResponse:
        data = self.parse(io.DisputeInputSerializer, request.data)
        store_id = chosen_store_id(request)
        if store_id is None:
            raise PermissionRefused(_("a statement is disputed by one of its two stores"))
        approval = statements.statement_dispute(
            actor=self.actor(),
            statement_id=statement_id,
            store_id=store_id,
            store_ids=frozenset(scope_of(request).store_ids),
            correction=data["correction"],
            reason=data["reason"],
        )
        statement = _statement(request, statement_id)
        return EnvelopeResponse(
            {"approvalId": approval.pk, "statement": selectors.statement_rows([statement], store_id)[0]},
            message=_("sent for approval"),
        )


class CallerStoresApi(ErpApi):
    required_codes = RULES

    @extend_schema(
        responses=io.CallerStoresOutputSerializer,
        summary="The stores the settlement pages' filters offer the caller, and whether it acts as head office",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        head_office = chosen_store_id(request) is None
        return EnvelopeResponse(selectors.caller_stores(scope_of(request).store_ids, head_office=head_office))


class MatrixApi(ErpApi):
    required_codes = READ

    @extend_schema(
        parameters=[io.MonthStoreInputSerializer],
        responses=io.MatrixOutputSerializer,
        summary="The month's balance between the caller's stores' pairs (head office: all; storeId: one store's)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.MonthStoreInputSerializer, request.query_params)
        store_ids = (
            None
            if chosen_store_id(request) is None and data.get("store_id") is None
            else _store_ids(request, data.get("store_id"))
        )
        return EnvelopeResponse(selectors.matrix(month=data["month"], store_ids=store_ids))


class EntriesExportApi(ErpApi):
    required_codes = READ

    @extend_schema(
        parameters=[io.MonthStoreInputSerializer],
        responses={(200, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"): OpenApiResponse()},
        summary="The month's settlement entries of the caller's stores as an .xlsx file",
    )
    def get(self, request: Request) -> HttpResponse:
        data = self.parse(io.MonthStoreInputSerializer, request.query_params)
        store_ids = (
            None
            if chosen_store_id(request) is None and data.get("store_id") is None
            else _store_ids(request, data.get("store_id"))
        )
        rows = selectors.month_entries(month=data["month"], store_ids=store_ids)
        return xlsx_response(
            request=request,
            rows=rows,
            render=list,
            headers=exports.ENTRY_COLUMNS,
            cells=exports.entry_cells,
            name=f"settlement-{data['month']:%Y-%m}",
            title=_("Settlement entries"),
        )


class RulesApi(ErpApi):
    required_codes = RULES

    @extend_schema(responses=io.RulesOutputSerializer, summary="Every kind's rule in force and its versions")
    def get(self, request: Request) -> EnvelopeResponse:
        rules.first_versions_ensured()
        return EnvelopeResponse(selectors.rules(business_day()))

    @extend_schema(
        request=io.RuleVersionInputSerializer,
        responses=io.RulesOutputSerializer,
        summary="A new version of a kind's rule from tomorrow or later (Idempotency-Key; head office)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.RuleVersionInputSerializer, request.data)
        if SETTLEMENT_RULES.code not in scope_of(request).codes:
            raise PermissionRefused()
        _head_office_only(request)
        rules.rule_version_create(
            actor=self.actor(),
            rule=rules.RuleInput(
                kind=data["kind"],
                effective_from=data["effective_from"],
                share=data["share"],
                gift_ratio=data["gift_ratio"],
                note=data.get("note", ""),
            ),
        )
        return EnvelopeResponse(selectors.rules(business_day()), message=_("saved"))


class StatementsMakeApi(ErpApi):
    required_codes = (SETTLEMENT_PAY.code,)

    @extend_schema(
        request=io.DayInputSerializer,
        responses=io.MadeOutputSerializer,
        summary="Make an ended day's statements now (Idempotency-Key; head office; the night's job does it too)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DayInputSerializer, request.data)
        _head_office_only(request)
        made = statements.statements_make(actor=self.actor(), day=data["date"])
        return EnvelopeResponse({"made": made}, message=_("done"))


class MonthListApi(PagedListApi):
    required_codes = READ
    filters = io.MonthInputSerializer
    page_output = io.MonthSettlementPageOutputSerializer
    summary = "A month's settlements between the caller's stores (head office: every pair)"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        store_ids = None if chosen_store_id(request) is None else scope_of(request).store_ids
        return selectors.month_settlements(month=filters["month"], store_ids=store_ids)

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.month_settlement_rows(window)


class MonthRollUpApi(ErpApi):
    required_codes = (SETTLEMENT_PAY.code,)

    @extend_schema(
        request=io.MonthInputSerializer,
        responses=io.MadeOutputSerializer,
        summary="Roll an ended month's locked statements up into each pair's settlement (Idempotency-Key; head office)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.MonthInputSerializer, request.data)
        _head_office_only(request)
        made = statements.month_roll_up(actor=self.actor(), month=data["month"])
        return EnvelopeResponse({"made": made}, message=_("done"))


class MonthPaidApi(ErpApi):
    required_codes = (SETTLEMENT_PAY.code,)

    @extend_schema(
        request=io.MarkPaidInputSerializer,
        responses=io.MonthSettlementOutputSerializer,
        summary="Mark a month's settlement paid with the bank transfer's reference (Idempotency-Key; head office)",
    )
    @idempotent
    def post(self, request: Request, settlement_id: int) -> EnvelopeResponse:
        data = self.parse(io.MarkPaidInputSerializer, request.data)
        _head_office_only(request)
        settlement = statements.month_mark_paid(
            actor=self.actor(), settlement_id=settlement_id, reference=data["reference"]
        )
        return EnvelopeResponse(selectors.month_settlement_rows([settlement])[0], message=_("saved"))


class DayClearingApi(ErpApi):
    required_codes = DAY_CLEARING

    @extend_schema(
        parameters=[io.DayStoreInputSerializer],
        responses=io.DayClearingOutputSerializer,
        summary="The chosen store's clearing with the other stores on a day (default today)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DayStoreInputSerializer, request.query_params)
        store_id = named_store_id(request, data.get("store_id"))
        if store_id is None:
            raise NotFound()
        return EnvelopeResponse(selectors.day_clearing(store_id=store_id, day=data.get("date") or business_day()))
