"""Sales at scale (issue 13 §5): generates 5 million orders and 1.5 million cards over 502 stores
(`--generate`), checks that the generated ledgers add up (`--audit`: manage.py audit_ledgers over the
whole data set, timed)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from django.db import connection

from apps.core.ledgers import ledger_audits
from bench import members_data, sales_data
from bench.members import ensure_database

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_sales"
BENCH_REDIS_URL = "redis://127.0.0.1:6379/5"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        f"Environment: DEBUG=1 DATABASE_URL={BENCH_DATABASE_URL} REDIS_URL={BENCH_REDIS_URL} DB_CONN_MAX_AGE=600 "
        "(bench/__main__.py sets these when they are missing)."
    )
    parser.add_argument("--generate", action="store_true", help="create the data set (skipped when present)")
    parser.add_argument("--force", action="store_true", help="with --generate: truncate the sales tables first")
    parser.add_argument("--audit", action="store_true", help="recompute every balance from its ledger, timed")
    parser.add_argument("--cards", type=int, default=sales_data.CARDS)
    parser.add_argument("--orders", type=int, default=sales_data.ORDERS)
    parser.add_argument("--members", type=int, default=members_data.MEMBERS)
    parser.add_argument("--stores", type=int, default=members_data.STORES)


def audit() -> dict[str, float | int]:
    figures: dict[str, float | int] = {}
    for name, run_audit in ledger_audits().items():
        started = time.perf_counter()
        figures[f"{name}_differences"] = sum(1 for _ in run_audit())
        figures[f"{name}_s"] = round(time.perf_counter() - started, 1)
    return figures


def run(args: argparse.Namespace) -> None:
    if connection.vendor != "postgresql":
        raise SystemExit(f"the sales benchmark needs PostgreSQL: DATABASE_URL={BENCH_DATABASE_URL}")
    ensure_database()
    OUT.mkdir(exist_ok=True)
    if args.generate:
        generated = sales_data.generate(
            force=args.force, cards=args.cards, orders=args.orders, members=args.members, stores=args.stores
        )
        figures = {"benchmark": "sales-generate", **generated}
        if not figures["skipped"]:
            (OUT / "sales-generate.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
    if args.audit:
        figures = {"benchmark": "sales-audit", **audit()}
        (OUT / "sales-audit.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
