"""The summaries compared with their recomputation from the facts: the nightly check (the last
days, alerting and fixing) and the ledger audit (every day, reporting). A store-day still waiting
in the queue is not compared: it is about to be recomputed, so its summary may lag its facts."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from django.db import connection, transaction
from django.db.backends.utils import CursorWrapper
from django.utils import timezone

from apps.core.ledgers import Difference
from apps.reports.summaries.recompute import LIVE, Tables, fact_days, recompute

SCRATCH = Tables(
    store="reports_scratch_store",
    staff="reports_scratch_staff",
    category="reports_scratch_category",
    tender="reports_scratch_tender",
    staff_category="reports_scratch_staff_category",
)
HISTORY_START = date(1, 1, 1)


@dataclass(frozen=True)
class SummaryDifference:
    store_id: int
    business_date: date
    table: str
    kept: str
    recomputed: str


def _differences(cursor: CursorWrapper, pairs: list[tuple[int, date]]) -> list[SummaryDifference]:
    """Rebuilds `pairs` into scratch tables and answers each store-day whose rows differ between the
    live tables and the rebuild. The scratch tables are dropped when done (and at the end of the
    transaction, should it fail)."""
    try:
        return list(_compared(cursor, pairs))
    finally:
        cursor.execute(f"DROP TABLE IF EXISTS {', '.join(table for table, _ in SCRATCH.columns())}")


def _compared(cursor: CursorWrapper, pairs: list[tuple[int, date]]) -> Iterator[SummaryDifference]:
    params: dict[str, list[int] | list[date]] = {
        "stores": [store for store, _ in pairs],
        "days": [day for _, day in pairs],
    }
    for (live, columns), (scratch, _same) in zip(LIVE.columns(), SCRATCH.columns(), strict=True):
        cursor.execute(
            f"CREATE TEMP TABLE {scratch} ON COMMIT DROP AS SELECT {', '.join(columns)} FROM {live} WITH NO DATA"
        )
    recompute(cursor, pairs, SCRATCH)
    for (live, columns), (scratch, _same) in zip(LIVE.columns(), SCRATCH.columns(), strict=True):
        cols = ", ".join(columns)
        kept = (
            f"SELECT {cols} FROM {live} s JOIN unnest(%(stores)s::bigint[], %(days)s::date[]) AS p(st, d) "
            "ON s.store_id = p.st AND s.business_date = p.d"
        )
        cursor.execute(
            f"""
            WITH kept AS ({kept}), rebuilt AS (SELECT {cols} FROM {scratch}),
            only_kept AS (SELECT * FROM kept EXCEPT ALL SELECT * FROM rebuilt),
            only_rebuilt AS (SELECT * FROM rebuilt EXCEPT ALL SELECT * FROM kept)
            SELECT 'kept', store_id, business_date, row_to_json(only_kept)::text FROM only_kept
            UNION ALL
            SELECT 'rebuilt', store_id, business_date, row_to_json(only_rebuilt)::text FROM only_rebuilt
            ORDER BY 2, 3
            """,
            params,
        )
        found: dict[tuple[int, date], dict[str, list[str]]] = {}
        for side, store_id, day, row in cursor.fetchall():
            found.setdefault((store_id, day), {"kept": [], "rebuilt": []})[side].append(row)
        for (store_id, day), sides in found.items():
            yield SummaryDifference(
                store_id=store_id,
                business_date=day,
                table=live,
                kept="; ".join(sides["kept"]) or "-",
                recomputed="; ".join(sides["rebuilt"]) or "-",
            )


def _undrained(cursor: CursorWrapper) -> set[tuple[int, date]]:
    cursor.execute("SELECT DISTINCT store_id, business_date FROM reports_dirtystoreday")
    return {(store, day) for store, day in cursor.fetchall()}


def summary_differences_between(date_from: date, date_to: date) -> list[SummaryDifference]:
    """The summary rows of the range that their recomputation does not equal (read-only)."""
    with transaction.atomic(), connection.cursor() as cursor:
        waiting = _undrained(cursor)
        pairs = [pair for pair in fact_days(cursor, date_from=date_from, date_to=date_to) if pair not in waiting]
        return _differences(cursor, pairs) if pairs else []


def summary_differences() -> Iterator[Difference]:
    """The ledger audit of the summaries (manage.py audit_ledgers): every day of history."""
    today = timezone.localdate()
    for found in summary_differences_between(HISTORY_START, today + timedelta(days=1)):
        yield Difference(
            ledger="summaries",
            record=f"store {found.store_id} {found.business_date.isoformat()}",
            field=found.table,
            kept=found.kept,
            recomputed=found.recomputed,
        )
