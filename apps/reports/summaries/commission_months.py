"""The Commission report's store-months, priced ahead (CommissionMonthSummary, docs/decisions/0048):
an open month from the staff-kind-day summary under the plan versions in force, a closed month from
its stored lines. The drain reprices every store-month whose day it recomputes, in the same
transaction (a plan version or a closing marks the months it changes: reports migration 0011); the
nightly check and the ledger audit reprice and compare."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import DEFAULT_DB_ALIAS, connections, router

from apps.commission.figures import KindSums, StaffFigure, month_bounds, month_figures, plan_books
from apps.commission.selectors import closed_figures, closed_months
from apps.reports.summaries.models import CommissionMonthSummary, StaffKindDaySummary

CENT = Decimal("0.01")
StoreMonth = tuple[int, date]
# A priced figure as stored and compared: employee, kind, version, base, sessions, month's total,
# tier from, rate, commission, clawback, net.
FigureRow = tuple[
    int, str, int | None, Decimal, Decimal, Decimal, Decimal | None, Decimal | None, Decimal, Decimal, Decimal
]


def staff_kind_sums(
    *,
    stores: Iterable[int],
    date_from: date,
    date_to: date,
    starts: Iterable[date],
    employee_id: int | None = None,
    using: str | None = None,
) -> list[KindSums]:
    """The staff credits of the range summed per store, month, employee, kind and position held,
    apart on either side of each day in `starts` (the days a plan version starts: commission's
    version in force is one between two of them), with the first day of each such span. One
    aggregate over the staff-kind-day summary."""
    bounds = sorted({date.min, *starts})
    employee = "AND employee_id = %(employee)s" if employee_id is not None else ""
    alias = using or router.db_for_read(StaffKindDaySummary) or DEFAULT_DB_ALIAS
    with connections[alias].cursor() as cursor:
        cursor.execute(
            f"""
            SELECT store_id, date_trunc('month', business_date::timestamp)::date AS month, employee_id, kind, position,
                min(business_date), sum(earned), sum(earned_sessions), sum(clawed_back), sum(clawed_back_sessions)
            FROM {StaffKindDaySummary._meta.db_table}
            WHERE store_id = ANY(%(stores)s) AND business_date BETWEEN %(date_from)s AND %(date_to)s {employee}
            GROUP BY store_id, month, employee_id, kind, position, width_bucket(business_date, %(bounds)s::date[])
            """,
            {
                "stores": list(stores),
                "date_from": date_from,
                "date_to": date_to,
                "employee": employee_id,
                "bounds": bounds,
            },
        )
        return [KindSums(*row) for row in cursor.fetchall()]


@dataclass(frozen=True)
class PricedMonth:
    closed: bool
    figures: list[StaffFigure]


def priced_store_months(
    store_months: Iterable[StoreMonth], *, using: str = DEFAULT_DB_ALIAS
) -> dict[StoreMonth, PricedMonth]:
    """Each store-month's figures: a closed month's summed from its stored lines, an open month's
    priced from its staff-kind-days (a store-month without any has none)."""
    wanted = set(store_months)
    if not wanted:
        return {}
    stores = {store for store, _month in wanted}
    months = sorted({month for _store, month in wanted})
    closed = closed_months(store_ids=stores, months=months) & wanted
    stored = closed_figures(store_ids={s for s, _m in closed}, months={m for _s, m in closed}, employee_id=None)
    priced = {pair: PricedMonth(True, stored.get(pair, [])) for pair in closed}
    open_pairs = wanted - closed
    if open_pairs:
        open_stores = {store for store, _month in open_pairs}
        end = month_bounds(max(month for _store, month in open_pairs))[1]
        books = plan_books(store_ids=open_stores, last=end)
        starts = {day for book in books.values() for day in book.starts()}
        sums = staff_kind_sums(
            stores=open_stores,
            date_from=min(month for _store, month in open_pairs),
            date_to=end,
            starts=starts,
            using=using,
        )
        computed = month_figures((s for s in sums if (s.store_id, s.month) in open_pairs), books)
        priced.update((pair, PricedMonth(False, computed.get(pair, []))) for pair in open_pairs)
    return priced


def _cents(value: Decimal | None) -> Decimal | None:
    return None if value is None else value.quantize(CENT)


def figure_row(figure: StaffFigure) -> FigureRow:
    return (
        figure.employee_id,
        figure.kind,
        figure.version.pk if figure.version else None,
        figure.base_amount.quantize(CENT),
        figure.sessions.quantize(CENT),
        figure.month_total.quantize(CENT),
        _cents(figure.tier_from),
        _cents(figure.rate),
        figure.commission.quantize(CENT),
        figure.clawback.quantize(CENT),
        figure.net.quantize(CENT),
    )


_FIGURE_FIELDS = (
    "employee_id",
    "kind",
    "version_id",
    "base_amount",
    "session_total",
    "month_total",
    "tier_from",
    "tier_rate",
    "commission_amount",
    "clawback_amount",
    "net_amount",
)


def store_months_of_days(days: Iterable[tuple[int, date]]) -> set[StoreMonth]:
    return {(store, day.replace(day=1)) for store, day in days}


def refresh_commission_months(store_months: Iterable[StoreMonth], *, using: str = DEFAULT_DB_ALIAS) -> None:
    """Replaces the store-months' rows by their pricing now, under each store-month's lock. Run it
    inside the transaction that wrote what they are priced from (the drain's)."""
    pairs = sorted(set(store_months))
    if not pairs:
        return
    with connections[using].cursor() as cursor:
        # Two drains of different days of one month take its lock in turn (sorted: in one order), so
        # the second prices after the first's commit, with its days, and replaces its rows.
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(%s::text[]) WITH ORDINALITY AS t(k, n) "
            "ORDER BY n",
            [[f"reports.commission_month:{store}:{month}" for store, month in pairs]],
        )
    priced = priced_store_months(pairs, using=using)
    with connections[using].cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {CommissionMonthSummary._meta.db_table} s "
            "USING unnest(%s::bigint[], %s::date[]) AS p(store_id, month) "
            "WHERE s.store_id = p.store_id AND s.month_start = p.month",
            [[store for store, _ in pairs], [month for _, month in pairs]],
        )
    CommissionMonthSummary.objects.using(using).bulk_create(
        CommissionMonthSummary(
            store_id=store_id,
            month_start=month,
            closed=found.closed,
            **dict(zip(_FIGURE_FIELDS, figure_row(f), strict=True)),
        )
        for (store_id, month), found in priced.items()
        for f in found.figures
    )


