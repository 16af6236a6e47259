"""Reservations at scale (issue 6, "4. Scale"): `--generate` loads a year of reservations for 500
stores (about five million, COPY into PostgreSQL) plus a busy store-day at the demo store; the run
measures through gunicorn the board of that day, the history filtered by phone and booking
throughput under 8 concurrent clients, then checks in SQL that nothing was double or lost booked."""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.models import UserRole
from apps.accounts.testing import api_client
from apps.booking.choices import ACTIVE_STATUSES, BOOKABLE_POSITIONS, CancelReason, ReservationStatus
from apps.booking.models import Reservation, ReservationProject
from apps.catalog.selectors import project_search
from apps.core.testing import raw_connection
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeePosition, EmployeeStatus
from apps.staff.models import Employee
from bench import members_data
from bench.live_server import (
    add_server_arguments,
    get_envelope,
    gunicorn_env,
    post_json,
    server_figures,
    sign_in,
    start_gunicorn,
)
from bench.members import ensure_database
from bench.raw_replay import beside, compare_get, not_applicable
from bench.stats import summary_ms

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_booking"
BENCH_REDIS_URL = "redis://127.0.0.1:6379/4"
DEMO_REGION = "R-EAST"
BUSY_STORE = "S-SH-001"
STORE_CODE_PREFIX = "BOOK-S-"
STORES = 500
NURSES_PER_STORE = 10
BUSY_NURSES = 40
BUSY_DAY_RESERVATIONS = 400
DAYS_PAST, DAYS_AHEAD = 334, 30  # a year: eleven months of history and the month already booked
PHONES_PER_STORE = 800  # a store's regulars: ~12 visits a year each, so history by phone finds several
BATCH_RESERVATIONS = 200_000
SEED = 20261123
GENERATED_AT_LEAST = 4_000_000  # below this the data set is taken as missing
OPEN_MINUTE, CLOSE_MINUTE = 10 * 60, 22 * 60
# Durations in quarter hours (30-120 minutes), weighted like a care salon's day.
DURATIONS = ((2, 15), (3, 15), (4, 30), (6, 25), (8, 15))
SOURCES = (("phone", 35), ("walkIn", 20), ("wecom", 15), ("miniProgram", 15), ("meituan", 8),
           ("dianping", 5), ("other", 2))  # fmt: skip
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩邓冯曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红娥玲芬燕彩春菊兰凤洁梅琳素云莲真环雪荣爱妹霞香月莺媛"
RESERVATION_COLUMNS = (
    "id", "store_id", "name", "area_code", "phone", "nurse_id", "start", "\"end\"", "source", "remark", "status",
    "cancel_reason", "cancel_remark", "forced", "created_at", "updated_at", "billed_order_no",
)  # fmt: skip
LINE_COLUMNS = ("reservation_id", "project_id", "name", "minutes")
TABLES = ("booking_reservation", "booking_reservationproject")
NO_OVERLAP = "reservation_nurse_no_overlap"

# Issue 6, "4. Scale".
BOARD_MAX_QUERIES = 8
BOARD_P95_MS = 100
PHONE_P95_MS = 50
WARM_UP = 30
REPLAYS = 50  # calls replayed in process for each read's HTTP figure
THROUGHPUT_CLIENTS = 8
THROUGHPUT_FIRST_DAY, THROUGHPUT_DAYS = 15, 7  # beyond the demo rota (two weeks), so no nurse is off duty
THROUGHPUT_REMARK = "bench-throughput"
# Walk-in bookings: project ids by code, so the draft's minutes come from the projects (60-90).
THROUGHPUT_PROJECTS = (("X0002",), ("X0005",), ("X0006",), ("X0001", "X0002"), ("X0003",))
INDEX_USED = re.compile(r"(?:Index Scan|Index Only Scan)(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        f"Environment: DEBUG=0 DATABASE_URL={BENCH_DATABASE_URL} REDIS_URL={BENCH_REDIS_URL} DB_CONN_MAX_AGE=600 "
        "(bench/__main__.py sets these when they are missing)."
    )
    parser.add_argument("--generate", action="store_true", help="create the data set (skipped when present)")
    parser.add_argument("--force", action="store_true", help="with --generate: truncate the booking tables first")
    parser.add_argument("--stores", type=int, default=STORES)
    parser.add_argument("--days-past", type=int, default=DAYS_PAST, help="with --generate: days of history")
    parser.add_argument(
        "--at-least", type=int, default=GENERATED_AT_LEAST, help="reservations below which the data is taken as missing"
    )
    parser.add_argument("--requests", type=int, default=1000, help="timed requests per read scenario")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the booking throughput run")
    add_server_arguments(parser, port=8767)


