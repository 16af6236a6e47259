"""Live stock (/systemStorage, KCGL-0007), a product's move history, safety stock (/safetyStock,
KCGL-0013): thin views over apps.inventory.live_selectors and apps.inventory.safety. A store role
reads its own store; a head-office level names a store among those it acts for (`storeId`); another
store answers 404."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import InvalidInput, NotFound
from apps.core.excel import Column, Kind, xlsx_response
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.pagination import page_request_from, paginate, paginate_with_window_count
from apps.core.role_codes import COST_VIEW
from apps.core.scoping import chosen_store_id, scope_of, store_in_scope
from apps.inventory import live_selectors as selectors
from apps.inventory.api import live_serializers as io
from apps.inventory.safety import SafetyInput, safety_stock_set
from apps.org.selectors import Store, active_stores, level_as_store, stores

LIVE_STOCK = (code_of("/systemStorage"),)
SAFETY_STOCK = (code_of("/safetyStock"),)


def _store(request: Request, store_id: int | None) -> Store:
    """The store a call reads or writes: the named one when the chosen role acts in it, else the
    chosen store; a head-office level must name one. The chosen store is the session's own row (no query)."""
    session = scope_of(request)
    if store_id is None or store_id == session.hier_id:
        chosen = level_as_store(session.chosen_entry.hier)
        if chosen is not None:
            return chosen
    return store_in_scope(
        stores(),
        request,
        store_id,
        when_none=InvalidInput(_("please choose a store"), field="storeId"),
    )


def _sees_cost(request: Request) -> bool:
    return COST_VIEW.code in session_of(request).codes


class StockStoresApi(ErpApi):
    """What the live stock and safety stock pages need first: the stores to choose from and the brands."""

    required_codes = LIVE_STOCK + SAFETY_STOCK

    @extend_schema(responses=io.StockStoresOutputSerializer, summary="The stores a stock page may show, and the brands")
    def get(self, request: Request) -> EnvelopeResponse:
        pickable = active_stores(store_ids=scope_of(request).store_ids)
        return EnvelopeResponse(
            {
                "chosenStoreId": chosen_store_id(request),
                "stores": [{"id": s.pk, "code": s.code, "name": s.name} for s in pickable],
                "brands": selectors.stock_brands(),
                "seesCost": _sees_cost(request),
            }
        )


def _live_rows(request: Request, filters: ValidatedData) -> Any:
    store = _store(request, filters.pop("store_id", None))
    return selectors.stock_search(selectors.stock_products(store_id=store.pk), **filters)


class LiveStockApi(ErpApi):
    required_codes = LIVE_STOCK + SAFETY_STOCK

    @extend_schema(
        parameters=[io.LiveListInputSerializer],
        responses=io.StockPageOutputSerializer,
        summary="A store's products with their live stock, safety stock and value, filtered and sorted",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        filters = without_page(self.parse(io.LiveListInputSerializer, request.query_params))
        with_cost = _sees_cost(request)
        return EnvelopeResponse(
            paginate(_live_rows(request, filters), page, lambda rows: selectors.stock_rows(rows, with_cost=with_cost))
        )


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    # The live stock page's column headers (frontend inventory.json "fields").
    return Column(key, pgettext_lazy("stock column", words), kind)


LIVE_EXPORT = (
    _column("code", "Code"),
    _column("name", "Name"),
    _column("barcode", "Barcode"),
    _column("categoryName", "Category"),
    _column("brand", "Brand"),
    _column("useTypeName", "Use type"),
    _column("display", "Live stock"),
    _column("stockQuantity", "Stock units", Kind.NUMBER),
    _column("unit", "Stock unit"),
    _column("quantity", "Use units", Kind.NUMBER),
    _column("useUnit", "Use unit"),
    _column("safetyStock", "Safety stock", Kind.NUMBER),
    _column("belowSafety", "Below safety", Kind.YES_NO),
)
COST_EXPORT = (_column("cost", "Cost", Kind.MONEY), _column("value", "Value at cost", Kind.MONEY))


def _cells(row: Mapping[str, Any]) -> list[Any]:  # read by the export's column keys
    cells = [row[column.key] for column in LIVE_EXPORT]
    for index, column in enumerate(LIVE_EXPORT):
        if column.kind is Kind.NUMBER:
            cells[index] = Decimal(cells[index])
    if row["cost"] is not None:
        cells += [row["cost"], row["value"]]
    return cells


class LiveStockExportApi(ErpApi):
    """The live stock list's filtered rows as an .xlsx download (100,000 rows or more: the download centre)."""

    required_codes = LIVE_STOCK + SAFETY_STOCK

    @extend_schema(
        parameters=[io.LiveFiltersInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export a store's filtered live stock to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = self.parse(io.LiveFiltersInputSerializer, request.query_params)
        with_cost = _sees_cost(request)
        return xlsx_response(
            request=request,
            rows=_live_rows(request, dict(filters)),
            render=lambda rows: selectors.stock_rows(rows, with_cost=with_cost),
            headers=LIVE_EXPORT + (COST_EXPORT if with_cost else ()),
            cells=_cells,
            name="live-stock",
            title=pgettext_lazy("export name", "Live stock"),
        )


class ProductMovesApi(ErpApi):
    required_codes = LIVE_STOCK + SAFETY_STOCK

    @extend_schema(
        parameters=[io.MovesInputSerializer],
        responses=io.MovesPageOutputSerializer,
        summary="A product's moves in a store, newest first, with its live stock row",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        filters = self.parse(io.MovesInputSerializer, request.query_params)
        store = _store(request, filters.get("store_id"))
        product = selectors.stock_product(store_id=store.pk, product_id=filters["product_id"])
        if product is None:
            raise NotFound()
        moves = selectors.product_moves(store_id=store.pk, product_id=product.pk)

        def render(window: Iterable[Any]) -> list[Any]:
            return selectors.move_rows(window, product)

        return EnvelopeResponse(
            {
                "product": selectors.stock_row(product, with_cost=_sees_cost(request)),
                **paginate_with_window_count(moves, page, render),
            }
        )


class SafetyStockSetApi(ErpApi):
    required_codes = SAFETY_STOCK

    @extend_schema(
        request=io.SafetySetInputSerializer,
        responses=io.SafetySetOutputSerializer,
        summary="Set the safety stock of one or many products in a store (null: the product's default)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.SafetySetInputSerializer, request.data)
        store = _store(request, data.get("store_id"))
        changed = safety_stock_set(
            actor=self.actor(),
            store=store,
            items=[SafetyInput(item["product_id"], item["quantity"]) for item in data["items"]],
        )
        return EnvelopeResponse({"changed": changed})
