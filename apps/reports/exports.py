"""The download centre (issue 29 §5): an export is a job; a Celery task streams the report's rows
from a server-side cursor into a workbook on the default storage, telling its progress as it goes,
in short transactions of its own. The file is kept settings.EXPORT_KEEP_HOURS, then deleted and the
job marked expired. A job is seen and downloaded by its requester, and by head office above the
level it was asked at; anyone else is answered 404."""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable, Mapping
from datetime import date, timedelta
from typing import IO, Any

from django.conf import settings
from django.core.files import File
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone, translation

from apps.core.audit import Actor, audit_record
from apps.core.errors import NotFound
from apps.core.excel import Column as SheetColumn
from apps.core.excel import Kind, stream_workbook
from apps.org.selectors import org_levels
from apps.reports.choices import AuditAction, ExportStatus
from apps.reports.framework.base import Column, Report, ReportFilters
from apps.reports.framework.filters import Caller
from apps.reports.framework.registry import report_for
from apps.reports.framework.running import export_count, export_rows
from apps.reports.list_exports import list_export_write
from apps.reports.models import ExportJob

logger = logging.getLogger(__name__)

# The job's progress is written every this many rows (one short UPDATE each).
PROGRESS_EVERY_ROWS = 2000

_SHEET_KINDS = {
    "text": Kind.TEXT,
    "money": Kind.MONEY,
    "count": Kind.NUMBER,
    "number": Kind.NUMBER,
    "percent": Kind.NUMBER,
    "date": Kind.DATE,
    "datetime": Kind.DATETIME,
}


def filters_to_json(f: ReportFilters, sort: str | None) -> dict[str, Any]:
    return {
        "stores": list(f.stores),
        "from": f.date_from.isoformat(),
        "to": f.date_to.isoformat(),
        "staffId": f.staff_id,
        "categoryId": f.category_id,
        "segment": f.segment,
        "extra": dict(f.extra),
        "ownEmployeeId": f.own_employee_id,
        "grouping": "today" if f.regroup_today else "then",
        "userId": f.user_id,
        "storeId": f.store_id,
        "sort": sort,
    }


def filters_from_json(data: Mapping[str, Any]) -> ReportFilters:
    return ReportFilters(
        stores=tuple(data["stores"]),
        date_from=date.fromisoformat(data["from"]),
        date_to=date.fromisoformat(data["to"]),
        staff_id=data["staffId"],
        category_id=data["categoryId"],
        segment=data["segment"],
        extra=dict(data["extra"]),
        own_employee_id=data["ownEmployeeId"],
        regroup_today=data["grouping"] == "today",
        user_id=data["userId"],
        store_id=data["storeId"],
    )


def export_start(
    *, actor: Actor, caller: Caller, report: type[Report], filters: ReportFilters, sort: str | None, language: str
) -> ExportJob:
    """Queues the export of checked filters (the task is the caller's to start once this commits)
    and writes the system log's record: who exported which report with which filters."""
    if caller.hier_id is None:
        raise NotFound()
    with transaction.atomic():
        job = ExportJob.objects.create(
            requester_id=caller.user_id,
            hier_id=caller.hier_id,
            report_key=report.key,
            filters=filters_to_json(filters, sort),
            language=language,
        )
        audit_record(
            actor=actor, action=AuditAction.REPORT_EXPORT, target=job, detail={"report": report.key, **job.filters}
        )
    return job


def _sheet_columns(columns: list[Column]) -> list[SheetColumn]:
    return [SheetColumn(column.key, column.label, _SHEET_KINDS[column.kind]) for column in columns]


