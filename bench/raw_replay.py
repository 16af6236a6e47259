"""The raw-SQL baseline beside a benchmark's figure: the statements an in-process call sends (a view
through Django's test client, `apps.accounts.testing.api_client(entry=...)`, or a service called
directly), captured on a first untimed pass, then timed replayed on a plain psycopg connection.

`compare(call, inputs)` answers {view_median_ms, sql_median_ms, ratio, statements, replay}:

- a read is replayed as it was sent (`replay: "as sent"`);
- a write (`write=True`) is captured inside a savepoint rolled back (it leaves nothing), replayed
  inside a transaction rolled back (BEGIN … ROLLBACK), and then timed for real on the same inputs
  (`replay: "in a transaction rolled back"`);
- where the replay cannot work (a statement that conflicts with what the call wrote, a row only the
  run's own uncommitted transaction sees), `sql_median_ms` and `ratio` are "n/a" and `replay` says
  why, rather than a number nobody measured.

`same_connection=True` replays on the psycopg connection under Django's own (inside a savepoint
rolled back): for calls on data the run wrote in a transaction it has not committed.

`beside(figure, replayed)` puts `sql_median_ms` and `ratio` beside a figure measured elsewhere (over
HTTP through gunicorn): the figure's median over the replay's."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import psycopg
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext, override_settings

from apps.core.testing import raw_connection
from bench.stats import summary_ms

Input = TypeVar("Input")
AS_SENT = "as sent"
ROLLED_BACK = "in a transaction rolled back (BEGIN … ROLLBACK)"


class _RolledBack(Exception):
    pass


def capture(call: Callable[[], object], *, write: bool = False) -> list[str]:
    """The statements one call sends, in order (a write's inside a savepoint rolled back)."""
    with CaptureQueriesContext(connection) as captured:
        if write:
            try:
                with transaction.atomic():
                    call()
                    raise _RolledBack
            except _RolledBack:
                pass
        else:
            call()
    sql = [q["sql"] for q in captured.captured_queries]
    if write and sql and sql[0].startswith("SAVEPOINT") and sql[-1].startswith("ROLLBACK TO SAVEPOINT"):
        sql = sql[1:-1]  # the savepoint around the call is ours, not the call's
    if not write:  # a read's savepoints hold nothing back; outside a transaction they are refused
        sql = [s for s in sql if not s.startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))]
    return sql


def _replay_on(cursor: Any, statements: list[str]) -> None:
    for statement in statements:
        cursor.execute(statement)
        if cursor.description is not None:
            cursor.fetchall()


def replay_ms(statement_lists: list[list[str]], *, write: bool, same_connection: bool = False) -> list[float]:
    """Each list's statements timed on one plain connection: as sent, or (a write) in a transaction
    rolled back. Raises psycopg.Error when a statement fails."""
    samples = []
    if same_connection:
        connection.ensure_connection()
        raw = connection.connection  # the psycopg connection under Django's
        for statements in statement_lists:
            with raw.cursor() as cursor:
                cursor.execute("SAVEPOINT bench_replay")
                started = time.perf_counter()
                try:
                    _replay_on(cursor, statements)
                    samples.append(time.perf_counter() - started)
                finally:
                    cursor.execute("ROLLBACK TO SAVEPOINT bench_replay")
                    cursor.execute("RELEASE SAVEPOINT bench_replay")
        return samples
    with raw_connection(autocommit=not write) as raw, raw.cursor() as cursor:
        for statements in statement_lists:
            started = time.perf_counter()
            try:
                _replay_on(cursor, statements)
                samples.append(time.perf_counter() - started)
            finally:
                if write:
                    raw.rollback()
    return samples


