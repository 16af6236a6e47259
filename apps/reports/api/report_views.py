"""/rest/businessReport{Key}/select|show|export (contract §10) and the download centre
(/rest/downloadCenter/list|file/{jobId}).

One URL pattern serves every registered report: the key is a path segment, an unknown key answers
404. Any chosen role reaches the calls (required_codes = ROLE_CHOSEN); each report's own code is
checked here, per report (apps.reports.framework.filters.own_employee_id): its page's code, else
the business-report code, else, for an own-figures report, the caller's own figures.
apps/reports/tests/test_report_codes.py walks every registered report with a caller who lacks its
code, as the project's endpoint walk does for the fixed calls."""

from __future__ import annotations

from collections.abc import Mapping

from django.http.response import HttpResponseBase
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.excel import XLSX_CONTENT_TYPE
from apps.core.files import file_response
from apps.core.idempotency import AfterCommit, idempotent
from apps.core.pagination import PageInputSerializer, page_request_from, paginate
from apps.core.role_codes import ROLE_CHOSEN
from apps.core.scoping import scope_of
from apps.reports import exports
from apps.reports.api import serializers as io
from apps.reports.framework.base import Report
from apps.reports.framework.filters import Caller, ReportInputSerializer, parse_filters, parse_sort
from apps.reports.framework.registry import report_for
from apps.reports.framework.running import select, show
from apps.reports.tasks import run_export


def caller_of(request: Request) -> Caller:
    session = scope_of(request)
    return Caller(user_id=session.user_id, hier_id=session.hier_id, store_ids=session.store_ids, codes=session.codes)


def _report(key: str) -> type[Report]:
    report = report_for(key)
    if report is None:
        raise NotFound()
    return report


class ReportSelectApi(ErpApi):
    """The filters a report offers the caller (contract §10)."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        responses=io.ReportSelectOutputSerializer,
        summary="A report's filters for the caller: stores, regions, staff, categories, its range and columns",
    )
    def get(self, request: Request, key: str) -> EnvelopeResponse:
        return EnvelopeResponse(select(_report(key), caller_of(request)))


class ReportShowApi(ErpApi):
    """One page of a report (contract §10); a time range past the report's maxDays answers 400."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[PageInputSerializer, ReportInputSerializer],
        responses=io.ReportShowOutputSerializer,
        summary="One page of a report's rows, its totals over every row and its chart series "
        "(a report's own filters are further query parameters, named by select's `extra`)",
    )
    def get(self, request: Request, key: str) -> EnvelopeResponse:
        report_class = _report(key)
        page = page_request_from(request.query_params)
        f = parse_filters(report_class, caller_of(request), request.query_params)
        report = report_class()
        sort = parse_sort(report.columns(f), request.query_params)
        return EnvelopeResponse(show(report, f, sort=sort, page=page))


class ReportExportApi(ErpApi):
    """Queues a report's export in the download centre (contract §10)."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        request=ReportInputSerializer,
        responses={202: io.ReportExportOutputSerializer},
        summary="Export a report to the download centre (Idempotency-Key): the file is made by a task",
    )
    @idempotent
    def post(self, request: Request, key: str) -> EnvelopeResponse:
        report_class = _report(key)
        caller = caller_of(request)
        # The body's filters read as show's query parameters do: as text (a number given as a JSON
        # number is the same filter).
        data = request.data if isinstance(request.data, Mapping) else {}
        body = {
            key: value if isinstance(value, str) else str(value) for key, value in data.items() if value is not None
        }
        f = parse_filters(report_class, caller, body)
        sort = parse_sort(report_class().columns(f), body)
        job = exports.export_start(
            actor=self.actor(),
            caller=caller,
            report=report_class,
            filters=f,
            sort=sort,
            language=get_language() or "zh-hans",
        )

        def queue() -> EnvelopeResponse:
            run_export.delay(job.pk)
            return EnvelopeResponse({"jobId": job.pk}, status=202)

        return AfterCommit({"jobId": job.pk}, "", after_commit=queue, status=202)


class DownloadCenterListApi(ErpApi):
    """The download centre's jobs (contract §10)."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[PageInputSerializer],
        responses=io.ExportJobPageOutputSerializer,
        summary="The caller's export jobs, newest first (head office: every job asked beneath its level)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        return EnvelopeResponse(paginate(exports.visible_jobs(caller_of(request)), page, exports.job_rows))


class DownloadCenterFileApi(ErpApi):
    """An export's file (contract §10)."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        responses={
            (200, XLSX_CONTENT_TYPE): OpenApiResponse(
                OpenApiTypes.BINARY, description="the export's .xlsx file (not the envelope)"
            )
        },
        summary="An export's file, to its requester and head office only (404 otherwise)",
    )
    def get(self, request: Request, job_id: int) -> HttpResponseBase:
        job = exports.downloadable(caller_of(request), job_id)
        name = (job.file.name or "export.xlsx").rsplit("/", 1)[-1]
        return file_response(job.file.open("rb"), content_type=XLSX_CONTENT_TYPE, name=name)
