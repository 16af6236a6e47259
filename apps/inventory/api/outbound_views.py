"""Goods out and loans between stores (spec §7.8 stockOut, scancodeout; docs/api.md "Stock: goods out
and loans"): thin views over apps.inventory.outbound (writes) and outbound_selectors (reads). Every
call acts in the chosen store; a document of another store answers 404, and a loan is seen by its
two stores only. Creates and confirmations run once per Idempotency-Key."""

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
from apps.inventory import outbound
from apps.inventory import outbound_selectors as selectors
from apps.inventory.api import outbound_serializers as io
from apps.inventory.rows import DocumentDetailRow, DocumentRow
from apps.inventory.services import DocumentLineInput
from apps.org.selectors import Store, store_acted_in

RECORDS = code_of("/outboundRecord")
OUTBOUND = code_of("/outboundDetail")
LENDING = code_of("/storageLendDetail")
RECORD_READERS = tuple(dict.fromkeys((RECORDS, OUTBOUND)))
DETAIL_READERS = tuple(dict.fromkeys((RECORDS, OUTBOUND, LENDING)))
LOAN_READERS = tuple(dict.fromkeys((LENDING, RECORDS)))


def _store(request: Request) -> Store:
    return store_acted_in(session_of(request))


def _detail(store: Store, document_id: int) -> DocumentDetailRow:
    document = selectors.visible_document(store_id=store.pk, document_id=document_id)
    return selectors.document_detail(store_id=store.pk, document=document)


class OutboundTypesApi(ErpApi):
    """The outbound types the chosen store may make and its borrow-out targets."""

    required_codes = RECORD_READERS

    @extend_schema(responses=io.OutboundTypesOutputSerializer, summary="Outbound types and borrow-out targets")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.outbound_types(store_id=_store(request).pk))


