"""Generates the stock benchmark's data set on PostgreSQL (issue 15 §3): 500 stores × 2,000
products, about 20 million stock moves with their documents and the balance row of every store and
product, written by INSERT … SELECT over generate_series inside PostgreSQL (nothing crosses the
wire), in one transaction.

The data is consistent, not only large. A product's stock in a store after its n-th move is a
closed formula, A(n) = base + 40·(n mod 2) + ((s + p + n) mod 7) with A(0) = 0, so every move's
quantity is A(n) − A(n−1) (never 0: ±40 and a step of +1 or −6) and its `quantity_after` is A(n); the
balance row holds A(N) for the product's last move N. Move ids grow with n across every store and
product (round n of the whole chain, then round n + 1), so the ledger is interleaved in time as a
real one is and `manage.py audit_ledgers` finds 0 differences. Moves point at stock documents, one
goods-in and one goods-out document per store and round.

The ledger's secondary indexes are dropped for the load and rebuilt after it (definitions read from
pg_indexes and replayed verbatim); foreign-key triggers are off for the load
(session_replication_role), as the ids are taken from the rows that exist."""

from __future__ import annotations

import time
from decimal import Decimal

from django.core.management import call_command
from django.db import connection, transaction

from apps.accounts.models import UserRole
from apps.accounts.services import user_role_grant
from apps.catalog.choices import CategoryKind, UseType
from apps.catalog.models import Category, Product
from apps.core.audit import SYSTEM_ACTOR
from apps.inventory.models import StockMove
from apps.org.models import OrgUnit
from bench import members_data

STORES = 500
PRODUCTS = 2_000
# Moves per store and product: 1 to 39, 20 on average, so 500 × 2,000 × 20 = 20 million.
MAX_ROUNDS = 39
PRODUCT_CODE_PREFIX = "BENCH-P-"
PRINCIPAL = "SY00002"
# Stores loaded per transaction (progress is logged per slice).
SLICE = 50
HISTORY_DAYS = 400
# The ledger's tables, emptied by --force.
STOCK_TABLES = (
    "inventory_stockmove",
    "inventory_stockbalance",
    "inventory_stockdocumentline",
    "inventory_stockdocument",
)


def _log(message: str) -> None:
    print(f"[stock --generate {time.strftime('%H:%M:%S')}] {message}", flush=True)


def ensure_products(count: int) -> list[int]:
    """`BENCH-P-nnnn` products in four categories; every fourth one is a 500 ml bottle used by the
    millilitre, the others are used whole. Safety stock by default 0 to 9."""
    categories = []
    for name in ("测试洗护", "测试头皮", "测试美容", "测试工具"):
        category, _created = Category.objects.get_or_create(kind=CategoryKind.PRODUCT, name=name)
        categories.append(category)
    existing = set(Product.objects.filter(code__startswith=PRODUCT_CODE_PREFIX).values_list("code", flat=True))
    brands = ("青丝", "澜泉", "OLA", "Kerastase", "Aveda")
    Product.objects.bulk_create(
        [
            Product(
                code=f"{PRODUCT_CODE_PREFIX}{n:05d}",
                name=f"测试产品{n:05d}",
                price=Decimal(50 + n % 400),
                cost=Decimal(20 + n % 150),
                brand=brands[n % len(brands)],
                category=categories[n % len(categories)],
                barcode=f"69{n:011d}",
                use_type=UseType.PROFESSIONAL if n % 3 == 0 else UseType.RETAIL,
                unit="瓶",
                use_unit="ml" if n % 4 == 0 else "",
                use_per_unit=Decimal(500) if n % 4 == 0 else Decimal(1),
                default_safety_stock=n % 10,
            )
            for n in range(1, count + 1)
            if f"{PRODUCT_CODE_PREFIX}{n:05d}" not in existing
        ]
    )
    return list(
        Product.objects.filter(code__startswith=PRODUCT_CODE_PREFIX)
        .order_by("code")
        .values_list("pk", flat=True)[:count]
    )


def grant_principal(store_id: int) -> None:
    """The demo principal (SY00002) also works in the first generated store: --measure signs in there."""
    entry = UserRole.objects.filter(user__login_name=PRINCIPAL).select_related("role", "user").order_by("id").first()
    if entry is None:
        raise SystemExit(f"{PRINCIPAL} is missing: seed_demo did not run")
    user_role_grant(actor=SYSTEM_ACTOR, user=entry.user, role=entry.role, hier=OrgUnit.objects.get(pk=store_id))


