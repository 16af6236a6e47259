"""Group-buy write-off records at scale (issue 16 §3): generates a store with 200,000 write-off
records among 19 other stores' (`--generate`, bench/groupbuy_data.py) and measures through gunicorn
(`--measure`) the records list (/rest/groupPurchasing/records, the first page of 10 with its total)
filtered by phone, by the start of a real customer's phone and by a whole phone (p95 ≤ 30 ms), and
unfiltered, each beside the raw SQL of the same work."""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path
from typing import Any

from django.db import connection

from apps.accounts.testing import api_client
from apps.core.testing import raw_connection
from bench import groupbuy_data
from bench.live_server import add_server_arguments, get_envelope, gunicorn_env, server_figures, start_gunicorn
from bench.members import ensure_database
from bench.raw_replay import beside, compare_get, entry_at, without_sql
from bench.stats import summary_ms
from bench.stock import _sign_in_at, _timed_calls

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_groupbuy"
BENCH_REDIS_URL = "redis://127.0.0.1:6379/13"
# Issue 16 §3: the record list filtered by phone, p95 in ms through HTTP.
P95_TARGETS_MS = {"phone_prefix": 30, "phone_whole": 30}
REPLAYS = 50  # calls replayed in process for each HTTP figure's baseline
LISTED = ("pending", "done", "cancelling", "cancelled")  # apps.groupbuy.selectors.LISTED_STATUSES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        f"Environment: DEBUG=0 DATABASE_URL={BENCH_DATABASE_URL} REDIS_URL={BENCH_REDIS_URL} DB_CONN_MAX_AGE=600 "
        "(bench/__main__.py sets these when they are missing)."
    )
    parser.add_argument("--generate", action="store_true", help="create the data set (skipped when present)")
    parser.add_argument("--force", action="store_true", help="with --generate: truncate the records first")
    parser.add_argument("--stores", type=int, default=groupbuy_data.STORES)
    parser.add_argument("--members", type=int, default=groupbuy_data.MEMBERS, help="with --generate")
    parser.add_argument("--records", type=int, default=groupbuy_data.BIG_STORE_RECORDS, help="the big store's")
    parser.add_argument("--other-records", type=int, default=groupbuy_data.OTHER_STORE_RECORDS, help="each other's")
    parser.add_argument("--measure", action="store_true", help="measure the calls through gunicorn")
    parser.add_argument("--requests", type=int, default=500, help="timed requests per scenario")
    add_server_arguments(parser, port=8771)


