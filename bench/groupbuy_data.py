"""Generates the group-buy benchmark's data set on PostgreSQL (issue 16 §3): one store with 200,000
write-off records and 19 other stores of the chain with 10,000 each around it, written by
INSERT … SELECT over generate_series inside PostgreSQL (nothing crosses the wire), in one transaction.

The records are the app's own: the demo's fixed platforms (Meituan and Dianping most, then Douyin,
Kuaishou, Channels), a code unique per platform, the customer a generated member (`members_data`,
50,000 of them) with that member's area code and phone, so a phone has about four records at the big
store, as a regular customer has; what each bought, an operator, and the statuses of a real store
(92 % written off, 3 % cancelled, 4 % refused by the platform, 1 % pending; every 40th written-off
record names a deal and a price warning). Ids grow with time, a record every four minutes back from
now at the big store. No record is served: serving makes billing's orders, which this benchmark does
not measure (the list reads the order's number through a left join on the page's rows only).

The table's secondary indexes are dropped for the load and rebuilt after it (definitions read from
pg_indexes and replayed verbatim, so the app's migrations decide them); foreign-key triggers are off
for the load (session_replication_role), as the ids are taken from rows that exist."""

from __future__ import annotations

import time

from django.db import connection, transaction

from apps.groupbuy.models import WriteOff
from bench import members_data
from bench.stock_data import PRINCIPAL, grant_principal

STORES = 20
BIG_STORE_RECORDS = 200_000
OTHER_STORE_RECORDS = 10_000
MEMBERS = 50_000
TABLE = "groupbuy_writeoff"
# (platform id, its share of 100): spec §9's fixed platforms of the demo.
PLATFORM_WHEEL = "ARRAY[19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,21,13,13,13,13,13,13,13,13,13,13,13,13,13,13,13,13,13,13,13,13,14,14,14,14,14,14,14,14,14,14,15,15,15,15,15]"  # noqa: E501


def _log(message: str) -> None:
    print(f"[groupbuy --generate {time.strftime('%H:%M:%S')}] {message}", flush=True)