def _secondary_indexes(table: str) -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname "
            "WHERE i.tablename = %s AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)",
            [table],
        )
        return cursor.fetchall()


def generated_count() -> int:
    """The generated moves (their documents are by "bench"); 0 when there are none."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM inventory_stockdocument WHERE created_by_name = 'bench')")
        if not cursor.fetchone()[0]:
            return 0
        cursor.execute("SELECT count(*) FROM inventory_stockmove")
        return cursor.fetchone()[0]


def _max_id(table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT coalesce(max(id), 0) FROM {table}")
        return cursor.fetchone()[0]


# The formula of the module's docstring, in SQL over s (store index), p (product index), n (round).
_AFTER = "(10 + mod(({s}) * 3 + ({p}), 50) + 40 * mod({n}, 2) + mod(({s}) + ({p}) + ({n}), 7))"
_ROUNDS = f"(1 + mod(s.i * 7 + p.i * 13, {MAX_ROUNDS}))"


def _after(n: str) -> str:
    return _AFTER.format(s="s.i", p="p.i", n=n)


def _load_slice(cursor: object, first: int, last: int, store_ids: list[int], product_ids: list[int], base: dict) -> int:
    """Documents, moves and balances of stores [first, last) (indexes into store_ids)."""
    stores = store_ids[first:last]
    # Two documents per store and round: goods in (even id offset) and goods out (odd).
    cursor.execute(  # type: ignore[attr-defined]
        "INSERT INTO inventory_stockdocument (id, store_id, number, kind, type, status, supplier, source_id, "
        "remark, created_by_id, created_by_name, created_at, received_by_name, received_at, other_store_id) "
        "SELECT d.id, s.id, (CASE WHEN d.outward = 0 THEN 'RK' ELSE 'CK' END) || to_char(d.at, 'YYYYMMDD') "
        "|| lpad(d.id::text, 8, '0'), "
        "CASE WHEN d.outward = 0 THEN 'receipt' ELSE 'outbound' END, "
        "CASE WHEN d.outward = 0 THEN 'head_office' ELSE 'store_use' END, 'done', '', NULL, 'bench', NULL, "
        "'bench', d.at, '', NULL, NULL "
        "FROM unnest(%(stores)s::bigint[]) WITH ORDINALITY AS s(id, i0), generate_series(1, %(rounds)s) AS n, "
        "LATERAL (SELECT %(doc_base)s + (((s.i0 - 1 + %(first)s) * %(rounds)s + n - 1) * 2) + o AS id, o AS outward, "
        "%(start)s::timestamptz + (n * %(days)s / %(rounds)s) * interval '1 day' AS at "
        "FROM generate_series(0, 1) AS o) d",
        {
            "stores": stores, "rounds": MAX_ROUNDS, "doc_base": base["document"], "first": first,
            "start": base["start"], "days": HISTORY_DAYS,
        },
    )  # fmt: skip
    cursor.execute(  # type: ignore[attr-defined]
        "INSERT INTO inventory_stockmove (id, store_id, product_id, kind, quantity, quantity_after, unit_cost, "
        "document_kind, document_id, batch_no, expiry_date, other_store_id, remark, operator_id, operator_name, "
        "created_at) "
        "SELECT m.id, s.id, p.id, CASE WHEN m.q > 0 THEN 'receipt' ELSE 'store_use' END, m.q, m.a, pr.cost, "
        "'document', %(doc_base)s + ((s.i * %(rounds)s + n - 1) * 2) + (CASE WHEN m.q > 0 THEN 0 ELSE 1 END), "
        "'', NULL, NULL, '', NULL, 'bench', "
        "%(start)s::timestamptz + (n * %(days)s / %(rounds)s) * interval '1 day' + s.i * interval '1 second' "
        "+ p.i * interval '1 millisecond' "
        "FROM (SELECT id, i0 - 1 + %(first)s AS i FROM unnest(%(stores)s::bigint[]) WITH ORDINALITY AS x(id, i0)) s "
        "CROSS JOIN (SELECT id, i0 - 1 AS i FROM unnest(%(products)s::bigint[]) WITH ORDINALITY AS y(id, i0)) p "
        "JOIN catalog_product pr ON pr.id = p.id "
        f"CROSS JOIN LATERAL generate_series(1, {_ROUNDS}) AS n "
        "CROSS JOIN LATERAL (SELECT %(move_base)s + (n - 1)::bigint * %(cells)s + s.i * %(products_n)s + p.i AS id, "
        f"{_after('n')} - CASE WHEN n = 1 THEN 0 ELSE {_after('n - 1')} END AS q, {_after('n')} AS a) m",
        {
            "stores": stores, "products": product_ids, "rounds": MAX_ROUNDS, "doc_base": base["document"],
            "first": first, "start": base["start"], "days": HISTORY_DAYS, "move_base": base["move"],
            "cells": len(store_ids) * len(product_ids), "products_n": len(product_ids),
        },
    )  # fmt: skip
    moves = cursor.rowcount  # type: ignore[attr-defined]
    cursor.execute(  # type: ignore[attr-defined]
        "INSERT INTO inventory_stockbalance (store_id, product_id, quantity, updated_at) "
        f"SELECT s.id, p.id, {_AFTER.format(s='s.i', p='p.i', n=_ROUNDS)}, now() "
        "FROM (SELECT id, i0 - 1 + %(first)s AS i FROM unnest(%(stores)s::bigint[]) WITH ORDINALITY AS x(id, i0)) s "
        "CROSS JOIN (SELECT id, i0 - 1 AS i FROM unnest(%(products)s::bigint[]) WITH ORDINALITY AS y(id, i0)) p",
        {"stores": stores, "products": product_ids, "first": first},
    )
    return moves


def generate(*, force: bool, stores: int = STORES, products: int = PRODUCTS) -> dict[str, float | int]:
    """migrate + seed_demo + stores + products + the ledger; returns timings. Skips when present."""
    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    members_data.seed_once()
    members_data.ensure_stores(stores)
    # The generated stores only: the demo stores keep their opening stock of every product.
    store_ids = list(
        OrgUnit.objects.filter(code__startswith=members_data.STORE_CODE_PREFIX)
        .order_by("id")
        .values_list("pk", flat=True)
    )[:stores]
    grant_principal(store_ids[0])
    product_ids = ensure_products(products)
    existing = generated_count()
    if existing and not force:
        _log(f"{existing} bench moves already there; skipping (use --force to regenerate)")
        return {"skipped": 1, "moves": existing, "stores": len(store_ids), "products": len(product_ids)}
    if force:
        _log(f"truncating {', '.join(STOCK_TABLES)}")
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {', '.join(STOCK_TABLES)} RESTART IDENTITY CASCADE")
    with connection.cursor() as cursor:
        cursor.execute("SELECT now() - %s * interval '1 day'", [HISTORY_DAYS])
        start = cursor.fetchone()[0]
    base = {
        "document": _max_id("inventory_stockdocument") + 1,
        "move": _max_id("inventory_stockmove") + 1,
        "start": start,
    }
    indexes = _secondary_indexes("inventory_stockmove")
    missing = {index.name for index in StockMove._meta.indexes} - {name for name, _definition in indexes}
    if missing:
        raise SystemExit(f"inventory_stockmove lacks {sorted(missing)}: rebuild them (an interrupted load?)")
    load_started = time.perf_counter()
    moves = 0
    # One transaction: an interrupted load rolls back, dropped indexes included.
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")
        # The ids come from rows that exist: the foreign-key triggers are off for the load.
        cursor.execute("SET LOCAL session_replication_role = replica")
        for first in range(0, len(store_ids), SLICE):
            moves += _load_slice(cursor, first, min(first + SLICE, len(store_ids)), store_ids, product_ids, base)
            _log(f"stores {first + 1}–{min(first + SLICE, len(store_ids))}: {moves} moves")
        cursor.execute("SET LOCAL session_replication_role = origin")
        index_started = time.perf_counter()
        cursor.execute("SET LOCAL maintenance_work_mem = '1GB'")
        for name, definition in indexes:
            _log(f"building {name}")
            cursor.execute(definition)
        for table in ("inventory_stockmove", "inventory_stockdocument"):
            cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
    index_seconds = time.perf_counter() - index_started
    with connection.cursor() as cursor:
        for table in ("inventory_stockmove", "inventory_stockbalance", "inventory_stockdocument", "catalog_product"):
            cursor.execute(f"ANALYZE {table}")
    total = time.perf_counter() - started
    _log(f"done: {moves} moves in {total:.1f} s")
    return {
        "skipped": 0,
        "moves": moves,
        "stores": len(store_ids),
        "products": len(product_ids),
        "load_s": round(index_started - load_started, 1),
        "index_build_s": round(index_seconds, 1),
        "total_s": round(total, 1),
    }
