"""Report reads on a read replica (issue 29 §1; docs/decisions/0042). With `REPLICA_DATABASE_URL`
set, the database alias "replica" exists and this router sends there:

- every read of the reports' own models (the summaries and their queue), and
- every read made inside `replica_reads()` (a report's selectors reading other apps' rows).

A request that writes stays on the primary for the rest of it, so it reads what it wrote: the
middleware pins every request that is not GET/HEAD/OPTIONS, and any write the router sees during a request pins it
from then on. Writes always go to the primary; the replica is never migrated.
Without the setting there is no alias and every read stays on the primary."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model
from django.http import HttpRequest, HttpResponse

REPLICA = "replica"
REPORTS_APP = "reports"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

_pinned: ContextVar[bool] = ContextVar("reports_pinned_to_primary", default=False)
# Set while the middleware serves a request: a write pins only the request it belongs to (outside a
# request, code that must read its own writes reads the primary by name, as the drain does).
_in_request: ContextVar[bool] = ContextVar("reports_in_request", default=False)
_report_reads: ContextVar[bool] = ContextVar("reports_replica_reads", default=False)


def replica_configured() -> bool:
    return REPLICA in connections.settings


def pin_to_primary() -> None:
    """From now on, this request (or this thread, outside a request) reads on the primary."""
    _pinned.set(True)


def pinned_to_primary() -> bool:
    return _pinned.get()


@contextmanager
def replica_reads() -> Iterator[None]:
    """Reads of any model inside go to the replica (unless the request is pinned)."""
    token = _report_reads.set(True)
    try:
        yield
    finally:
        _report_reads.reset(token)


class ReportsReplicaRouter:
    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        if _pinned.get() or not replica_configured():
            return None
        if model._meta.app_label == REPORTS_APP or _report_reads.get():
            return REPLICA
        return None

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        if _in_request.get():
            _pinned.set(True)
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool | None:
        return None

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: Any) -> bool | None:
        return False if db == REPLICA else None


class PrimaryPinMiddleware:
    """Pins a request that may write (not GET/HEAD/OPTIONS) to the primary, and forgets the pin of
    the request before (a worker thread serves many)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        pinned = _pinned.set(request.method not in SAFE_METHODS)
        serving = _in_request.set(True)
        try:
            return self.get_response(request)
        finally:
            _in_request.reset(serving)
            _pinned.reset(pinned)
