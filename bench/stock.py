"""Stock at scale (issue 15 §3): generates 500 stores × 2,000 products and 20 million stock moves with
their balances (`--generate`), checks them with the inventory's part of `audit_ledgers` (`--audit`,
timed), and measures through gunicorn (`--measure`): a store's live stock (/systemStorage's first
page with its total, in its sort orders and filters) and a product's move history in the store, each
beside the raw SQL of the same work."""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.db import connection

from apps.accounts.testing import api_client
from apps.core.ledgers import ledger_audits
from apps.core.testing import raw_connection
from bench import reports_data, stock_data
from bench.live_server import add_server_arguments, get_envelope, gunicorn_env, server_figures, sign_in, start_gunicorn
from bench.members import ensure_database
from bench.raw_replay import beside, compare_get, entry_at, without_sql
from bench.stats import summary_ms

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_stock"
BENCH_REDIS_URL = "redis://127.0.0.1:6379/10"
# Issue 15 §3: p95 limits in ms through HTTP.
P95_TARGETS_MS = {"live_stock": 50, "move_history": 30}
REPLAYS = 50  # calls replayed in process for each HTTP figure's baseline


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        f"Environment: DEBUG=0 DATABASE_URL={BENCH_DATABASE_URL} REDIS_URL={BENCH_REDIS_URL} DB_CONN_MAX_AGE=600 "
        "(bench/__main__.py sets these when they are missing)."
    )
    parser.add_argument("--generate", action="store_true", help="create the data set (skipped when present)")
    parser.add_argument("--force", action="store_true", help="with --generate: truncate the stock tables first")
    parser.add_argument("--audit", action="store_true", help="the inventory's ledger audit over all of it, timed")
    parser.add_argument("--stores", type=int, default=stock_data.STORES)
    parser.add_argument("--products", type=int, default=stock_data.PRODUCTS)
    parser.add_argument("--measure", action="store_true", help="measure the calls through gunicorn")
    parser.add_argument("--requests", type=int, default=500, help="timed requests per scenario")
    add_server_arguments(parser, port=8769)


def audit() -> dict[str, float | int]:
    started = time.perf_counter()
    differences = sum(1 for _ in ledger_audits()["inventory"]())
    return {"inventory_differences": differences, "inventory_s": round(time.perf_counter() - started, 1)}