class OutboundListApi(PagedListApi):
    """The outbound records: the chosen store's goods-out documents with the records' filters."""

    required_codes = RECORD_READERS
    summary = "The chosen store's goods-out documents of every type, newest first (outbound records)"
    filters = io.OutboundListInputSerializer
    schema_parameters = [io.OutboundListInputSerializer]
    page_output = io.DocumentPageOutputSerializer

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.StockDocument]:
        return selectors.document_search(selectors.outbound_documents(store_id=_store(request).pk), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.document_rows(window)


class LoanListApi(PagedListApi):
    """Loans between stores seen by the chosen store, either side; `openOnly` for the open ones."""

    required_codes = LOAN_READERS
    summary = "Loans and loan returns the chosen store sent or receives, newest first"
    filters = io.LoanListInputSerializer
    schema_parameters = [io.LoanListInputSerializer]
    page_output = io.DocumentPageOutputSerializer

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.StockDocument]:
        direction = filters.pop("direction", "")
        documents = selectors.loans_of(store_id=_store(request).pk, direction=direction)
        return selectors.document_search(documents, **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.document_rows(window)


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    # The outbound records page's column headers (frontend stockOut.json "fields").
    return Column(key, pgettext_lazy("outbound column", words), kind)


OUTBOUND_EXPORT = (
    _column("number", "Number"),
    _column("type", "Type"),
    _column("status", "Status"),
    _column("otherStore", "Other store"),
    _column("supplier", "Supplier"),
    _column("lineCount", "Lines", Kind.NUMBER),
    _column("quantity", "Quantity", Kind.NUMBER),
    _column("createdAt", "Created at", Kind.DATETIME),
    _column("createdBy", "Created by"),
    _column("receivedAt", "Received at", Kind.DATETIME),
    _column("remark", "Remark"),
)


def _cells(row: DocumentRow) -> list[Any]:
    return [
        row["number"],
        row["typeName"],
        row["statusName"],
        row["otherStoreName"],
        row["supplier"],
        row["lineCount"],
        Decimal(row["quantity"]),
        row["createdAt"],
        row["createdByName"],
        row["receivedAt"],
        row["remark"],
    ]


class OutboundExportApi(ErpApi):
    """The outbound records' filtered documents as an .xlsx download (the list's filters)."""

    required_codes = RECORD_READERS

    @extend_schema(
        parameters=[io.OutboundListInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered outbound records to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = without_page(self.parse(io.OutboundListInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=selectors.document_search(selectors.outbound_documents(store_id=_store(request).pk), **filters),
            render=selectors.document_rows,
            headers=OUTBOUND_EXPORT,
            cells=_cells,
            name="outbound",
            title=pgettext_lazy("export name", "Outbound records"),
        )


class OutboundDetailApi(ErpApi):
    """A goods-out document of the chosen store, or a loan it sent or receives, with its lines."""

    required_codes = DETAIL_READERS

    @extend_schema(responses=io.DocumentDetailOutputSerializer, summary="A goods-out document or loan with its lines")
    def get(self, request: Request, document_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(_detail(_store(request), document_id))


class OutboundCreateApi(ErpApi):
    """Takes goods out of the chosen store: in-store use, a return, or a loan to a borrow-out target
    (in transit until that store confirms). STOCK-40901 where the store forbids negative stock."""

    required_codes = (OUTBOUND,)

    @extend_schema(request=io.OutboundCreateInputSerializer, responses=io.DocumentDetailOutputSerializer)
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.OutboundCreateInputSerializer, request.data)
        store = _store(request)
        document = outbound.outbound_create(
            actor=self.actor(),
            store=store,
            type=data["type"],
            lines=[DocumentLineInput(line["product_id"], line["quantity"], line["batch_no"]) for line in data["lines"]],
            target_store_id=data["target_store_id"],
            supplier=data["supplier"],
            remark=data["remark"],
        )
        return EnvelopeResponse(_detail(store, document.pk), message=_("done"))


class LoanConfirmApi(ErpApi):
    """The receiving store confirms a loan (or a loan given back): the goods come into it."""

    required_codes = (LENDING,)

    @extend_schema(request=None, responses=io.DocumentDetailOutputSerializer)
    @idempotent
    def post(self, request: Request, document_id: int) -> EnvelopeResponse:
        store = _store(request)
        outbound.loan_confirm(actor=self.actor(), store=store, document_id=document_id)
        return EnvelopeResponse(_detail(store, document_id), message=_("received"))


class LoanReturnApi(ErpApi):
    """The borrowing store sends goods of a received loan back (at most what is still out)."""

    required_codes = (LENDING,)

    @extend_schema(request=io.LoanReturnInputSerializer, responses=io.DocumentDetailOutputSerializer)
    @idempotent
    def post(self, request: Request, document_id: int) -> EnvelopeResponse:
        data = self.parse(io.LoanReturnInputSerializer, request.data)
        store = _store(request)
        back = outbound.loan_return_create(
            actor=self.actor(),
            store=store,
            loan_id=document_id,
            lines=[outbound.ReturnLineInput(line["line_id"], line["quantity"]) for line in data["lines"]],
            remark=data["remark"],
        )
        return EnvelopeResponse(_detail(store, back.pk), message=_("done"))


class ScanOutApi(ErpApi):
    """scancodeout: the product a scanned barcode names, with the chosen store's live stock."""

    required_codes = (OUTBOUND,)

    @extend_schema(parameters=[io.ScanInputSerializer], responses=io.ScannedProductOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        code = self.parse(io.ScanInputSerializer, request.query_params)["code"].strip()
        return EnvelopeResponse(selectors.scanned_product(store_id=_store(request).pk, code=code))


class ProductsInStockApi(ErpApi):
    """Products the chosen store holds whose name, code or barcode holds the keyword (up to 20)."""

    required_codes = (OUTBOUND,)

    @extend_schema(parameters=[io.ProductSearchInputSerializer], responses=io.ScannedProductOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        keyword = self.parse(io.ProductSearchInputSerializer, request.query_params)["keyword"].strip()
        return EnvelopeResponse(selectors.products_in_stock(store_id=_store(request).pk, keyword=keyword))