def run(args: argparse.Namespace) -> None:
    ensure_database()
    OUT.mkdir(exist_ok=True)
    if args.generate:
        figures = {
            "benchmark": "booking-generate",
            **generate(force=args.force, stores=args.stores, days_past=args.days_past, at_least=args.at_least),
        }
        if not figures["skipped"]:
            (OUT / "booking-generate.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
        return
    figures = benchmark(args)
    line = json.dumps(figures, ensure_ascii=False, default=str)
    (OUT / "booking.json").write_text(line + "\n")
    print(line)


def _log(message: str) -> None:
    print(f"[booking {time.strftime('%H:%M:%S')}] {message}", flush=True)


# --- generation: stores and staff -----------------------------------------------------------------


def _person_name(index: int) -> str:
    # Deterministic from the index: one phone is always the same customer.
    given = GIVEN[index // len(SURNAMES) % len(GIVEN)]
    second = GIVEN[index // (len(SURNAMES) * len(GIVEN)) % len(GIVEN)] if index % 3 else ""
    return SURNAMES[index % len(SURNAMES)] + given + second


def ensure_stores(count: int) -> list[OrgUnit]:
    """The `BOOK-S-nnnn` stores, created through OrgUnit.save, which maintains the materialised path."""
    region = OrgUnit.objects.get(code=DEMO_REGION)
    existing = set(OrgUnit.objects.filter(code__startswith=STORE_CODE_PREFIX).values_list("code", flat=True))
    with transaction.atomic():
        for n in range(1, count + 1):
            code = f"{STORE_CODE_PREFIX}{n:04d}"
            if code not in existing:
                OrgUnit(
                    kind=OrgUnitKind.STORE, code=code, name=f"青丝养护预约测试{n:03d}店", parent=region,
                    open_time=datetime.min.time().replace(hour=10), close_time=datetime.min.time().replace(hour=22),
                ).save()  # fmt: skip
    stores = list(OrgUnit.objects.filter(code__startswith=STORE_CODE_PREFIX).order_by("code")[:count])
    wrong = [s.code for s in stores if not s.path.startswith(region.path) or not s.path.endswith(f"/{s.pk}/")]
    assert not wrong, f"stores with a wrong materialised path: {wrong[:5]}"
    return stores


def ensure_nurses(store: OrgUnit, wanted: int, phone_prefix: str) -> list[int]:
    """Tops the store's bookable staff up to `wanted` active nurses; returns their ids."""
    current = list(
        Employee.objects.filter(store=store, status=EmployeeStatus.ACTIVE, position__in=BOOKABLE_POSITIONS)
        .order_by("id")
        .values_list("id", flat=True)
    )
    missing = wanted - len(current)
    if missing > 0:
        Employee.objects.bulk_create(
            Employee(
                store=store,
                name=_person_name(7919 * (store.pk * 100 + k)),
                phone=f"{phone_prefix}{k:04d}",
                position=EmployeePosition.NURSE,
                hire_date=date(2024, 3, 1),
            )
            for k in range(len(current), len(current) + missing)
        )
        return ensure_nurses(store, wanted, phone_prefix)
    return current


# --- generation: reservations ---------------------------------------------------------------------


class Maker:
    """Builds COPY text rows. Everything per row is a few random draws and string concatenation:
    five million rows are Python-bound, so times are precomputed strings, not datetime objects."""

    def __init__(self, rng: random.Random, projects: list[tuple[int, str, int]], first_id: int) -> None:
        self.rng = rng
        self.projects = projects
        self.next_id = first_id
        self.now = timezone.now()
        self.today = timezone.localdate()
        self.clock = {m: f"{m // 60:02d}:{m % 60:02d}:00+08" for m in range(0, 24 * 60, 15)}
        self.durations, self.duration_weights = zip(*DURATIONS, strict=True)
        self.sources, self.source_weights = zip(*SOURCES, strict=True)
        self.reasons = [c for c in CancelReason.values]
        self.reservations: list[str] = []
        self.lines: list[str] = []
        self.count = 0
        self.line_count = 0

    def status(self, day: date, start: int, end: int) -> str:
        if day < self.today:
            return ReservationStatus.NO_SHOW if self.rng.random() < 0.07 else ReservationStatus.DONE
        if day > self.today:
            return ReservationStatus.BOOKED
        local = timezone.localtime(self.now)
        minute = local.hour * 60 + local.minute
        if end <= minute:
            return ReservationStatus.DONE
        return ReservationStatus.IN_SERVICE if start <= minute else ReservationStatus.BOOKED

    def add(
        self, store_id: int, nurse_id: int, day: date, start: int, end: int, phones: list[str], status: str
    ) -> None:
        rng = self.rng
        ds = day.isoformat()
        phone = rng.choice(phones)
        name = _person_name(int(phone[-6:]))
        reason = rng.choice(self.reasons) if status == ReservationStatus.CANCELLED else ""
        # Booked 0-13 days ahead at the desk's busiest hour; the last change at the end or on booking.
        created = f"{(day - timedelta(days=rng.randrange(14))).isoformat()} {self.clock[570]}"
        finished = status in (ReservationStatus.DONE, ReservationStatus.NO_SHOW)
        updated = f"{ds} {self.clock[end]}" if finished else created
        rid = self.next_id
        self.next_id += 1
        source = rng.choices(self.sources, self.source_weights)[0]
        self.reservations.append(
            f"{rid}\t{store_id}\t{name}\t0086\t{phone}\t{nurse_id}\t{ds} {self.clock[start]}\t{ds} {self.clock[end]}"
            f"\t{source}\t\t{status}\t{reason}\t\tf\t{created}\t{updated}\t\n"
        )
        for project_id, project_name, minutes in rng.sample(self.projects, 1 if rng.random() < 0.65 else 2):
            self.lines.append(f"{rid}\t{project_id}\t{project_name}\t{minutes}\n")
        self.count += 1

    def nurse_day(self, store_id: int, nurse_id: int, day: date, count: int, phones: list[str]) -> None:
        """`count` non-overlapping reservations in the open hours, on the quarter-hour grid."""
        rng = self.rng
        quarters = rng.choices(self.durations, self.duration_weights, k=count)
        slots = (CLOSE_MINUTE - OPEN_MINUTE) // 15
        while sum(quarters) > slots:
            quarters.pop()
        free = slots - sum(quarters)
        # Sorted random gaps, then the durations laid end to end between them: no two overlap.
        gaps = sorted(rng.randint(0, free) for _ in quarters)
        used = 0
        for gap, length in zip(gaps, quarters, strict=True):
            start = OPEN_MINUTE + 15 * (gap + used)
            used += length
            end = start + 15 * length
            self.add(store_id, nurse_id, day, start, end, phones, self.status(day, start, end))

    def store_day(self, store_id: int, nurses: list[int], day: date, phones: list[str]) -> None:
        """~27 reservations: ~25 kept to a timetable per nurse, ~2 cancelled anywhere (a cancelled
        slot is free again, so it may overlap anything)."""
        rng = self.rng
        per_nurse = Counter(rng.choice(nurses) for _ in range(rng.randint(18, 32)))
        for nurse_id, count in per_nurse.items():
            self.nurse_day(store_id, nurse_id, day, count, phones)
        for _ in range(rng.randint(0, 4)):
            length = rng.choices(self.durations, self.duration_weights)[0] * 15
            start = OPEN_MINUTE + 15 * rng.randrange((CLOSE_MINUTE - OPEN_MINUTE - length) // 15 + 1)
            self.add(store_id, rng.choice(nurses), day, start, start + length, phones, ReservationStatus.CANCELLED)

    def busy_day(self, store_id: int, nurses: list[int], day: date, phones: list[str], taken: dict) -> None:
        """Fills the day to BUSY_DAY_RESERVATIONS: short services back to back around what is
        already booked (`taken`: nurse id -> [(start, end)] in minutes), the rest cancelled."""
        rng = self.rng
        cancelled = taken.pop("cancelled", 0)
        wanted = BUSY_DAY_RESERVATIONS - cancelled - sum(len(v) for v in taken.values())
        quota = {n: wanted // len(nurses) + (1 if i < wanted % len(nurses) else 0) for i, n in enumerate(nurses)}
        placed = 0
        for nurse_id in nurses:
            busy = taken.get(nurse_id, [])
            minute, done = OPEN_MINUTE, 0
            while minute < CLOSE_MINUTE and done < quota[nurse_id]:
                length = rng.choice((30, 45, 60))
                end = minute + length
                if end <= CLOSE_MINUTE and all(end <= s or minute >= e for s, e in busy):
                    self.add(store_id, nurse_id, day, minute, end, phones, self.status(day, minute, end))
                    done += 1
                    minute = end + rng.choice((0, 0, 15))
                else:
                    minute += 15
            placed += done
        for _ in range(wanted - placed):
            start = OPEN_MINUTE + 15 * rng.randrange(44)
            self.add(store_id, rng.choice(nurses), day, start, start + 60, phones, ReservationStatus.CANCELLED)

    def flush(self, cursor: Any) -> None:
        """COPY what is buffered: the reservations, then their lines (one COPY at a time per connection)."""
        if not self.reservations:
            return
        with cursor.copy(f"COPY booking_reservation ({', '.join(RESERVATION_COLUMNS)}) FROM STDIN") as copy:
            copy.write("".join(self.reservations))
        with cursor.copy(f"COPY booking_reservationproject ({', '.join(LINE_COLUMNS)}) FROM STDIN") as copy:
            copy.write("".join(self.lines))
        self.line_count += len(self.lines)
        self.reservations, self.lines = [], []


def _phone_pools(rng: random.Random, stores: int) -> list[list[str]]:
    """Unique mainland mobiles, PHONES_PER_STORE per store; a tenth of each store's pool is shared
    with the next store (customers who visit two branches)."""
    numbers = rng.sample(range(7 * 10**9), stores * PHONES_PER_STORE)
    phones = [f"1{3 + n // 10**9}{n % 10**9:09d}" for n in numbers]
    pools = [phones[i * PHONES_PER_STORE : (i + 1) * PHONES_PER_STORE] for i in range(stores)]
    share = PHONES_PER_STORE // 10
    return [pool + pools[(i + 1) % stores][:share] for i, pool in enumerate(pools)]


def _secondary_indexes() -> list[tuple[str, str]]:
    """(name, definition) of the booking tables' indexes that back no constraint: a model's declared
    index in the SQL its migration ran (PostgreSQL prints a partial index's condition differently
    when given its own printed text back, `'booked'::character varying::text` for
    `'booked'::character varying`, and the schema check compares the printed text), any other as
    pg_indexes prints it."""
    declared = {}
    with connection.schema_editor(collect_sql=True, atomic=False) as editor:
        for model in (Reservation, ReservationProject):
            for index in model._meta.indexes:
                declared[index.name] = str(index.create_sql(model, editor))
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname "
            "WHERE i.tablename = ANY(%s) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid) "
            "ORDER BY i.indexname",
            (list(TABLES),),
        )
        return [(name, declared.get(name, definition)) for name, definition in cursor.fetchall()]


def _no_overlap_sql() -> tuple[str, str]:
    """(add, drop) of the exclusion constraint, exactly as migration 0002 runs them."""
    migration = importlib.import_module("apps.booking.migrations.0002_nurse_no_overlap").Migration
    operation = next(op for op in migration.operations if NO_OVERLAP in str(getattr(op, "sql", "")))
    return operation.sql, operation.reverse_sql


def describe_tables() -> str:
    """psql's `\\d` of the booking tables, to compare the schema before and after the load."""
    params = connection.settings_dict
    command = ["psql", "-X", "-h", params["HOST"], "-p", str(params["PORT"] or 5432), "-U", params["USER"],
               params["NAME"]] + [arg for table in TABLES for arg in ("-c", f"\\d {table}")]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def reservation_count() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM booking_reservation")
        return cursor.fetchone()[0]


def _taken_today(store: OrgUnit, day: date) -> dict[Any, Any]:
    """What the demo already booked on the busy day: active intervals per nurse, and cancelled count."""
    taken: dict[Any, Any] = {"cancelled": 0}
    start = timezone.make_aware(datetime.combine(day, datetime.min.time()))
    for r in Reservation.objects.filter(store=store, start__gte=start, start__lt=start + timedelta(days=1)):
        if r.status == ReservationStatus.CANCELLED or r.nurse_id is None:
            taken["cancelled"] += 1
            continue
        local_start, local_end = timezone.localtime(r.start), timezone.localtime(r.end)
        interval = (local_start.hour * 60 + local_start.minute, local_end.hour * 60 + local_end.minute)
        taken.setdefault(r.nurse_id, []).append(interval)
    return taken


def generate(
    *, force: bool, stores: int = STORES, days_past: int = DAYS_PAST, at_least: int = GENERATED_AT_LEAST
) -> dict[str, Any]:
    """migrate + seed_demo + stores, nurses and a year of reservations; returns timings."""
    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("seed_demo", verbosity=0)
    existing = reservation_count()
    if existing >= at_least and not force:
        _log(f"{existing} reservations already there; skipping (use --force to regenerate)")
        return {"skipped": 1, "reservations": existing}
    bench_stores = ensure_stores(stores)
    busy = OrgUnit.objects.get(code=BUSY_STORE)
    staff = {s.pk: ensure_nurses(s, NURSES_PER_STORE, f"135{i:04d}") for i, s in enumerate(bench_stores)}
    busy_nurses = ensure_nurses(busy, BUSY_NURSES, "1390000")
    # Always from empty tables, then the demo's week again: seeded after the 40 nurses exist, the
    # demo books all of them, so every generation starts from the same busy store.
    _log("truncating the reservation tables")
    # CASCADE takes the demo's orders made from reservations, and their refunds; their stock moves
    # name them by id only, so the stock ledger goes too (members_data.STOCK_TABLES says why) and
    # seed_demo writes the demo's again.
    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE booking_reservationproject, booking_reservationchange, booking_reservation, "
            f"{', '.join(members_data.STOCK_TABLES)} RESTART IDENTITY CASCADE"
        )
    call_command("seed_demo", verbosity=0)
    projects = [(p.pk, p.name, p.duration_minutes) for p in project_search(store_id=busy.pk, enabled=True)]
    today = timezone.localdate()
    taken = _taken_today(busy, today)
    demo_nurses = {r for r in Reservation.objects.filter(store=busy).values_list("nurse_id", flat=True) if r}
    before = describe_tables()
    rng = random.Random(SEED)
    pools = _phone_pools(rng, len(bench_stores) + 1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(max(id), 0) + 1 FROM booking_reservation")
        maker = Maker(rng, projects, cursor.fetchone()[0])
    indexes = _secondary_indexes()
    add_constraint, drop_constraint = _no_overlap_sql()
    days = [today + timedelta(days=offset) for offset in range(-days_past, DAYS_AHEAD + 1)]
    demo_days = set(
        Reservation.objects.filter(store=busy).values_list("start__date", flat=True)
    )  # the demo's week: only the 36 added nurses get regular bookings there
    copy_started = time.perf_counter()
    # One transaction: an interrupted load rolls back, dropped indexes and constraint included.
    with transaction.atomic(), connection.cursor() as cursor:
        # Foreign keys are not checked row by row (millions of deferred trigger events); the ids are
        # generated from rows that exist, and _check_integrity verifies it after the load.
        cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(drop_constraint)
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")
        targets = [(s.pk, staff[s.pk], pools[i]) for i, s in enumerate(bench_stores)]
        for day in days:
            for store_id, nurses, phones in targets:
                maker.store_day(store_id, nurses, day, phones)
            if day == today:
                maker.busy_day(busy.pk, busy_nurses, day, pools[-1], taken)
            else:
                # The demo's week already books its nurses; the others (if any) get a regular day.
                regular = [n for n in busy_nurses if n not in demo_nurses] if day in demo_days else busy_nurses
                if regular:
                    maker.store_day(busy.pk, regular, day, pools[-1])
            if len(maker.reservations) >= BATCH_RESERVATIONS:
                maker.flush(cursor.cursor)
                _log(f"{day}: {maker.count} reservations, {maker.line_count} lines copied")
        maker.flush(cursor.cursor)
        _log(f"{maker.count} reservations copied")
        index_started = time.perf_counter()
        # A bulk build sorts in memory; the default 64 MB spills to disk.
        cursor.execute("SET LOCAL maintenance_work_mem = '1GB'")
        for name, definition in indexes:
            _log(f"building {name}")
            cursor.execute(definition)
        _log(f"adding {NO_OVERLAP}")
        cursor.execute(add_constraint)
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('booking_reservation', 'id'), "
            "(SELECT max(id) FROM booking_reservation))"
        )
    index_seconds = time.perf_counter() - index_started
    copy_seconds = index_started - copy_started
    analyze_started = time.perf_counter()
    with connection.cursor() as cursor:
        for table in (*TABLES, "org_employee", "org_orgunit"):
            cursor.execute(f"ANALYZE {table}")
    analyze_seconds = time.perf_counter() - analyze_started
    after = describe_tables()
    integrity = _check_integrity()
    total = time.perf_counter() - started
    _log(f"done: {reservation_count()} reservations in {total:.1f} s")
    return {
        "skipped": 0,
        "reservations": reservation_count(),
        "lines": maker.line_count,
        "stores": len(bench_stores) + 1,
        "nurses": sum(len(v) for v in staff.values()) + len(busy_nurses),
        "busy_store_id": busy.pk,
        "busy_day": today.isoformat(),
        "copy_s": round(copy_seconds, 1),
        "index_build_s": round(index_seconds, 1),
        "analyze_s": round(analyze_seconds, 1),
        "total_s": round(total, 1),
        "schema_identical": before == after,
        **integrity,
    }


def _check_integrity() -> dict[str, int]:
    """What the skipped foreign-key triggers and the dropped constraint would have refused."""
    active = list(ACTIVE_STATUSES)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM booking_reservationproject l "
            "WHERE NOT EXISTS (SELECT 1 FROM booking_reservation r WHERE r.id = l.reservation_id)"
        )
        orphan_lines = cursor.fetchone()[0]
        cursor.execute(
            "SELECT count(*) FROM booking_reservation r WHERE NOT EXISTS "
            "(SELECT 1 FROM org_employee e WHERE e.id = r.nurse_id AND e.store_id = r.store_id)"
        )
        foreign_nurses = cursor.fetchone()[0]
        cursor.execute(_OVERLAPS_SQL.format(where=""), (active, active))
        overlaps = cursor.fetchone()[0]
    return {"orphan_lines": orphan_lines, "nurse_of_other_store": foreign_nurses, "active_overlaps": overlaps}


_OVERLAPS_SQL = (
    "SELECT count(*) FROM booking_reservation a JOIN booking_reservation b ON a.nurse_id = b.nurse_id "
    'AND a.id < b.id AND a.start < b."end" AND b.start < a."end" '
    "WHERE a.status = ANY(%s) AND b.status = ANY(%s){where}"
)


# --- HTTP -----------------------------------------------------------------------------------------


def measure(label: str, call: Callable[[dict[str, str]], dict[str, Any]], params: list[dict[str, str]]) -> dict:
    """Warm-up on the last inputs, then one timed request per input."""
    for query in params[-WARM_UP:]:
        call(query)
    samples, rows = [], []
    for query in params:
        started = time.perf_counter()
        body = call(query)
        samples.append(time.perf_counter() - started)
        data = body["data"]
        rows.append(len(data["reservations"]) if "reservations" in data else data["total"])
    _log(f"{label}: {summary_ms(samples)}")
    return {**summary_ms(samples), "rows_min": min(rows), "rows_avg": round(sum(rows) / len(rows), 1)}


# --- booking throughput ---------------------------------------------------------------------------


def _booking_bodies(
    rng: random.Random, nurses: list[int], project_ids: list[list[int]], phone_prefix: str
) -> Iterator[dict]:
    """Endless walk-in bodies: a random nurse, day and half-hour slot; a fresh phone each, so the
    member-booked rule never fires and every 409 is the nurse (or, if any, off duty)."""
    today = timezone.localdate()
    serial = 0
    while True:
        serial += 1
        day = today + timedelta(days=THROUGHPUT_FIRST_DAY + rng.randrange(THROUGHPUT_DAYS))
        minute = OPEN_MINUTE + 30 * rng.randrange(22)  # 10:00-20:30: a 90-minute service ends by 22:00
        yield {
            "name": _person_name(serial),
            "areaCode": "0086",
            "phone": f"{phone_prefix}{serial:06d}",
            "projectIds": rng.choice(project_ids),
            "nurseId": rng.choice(nurses),
            "startTime": f"{day.isoformat()}T{minute // 60:02d}:{minute % 60:02d}:00+08:00",
            "source": "phone",
            "remark": THROUGHPUT_REMARK,
        }


def throughput(base: str, headers: dict[str, str], busy: OrgUnit, seconds: float) -> dict[str, Any]:
    """THROUGHPUT_CLIENTS threads POST saveOrUpdate for `seconds`; then SQL checks that no two active
    reservations of a nurse overlap and that every 201 left its row."""
    # Earlier runs' bookings would fill the window and turn the run into a run of 409s.
    Reservation.objects.filter(store=busy, remark=THROUGHPUT_REMARK).delete()
    nurses = list(
        Employee.objects.filter(store=busy, status=EmployeeStatus.ACTIVE, position__in=BOOKABLE_POSITIONS)
        .order_by("id")
        .values_list("id", flat=True)
    )
    by_code = {p.code: p.pk for p in project_search(store_id=busy.pk, enabled=True)}
    project_ids = [[by_code[c] for c in codes] for codes in THROUGHPUT_PROJECTS if all(c in by_code for c in codes)]
    lock = threading.Lock()
    statuses: Counter[int] = Counter()
    problems: Counter[str] = Counter()
    samples: list[float] = []
    created: list[tuple[int, int, str]] = []
    deadline = time.monotonic() + seconds

    def client(number: int) -> None:
        # 166 + the client's number: phones unique across the threads too.
        bodies = _booking_bodies(random.Random(SEED + number), nurses, project_ids, f"166{number:02d}")
        while time.monotonic() < deadline:
            body = next(bodies)
            started = time.perf_counter()
            status, answer = post_json(base, "/rest/reservation/saveOrUpdate", body, headers)
            elapsed = time.perf_counter() - started
            with lock:
                samples.append(elapsed)
                statuses[status] += 1
                if status == 201:
                    created.append((answer["data"]["id"], body["nurseId"], answer["data"]["startTime"]))
                elif status == 409:
                    problems.update(p["code"] for p in (answer.get("data") or {}).get("problems", []))
                else:
                    problems[f"{status} {answer.get('errcode')} {answer.get('errmsg')}"] += 1

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(THROUGHPUT_CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    ids = [row[0] for row in created]
    active = list(ACTIVE_STATUSES)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, nurse_id, start FROM booking_reservation WHERE id = ANY(%s) AND status = 'booked'", (ids,)
        )
        found = {row[0]: row for row in cursor.fetchall()}
        cursor.execute(_OVERLAPS_SQL.format(where=" AND a.store_id = %s"), (active, active, busy.pk))
        overlaps = cursor.fetchone()[0]
    lost = [i for i, nurse_id, _start in created if i not in found or found[i][1] != nurse_id]
    return {
        "clients": THROUGHPUT_CLIENTS,
        "seconds": round(elapsed, 1),
        "requests": sum(statuses.values()),
        "bookings_per_s": round(statuses[201] / elapsed, 1),
        "requests_per_s": round(sum(statuses.values()) / elapsed, 1),
        "status_201": statuses[201],
        "status_409": statuses[409],
        "status_other": sum(n for s, n in statuses.items() if s not in (201, 409)),
        "problems": dict(problems),
        **{f"latency_{k}": v for k, v in summary_ms(samples).items() if k != "n"},
        "active_overlaps_busy_store": overlaps,
        "lost_bookings": len(lost),
    }


# --- queries and plans ----------------------------------------------------------------------------


def _reservation_selects(captured: list[dict[str, str]]) -> list[str]:
    return [q["sql"] for q in captured if 'FROM "booking_reservation"' in q["sql"]]


def explain(raw: psycopg.Connection, sql: str) -> dict[str, Any]:
    plan = "\n".join(row[0] for row in raw.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql).fetchall())
    execution = re.search(r"Execution Time: ([\d.]+) ms", plan)
    return {
        "sql": sql,
        "plan": plan,
        "execution_ms": float(execution.group(1)) if execution else None,
        "indexes": sorted({a or b for a, b in INDEX_USED.findall(plan)}),
    }


def in_process(client: Any, path: str, query: dict[str, str]) -> tuple[int, list[str], list[str]]:
    """(queries, every SQL, the reservation SELECTs) of one request through the test client."""
    assert client.get(path, query).status_code == 200  # warm the role-code cache
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, query)
    assert response.status_code == 200, response.content[:300]
    sql = [q["sql"] for q in captured.captured_queries]
    return len(sql), sql, _reservation_selects(captured.captured_queries)


