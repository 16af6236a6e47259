"""Generates the reports benchmark's data set (issue 29 §6) on PostgreSQL: at scale 1, a year of a
chain of 500 generated stores (and the demo's two) with 1,000,000 members, 5,000,000 orders with
their cards, tenders, staff credits, the stock they sell and consume and their payment intents
(bench/sales_data.py), and the stock ledger topped up to 20,000,000 moves with the stock
benchmark's goods-in and goods-out rounds of its own products (bench/stock_data.py). A smaller
`scale` shrinks every count and the number of stores alike, so a store's month holds as much as at
scale 1 and only the chain's totals shrink.

The loads run with triggers off (bench/sales_data.py), so the summaries kept from the ledgers are
rebuilt from them at the end (`rebuild_summaries`)."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from apps.reports.summaries.commission_months import refresh_commission_months
from apps.reports.summaries.recompute import (
    LIVE,
    fact_days,
    rebuild_member_summaries,
    recompute,
    recompute_product_days,
)
from bench import sales_data, stock_data

MEMBERS = 1_000_000
STORES = 500
ORDERS = 5_000_000
CARDS = 1_500_000
STOCK_MOVES = 20_000_000
DAYS = 365
# The stock benchmark's rounds give a store and product 20 moves on average.
MOVES_PER_STORE_PRODUCT = 20


def _log(message: str) -> None:
    print(f"[reports --generate {time.strftime('%H:%M:%S')}] {message}", flush=True)


def _count(table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        return cursor.fetchone()[0]


def scaled(scale: float) -> dict[str, int]:
    return {
        "members": max(round(MEMBERS * scale), 200),
        "stores": max(round(STORES * scale), 2),
        "orders": max(round(ORDERS * scale), 500),
        "cards": max(round(CARDS * scale), 150),
        "stock_moves": max(round(STOCK_MOVES * scale), 2000),
    }


STORE_DAYS_ONLY = replace(LIVE, product_day=None)


def rebuild_summaries() -> dict[str, int]:
    """The summaries recomputed from the ledgers for every store and day that has facts (the load
    ran with the triggers off), and every member's visit summary from them. Each batch commits on its
    own: a 5-million-order year in one transaction ran out of PostgreSQL's lock table after 47
    minutes (max_locks_per_transaction); a rebuild stopped half way is run again whole."""
    with connection.cursor() as cursor:
        # From the first day with a fact: members joined before the first order (the members' history
        # is three years), and stock moved before either (the stock bench's history is 400 days, its
        # tiny run's on a database whose only members and orders are the demo's recent ones).
        cursor.execute(
            "SELECT least((SELECT min(business_date) FROM billing_order), "
            "(SELECT min((created_at AT TIME ZONE %(zone)s)::date) FROM members_member), "
            "(SELECT min((created_at AT TIME ZONE %(zone)s)::date) FROM inventory_stockmove))",
            {"zone": settings.TIME_ZONE},
        )
        first = cursor.fetchone()[0]
        today = timezone.localdate()
        pairs = fact_days(cursor, date_from=first or today, date_to=today + timedelta(days=1))
        # The chain's product-days once each, after the store-days (a batch of store-days would
        # recompute every day it touches whole, and the pairs come in no order).
        for start in range(0, len(pairs), 5000):
            with transaction.atomic():
                recompute(cursor, pairs[start : start + 5000], STORE_DAYS_ONLY, member_summaries=False)
        days = sorted({day for _store, day in pairs})
        for start in range(0, len(days), 31):
            with transaction.atomic():
                recompute_product_days(cursor, days[start : start + 31], str(LIVE.product_day))
        # Every member's visit summary once, from the visit days just written (not once a batch).
        with transaction.atomic():
            members = rebuild_member_summaries(cursor)
        # Every store-month of commission priced once, from the staff-kind-days just written.
        cursor.execute(
            "SELECT DISTINCT store_id, date_trunc('month', business_date::timestamp)::date "
            "FROM reports_staffkinddaysummary"
        )
        store_months = cursor.fetchall()
        for start in range(0, len(store_months), 500):
            with transaction.atomic():
                refresh_commission_months(store_months[start : start + 500])
        # What the queue's drain notes for "data as of": the stores' summaries are fresh now.
        with transaction.atomic():
            cursor.execute("DELETE FROM reports_dirtystoreday")
            cursor.execute(
                "INSERT INTO reports_summaryfreshness AS f (store_id, fresh_at) SELECT DISTINCT s, now() "
                "FROM unnest(%s::bigint[]) s ON CONFLICT (store_id) DO UPDATE SET fresh_at = EXCLUDED.fresh_at",
                [sorted({store for store, _day in pairs})],
            )
    return {"store_days": len(pairs), "member_summaries": members, "commission_months": len(store_months)}


def generate(*, scale: float, force: bool = False) -> dict[str, object]:
    counts = scaled(scale)
    figures: dict[str, object] = {"scale": scale, **{f"target_{k}": v for k, v in counts.items()}}
    started = time.perf_counter()
    _log(f"members and sales: {counts}")
    sales = sales_data.generate(
        force=force, cards=counts["cards"], orders=counts["orders"], members=counts["members"],
        stores=counts["stores"], days=DAYS,
    )  # fmt: skip
    figures["sales_s"] = round(time.perf_counter() - started, 1)
    figures.update({f"sales_{k}": v for k, v in sales.items()})
    moves = _count("inventory_stockmove")
    products = max(round((counts["stock_moves"] - moves) / (counts["stores"] * MOVES_PER_STORE_PRODUCT)), 0)
    stock_started = time.perf_counter()
    if products:
        _log(f"{moves} moves from the sales; topping up with {products} products × {counts['stores']} stores")
        stock = stock_data.generate(force=False, stores=counts["stores"], products=products)
        figures.update({f"stock_{k}": v for k, v in stock.items()})
    figures["stock_s"] = round(time.perf_counter() - stock_started, 1)
    _log("summaries rebuilt from the ledgers")
    rebuild_started = time.perf_counter()
    figures.update({f"summaries_{k}": v for k, v in rebuild_summaries().items()})
    figures["summaries_s"] = round(time.perf_counter() - rebuild_started, 1)
    with connection.cursor() as cursor:
        # The rebuild writes each visit day twice (its row, then its member's history): half the
        # table would be dead rows a chain's scan reads through, which the drain's row-by-row
        # updates never leave (autovacuum reuses their space).
        cursor.execute("VACUUM FULL reports_membervisitday")
        cursor.execute("VACUUM ANALYZE")
    for table in ("members_member", "billing_order", "billing_orderline", "inventory_stockmove", "cards_card"):
        figures[f"rows_{table}"] = _count(table)
    figures["total_s"] = round(time.perf_counter() - started, 1)
    _log(f"done in {figures['total_s']} s")
    return figures
