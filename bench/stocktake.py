"""A stocktake of 2,000 lines (issue 15 §3): the freeze, the count of every line (each with a
difference), and the owner's approval, which turns the 2,000 differences into 2,000 stock moves in
one transaction; the approval ≤ 2 s.

Uses a store of the configured database that holds at least `--lines` products (the big inventory
bench database's, when DATABASE_URL names it); otherwise creates a store with that many stocked
products. Each run's stocktake stays approved (its moves are real ones: ±1 per product)."""

from __future__ import annotations

import argparse
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.db.models import Count, Q

from apps.catalog.choices import CategoryKind
from apps.catalog.models import Category, Product
from apps.core.audit import Actor
from apps.inventory.choices import MoveKind
from apps.inventory.models import STOCKTAKE_OPEN, StockBalance, Stocktake
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.stocktakes import (
    CountInput,
    stocktake_approve,
    stocktake_cancel,
    stocktake_count,
    stocktake_create,
    stocktake_submit,
)
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit
from bench.members import ensure_database
from bench.raw_replay import one_call, with_baseline

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_stocktake"
APPROVE_TARGET_MS = 2000
BENCH_STORE = "S-BENCH-STOCKTAKE"
ACTOR = Actor(login_name="bench")
COUNT_BATCH = 500


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = f"Environment: DEBUG=0 DATABASE_URL={BENCH_DATABASE_URL} (bench/__main__.py sets it when missing)."
    parser.add_argument("--lines", type=int, default=2000, help="stocked products counted")
    parser.add_argument("--runs", type=int, default=3, help="timed stocktakes (each approved)")


def _store_with_stock(lines: int) -> OrgUnit | None:
    held = (
        StockBalance.objects.filter(quantity__gt=0)
        .values("store_id")
        .annotate(products=Count("id"))
        .filter(products__gte=lines)
        .order_by("store_id")
        .values_list("store_id", flat=True)[:1]
    )
    return OrgUnit.objects.filter(pk__in=list(held)).first()


def _bench_store(lines: int) -> OrgUnit:
    parent = OrgUnit.objects.filter(kind=OrgUnitKind.REGION).first()
    store, _ = OrgUnit.objects.get_or_create(
        code=BENCH_STORE, defaults={"kind": OrgUnitKind.STORE, "name": "盘点压测店", "parent": parent}
    )
    category, _ = Category.objects.get_or_create(kind=CategoryKind.PRODUCT, name="盘点压测")
    have = Product.objects.filter(code__startswith="BST").count()
    Product.objects.bulk_create(
        [
            Product(
                code=f"BST{n:06d}", name=f"盘点压测产品{n}", price=Decimal("100"), cost=Decimal("30"), category=category
            )
            for n in range(have, lines)
        ],
        batch_size=1000,
    )
    products = list(Product.objects.filter(code__startswith="BST").order_by("code").values_list("pk", flat=True))
    record_moves(
        actor=ACTOR,
        store=store,
        kind=MoveKind.RECEIPT,
        document_kind="bench",
        document_id=0,
        lines=[MoveLine(pk, Decimal("50")) for pk in products[:lines]],
    )
    return store


def _one_run(store: OrgUnit) -> dict[str, Any]:
    """One stocktake: the freeze, the counts and the approval, each captured (rolled back) and
    replayed in a transaction rolled back over plain psycopg before it runs for real, timed."""
    for open_one in Stocktake.objects.filter(store=store, status__in=STOCKTAKE_OPEN):
        stocktake_cancel(actor=ACTOR, store=store, stocktake_id=open_one.pk)
    stocktake, freeze, freeze_sql, _n = one_call(lambda: stocktake_create(actor=ACTOR, store=store), write=True)
    lines = list(stocktake.lines.order_by("id").values_list("product_id", "snapshot", "use_per_unit"))
    counts = [
        # every line differs: one more or one fewer than frozen, never below 0
        CountInput(product_id, snapshot / per_unit + (1 if index % 2 or snapshot / per_unit < 1 else -1))
        for index, (product_id, snapshot, per_unit) in enumerate(lines)
    ]
    count = 0.0
    count_sql: float | str = 0.0
    for start in range(0, len(counts), COUNT_BATCH):
        batch = counts[start : start + COUNT_BATCH]
        _done, seconds, replayed, _n = one_call(
            lambda batch=batch: stocktake_count(actor=ACTOR, store=store, stocktake_id=stocktake.pk, counts=batch),
            write=True,
        )
        count += seconds
        count_sql = replayed if isinstance(replayed, str) or isinstance(count_sql, str) else count_sql + replayed
    stocktake_submit(actor=ACTOR, store=store, stocktake_id=stocktake.pk)
    _done, approve, approve_sql, queries = one_call(
        lambda: stocktake_approve(actor=ACTOR, store=store, stocktake_id=stocktake.pk), write=True
    )
    differing = stocktake.lines.filter(~Q(difference=0)).count()
    return {"freeze": freeze, "count": count, "approve": approve, "queries": queries, "lines": differing,
            "freeze_sql": freeze_sql, "count_sql": count_sql, "approve_sql": approve_sql}  # fmt: skip


def run(args: argparse.Namespace) -> None:
    ensure_database()
    call_command("migrate", verbosity=0)
    if not OrgUnit.objects.filter(kind=OrgUnitKind.REGION).exists():
        call_command("seed_demo", verbosity=0)
    store = _store_with_stock(args.lines) or _bench_store(args.lines)
    OUT.mkdir(exist_ok=True)
    results = [_one_run(store) for _ in range(args.runs)]
    approve = with_baseline([r["approve"] for r in results], [r["approve_sql"] for r in results], write=True)
    out = {
        "benchmark": "stocktake",
        "store": store.code,
        "lines": results[0]["lines"],
        "runs": args.runs,
        "freeze_ms": with_baseline([r["freeze"] for r in results], [r["freeze_sql"] for r in results], write=True),
        "count_all_ms": with_baseline([r["count"] for r in results], [r["count_sql"] for r in results], write=True),
        "approve_ms": approve,
        "approve_queries": results[0]["queries"],
        "approve_target_ms": APPROVE_TARGET_MS,
        "within_target": approve["max_ms"] <= APPROVE_TARGET_MS,
    }
    (OUT / "stocktake.json").write_text(json.dumps(out) + "\n")
    print(json.dumps(out))
