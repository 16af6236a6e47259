"""Draining the queue of dirty store-days (docs/decisions/0044): each batch, in one transaction,
takes the store-days' advisory locks (two drains never recompute one day at once), reads the queue
rows of those days that are committed now, recomputes the days from the facts and reprices their
commission months, deletes exactly the rows it read and records when the stores were fresh. A
writer that commits meanwhile has its own queue row (one per transaction), which this drain did not
read and so leaves for the next: nothing it wrote is ever lost, whatever the timing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime

from django.db import connections, transaction
from django.db.backends.utils import CursorWrapper

from apps.reports.summaries.commission_months import refresh_commission_months, store_months_of_days
from apps.reports.summaries.recompute import LIVE, Tables, recompute

BATCH = 200  # store-days one transaction recomputes (a chain's day of 500 stores drains in 3)


def _lock(cursor: CursorWrapper, pairs: Sequence[tuple[int, date]]) -> None:
    # Sorted, so two drains that want overlapping days take their locks in one order; one statement.
    cursor.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(%s::text[]) WITH ORDINALITY AS t(k, n) "
        "ORDER BY n",
        [[f"reports.summary:{store_id}:{day}" for store_id, day in sorted(pairs)]],
    )


def drain_batch(*, stores: Iterable[int] | None = None, using: str = "default", tables: Tables = LIVE) -> int:
    """Recomputes up to BATCH dirty store-days (of `stores`, or of every store); answers how many."""
    store_list = sorted(set(stores)) if stores is not None else None
    where, params = ("WHERE store_id = ANY(%s)", [store_list]) if store_list is not None else ("", [])
    with transaction.atomic(using=using), connections[using].cursor() as cursor:
        cursor.execute(
            f"SELECT DISTINCT store_id, business_date FROM reports_dirtystoreday {where} "
            "ORDER BY business_date, store_id LIMIT %s",
            [*params, BATCH],
        )
        pairs: list[tuple[int, date]] = [(store, day) for store, day in cursor.fetchall()]
        if not pairs:
            return 0
        _lock(cursor, pairs)
        cursor.execute(
            "SELECT d.id, clock_timestamp() FROM reports_dirtystoreday d "
            "JOIN unnest(%s::bigint[], %s::date[]) AS p(store_id, business_date) "
            "ON d.store_id = p.store_id AND d.business_date = p.business_date",
            [[store for store, _ in pairs], [day for _, day in pairs]],
        )
        seen = cursor.fetchall()
        ids = [row[0] for row in seen]
        fresh_at: datetime | None = max((row[1] for row in seen), default=None)
        recompute(cursor, pairs, tables)
        if tables is LIVE:
            refresh_commission_months(store_months_of_days(pairs), using=using)
        cursor.execute("DELETE FROM reports_dirtystoreday WHERE id = ANY(%s)", [ids])
        if fresh_at is not None:
            cursor.execute(
                "INSERT INTO reports_summaryfreshness AS f (store_id, fresh_at) "
                "SELECT DISTINCT s, %s FROM unnest(%s::bigint[]) s "
                "ON CONFLICT (store_id) DO UPDATE SET fresh_at = GREATEST(f.fresh_at, EXCLUDED.fresh_at)",
                [fresh_at, [store for store, _ in pairs]],
            )
    return len(pairs)


def drain(*, stores: Iterable[int] | None = None, using: str = "default", max_batches: int | None = None) -> int:
    """Drains the dirty store-days (of `stores`, or all) batch by batch until none is left (or
    `max_batches` ran); answers how many store-days were recomputed."""
    store_list = list(stores) if stores is not None else None
    done = batches = 0
    while max_batches is None or batches < max_batches:
        count = drain_batch(stores=store_list, using=using)
        batches += 1
        done += count
        if count < BATCH:
            break
    return done
