"""The paged list view: read the page and the filters, ask a selector for the rows, answer one page.

A list declares its filters serializer, the selector call (`rows`), how a page of rows is written
(`render_rows`) and its page's output serializer; the GET and its schema are built here once:

    class StorePointsListApi(PagedListApi):
        required_codes = MEMBER_PAGES
        filters = io.PointsStoreListInputSerializer
        page_output = io.PointsPageOutputSerializer

        def rows(self, request, filters):
            return selectors.points_entries(store_id=..., kind=filters.get("kind", ""))

        def render_rows(self, window):
            return selectors.points_entry_rows(window)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.json_types import ValidatedData
from apps.core.pagination import PageInputSerializer, page_request_from, paginate

PAGE_PARAMETERS = frozenset(PageInputSerializer().fields)


def without_page(filters: ValidatedData) -> ValidatedData:
    """The filters of a serializer that also declares pageNo and pageSize, without them (the page is
    read by page_request_from), so they can go to a selector as keyword arguments."""
    return {name: value for name, value in filters.items() if name not in PAGE_PARAMETERS}


class PagedListApi(ErpApi):
    # The query parameters besides the page's (None: the page's only).
    filters: ClassVar[type[serializers.Serializer[Any]] | None] = None
    # The schema's parameters when the filters serializer already declares pageNo and pageSize.
    schema_parameters: ClassVar[list[Any] | None] = None
    page_output: ClassVar[type[serializers.Serializer[Any]] | None] = None
    summary: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.page_output is None or "get" in cls.__dict__:
            return

        def get(self: PagedListApi, request: Request) -> EnvelopeResponse:
            return self.page(request)

        parameters = cls.schema_parameters
        if parameters is None:
            parameters = [PageInputSerializer, *([cls.filters] if cls.filters else [])]
        cls.get = extend_schema(  # type: ignore[attr-defined]
            parameters=parameters, responses=cls.page_output, summary=cls.summary
        )(get)

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any] | list[Any]:
        raise NotImplementedError

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return list(window)

    def page(self, request: Request) -> EnvelopeResponse:
        # The page is read first: a bad pageNo is reported before a bad filter, as every list did.
        page = page_request_from(request.query_params)
        filters = without_page(self.parse(self.filters, request.query_params)) if self.filters else {}
        return EnvelopeResponse(paginate(self.rows(request, filters), page, self.render_rows))
