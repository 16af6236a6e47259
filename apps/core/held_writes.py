"""Writes a command holds for its closing statement (issue 31: statements per checkout).

A command run under its idempotency key (apps.core.idempotency) ends with one statement that keeps
its answer. Writes that nothing later in the command reads can ride on that statement as
data-modifying `WITH` parts instead of costing a round trip each: the system log's entries
(apps.core.audit), a paid order's new state, a member's last visit. The command's transaction is one,
so they still commit or roll back with everything else, and a reader outside sees them all at once.

A service asks with `update_at_close(queryset, **values)`: held inside a command, run at once outside
one (a Celery task, a management command, a test calling the service), so the service reads the
same either way. What may be held: an UPDATE of rows this transaction already locked or that nobody
else locks, whose result the command does not read back. Two held writes of one row would leave
PostgreSQL to pick their order, so `update_at_close` refuses a second write of a row it holds."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, models
from django.db.models.sql import UpdateQuery

from apps.core.models import SystemLog


@dataclass
class HeldWrites:
    """What the command running now keeps for its closing statement."""

    logs: list[SystemLog] = field(default_factory=list)
    updates: list[tuple[str, list[Any]]] = field(default_factory=list)
    rows: set[tuple[str, Any]] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.logs or self.updates)


_held: ContextVar[HeldWrites | None] = ContextVar("held_writes", default=None)


@contextmanager
def writes_held() -> Iterator[HeldWrites]:
    """Holds the block's log entries and `update_at_close` writes for the caller's closing statement."""
    held = HeldWrites()
    marked = _held.set(held)
    try:
        yield held
    finally:
        _held.reset(marked)


def held_now() -> HeldWrites | None:
    """The writes held by the command running now (None outside a command)."""
    return _held.get()


def _update_sql(queryset: models.QuerySet[Any], values: dict[str, Any]) -> tuple[str, list[Any]]:
    # The ORM's own UPDATE, compiled but not run: what `queryset.update(**values)` would send.
    query = queryset.query.chain(UpdateQuery)
    query.add_update_values(values)  # type: ignore[attr-defined]  # chain() made it an UpdateQuery
    sql, params = query.get_compiler(queryset.db).as_sql()
    return sql, list(params)


def update_at_close(queryset: models.QuerySet[Any], *, row: Any, **values: Any) -> None:
    """`queryset.update(**values)`, held for the command's closing statement (module doc), run now
    outside a command. `row` names the one row the queryset can touch (its primary key)."""
    held = _held.get()
    if held is None:
        queryset.update(**values)
        return
    key = (queryset.model._meta.db_table, row)
    if key in held.rows:
        raise AssertionError(f"{key} is written twice at the command's close")
    held.rows.add(key)
    held.updates.append(_update_sql(queryset, values))


def held_writes_with(held: HeldWrites) -> tuple[str, list[Any]]:
    """The held writes as the `WITH` of the closing statement (empty when nothing is held):
    (sql ending in a space, parameters)."""
    parts: list[str] = []
    parameters: list[Any] = []
    for number, (sql, params) in enumerate(held.updates):
        parts.append(f"held_{number} AS ({sql})")
        parameters.extend(params)
    if held.logs:
        sql, params = _logs_insert(held.logs)
        parts.append(f"logged AS ({sql})")
        parameters.extend(params)
    return (f"WITH {', '.join(parts)} " if parts else ""), parameters


def _logs_insert(logs: list[SystemLog]) -> tuple[str, list[Any]]:
    fields = [field for field in SystemLog._meta.concrete_fields if not field.primary_key]
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    parameters = [
        field.get_db_prep_save(getattr(entry, field.attname), connection) for entry in logs for field in fields
    ]
    sql = f"INSERT INTO {connection.ops.quote_name(SystemLog._meta.db_table)} ({columns}) VALUES "
    return sql + ", ".join([row] * len(logs)), parameters