def _progress_of(job_id: int) -> Callable[[int, int], None]:
    def tell(written: int, total: int) -> None:
        percent = min(99, written * 100 // total) if total else 99
        ExportJob.objects.filter(pk=job_id).update(progress=percent, rows=written)

    return tell


def _report_write(job: ExportJob, file: IO[bytes]) -> int:
    """A report's rows with the job's checked filters into `file`; answers the rows written."""
    report_class = report_for(job.report_key)
    if report_class is None:
        raise LookupError(f"no report {job.report_key!r}")
    report = report_class()
    f = filters_from_json(job.filters)
    sort = job.filters.get("sort")
    columns = report.columns(f)
    total = export_count(report, f)
    keys = [column.key for column in columns]
    tell = _progress_of(job.pk)
    return stream_workbook(
        file,
        title=str(report_class.title),
        columns=_sheet_columns(columns),
        rows=([row.get(key) for key in keys] for row in export_rows(report, f, sort=sort)),
        total=total,
        every=PROGRESS_EVERY_ROWS,
        progress=lambda written: tell(written, total),
    )


def export_run(*, job_id: int) -> ExportStatus:
    """The task's work (apps.reports.tasks.run_export): a queued job made into its file. A failure
    marks the job failed with its reason and is logged; it is never retried on its own (the person
    asks again)."""
    claimed = ExportJob.objects.filter(pk=job_id, status=ExportStatus.QUEUED).update(status=ExportStatus.RUNNING)
    if not claimed:
        return ExportStatus(ExportJob.objects.values_list("status", flat=True).get(pk=job_id))
    job = ExportJob.objects.get(pk=job_id)
    try:
        with translation.override(job.language), tempfile.TemporaryFile() as file:
            if job.url_name:
                written = list_export_write(job, file, progress=_progress_of(job.pk), every=PROGRESS_EVERY_ROWS)
            else:
                written = _report_write(job, file)
            file.seek(0)
            stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
            job.file.save(f"{job.report_key}-{stamp}-{job.pk}.xlsx", File(file), save=False)
    except Exception as error:
        logger.exception("export job %s failed", job_id)
        ExportJob.objects.filter(pk=job_id).update(
            status=ExportStatus.FAILED, finished_at=timezone.now(), error_message=str(error)[:500]
        )
        return ExportStatus.FAILED
    now = timezone.now()
    ExportJob.objects.filter(pk=job_id).update(
        status=ExportStatus.DONE,
        progress=100,
        rows=written,
        file=job.file.name,
        finished_at=now,
        expires_at=now + timedelta(hours=settings.EXPORT_KEEP_HOURS),
    )
    return ExportStatus.DONE


def expire_exports(*, now: Any = None) -> int:
    """Deletes the files kept past their time and marks their jobs expired (beat, hourly)."""
    now = now or timezone.now()
    expired = 0
    for job in ExportJob.objects.filter(status=ExportStatus.DONE, expires_at__lte=now):
        if job.file:
            job.file.delete(save=False)
        ExportJob.objects.filter(pk=job.pk).update(status=ExportStatus.EXPIRED, file="")
        expired += 1
    return expired


# -- reads ---------------------------------------------------------------------------------------


def visible_jobs(caller: Caller) -> QuerySet[ExportJob]:
    """The caller's own jobs; at a head-office level also every job asked at a level beneath it."""
    mine = Q(requester_id=caller.user_id)
    if caller.at_head_office and caller.hier_id is not None:
        path = org_levels().filter(pk=caller.hier_id).values_list("path", flat=True).first()
        if path:
            mine |= Q(hier__path__startswith=path)
    return ExportJob.objects.filter(mine)


def job_in_scope(caller: Caller, job_id: int) -> ExportJob:
    job = visible_jobs(caller).filter(pk=job_id).first()
    if job is None:
        raise NotFound()
    return job


def downloadable(caller: Caller, job_id: int) -> ExportJob:
    """A finished job's file for its requester or head office; anything else answers 404."""
    job = job_in_scope(caller, job_id)
    if job.status != ExportStatus.DONE or not job.file:
        raise NotFound()
    return job


def job_rows(jobs: Any) -> list[dict[str, Any]]:
    rows = []
    for job in jobs:
        report = None if job.url_name else report_for(job.report_key)
        rows.append(
            {
                "jobId": job.pk,
                "report": job.report_key,
                "title": job.title or (str(report.title) if report else job.report_key),
                "route": report.route if report else None,
                "status": job.status,
                "progress": job.progress,
                "rows": job.rows,
                "createdAt": job.created_at,
                "finishedAt": job.finished_at,
                "expiresAt": job.expires_at,
                "errorMessage": job.error_message,
            }
        )
    return rows
