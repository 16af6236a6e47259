"""Stocktake calls (`stocktaking/*`, docs/api.md "Stocktakes"): thin views over
apps.inventory.stocktakes (the use cases) and stocktake_selectors (reads). Commands act in the
chosen store; a stocktake of another store answers 404. Counting needs the stocktake pages' code
(KCGL-0008); approving or sending back needs BTN-KCGL-STOCKTAKE-APPROVE (owners). A line's cost and
value are shown to callers holding BTN-SPGL-COST-VIEW; a stocktake's value totals to everyone who
sees the stocktake (the approval centre shows them to the counter too)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.excel import Column, Kind, xlsx_response
from apps.core.idempotency import idempotent
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.pagination import page_request_from, paginate
from apps.core.role_codes import COST_VIEW, STOCKTAKE_APPROVE
from apps.core.scoping import get_in_scope, scoped_to_stores
from apps.inventory import stocktake_selectors as selectors
from apps.inventory import stocktakes
from apps.inventory.api import stocktake_serializers as io
from apps.inventory.choices import StocktakeScope
from apps.inventory.rows import StocktakeRow
from apps.org.selectors import store_acted_in

STOCKTAKES = (code_of("/inventoryRecord"),)


def _values(request: Request) -> bool:
    return COST_VIEW.code in session_of(request).codes


def _detail(stocktake: selectors.Stocktake) -> StocktakeRow:
    return selectors.stocktake_detail_by_id(stocktake_id=stocktake.pk)


class StocktakeListApi(PagedListApi):
    required_codes = STOCKTAKES
    summary = "The chosen store's stocktakes, newest first, with their totals"
    filters = io.StocktakeListInputSerializer
    schema_parameters = [io.StocktakeListInputSerializer]
    page_output = io.StocktakePageOutputSerializer

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.Stocktake]:
        return selectors.stocktake_search(scoped_to_stores(selectors.stocktakes(), request), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.stocktake_rows(window)


def _column(key: str, label: str, kind: Kind = Kind.TEXT) -> Column:
    return Column(key, pgettext_lazy("stocktake export", label), kind)


EXPORT = (
    _column("number", "Number"),
    _column("createdAt", "Started", Kind.DATETIME),
    _column("scope", "Scope"),
    _column("status", "Status"),
    _column("lineCount", "Lines", Kind.NUMBER),
    _column("differenceCount", "Lines with a difference", Kind.NUMBER),
    _column("differenceValue", "Difference value", Kind.MONEY),
    _column("createdByName", "Started by"),
    _column("decidedByName", "Approved or rejected by"),
    _column("remark", "Remark"),
)


def _cells(row: StocktakeRow) -> list[Any]:
    scope = row["scopeName"] + (f": {row['scopeNames']}" if row["scopeNames"] else "")
    return [
        row["number"],
        row["createdAt"],
        scope,
        row["statusName"],
        row["lineCount"],
        row["differenceCount"],
        Decimal(row["differenceValue"]),
        row["createdByName"],
        row["decidedByName"],
        row["remark"],
    ]


class StocktakeExportApi(ErpApi):
    """The records list's filtered stocktakes as an .xlsx download (the list's filters, no page)."""

    required_codes = STOCKTAKES

    @extend_schema(
        parameters=[io.StocktakeListInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered stocktakes to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = without_page(self.parse(io.StocktakeListInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=selectors.stocktake_search(scoped_to_stores(selectors.stocktakes(), request), **filters),
            render=selectors.stocktake_rows,
            headers=EXPORT,
            cells=_cells,
            name="stocktakes",
            title=pgettext_lazy("export name", "Stocktakes"),
        )


class StocktakeDetailApi(ErpApi):
    required_codes = STOCKTAKES

    @extend_schema(
        parameters=[io.StocktakeIdInputSerializer],
        responses=io.StocktakeRowOutputSerializer,
        summary="One stocktake with its totals",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        stocktake_id = self.parse(io.StocktakeIdInputSerializer, request.query_params)["stocktake_id"]
        stocktake = get_in_scope(selectors.stocktakes(), request, pk=stocktake_id)
        return EnvelopeResponse(selectors.stocktake_detail_row(stocktake))


class StocktakeLinesApi(ErpApi):
    required_codes = STOCKTAKES

    @extend_schema(
        parameters=[io.StocktakeLinesInputSerializer],
        responses=io.StocktakeLinePageOutputSerializer,
        summary="A stocktake's lines, paged; differences only, not yet counted only, by product",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        filters = without_page(self.parse(io.StocktakeLinesInputSerializer, request.query_params))
        stocktake = get_in_scope(selectors.stocktakes(), request, pk=filters.pop("stocktake_id"))
        values = _values(request)
        rows = selectors.stocktake_lines(stocktake, **filters)
        return EnvelopeResponse(
            paginate(rows, page, lambda window: selectors.stocktake_line_rows(window, values=values))
        )


class StocktakeCreateApi(ErpApi):
    required_codes = STOCKTAKES

    @extend_schema(
        request=io.StocktakeCreateInputSerializer,
        responses={201: io.StocktakeRowOutputSerializer},
        summary="Start a stocktake of the chosen store: freeze its live stock (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StocktakeCreateInputSerializer, request.data)
        stocktake = stocktakes.stocktake_create(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            scope=StocktakeScope(data["scope"]),
            category_ids=data.get("category_ids", []),
            product_ids=data.get("product_ids", []),
            remark=data["remark"],
        )
        return EnvelopeResponse(_detail(stocktake), message=_("stocktake started"), status=201)


class StocktakeCountApi(ErpApi):
    required_codes = STOCKTAKES

    @extend_schema(
        request=io.StocktakeCountInputSerializer,
        responses=io.StocktakeCountOutputSerializer,
        summary="Set typed counts of a stocktake's products (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StocktakeCountInputSerializer, request.data)
        counted = stocktakes.stocktake_count(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            stocktake_id=data["stocktake_id"],
            counts=[stocktakes.CountInput(line["product_id"], line["counted"]) for line in data["lines"]],
        )
        stocktake = selectors.stocktake_by_id(stocktake_id=data["stocktake_id"])
        return EnvelopeResponse({"counted": counted, "stocktake": _detail(stocktake)}, message=_("saved"))


class StocktakeScanApi(ErpApi):
    required_codes = STOCKTAKES

    @extend_schema(
        request=io.StocktakeScanInputSerializer,
        responses=io.StocktakeScanOutputSerializer,
        summary="A scanned barcode adds one stock unit (or a quantity) to its line (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StocktakeScanInputSerializer, request.data)
        line = stocktakes.stocktake_scan(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            stocktake_id=data["stocktake_id"],
            code=data["barcode"],
            quantity=data.get("quantity"),
        )
        values = _values(request)
        row = selectors.stocktake_line_rows([line], values=values)[0]
        return EnvelopeResponse({"line": row, "stocktake": _detail(line.stocktake)}, message=_("counted"))


class _StocktakeCommand(ErpApi):
    """submit, approve, cancel: a stocktake id, the stocktake after it."""

    def run(self, request: Request, command: Any, message: str) -> EnvelopeResponse:
        data = self.parse(io.StocktakeIdInputSerializer, request.data)
        stocktake = command(
            actor=self.actor(), store=store_acted_in(session_of(request)), stocktake_id=data["stocktake_id"]
        )
        return EnvelopeResponse(_detail(stocktake), message=message)


class StocktakeSubmitApi(_StocktakeCommand):
    required_codes = STOCKTAKES

    @extend_schema(
        request=io.StocktakeIdInputSerializer,
        responses=io.StocktakeRowOutputSerializer,
        summary="Submit a count for approval; lines not counted count as 0 (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        return self.run(request, stocktakes.stocktake_submit, _("submitted for approval"))


class StocktakeCancelApi(_StocktakeCommand):
    required_codes = STOCKTAKES

    @extend_schema(
        request=io.StocktakeIdInputSerializer,
        responses=io.StocktakeRowOutputSerializer,
        summary="Cancel an open stocktake (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        return self.run(request, stocktakes.stocktake_cancel, _("stocktake cancelled"))


class StocktakeApproveApi(_StocktakeCommand):
    required_codes = (STOCKTAKE_APPROVE.code,)

    @extend_schema(
        request=io.StocktakeIdInputSerializer,
        responses=io.StocktakeRowOutputSerializer,
        summary="Approve a submitted stocktake: its differences become stock moves (owners; Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        return self.run(request, stocktakes.stocktake_approve, _("stocktake approved"))


class StocktakeRejectApi(ErpApi):
    required_codes = (STOCKTAKE_APPROVE.code,)

    @extend_schema(
        request=io.StocktakeRejectInputSerializer,
        responses=io.StocktakeRowOutputSerializer,
        summary="Send a submitted stocktake back to be counted again, with the reason (owners; Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StocktakeRejectInputSerializer, request.data)
        stocktake = stocktakes.stocktake_reject(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            stocktake_id=data["stocktake_id"],
            reason=data["reason"],
        )
        return EnvelopeResponse(_detail(stocktake), message=_("sent back"))
