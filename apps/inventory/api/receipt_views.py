"""Goods in (spec §7.8 stockIn, scancodestock, commodity; docs/api.md "Goods in"): thin views over
apps.inventory.receipts and apps.inventory.receipt_selectors. Everything is the chosen store's."""

from __future__ import annotations

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
from apps.core.scoping import get_in_scope
from apps.inventory import receipt_selectors as selectors
from apps.inventory.api import receipt_serializers as io
from apps.inventory.choices import DocumentType
from apps.inventory.receipts import receipt_create
from apps.inventory.rows import ReceiptRow
from apps.inventory.services import DocumentLineInput
from apps.org.selectors import store_acted_in

RECORDS = (code_of("/storageRecord"), code_of("/storageDetail"))
GOODS_IN = (code_of("/storageDetail"),)
# The product pickers of goods in and of building a goods order.
PICKERS = (code_of("/storageDetail"), code_of("/bookProdDetail"))


def _store_id(request: Request) -> int:
    return store_acted_in(session_of(request)).pk


class ReceiptListApi(PagedListApi):
    required_codes = RECORDS
    summary = "The chosen store's goods-in documents, newest first (/storageRecord)"
    filters = io.ReceiptListInputSerializer
    schema_parameters = [io.ReceiptListInputSerializer]
    page_output = io.ReceiptPageOutputSerializer

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.StockDocument]:
        return _search(request, filters)

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.receipt_rows(window)


def _search(request: Request, filters: ValidatedData) -> QuerySet[selectors.StockDocument]:
    return selectors.receipt_search(
        selectors.receipts(_store_id(request)),
        type=filters.get("type", ""),
        number=filters.get("number", ""),
        start_date=filters.get("startDate"),
        end_date=filters.get("endDate"),
    )


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    # The /storageRecord page's column headers (frontend stock.json "receipt").
    return Column(key, pgettext_lazy("goods-in column", words), kind)


RECEIPT_EXPORT = (
    _column("number", "Number"),
    _column("createdAt", "Created at", Kind.DATETIME),
    _column("type", "Type"),
    _column("supplier", "Supplier"),
    _column("sourceNumber", "Goods order"),
    _column("lineCount", "Lines", Kind.NUMBER),
    _column("totalQuantity", "Quantity", Kind.NUMBER),
    _column("amount", "Amount", Kind.MONEY),
    _column("createdByName", "Operator"),
    _column("remark", "Remark"),
)


def _receipt_cells(row: ReceiptRow) -> list[Any]:
    return [
        row["number"],
        row["createdAt"],
        row["typeName"],
        row["supplier"],
        row["sourceNumber"],
        row["lineCount"],
        Decimal(row["totalQuantity"]),
        Decimal(row["amount"]),
        row["createdByName"],
        row["remark"],
    ]


class ReceiptExportApi(ErpApi):
    required_codes = RECORDS

    @extend_schema(
        parameters=[io.ReceiptListInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered goods-in documents to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = without_page(self.parse(io.ReceiptListInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=_search(request, filters),
            render=selectors.receipt_rows,
            headers=RECEIPT_EXPORT,
            cells=_receipt_cells,
            name="goods-in",
            title=pgettext_lazy("export name", "Goods-in records"),
        )


class ReceiptDetailApi(ErpApi):
    required_codes = RECORDS

    @extend_schema(
        parameters=[io.ReceiptIdInputSerializer],
        responses=io.ReceiptDetailOutputSerializer,
        summary="One goods-in document of the chosen store with its lines (/storageDetail)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        document_id = self.parse(io.ReceiptIdInputSerializer, request.query_params)["id"]
        document = get_in_scope(selectors.receipts_with_store(), request, pk=document_id)
        return EnvelopeResponse(selectors.receipt_detail(document))


class ReceiptCreateApi(ErpApi):
    required_codes = GOODS_IN

    @extend_schema(
        request=io.ReceiptCreateInputSerializer,
        responses={201: io.ReceiptDetailOutputSerializer},
        summary="Receive goods into the chosen store from a supplier or head office (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ReceiptCreateInputSerializer, request.data)
        document = receipt_create(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            type=DocumentType(data["type"]),
            supplier=data.get("supplier", ""),
            remark=data.get("remark", ""),
            lines=[
                DocumentLineInput(
                    product_id=line["productId"],
                    quantity=line["quantity"],
                    batch_no=line.get("batchNo", "").strip(),
                    expiry_date=line.get("expiryDate"),
                )
                for line in data["lines"]
            ],
        )
        return EnvelopeResponse(
            selectors.receipt_detail_by_id(document_id=document.pk), message=_("goods received"), status=201
        )


class StockProductListApi(PagedListApi):
    required_codes = PICKERS
    summary = "Enabled products by code, barcode or name with the chosen store's price, units and live stock"
    filters = io.StockProductSearchInputSerializer
    schema_parameters = [io.StockProductSearchInputSerializer]
    page_output = io.StockProductPageOutputSerializer

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        self.store_id = _store_id(request)
        return selectors.stock_products(store_id=self.store_id, keyword=filters.get("keyword", ""))

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.stock_product_rows(window, self.store_id)


class ScanStockProductApi(ErpApi):
    required_codes = PICKERS

    @extend_schema(
        parameters=[io.BarcodeInputSerializer],
        responses=io.StockProductOutputSerializer,
        summary="The product a scanned barcode belongs to, to add as a goods-in line (404 STOCK-40401)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        barcode = self.parse(io.BarcodeInputSerializer, request.query_params)["barcode"]
        return EnvelopeResponse(selectors.product_by_barcode(store_id=_store_id(request), barcode=barcode))