def _secondary_indexes() -> list[tuple[str, str]]:
    """(name, definition) of the table's indexes that back no constraint (the unique ones stay)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname "
            "WHERE i.tablename = %s AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)",
            [TABLE],
        )
        return cursor.fetchall()


def generated_count() -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {TABLE} WHERE request_id LIKE 'bench%%'")
        return cursor.fetchone()[0]


def _load_store(cursor: object, store_id: int, count: int, serial: int, operator: tuple[int, str]) -> int:
    """`count` records of the store; codes and request ids numbered from `serial`."""
    cursor.execute(  # type: ignore[attr-defined]
        f"INSERT INTO {TABLE} (platform_id, code, store_id, member_id, area_code, phone, from_reservation, "
        "commodity_type, commodity_id, commodity_name, unified_code, deal_id, deal_price, store_price, "
        "price_warning, frequency_count, frequency_confirmed_by, status, message, request_id, consumed, order_id, "
        "operator_id, operator_name, created_at, done_at, served_at, cancelled_at, cancel_reason, cancelled_by) "
        "SELECT r.platform_id, lpad((%(serial)s + g)::text, 12, '0'), %(store)s, m.id, m.area_code, m.phone, "
        "mod(g, 9) = 0, 'project', 1 + mod(g, 40), '头皮深层清洁护理', 'XM' || lpad(mod(g, 40)::text, 4, '0'), "
        "NULL, 99.00, 298.00, CASE WHEN mod(g, 40) = 0 THEN '团购价低于门店价的五折' ELSE '' END, mod(g, 4), '', "
        "r.status, CASE WHEN r.status = 'failed' THEN '券码已使用' ELSE '' END, "
        "'bench' || lpad((%(serial)s + g)::text, 12, '0'), "
        "CASE WHEN r.status IN ('done', 'cancelled') THEN jsonb_build_object('requestId', g) END, NULL, "
        "%(operator_id)s, %(operator_name)s, r.at, "
        "CASE WHEN r.status IN ('done', 'cancelled') THEN r.at + interval '2 seconds' END, NULL, "
        "CASE WHEN r.status = 'cancelled' THEN r.at + interval '1 hour' END, "
        "CASE WHEN r.status = 'cancelled' THEN '顾客退款' ELSE '' END, "
        "CASE WHEN r.status = 'cancelled' THEN %(operator_name)s ELSE '' END "
        "FROM generate_series(1, %(count)s) AS g "
        "CROSS JOIN LATERAL (SELECT (" + PLATFORM_WHEEL + ")[1 + mod(g::bigint * 37, 100)] AS platform_id, "
        "CASE WHEN mod(g, 100) < 92 THEN 'done' WHEN mod(g, 100) < 95 THEN 'cancelled' "
        "WHEN mod(g, 100) < 99 THEN 'failed' ELSE 'pending' END AS status, "
        "now() - (%(count)s - g) * interval '4 minutes' AS at) r "
        "JOIN bench_groupbuy_members m ON m.i = 1 + mod((g + %(serial)s)::bigint * 7919, "
        "(SELECT count(*) FROM bench_groupbuy_members)) "
        "ORDER BY g",
        {
            "serial": serial, "store": store_id, "count": count,
            "operator_id": operator[0], "operator_name": operator[1],
        },
    )  # fmt: skip
    return cursor.rowcount  # type: ignore[attr-defined]


def generate(
    *, force: bool, stores: int = STORES, members: int = MEMBERS, big_store_records: int = BIG_STORE_RECORDS,
    other_store_records: int = OTHER_STORE_RECORDS,
) -> dict[str, float | int]:  # fmt: skip
    """migrate + seed_demo + stores + members (members_data) + the records; returns timings.
    Skips when the records are there."""
    started = time.perf_counter()
    members_data.generate(force=False, members=members, stores=stores)
    store_ids = list(
        members_data.OrgUnit.objects.filter(code__startswith=members_data.STORE_CODE_PREFIX)
        .order_by("id")
        .values_list("pk", flat=True)
    )[:stores]
    grant_principal(store_ids[0])
    existing = generated_count()
    if existing and not force:
        _log(f"{existing} bench records already there; skipping (use --force to regenerate)")
        return {"skipped": 1, "records": existing, "stores": len(store_ids)}
    if force:
        _log(f"truncating {TABLE}")
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {TABLE} RESTART IDENTITY CASCADE")
    indexes = _secondary_indexes()
    missing = {index.name for index in WriteOff._meta.indexes} - {name for name, _definition in indexes}
    if missing:
        raise SystemExit(f"{TABLE} lacks {sorted(missing)}: rebuild them (an interrupted load?)")
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, login_name FROM accounts_user WHERE login_name = %s", [PRINCIPAL])
        operator = cursor.fetchone()
    load_started = time.perf_counter()
    records = 0
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(
            "CREATE TEMP TABLE bench_groupbuy_members ON COMMIT DROP AS "
            "SELECT row_number() OVER (ORDER BY id) AS i, id, area_code, phone FROM members_member "
            "WHERE phone <> '' ORDER BY id DESC LIMIT %s",
            [members],
        )
        cursor.execute("CREATE INDEX ON bench_groupbuy_members (i)")
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")
        cursor.execute("SET LOCAL session_replication_role = replica")
        # The other stores first, so the big store's records are the newest ids, as a busy store's are.
        serial = 0
        for store_id in [*store_ids[1:], store_ids[0]]:
            count = big_store_records if store_id == store_ids[0] else other_store_records
            records += _load_store(cursor, store_id, count, serial, operator)
            serial += count
            _log(f"store {store_id}: {records} records")
        cursor.execute("SET LOCAL session_replication_role = origin")
        index_started = time.perf_counter()
        cursor.execute("SET LOCAL maintenance_work_mem = '1GB'")
        for name, definition in indexes:
            _log(f"building {name}")
            cursor.execute(definition)
    index_seconds = time.perf_counter() - index_started
    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM ANALYZE {TABLE}")  # the visibility map: counts read the index alone
    total = time.perf_counter() - started
    _log(f"done: {records} records in {total:.1f} s")
    return {
        "skipped": 0,
        "records": records,
        "big_store_records": big_store_records,
        "stores": len(store_ids),
        "load_s": round(index_started - load_started, 1),
        "index_build_s": round(index_seconds, 1),
        "total_s": round(total, 1),
    }
