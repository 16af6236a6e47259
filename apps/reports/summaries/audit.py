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
from apps.reports.summaries.commission_months import commission_month_differences
from apps.reports.summaries.models import RECENT_VISITS
from apps.reports.summaries.recompute import (
    COUNTED_AT_STORE,
    LIVE,
    MONTH_VISITORS_SQL,
    PRODUCT_DAY_COLUMNS,
    VISIT_HISTORY_SQL,
    Tables,
    fact_days,
    recompute,
    refresh_member_summaries,
    refresh_month_visitors,
)

SCRATCH = Tables(
    store="reports_scratch_store",
    staff="reports_scratch_staff",
    category="reports_scratch_category",
    tender="reports_scratch_tender",
    staff_category="reports_scratch_staff_category",
    staff_kind="reports_scratch_staff_kind",
    member_visit="reports_scratch_member_visit",
    product_day="reports_scratch_product_day",
    member_summary=None,
    month_visitors=None,
)
# A difference of the chain's product-day summary names no store.
CHAIN = 0
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
        scratch = [table for table, _ in SCRATCH.columns()] + [str(SCRATCH.product_day)]
        cursor.execute(f"DROP TABLE IF EXISTS {', '.join(scratch)}")


def _compared(cursor: CursorWrapper, pairs: list[tuple[int, date]]) -> Iterator[SummaryDifference]:
    params: dict[str, list[int] | list[date]] = {
        "stores": [store for store, _ in pairs],
        "days": [day for _, day in pairs],
    }
    for (live, columns), (scratch, _same) in zip(LIVE.columns(), SCRATCH.columns(), strict=True):
        cursor.execute(
            f"CREATE TEMP TABLE {scratch} ON COMMIT DROP AS SELECT {', '.join(columns)} FROM {live} WITH NO DATA"
        )
    cursor.execute(
        f"CREATE TEMP TABLE {SCRATCH.product_day} ON COMMIT DROP AS "
        f"SELECT {', '.join(PRODUCT_DAY_COLUMNS)} FROM {LIVE.product_day} WITH NO DATA"
    )
    recompute(cursor, pairs, SCRATCH)
    yield from _product_days_compared(cursor, sorted({day for _store, day in pairs}))
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