def compare(
    call: Callable[[Input], object],
    inputs: Sequence[Input],
    *,
    write: bool = False,
    keep: Callable[[str], bool] | None = None,
    same_connection: bool = False,
) -> dict[str, Any]:
    """The call on each input, timed with DEBUG off, beside its captured statements replayed.
    `keep` narrows the replay to the statements the figure is about (the selector's, say)."""
    statement_lists = []
    for given in inputs:  # first pass: what each call sends, untimed
        sql = capture(lambda given=given: call(given), write=write)
        statement_lists.append([s for s in sql if keep is None or keep(s)])
    view_s = []
    with override_settings(DEBUG=False):
        for given in inputs:
            started = time.perf_counter()
            call(given)
            view_s.append(time.perf_counter() - started)
    view_median = statistics.median(view_s)
    answer: dict[str, Any] = {
        "view_median_ms": round(view_median * 1000, 3),
        "statements": len(statement_lists[0]),
        "replay": ROLLED_BACK if write else AS_SENT,
        "sql": statement_lists[0],
    }
    try:
        sql_median = statistics.median(replay_ms(statement_lists, write=write, same_connection=same_connection))
    except psycopg.Error as failed:
        reason = str(failed).strip().splitlines()[0]
        return {**answer, "sql_median_ms": "n/a", "ratio": "n/a", "replay": f"n/a: {reason}"}
    return {
        **answer,
        "sql_median_ms": round(sql_median * 1000, 3),
        "ratio": round(view_median / max(sql_median, 1e-6), 1),
    }


def compare_get(client: Any, path: str, queries: Sequence[dict[str, str]]) -> dict[str, Any]:
    """`compare` of a GET through the test client (`api_client(entry=...)`), one per query."""

    def call(query: dict[str, str]) -> None:
        response = client.get(path, query)
        assert response.status_code == 200, response.content[:300]

    return compare(call, queries)


def entry_at(store_id: int, login_name: str = "SY00002") -> Any:
    """The account's role entry at the store (the one the bench signs in with over HTTP)."""
    from apps.accounts.models import UserRole

    return (
        UserRole.objects.select_related("user")
        .filter(user__login_name=login_name, hier_id=store_id)
        .order_by("id")
        .first()
    )


def one_call(
    call: Callable[[], Any], *, write: bool = False, same_connection: bool = False
) -> tuple[Any, float, float | str, int]:
    """A call measured once beside its replay, for benches whose each run is one call on fresh data:
    captured (a write's rolled back), replayed (a write's rolled back), then the call for real, timed
    with DEBUG off. Answers (the call's result, its seconds, the replay's seconds or why it is n/a,
    the statements)."""
    statements = capture(call, write=write)
    replayed: float | str
    try:
        [replayed] = replay_ms([statements], write=write, same_connection=same_connection)
    except psycopg.Error as failed:
        replayed = str(failed).strip().splitlines()[0]
    with override_settings(DEBUG=False):
        started = time.perf_counter()
        result = call()
        seconds = time.perf_counter() - started
    return result, seconds, replayed, len(statements)


def with_baseline(samples_s: list[float], replays: list[float | str], *, write: bool = False) -> dict[str, Any]:
    """summary_ms of the calls with the median of their replays and the ratio (n/a, with the reason,
    when a replay failed)."""
    figure = summary_ms(samples_s)
    failed = [r for r in replays if isinstance(r, str)]
    if failed or not replays:
        return {**figure, **not_applicable(failed[0] if failed else "not replayed")}
    sql_ms = statistics.median(replays) * 1000  # type: ignore[type-var]
    return {
        **figure,
        "sql_median_ms": round(sql_ms, 3),
        "ratio": round(figure["median_ms"] / max(sql_ms, 0.001), 1),
        "replay": ROLLED_BACK if write else AS_SENT,
    }


def not_applicable(reason: str) -> dict[str, str]:
    """A figure without a baseline, and why."""
    return {"sql_median_ms": "n/a", "ratio": "n/a", "replay": f"n/a: {reason}"}


def beside(figure: dict[str, Any], replayed: dict[str, Any], key: str = "median_ms") -> dict[str, Any]:
    """`figure` with the replay's `sql_median_ms` and its own median's ratio to it."""
    sql_ms = replayed.get("sql_median_ms", "n/a")
    if not isinstance(sql_ms, int | float):
        return {**figure, **not_applicable(str(replayed.get("replay", "no replay")).removeprefix("n/a: "))}
    return {
        **figure,
        "sql_median_ms": sql_ms,
        "ratio": round(figure[key] / max(sql_ms, 0.001), 1),
        "replay": replayed["replay"],
        "statements": replayed["statements"],
    }


def without_sql(replayed: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in replayed.items() if k != "sql"}
