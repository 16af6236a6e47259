"""Owed goods calls (欠货, /toTakenList, KCGL-0005; docs/api.md "Owed goods"): the list, its export
and a taking. Everything is scoped to the chosen store; another store's owed goods answer 404."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.billing.owed import selectors
from apps.billing.owed.api import serializers as io
from apps.billing.owed.services import owed_take
from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.excel import Column, Kind, xlsx_response
from apps.core.idempotency import idempotent
from apps.core.page_registry import code_of
from apps.core.scoping import scope_of, scoped_to_stores

OWED_PAGE = (code_of("/toTakenList"),)


class OwedListApi(PagedListApi):
    required_codes = OWED_PAGE
    summary = "The chosen store's owed goods (take later), newest first"
    filters = io.OwedListInputSerializer
    schema_parameters = [io.OwedListInputSerializer]
    page_output = io.OwedPageOutputSerializer

    def rows(self, request: Request, filters: dict[str, Any]) -> QuerySet[selectors.OwedGoods]:
        return selectors.owed_search(scoped_to_stores(selectors.owed_goods(), request), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.owed_rows(window)


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    return Column(key, pgettext_lazy("owed goods column", words), kind)


OWED_EXPORT = (
    _column("orderNo", "Order number"),
    _column("createdAt", "Sold at", Kind.DATETIME),
    _column("name", "Customer"),
    _column("phone", "Phone"),
    _column("productName", "Product"),
    _column("unit", "Unit"),
    _column("quantity", "Owed", Kind.NUMBER),
    _column("taken", "Taken", Kind.NUMBER),
    _column("refunded", "Refunded", Kind.NUMBER),
    _column("left", "Left", Kind.NUMBER),
)


class OwedExportApi(ErpApi):
    """The owed goods list's filtered rows as an .xlsx download (100,000 rows or more: the download centre)."""

    required_codes = OWED_PAGE

    @extend_schema(
        parameters=[io.OwedListInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered owed goods to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = without_page(self.parse(io.OwedListInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=selectors.owed_search(scoped_to_stores(selectors.owed_goods(), request), **filters),
            render=selectors.owed_rows,
            headers=OWED_EXPORT,
            name="owed-goods",
            title=pgettext_lazy("export name", "Owed goods"),
        )


class OwedTakeApi(ErpApi):
    required_codes = OWED_PAGE

    @extend_schema(
        request=io.OwedTakeInputSerializer,
        responses=io.OwedOutputSerializer,
        summary="Hand over owed goods: an owed_pickup stock move (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.OwedTakeInputSerializer, request.data)
        owed = owed_take(
            actor=self.actor(), owed_id=data["owed_id"], qty=data["qty"], store_ids=scope_of(request).store_ids
        )
        return EnvelopeResponse(selectors.owed_row(owed), message=_("taken"))