def _product_days_compared(cursor: CursorWrapper, days: list[date]) -> Iterator[SummaryDifference]:
    """The chain's product-day rows of `days` against their rebuild in the scratch table."""
    cols = ", ".join(PRODUCT_DAY_COLUMNS)
    cursor.execute(
        f"""
        WITH kept AS (SELECT {cols} FROM {LIVE.product_day} WHERE business_date = ANY(%(days)s)),
        rebuilt AS (SELECT {cols} FROM {SCRATCH.product_day}),
        only_kept AS (SELECT * FROM kept EXCEPT ALL SELECT * FROM rebuilt),
        only_rebuilt AS (SELECT * FROM rebuilt EXCEPT ALL SELECT * FROM kept)
        SELECT 'kept', business_date, row_to_json(only_kept)::text FROM only_kept
        UNION ALL
        SELECT 'rebuilt', business_date, row_to_json(only_rebuilt)::text FROM only_rebuilt
        ORDER BY 2
        """,
        {"days": days},
    )
    found: dict[date, dict[str, list[str]]] = {}
    for side, day, row in cursor.fetchall():
        found.setdefault(day, {"kept": [], "rebuilt": []})[side].append(row)
    for day, sides in found.items():
        yield SummaryDifference(
            store_id=CHAIN,
            business_date=day,
            table=str(LIVE.product_day),
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
        # A day any store of which still waits: the chain's product-day may lag it, so the whole
        # day waits (its store-days too: the product-days are compared for the days compared).
        waiting_days = {day for _store, day in waiting}
        pairs = [
            pair for pair in fact_days(cursor, date_from=date_from, date_to=date_to) if pair[1] not in waiting_days
        ]
        return _differences(cursor, pairs) if pairs else []


@dataclass(frozen=True)
class MemberSummaryDifference:
    member_id: int
    home_store_id: int | None
    kept: str
    recomputed: str


# Each member's first, second, last and recent visit days straight from the paid member orders (not
# from the visit days: the audit checks the chain from the ledger to the figure), and the store they count
# for from their file, beside what is kept, for the members `chosen` names; a member with a visit on
# a day still waiting in the queue is skipped (NOT EXISTS, an anti-join: NOT IN over a waiting set too
# big for memory was planned as a scan of it per member, hours on 5 million orders).
_MEMBER_SUMMARY_COMPARED = f"""
WITH chosen AS ({{chosen}}),
days AS (
    SELECT DISTINCT o.member_id, o.business_date FROM billing_order o
    WHERE o.status = 'paid' AND o.member_id IS NOT NULL AND o.member_id IN (SELECT member_id FROM chosen)
),
newest_first AS (
    SELECT member_id, array_agg(business_date ORDER BY business_date DESC) AS days FROM days GROUP BY member_id
),
rebuilt AS (
    SELECT d.member_id, d.days[cardinality(d.days)] AS first_visit, d.days[cardinality(d.days) - 1] AS second_visit,
        d.days[1] AS last_visit, {COUNTED_AT_STORE} AS home_store_id, d.days[2] AS previous_visit,
        d.days[{RECENT_VISITS}] AS recent_visits_from
    FROM newest_first d LEFT JOIN members_member mm ON mm.id = d.member_id
),
kept AS (
    SELECT member_id, first_visit, second_visit, last_visit, home_store_id, previous_visit, recent_visits_from
    FROM reports_membervisitsummary WHERE member_id IN (SELECT member_id FROM chosen)
),
waiting_days AS (SELECT DISTINCT store_id, business_date FROM reports_dirtystoreday),
waiting AS (
    SELECT o.member_id FROM billing_order o JOIN waiting_days w
        ON w.store_id = o.store_id AND w.business_date = o.business_date
    WHERE o.member_id IS NOT NULL
    UNION SELECT v.member_id FROM reports_membervisitday v JOIN waiting_days w
        ON w.store_id = v.store_id AND w.business_date = v.business_date
)
SELECT COALESCE(k.member_id, r.member_id), m.home_store_id, COALESCE(row_to_json(k)::text, '-'),
    COALESCE(row_to_json(r)::text, '-')
FROM kept k FULL JOIN rebuilt r ON r.member_id = k.member_id
LEFT JOIN members_member m ON m.id = COALESCE(k.member_id, r.member_id)
WHERE (k.first_visit, k.second_visit, k.last_visit, k.home_store_id, k.previous_visit, k.recent_visits_from)
        IS DISTINCT FROM (r.first_visit, r.second_visit, r.last_visit, r.home_store_id, r.previous_visit,
            r.recent_visits_from)
    AND NOT EXISTS (SELECT 1 FROM waiting w WHERE w.member_id = COALESCE(k.member_id, r.member_id))
ORDER BY 1
"""
_EVERY_MEMBER = (
    "SELECT member_id FROM billing_order WHERE status = 'paid' AND member_id IS NOT NULL "
    "UNION SELECT member_id FROM reports_membervisitsummary"
)
# The members who visited in the range, or whose kept summary says so: a visit written, changed or
# removed in the last days shows in one of the two.
_MEMBERS_OF_DAYS = (
    "SELECT member_id FROM billing_order WHERE status = 'paid' AND member_id IS NOT NULL "
    "AND business_date BETWEEN %(date_from)s AND %(date_to)s "
    "UNION SELECT member_id FROM reports_membervisitday WHERE business_date BETWEEN %(date_from)s AND %(date_to)s "
    "UNION SELECT member_id FROM reports_membervisitsummary WHERE last_visit >= %(date_from)s"
)


# Each visit day's view of its member's history (first and second visit, previous visit anywhere
# and here) against the same from the live visit days and summaries, for the members `chosen` names;
# a member with a day waiting in the queue is skipped.
_VISIT_HISTORY_COMPARED = f"""
WITH chosen AS ({{chosen}}),
waiting AS (
    SELECT v.member_id FROM reports_membervisitday v JOIN reports_dirtystoreday w
        ON w.store_id = v.store_id AND w.business_date = v.business_date
),
rebuilt AS ({
    VISIT_HISTORY_SQL.format(
        visits="reports_membervisitday",
        members="member_id IN (SELECT member_id FROM chosen)",
    )
})
SELECT v.member_id, m.home_store_id,
    json_build_object('store', v.store_id, 'day', v.business_date, 'first', v.first_visit, 'second', v.second_visit,
        'previous', v.previous_visit, 'previousHere', v.previous_visit_here)::text,
    json_build_object('store', v.store_id, 'day', v.business_date, 'first', r.first_visit, 'second', r.second_visit,
        'previous', r.previous_visit, 'previousHere', r.previous_visit_here)::text
FROM reports_membervisitday v
LEFT JOIN rebuilt r ON r.id = v.id
LEFT JOIN members_member m ON m.id = v.member_id
WHERE v.member_id IN (SELECT member_id FROM chosen)
    AND NOT EXISTS (SELECT 1 FROM waiting w WHERE w.member_id = v.member_id)
    AND (v.first_visit, v.second_visit, v.previous_visit, v.previous_visit_here)
        IS DISTINCT FROM (r.first_visit, r.second_visit, r.previous_visit, r.previous_visit_here)
ORDER BY v.member_id, v.business_date, v.store_id
"""


def member_summary_differences(
    date_from: date | None = None, date_to: date | None = None
) -> list[MemberSummaryDifference]:
    """The members whose kept visit days (first, second, last, recent) their paid orders do not give,
    or one of whose visit days holds another view of their history than their visit days give: those who
    visited from `date_from` to `date_to` (both None: every member). Read-only."""
    chosen = _EVERY_MEMBER if date_from is None else _MEMBERS_OF_DAYS
    with transaction.atomic(), connection.cursor() as cursor:
        params = None if date_from is None else {"date_from": date_from, "date_to": date_to or date_from}
        cursor.execute(_MEMBER_SUMMARY_COMPARED.format(chosen=chosen), params)
        found = [MemberSummaryDifference(*row) for row in cursor.fetchall()]
        cursor.execute(_VISIT_HISTORY_COMPARED.format(chosen=chosen), params)
        return found + [MemberSummaryDifference(*row) for row in cursor.fetchall()]


def member_summaries_refreshed(member_ids: list[int]) -> None:
    """The members' summaries recomputed from their visit days (the nightly check's fix)."""
    with transaction.atomic(), connection.cursor() as cursor:
        refresh_member_summaries(cursor, member_ids)


# Each store-day's month visitors against their count from the live visit days' history (both are
# derived: the visit days are compared with the orders on their own), in a range of days.
_MONTH_VISITORS_COMPARED = f"""
WITH kept AS (
    SELECT store_id, business_date, visitors, returning_visitors, store_visitors FROM {LIVE.month_visitors}
    WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
),
rebuilt (store_id, business_date, visitors, returning_visitors, store_visitors) AS ({
    MONTH_VISITORS_SQL.format(visits=LIVE.member_visit, days="v.business_date BETWEEN %(date_from)s AND %(date_to)s")
})
SELECT coalesce(k.store_id, r.store_id), coalesce(k.business_date, r.business_date),
    json_build_object('visitors', k.visitors, 'returning', k.returning_visitors, 'here', k.store_visitors)::text,
    json_build_object('visitors', r.visitors, 'returning', r.returning_visitors, 'here', r.store_visitors)::text
FROM kept k FULL JOIN rebuilt r ON r.store_id = k.store_id AND r.business_date = k.business_date
WHERE (k.visitors, k.returning_visitors, k.store_visitors)
    IS DISTINCT FROM (r.visitors, r.returning_visitors, r.store_visitors)
ORDER BY 1, 2
"""


def month_visitor_differences(date_from: date, date_to: date) -> list[SummaryDifference]:
    """The store-days of the range whose kept month visitors their visit days do not give (read-only)."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_MONTH_VISITORS_COMPARED, {"date_from": date_from, "date_to": date_to})
        return [
            SummaryDifference(store, day, str(LIVE.month_visitors), kept, recomputed)
            for store, day, kept, recomputed in cursor.fetchall()
        ]


def month_visitors_refreshed(pairs: list[tuple[int, date]]) -> None:
    """The store-days' month visitors recomputed from their visit days (the nightly check's fix)."""
    with transaction.atomic(), connection.cursor() as cursor:
        refresh_month_visitors(cursor, pairs)


def summary_differences() -> Iterator[Difference]:
    """The ledger audit of the summaries (manage.py audit_ledgers): every day of history, every
    member's visit summary, every store-day's month visitors and every store-month of commission."""
    today = timezone.localdate()
    store_days = summary_differences_between(HISTORY_START, today + timedelta(days=1))
    for found in [*store_days, *month_visitor_differences(HISTORY_START, today + timedelta(days=1))]:
        yield Difference(
            ledger="summaries",
            record=f"store {found.store_id} {found.business_date.isoformat()}",
            field=found.table,
            kept=found.kept,
            recomputed=found.recomputed,
        )
    for member in member_summary_differences():
        yield Difference(
            ledger="summaries",
            record=f"member {member.member_id}",
            field="reports_membervisitsummary",
            kept=member.kept,
            recomputed=member.recomputed,
        )
    for month in commission_month_differences():
        yield Difference(
            ledger="summaries",
            record=f"store {month.store_id} {month.month:%Y-%m}",
            field="reports_commissionmonthsummary",
            kept=month.kept,
            recomputed=month.recomputed,
        )
