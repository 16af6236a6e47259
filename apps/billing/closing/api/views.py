"""Daily closing calls (contract §8 "Daily closing", docs/api.md "Daily closing"): thin views over
apps.billing.closing.services (close, reopen) and apps.billing.closing.selectors (the day's
figures, the closings). Everything is the chosen store's."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.closing import selectors
from apps.billing.closing.api import serializers as io
from apps.billing.closing.reopen_requests import day_reopen_ask
from apps.billing.closing.services import CarryOver, day_close, day_reopen
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.business_days import business_day
from apps.core.envelope import EnvelopeResponse
from apps.core.idempotency import idempotent
from apps.core.page_registry import code_of
from apps.core.role_codes import DAY_REOPEN, ROLE_CHOSEN
from apps.org.selectors import store_acted_in

DAILY = (code_of("/dailyKnots"),)


class DailyPreviewApi(ErpApi):
    required_codes = DAILY

    @extend_schema(
        parameters=[io.DayInputSerializer],
        responses=io.PreviewOutputSerializer,
        summary="The figures of the chosen store's business day, with its closing if it is closed",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        day = self.parse(io.DayInputSerializer, request.query_params).get("date") or business_day()
        store = store_acted_in(session_of(request))
        return EnvelopeResponse(selectors.day_preview(selectors.Day(store.pk, day)))


class DailyCloseApi(ErpApi):
    required_codes = DAILY

    @extend_schema(
        request=io.CloseInputSerializer,
        responses={201: io.ClosingOutputSerializer},
        summary="Close the chosen store's business day (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CloseInputSerializer, request.data)
        closing = day_close(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            day=data["date"],
            cash_counted=data["cashCounted"],
            difference_reason=data.get("differenceReason", ""),
            remark=data.get("remark", ""),
            carry_over=[CarryOver(item["kind"], item["ref"], item["reason"]) for item in data.get("carryOver", [])],
        )
        return EnvelopeResponse(selectors.closing_row(closing), message=_("the day is closed"), status=201)


class DailyReopenAskApi(ErpApi):
    # Whoever acts at the store and finds its day closed may ask; only the owner decides (the kind's code).
    required_codes = ROLE_CHOSEN

    @extend_schema(
        request=io.ReopenAskInputSerializer,
        responses={201: io.ReopenAskOutputSerializer},
        summary="Ask the owner, through the approval centre, to reopen a closed day of the chosen store",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReopenAskInputSerializer, request.data)
        asked = day_reopen_ask(
            actor=self.actor(), store=store_acted_in(session_of(request)), day=data["date"], reason=data["reason"]
        )
        return EnvelopeResponse(
            selectors.reopen_ask_row(asked), message=_("sent to the owner for approval"), status=201
        )


class DailyReopenApi(ErpApi):
    required_codes = (DAY_REOPEN.code,)

    @extend_schema(
        request=io.ReopenInputSerializer,
        responses=io.ClosingOutputSerializer,
        summary="Reopen a closed day of the chosen store (owners; Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReopenInputSerializer, request.data)
        closing = day_reopen(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            closing_id=data["closingId"],
            reason=data["reason"],
        )
        return EnvelopeResponse(selectors.closing_row(closing), message=_("the day is open again"))


class DailyHistoryApi(PagedListApi):
    required_codes = DAILY
    summary = "The chosen store's closings, newest day first (reopened ones included)"
    filters = io.HistoryInputSerializer
    schema_parameters = [io.HistoryInputSerializer]
    page_output = io.ClosingPageOutputSerializer

    def rows(self, request: Request, filters: dict[str, Any]) -> QuerySet[selectors.DailyClosing]:
        store = store_acted_in(session_of(request))
        return selectors.closings(store.pk, start=filters.get("startDate"), end=filters.get("endDate"))

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.closings_rows(window)
