"""A list's immediate export of 100,000 rows or more goes to the download centre (issue 29 §5;
decision 0042's addendum). apps.core.excel hands it here through its `large_exports` hook; the job
records what the request was (the view's path and query parameters, the role entry it acted in,
its language) rather than any list's filters, and the task makes the file by running the same view
again as that person, with `apps.core.excel.streamed_export` open: the view's own parsing, scope
and permission check run as they did, and its rows stream from a server-side cursor into the file.
So every list export, present or future, goes to the centre with nothing of its own."""

from __future__ import annotations

from typing import IO, Any
from urllib.parse import urlencode

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import Resolver404, resolve
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from apps.accounts.selectors import acting_session_of
from apps.core.audit import actor_from_request, audit_record
from apps.core.envelope import EnvelopeResponse
from apps.core.excel import streamed_export
from apps.core.scoping import scope_of
from apps.reports.choices import AuditAction
from apps.reports.models import ExportJob

IDEMPOTENCY_HEADER = "Idempotency-Key"


class ListExportFailed(Exception):
    """The view, run again for the job, did not write the file; the message says why (its answer)."""


def _queued(job: ExportJob) -> HttpResponse:
    return EnvelopeResponse(
        {"jobId": job.pk},
        _("The export has 100,000 rows or more: the file is being prepared in the download centre"),
        status=202,
    )


def list_export_queue(*, request: Any, name: str, title: str | Promise, total: int) -> HttpResponse:
    """apps.core.excel's `large_exports`: queues the request's export as a job of its requester at
    the level they act in, writes the system log's record, starts the task once committed, and
    answers 202 with the job. The same Idempotency-Key again answers the same job."""
    session = scope_of(request)
    key = (request.headers.get(IDEMPOTENCY_HEADER) or "")[:64]
    if key:
        existing = ExportJob.objects.filter(requester_id=session.user_id, idempotency_key=key).first()
        if existing is not None:
            return _queued(existing)
    query = {field: request.GET.getlist(field) for field in request.GET}
    try:
        with transaction.atomic():
            job = ExportJob.objects.create(
                requester_id=session.user_id,
                hier_id=session.chosen_entry.hier_id,
                report_key=name,
                url_name=request.resolver_match.view_name,
                title=str(title),
                idempotency_key=key,
                filters={"path": request.path_info, "query": query, "userRoleId": session.chosen_entry.pk},
                language=get_language() or "zh-hans",
            )
            audit_record(
                actor=actor_from_request(request),
                action=AuditAction.REPORT_EXPORT,
                target=job,
                detail={"export": name, "rows": total, "query": query},
            )
    except IntegrityError:
        # The same key, asked twice at once: the other request made the job.
        return _queued(ExportJob.objects.get(requester_id=session.user_id, idempotency_key=key))
    # Committed (no request holds a transaction: ATOMIC_REQUESTS is off), so the worker finds it.
    from apps.reports.tasks import run_export  # tasks imports the download centre, which imports us

    run_export.delay(job.pk)
    return _queued(job)


def _request_again(job: ExportJob) -> HttpRequest:
    """The job's request as its view reads it, signed in as the requester in the role entry they
    asked in, as that entry stands now (a revoked role or a deactivated store is refused again)."""
    acting = acting_session_of(user_id=job.requester_id, user_role_id=job.filters.get("userRoleId"))
    if acting is None:
        raise ListExportFailed(_("the account that asked for the export is disabled"))
    user, session = acting
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = job.filters["path"]
    request.GET = QueryDict(urlencode(job.filters["query"], doseq=True))
    request.META.update({"REMOTE_ADDR": "127.0.0.1", "SERVER_NAME": "localhost", "SERVER_PORT": "80"})
    # DRF's own way to hand a view its authenticated user and credentials (what its test client's
    # force_authenticate sets): the permission check then reads the session as on any call.
    request._force_auth_user = user  # type: ignore[attr-defined]
    request._force_auth_token = session  # type: ignore[attr-defined]
    return request


def list_export_write(job: ExportJob, file: IO[bytes], *, progress: Any, every: int) -> int:
    """Runs the job's view again into `file` (in the job's language, the caller's to set); answers
    the rows written, or raises ListExportFailed with the view's refusal."""
    request = _request_again(job)
    try:
        match = resolve(request.path_info)
    except Resolver404:
        match = None
    if match is None or match.view_name != job.url_name:
        raise ListExportFailed(f"{job.filters['path']} is no longer the export {job.url_name}")
    request.resolver_match = match
    with streamed_export(file, progress=progress, every=every) as target:
        response = match.func(request, *match.args, **match.kwargs)
    if not target.written:
        data = getattr(response, "data", None)
        message = data.get("errmsg") if isinstance(data, dict) else None
        raise ListExportFailed(message or f"the export answered {response.status_code}")
    return target.rows