def _save_queries(client: Any, busy: OrgUnit) -> int:
    """Queries of one walk-in saveOrUpdate through the test client (its row is removed with the
    throughput run's, by the remark)."""
    nurse = Employee.objects.filter(store=busy, position__in=BOOKABLE_POSITIONS).order_by("-id").first()
    project = project_search(store_id=busy.pk, enabled=True).order_by("id").last()
    day = timezone.localdate() + timedelta(days=THROUGHPUT_FIRST_DAY + THROUGHPUT_DAYS + 1)
    body = {
        "name": "测试", "areaCode": "0086", "phone": "16699999999", "projectIds": [project.pk], "nurseId": nurse.pk,
        "startTime": f"{day.isoformat()}T21:00:00+08:00", "remark": THROUGHPUT_REMARK,
    }  # fmt: skip
    Reservation.objects.filter(store=busy, remark=THROUGHPUT_REMARK).delete()
    with CaptureQueriesContext(connection) as captured:
        response = client.post("/rest/reservation/saveOrUpdate", body, format="json")
    assert response.status_code == 201, response.content[:300]
    return len(captured)


def _busiest_day(store: OrgUnit) -> date:
    """The generated busy day (the day of `--generate`), which need not be today when the bench runs."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (start AT TIME ZONE %s)::date AS day FROM booking_reservation WHERE store_id = %s "
            "GROUP BY day ORDER BY count(*) DESC LIMIT 1",
            (settings.TIME_ZONE, store.pk),
        )
        return cursor.fetchone()[0]


def _history_phones(store_id: int, day_from: date, day_to: date, count: int) -> list[str]:
    start = timezone.make_aware(datetime.combine(day_from, datetime.min.time()))
    end = timezone.make_aware(datetime.combine(day_to + timedelta(days=1), datetime.min.time()))
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT phone FROM booking_reservation WHERE store_id = %s AND start >= %s AND start < %s "
            "GROUP BY phone ORDER BY random() LIMIT %s",
            (store_id, start, end, count),
        )
        phones = [row[0] for row in cursor.fetchall()]
    if not phones:
        raise SystemExit("no reservations at the busy store: run `python -m bench booking --generate` first")
    return [phones[i % len(phones)] for i in range(count)]


def _timed(label: str, action: Callable[[], Any]) -> Any:
    started = time.perf_counter()
    result = action()
    _log(f"{label}: {time.perf_counter() - started:.1f} s")
    return result


def benchmark(args: argparse.Namespace) -> dict[str, Any]:
    # Persistent connections in this process too, like the server (DB_CONN_MAX_AGE is read once).
    connection.close()
    connection.settings_dict["CONN_MAX_AGE"] = 600
    total = reservation_count()
    if total < args.at_least:
        raise SystemExit(f"{total} reservations: run `python -m bench booking --generate` first")
    busy = OrgUnit.objects.get(code=BUSY_STORE)
    entry = UserRole.objects.select_related("user").get(user__login_name="SY00002", hier_id=busy.pk)
    today = timezone.localdate()
    busy_day = _busiest_day(busy)
    day_from, day_to = today - timedelta(days=92), today
    rng = random.Random(SEED)
    phones = _history_phones(busy.pk, day_from, day_to, args.requests)
    board_query = {"date": busy_day.isoformat()}
    page = {"dateFrom": day_from.isoformat(), "dateTo": day_to.isoformat(), "pageNo": "1", "pageSize": "20"}
    phone_queries = [{**page, "phone": p} for p in phones]
    last4_queries = [{**page, "phone": p[-4:]} for p in rng.sample(phones, len(phones))]

    client = api_client(entry=entry)
    board_queries, board_sql, board_selects = in_process(client, "/rest/reservation/board", board_query)
    # The same board on a day with no reservation: the count must not depend on the reservations.
    empty_day = {"date": (today + timedelta(days=DAYS_AHEAD + 100)).isoformat()}
    empty_board_queries = in_process(client, "/rest/reservation/board", empty_day)[0]
    save_queries = _save_queries(client, busy)
    phone_count, _sql, phone_selects = in_process(client, "/rest/reservation/findRecord", phone_queries[0])
    last4_count, _sql, last4_selects = in_process(client, "/rest/reservation/findRecord", last4_queries[0])

    base = f"http://127.0.0.1:{args.port}"
    # Its log (a warning line per 409) goes to a file: the terminal keeps the figures.
    log = (OUT / "booking-gunicorn.log").open("w")
    server = start_gunicorn(args.port, gunicorn_env(BENCH_REDIS_URL), log, workers=args.workers, threads=args.threads)
    try:
        headers = sign_in(base)

        def get(path: str) -> Callable[[dict[str, str]], dict[str, Any]]:
            return lambda query: get_envelope(base, path, query, headers)

        board = measure("board", get("/rest/reservation/board"), [board_query] * args.requests)
        by_phone = measure("findRecord phone", get("/rest/reservation/findRecord"), phone_queries)
        by_last4 = measure("findRecord last 4", get("/rest/reservation/findRecord"), last4_queries)
        booking = _timed("throughput", lambda: throughput(base, headers, busy, args.seconds))
    finally:
        server.terminate()
        server.wait(timeout=30)
    _log(f"throughput: {booking}")
    # Beside each read's HTTP figure, the same calls in process with their statements replayed.
    replays = min(REPLAYS, args.requests)
    board = beside(board, compare_get(client, "/rest/reservation/board", [board_query] * replays))
    by_phone = beside(by_phone, compare_get(client, "/rest/reservation/findRecord", phone_queries[:replays]))
    by_last4 = beside(by_last4, compare_get(client, "/rest/reservation/findRecord", last4_queries[:replays]))
    booking.update(not_applicable("concurrent bookings: a rate under contention, not one call's time"))

    plans = {}
    with raw_connection() as raw:
        plans["board_reservations"] = explain(raw, board_selects[0])
        plans["board_lines"] = explain(raw, next(s for s in board_sql if "booking_reservationproject" in s))
        for name, selects in (("phone", phone_selects), ("last4", last4_selects)):
            for kind, sql in zip(("count", "page"), selects, strict=False):
                plans[f"history_{name}_{kind}"] = explain(raw, sql)
    board_list = "\n".join(f"{n}. {sql[:160]}" for n, sql in enumerate(board_sql, 1))
    (OUT / "booking-plans.txt").write_text(
        f"## the board's {len(board_sql)} queries\n{board_list}\n\n"
        + "\n".join(f"## {name} ({p['execution_ms']} ms)\n{p['sql']}\n\n{p['plan']}\n" for name, p in plans.items())
    )
    targets = {
        f"board_queries_le_{BOARD_MAX_QUERIES}": max(board_queries, empty_board_queries) <= BOARD_MAX_QUERIES,
        f"board_p95_le_{BOARD_P95_MS}ms": board["p95_ms"] <= BOARD_P95_MS,
        f"history_phone_p95_le_{PHONE_P95_MS}ms": by_phone["p95_ms"] <= PHONE_P95_MS,
        "no_double_booking": booking["active_overlaps_busy_store"] == 0,
        "no_lost_booking": booking["lost_bookings"] == 0 and booking["status_other"] == 0,
    }
    return {
        "benchmark": "booking",
        "database": connection.vendor,
        "reservations": total,
        "busy_store_id": busy.pk,
        "busy_day": busy_day.isoformat(),
        **server_figures(args),
        "board": {**board, "queries": board_queries, "queries_empty_day": empty_board_queries},
        "history_phone": {**by_phone, "queries": phone_count},
        "history_last4": {**by_last4, "queries": last4_count},
        "booking": {**booking, "queries_per_save": save_queries},
        "sql_ms": {name: p["execution_ms"] for name, p in plans.items()},
        "indexes": {name: p["indexes"] for name, p in plans.items()},
        "targets": targets,
        "pass": all(targets.values()),
    }
