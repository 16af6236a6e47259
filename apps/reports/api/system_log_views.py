"""/rest/sysLog/*: the system log page's list, export and filter choices (apps.reports.system_log).
Reading the log needs BTN-CZRZ-VIEW: it shows what everyone in the store did."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.http import HttpResponse
from django.utils.translation import pgettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.excel import Column, Kind, xlsx_response
from apps.core.json_types import ValidatedData
from apps.core.pagination import PageInputSerializer
from apps.core.permissions import session_of
from apps.core.role_codes import SYSTEM_LOG_VIEW
from apps.core.scoping import named_store_id
from apps.org.selectors import store_names
from apps.reports import system_log
from apps.reports.api import serializers as io

SYSTEM_LOG = (SYSTEM_LOG_VIEW.code,)


def _filtered(request: Request, filters: ValidatedData) -> Any:
    session = session_of(request)
    store_id = filters.pop("store_id", None)
    # A store the role does not act in answers 404, like any other store's row.
    named = named_store_id(request, store_id) if store_id is not None else None
    return system_log.entries(
        levels=system_log.visible_levels(hier_id=session.hier_id, store_ids=session.store_ids),
        store_id=named,
        **filters,
    )


class SystemLogListApi(PagedListApi):
    required_codes = SYSTEM_LOG
    filters = io.SystemLogInputSerializer
    page_output = io.SystemLogPageOutputSerializer
    schema_parameters = [PageInputSerializer, io.SystemLogInputSerializer]
    summary = "The system log of the role's stores, newest first (time range required)"

    def rows(self, request: Request, filters: ValidatedData) -> Any:
        return _filtered(request, filters)

    def render_rows(self, window: Iterable[system_log.SystemLog]) -> list[Any]:
        return system_log.entry_rows(window)


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    # The page's column headers (frontend sysLog.json "fields").
    return Column(key, pgettext_lazy("system log column", words), kind)


SYSTEM_LOG_EXPORT = (
    _column("createdAt", "Time", Kind.DATETIME),
    _column("loginName", "Account"),
    _column("userName", "Name"),
    _column("roleName", "Role"),
    _column("storeName", "Store"),
    _column("actionName", "Action"),
    _column("objectTypeName", "Object type"),
    _column("objectId", "Object id"),
    _column("objectName", "Object"),
    _column("detail", "Detail"),
    _column("ipAddress", "IP address"),
)


def _cells(row: Mapping[str, Any]) -> list[Any]:  # read by the export's column keys
    detail = row["detail"]
    return [
        *(row[column.key] for column in SYSTEM_LOG_EXPORT[:-2]),
        _detail_text(detail) if detail else "",
        row["ipAddress"],
    ]


def _detail_text(detail: Any) -> str:
    return json.dumps(detail, ensure_ascii=False, sort_keys=True)


class SystemLogExportApi(ErpApi):
    required_codes = SYSTEM_LOG

    @extend_schema(
        parameters=[io.SystemLogInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered system log to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = without_page(self.parse(io.SystemLogInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=_filtered(request, filters),
            render=system_log.entry_rows,
            headers=SYSTEM_LOG_EXPORT,
            cells=_cells,
            name="system-log",
            title=pgettext_lazy("export name", "System log"),
        )


class SystemLogActionsApi(ErpApi):
    required_codes = SYSTEM_LOG

    @extend_schema(
        responses=io.SystemLogActionOutputSerializer(many=True),
        summary="The action filter's choices: every action an app names, with its label",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(system_log.action_options())


class SystemLogStoresApi(ErpApi):
    required_codes = SYSTEM_LOG

    @extend_schema(
        responses=io.StoreNameOutputSerializer(many=True),
        summary="The store filter's choices: the stores the chosen role acts in",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(store_names(store_ids=session_of(request).store_ids))