@dataclass(frozen=True)
class CommissionMonthDifference:
    store_id: int
    month: date
    kept: str
    recomputed: str


def _kept(pairs: set[StoreMonth]) -> dict[StoreMonth, list[tuple[object, ...]]]:
    kept: dict[StoreMonth, list[tuple[object, ...]]] = {}
    rows = CommissionMonthSummary.objects.filter(
        store_id__in={s for s, _m in pairs}, month_start__in={m for _s, m in pairs}
    ).values_list("store_id", "month_start", "closed", *_FIGURE_FIELDS)
    for store_id, month, *row in rows:
        if (store_id, month) in pairs:
            kept.setdefault((store_id, month), []).append(tuple(row))
    return kept


def _store_months_with_figures(months: list[date] | None) -> set[StoreMonth]:
    """The store-months (of `months`, or all) a row may belong to: with staff-kind-days, closed, or
    holding rows. The months bound each table's read (the nightly check's are the last few)."""
    first, last = (min(months), month_bounds(max(months))[1]) if months else (date.min, date.max)
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(
            """
            SELECT store_id, month FROM (
                SELECT DISTINCT store_id, date_trunc('month', business_date::timestamp)::date AS month
                FROM reports_staffkinddaysummary WHERE business_date BETWEEN %(first)s AND %(last)s
                UNION SELECT store_id, month FROM commission_commissionperiod
                    WHERE month BETWEEN %(first)s AND %(last)s
                UNION SELECT store_id, month_start FROM reports_commissionmonthsummary
                    WHERE month_start BETWEEN %(first)s AND %(last)s
            ) AS m
            WHERE %(months)s::date[] IS NULL OR month = ANY(%(months)s::date[])
            EXCEPT SELECT DISTINCT store_id, date_trunc('month', business_date::timestamp)::date
                FROM reports_dirtystoreday
            """,
            {"months": months, "first": first, "last": last},
        )
        return {(store, month) for store, month in cursor.fetchall()}


def commission_month_differences(months: list[date] | None = None) -> list[CommissionMonthDifference]:
    """The store-months (of `months`, or all) whose rows their pricing now does not give; a
    store-month with a day still waiting in the queue is not compared (it is about to be repriced).
    Read-only."""
    pairs = _store_months_with_figures(months)
    priced = priced_store_months(pairs)
    kept = _kept(pairs)
    found = []
    for pair in sorted(pairs):
        month = priced.get(pair)
        rebuilt = sorted(((month.closed, *figure_row(f)) for f in month.figures), key=str) if month else []
        held = sorted(kept.get(pair, []), key=str)
        if rebuilt != held:
            found.append(
                CommissionMonthDifference(
                    store_id=pair[0],
                    month=pair[1],
                    kept="; ".join(map(str, held)) or "-",
                    recomputed="; ".join(map(str, rebuilt)) or "-",
                )
            )
    return found