def run(args: argparse.Namespace) -> None:
    ensure_database()
    OUT.mkdir(exist_ok=True)
    if args.generate:
        generated = groupbuy_data.generate(
            force=args.force, stores=args.stores, members=args.members, big_store_records=args.records,
            other_store_records=args.other_records,
        )  # fmt: skip
        figures = {"benchmark": "groupbuy-generate", **generated}
        if not figures["skipped"]:
            (OUT / "groupbuy-generate.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
    if args.measure:
        figures = measure(args)
        (OUT / "groupbuy.json").write_text(json.dumps(figures, ensure_ascii=False) + "\n")
        print(json.dumps(figures, ensure_ascii=False))


def _store_and_phones(least: int = 1000) -> tuple[int, list[str]]:
    """The big store (the first generated one, where SY00002 works) and its customers' phones."""
    with raw_connection() as raw, raw.cursor() as cursor:
        cursor.execute("SELECT id FROM org_orgunit WHERE code LIKE 'BENCH-S-%%' ORDER BY id LIMIT 1")
        (store_id,) = cursor.fetchone()
        cursor.execute(
            f"SELECT DISTINCT phone FROM {groupbuy_data.TABLE} WHERE store_id = %s AND area_code = '0086'",
            (store_id,),
        )
        phones = sorted(row[0] for row in cursor.fetchall())
    if len(phones) < least:
        raise SystemExit(f"store {store_id} has {len(phones)} customers' records: run --generate first")
    return store_id, phones


def _prefix(rng: random.Random, phones: list[str]) -> str:
    """The start of a real customer's phone as the desk types it: 4 to 10 digits."""
    return rng.choice(phones)[: rng.randint(4, 10)]


def measure(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(16)
    store_id, phones = _store_and_phones(min(1000, args.records // 4))
    base = f"http://127.0.0.1:{args.port}"
    server = start_gunicorn(args.port, gunicorn_env(BENCH_REDIS_URL), workers=args.workers, threads=args.threads)
    results: dict[str, Any] = {}
    try:
        headers = _sign_in_at(base, store_id)
        totals: dict[str, list[int]] = {"phone_prefix": [], "phone_whole": [], "unfiltered": []}

        def listed(name: str, phone: str | None) -> None:
            query = {"pageNo": "1", "pageSize": "10", "storeId": str(store_id)}
            if phone is not None:
                query["phone"] = phone
            totals[name].append(get_envelope(base, "/rest/groupPurchasing/records", query, headers)["data"]["total"])

        scenarios = {
            "phone_prefix": lambda: listed("phone_prefix", _prefix(rng, phones)),
            "phone_whole": lambda: listed("phone_whole", rng.choice(phones)),
            "unfiltered": lambda: listed("unfiltered", None),
        }
        for call in scenarios.values():
            _timed_calls(call, 20)  # warm-up
        for name, call in scenarios.items():
            totals[name].clear()
            samples = _timed_calls(call, args.requests)
            results[name] = {
                **summary_ms(samples),
                "median_total": sorted(totals[name])[len(totals[name]) // 2],
                "largest_total": max(totals[name]),
            }
    finally:
        server.terminate()
        server.wait(timeout=30)
    results["sql"] = _raw_sql(store_id, phones, args.requests, rng)
    # Beside each HTTP figure, the same calls in process with their statements replayed.
    client = api_client(entry=entry_at(store_id))
    replays = min(REPLAYS, args.requests)
    page = {"pageNo": "1", "pageSize": "10", "storeId": str(store_id)}
    inputs = {
        "phone_prefix": [{**page, "phone": _prefix(rng, phones)} for _ in range(replays)],
        "phone_whole": [{**page, "phone": rng.choice(phones)} for _ in range(replays)],
        "unfiltered": [page] * replays,
    }
    path = "/rest/groupPurchasing/records"
    in_process = {name: compare_get(client, path, queries) for name, queries in inputs.items()}
    for name, replayed in in_process.items():
        results[name] = beside(results[name], replayed)
    results["in_process"] = {name: without_sql(replayed) for name, replayed in in_process.items()}
    targets = {f"{name}_p95_le_{limit}ms": results[name]["p95_ms"] <= limit for name, limit in P95_TARGETS_MS.items()}
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {groupbuy_data.TABLE}")
        (records,) = cursor.fetchone()
        cursor.execute(f"SELECT count(*) FROM {groupbuy_data.TABLE} WHERE store_id = %s", [store_id])
        (store_records,) = cursor.fetchone()
    generation = OUT / "groupbuy-generate.json"
    return {
        "benchmark": "groupbuy",
        "postgres": connection.pg_version,
        "cpus": os.cpu_count(),
        **server_figures(args),
        "records": records,
        "store_records": store_records,
        "store_customers": len(phones),
        "generation": json.loads(generation.read_text()) if generation.exists() else None,
        "results": results,
        "targets": targets,
        "all_pass": all(targets.values()),
    }


def _raw_sql(store_id: int, phones: list[str], count: int, rng: random.Random) -> dict[str, Any]:
    """The same reads in plain SQL on one persistent connection: the floor the calls stand on."""
    where = f"w.store_id = %s AND w.status IN ({', '.join(repr(s) for s in LISTED)})"
    with raw_connection() as raw, raw.cursor() as cursor:

        def page(phone: str | None) -> None:
            condition, params = (
                (where, [store_id]) if phone is None else (f"{where} AND w.phone LIKE %s", [store_id, phone + "%"])
            )
            cursor.execute(f"SELECT count(*) FROM {groupbuy_data.TABLE} w WHERE {condition}", params)
            cursor.execute(
                f"SELECT w.*, p.*, o.* FROM {groupbuy_data.TABLE} w JOIN masterdata_platform p ON p.id = w.platform_id "
                f"LEFT JOIN billing_order o ON o.id = w.order_id WHERE {condition} ORDER BY w.id DESC LIMIT 10",
                params,
            )
            cursor.fetchall()

        return {
            "phone_prefix": summary_ms(_timed_calls(lambda: page(_prefix(rng, phones)), count)),
            "phone_whole": summary_ms(_timed_calls(lambda: page(rng.choice(phones)), count)),
            "unfiltered": summary_ms(_timed_calls(lambda: page(None), count)),
        }
