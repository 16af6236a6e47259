"""A database execute wrapper for the tests that refuses a row lock the lock order forbids
(apps.core.locks): a lock over a join that does not name its own table (`of=("self",)`), and a lock
on a model of LOCK_ORDER taken after one further down the order in the same transaction. The root
conftest installs it on every connection, threads' included, so the whole suite looks for both."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.apps import apps
from django.db.backends.base.base import BaseDatabaseWrapper

from apps.core.locks import LOCK_ORDER, POINTED_AT, runs_alone
from apps.core.query_shapes import TOGETHER_CLOSE, TOGETHER_OPEN

_LOCKING = re.compile(
    r"\sFOR\s+(?P<mode>NO\s+KEY\s+UPDATE|UPDATE|KEY\s+SHARE|SHARE)(?P<of>\s+OF\s+[^()]*?)?(?:\s+NOWAIT|\s+SKIP\s+LOCKED)?\s*$",
    re.I,
)
_JOIN = re.compile(r"\sJOIN\s", re.I)
_FROM = re.compile(r'\sFROM\s+"(?P<table>[^"]+)"', re.I)
_NAMED = re.compile(r'"([^"]+)"')


class LockOrderBroken(AssertionError):
    """A row lock the lock order forbids (apps.core.locks)."""


_found: list[str] = []
_found_lock = threading.Lock()


def found_and_cleared() -> list[str]:
    """The forbidden locks seen since the last call (any thread), forgotten."""
    with _found_lock:
        found = list(_found)
        _found.clear()
    return found


@functools.cache
def _ranks() -> dict[str, int]:
    return {apps.get_model(label)._meta.db_table: rank for rank, label in enumerate(LOCK_ORDER)}


@functools.cache
def _pointed_at() -> frozenset[str]:
    return frozenset(apps.get_model(label)._meta.db_table for label in (*LOCK_ORDER, *POINTED_AT))


def locks_for_key_update(sql: str) -> bool:
    """Whether the statement takes FOR UPDATE, which blocks the key-share locks of inserts pointing
    at the rows, where FOR NO KEY UPDATE would do."""
    locking = _LOCKING.search(sql)
    return bool(locking and locking.group("mode").upper() == "UPDATE")


def locked_tables(sql: str) -> list[str] | None:
    """The tables whose rows the statement locks, or None when it locks nothing. A lock over a
    join without OF locks every joined table's rows: that is refused before this is asked."""
    locking = _LOCKING.search(sql)
    if locking is None:
        return None
    if locking.group("of"):
        return _NAMED.findall(locking.group("of"))
    table = _FROM.search(sql)
    return [table.group("table")] if table else []


def lock_over_join(sql: str) -> bool:
    """Whether the statement locks rows of a query that joins tables without naming its own (OF)."""
    locking = _LOCKING.search(sql)
    return bool(locking and not locking.group("of") and _JOIN.search(sql[: locking.start()]))


def _read_together_parts(sql: str, params: Any) -> list[tuple[str, Any]]:
    """The statements of an apps.core.query_shapes.read_together (each with its parameters), in the
    order they lock; any other statement as it is."""
    if not sql.startswith("SELECT " + TOGETHER_OPEN):
        return [(sql, params)]
    parts, taken = [], 0
    for piece in sql.split(TOGETHER_OPEN)[1:]:
        part = piece.rsplit(TOGETHER_CLOSE, 1)[0]
        count = part.count("%s")
        parts.append((part, list(params or [])[taken : taken + count]))
        taken += count
    return parts


def _by_subquery(sql: str) -> bool:
    where = sql.find(" WHERE ")
    return where >= 0 and "(SELECT " in sql[where:]


class RowLockGuard:
    """Installed with `connection.execute_wrappers.append(RowLockGuard(connection))`."""

    def __init__(self, connection: BaseDatabaseWrapper) -> None:
        self.connection = connection
        self.transaction: object = None
        self.furthest = -1
        self.furthest_table = ""
        self.held: set[tuple[str, str]] = set()

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict) -> Any:
        # Django writes FOR UPDATE in capitals: no case-folding of every statement of the suite.
        if isinstance(sql, str) and " FOR " in sql and not runs_alone():
            for part, part_params in _read_together_parts(sql, params):
                self._check(part, part_params)
        return execute(sql, params, many, context)

    def _current_transaction(self) -> object:
        # The first atomic block that is not a test case's own wrapping one is the use case's
        # transaction; outside any, each statement is a transaction of its own.
        for block in self.connection.atomic_blocks:
            if not getattr(block, "_from_testcase", False):
                return block
        return None

    def _check(self, sql: str, params: Any) -> None:
        if lock_over_join(sql):
            self._refuse(f"a row lock over a join without of=('self',) locks the joined rows too:\n{sql}")
        tables = locked_tables(sql)
        if not tables:
            return
        if locks_for_key_update(sql) and _pointed_at().intersection(tables):
            self._refuse(
                f"FOR UPDATE on rows others point at waits out every insert pointing at them: no_key=True:\n{sql}"
            )
        transaction = self._current_transaction()
        if transaction is None or transaction is not self.transaction:
            self.transaction, self.furthest, self.furthest_table = transaction, -1, ""
            self.held = set()
        ranks = _ranks()
        for table in tables:
            rank = ranks.get(table)
            if rank is None:
                continue
            # The same rows asked again (a service re-reading the member it locked earlier) wait for nothing.
            # Rows found by a subquery (the member of the order: apps.billing.till.checkout) are not
            # known by their values: a later lock on their table counts as asking them again.
            rows = (table, "by subquery" if _by_subquery(sql) else repr(params))
            relocked = rows in self.held or (table, "by subquery") in self.held
            self.held.add(rows)
            if rank < self.furthest and not relocked:
                self._refuse(f"{table} locked after {self.furthest_table} (apps.core.locks.LOCK_ORDER):\n{sql}")
            if rank > self.furthest:
                self.furthest, self.furthest_table = rank, table

    def _refuse(self, problem: str) -> None:
        with _found_lock:
            _found.append(problem)
        raise LockOrderBroken(problem)


def install(connection: BaseDatabaseWrapper, **_kwargs: Any) -> None:
    """A `connection_created` receiver: every new connection gets a guard of its own."""
    if not any(isinstance(wrapper, RowLockGuard) for wrapper in connection.execute_wrappers):
        connection.execute_wrappers.append(RowLockGuard(connection))


@contextmanager
def unguarded(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """Lets a test take a forbidden lock on purpose (to make a deadlock), on this connection only."""
    guards = [wrapper for wrapper in connection.execute_wrappers if isinstance(wrapper, RowLockGuard)]
    for guard in guards:
        connection.execute_wrappers.remove(guard)
    try:
        yield
    finally:
        connection.execute_wrappers.extend(guards)