def run(args: argparse.Namespace) -> None:
    ensure_database()
    OUT.mkdir(exist_ok=True)
    if args.generate:
        generated = stock_data.generate(force=args.force, stores=args.stores, products=args.products)
        if not generated["skipped"]:
            # The load ran with the summary triggers off: the reports' summaries from the ledgers again.
            generated = {**generated, **reports_data.rebuild_summaries()}
        figures = {"benchmark": "stock-generate", **generated}
        if not figures["skipped"]:
            (OUT / "stock-generate.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
    if args.audit:
        figures = {"benchmark": "stock-audit", **audit()}
        (OUT / "stock-audit.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
    if args.measure:
        figures = measure(args)
        (OUT / "stock.json").write_text(json.dumps(figures, ensure_ascii=False) + "\n")
        print(json.dumps(figures, ensure_ascii=False))


def _timed_calls(call: Callable[[], Any], count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        call()
        samples.append(time.perf_counter() - started)
    return samples


# What a person does on /systemStorage: the first page in a sort order, sometimes with a filter.
LIVE_QUERIES: tuple[dict[str, str], ...] = (
    {},
    {"sort": "stock"},
    {"sort": "-stock"},
    {"sort": "name"},
    {"belowSafety": "true"},
    {"zeroOnly": "true"},
    {"search": "测试产品01"},
    {"useType": "professional"},
)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(15)
    with raw_connection() as raw, raw.cursor() as cursor:
        # The first generated store, where --generate made the demo principal (SY00002) work too.
        cursor.execute("SELECT id FROM org_orgunit WHERE code LIKE 'BENCH-S-%%' ORDER BY id LIMIT 1")
        (store_id,) = cursor.fetchone()
        cursor.execute("SELECT product_id FROM inventory_stockbalance WHERE store_id = %s", (store_id,))
        products = [row[0] for row in cursor.fetchall()]
    if len(products) < min(100, args.products):
        raise SystemExit(f"store {store_id} has {len(products)} products in stock: run --generate first")
    base = f"http://127.0.0.1:{args.port}"
    server = start_gunicorn(args.port, gunicorn_env(BENCH_REDIS_URL), workers=args.workers, threads=args.threads)
    results: dict[str, Any] = {}
    try:
        headers = _sign_in_at(base, store_id)
        totals = set()

        def live() -> None:
            query = {"pageNo": "1", "pageSize": "20", **rng.choice(LIVE_QUERIES)}
            totals.add(get_envelope(base, "/rest/stock/live", query, headers)["data"]["total"])

        def history() -> None:
            query = {"productId": str(rng.choice(products)), "pageNo": "1", "pageSize": "20"}
            get_envelope(base, "/rest/stock/moves", query, headers)

        _timed_calls(live, 20)  # warm-up
        _timed_calls(history, 20)
        results["live_stock"] = {**summary_ms(_timed_calls(live, args.requests)), "largest_total": max(totals)}
        results["move_history"] = summary_ms(_timed_calls(history, args.requests))
    finally:
        server.terminate()
        server.wait(timeout=30)
    results["sql"] = _raw_sql(store_id, products, args.requests, rng)
    # Beside each HTTP figure, the same calls in process with their statements replayed.
    client = api_client(entry=entry_at(store_id))
    replays = min(REPLAYS, args.requests)
    page = {"pageNo": "1", "pageSize": "20"}
    live_queries = [{**page, **LIVE_QUERIES[n % len(LIVE_QUERIES)]} for n in range(replays)]
    live = compare_get(client, "/rest/stock/live", live_queries)
    history = compare_get(
        client, "/rest/stock/moves", [{**page, "productId": str(rng.choice(products))} for _ in range(replays)]
    )
    results["live_stock"] = beside(results["live_stock"], live)
    results["move_history"] = beside(results["move_history"], history)
    results["in_process"] = {"live_stock": without_sql(live), "move_history": without_sql(history)}
    targets = {f"{name}_p95_le_{limit}ms": results[name]["p95_ms"] <= limit for name, limit in P95_TARGETS_MS.items()}
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE relname = 'inventory_stockmove'")
        (moves,) = cursor.fetchone()
    generation = OUT / "stock-generate.json"
    return {
        "benchmark": "stock",
        "postgres": connection.pg_version,
        "cpus": os.cpu_count(),
        **server_figures(args),
        "moves_estimate": moves,
        "store_products": len(products),
        "generation": json.loads(generation.read_text()) if generation.exists() else None,
        "results": results,
        "targets": targets,
        "all_pass": all(targets.values()),
    }


def _sign_in_at(base: str, store_id: int) -> dict[str, str]:
    """SY00002 acting in its role entry at the store."""
    return sign_in(base, "2", store_id)


def _raw_sql(store_id: int, products: list[int], count: int, rng: random.Random) -> dict[str, Any]:
    """The same reads in plain SQL on one persistent connection: the floor the calls stand on."""
    with raw_connection() as raw, raw.cursor() as cursor:

        def live() -> None:
            cursor.execute("SELECT count(*) FROM inventory_stockbalance WHERE store_id = %s", (store_id,))
            cursor.execute(
                "SELECT b.quantity, p.* FROM inventory_stockbalance b JOIN catalog_product p ON p.id = b.product_id "
                "WHERE b.store_id = %s ORDER BY p.code LIMIT 20",
                (store_id,),
            )
            cursor.fetchall()

        def history() -> None:
            product_id = rng.choice(products)
            where = "store_id = %s AND product_id = %s"
            cursor.execute(f"SELECT count(*) FROM inventory_stockmove WHERE {where}", (store_id, product_id))
            cursor.execute(
                f"SELECT * FROM inventory_stockmove WHERE {where} ORDER BY id DESC LIMIT 20", (store_id, product_id)
            )
            cursor.fetchall()

        return {
            "live_stock": summary_ms(_timed_calls(live, count)),
            "move_history": summary_ms(_timed_calls(history, count)),
        }
