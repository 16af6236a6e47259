"""Settlement statements between stores (issue 30: a day's statements for 500 stores ≤ 10 s).

`--generate` writes a chain of 500 stores (org's demo head office and region) and a year of the
settlement ledger at the cross-store density of the 5-million-order year (docs/performance.md,
"Settlement between stores"): `--entries-a-day` clearing entries a day between random pairs of
stores, a tenth of them refunds' reversals, and a peak day of `--peak` entries the day before
yesterday; then it makes the statements of every day but the two measured, as the nightly job
would have, so the statements table holds a year too.

`--measure` times `statements_make` (the service the nightly job and head office call: the lock,
the SHARE lock on the ledger, the grouped INSERT, the log) for the last typical day and for the
peak day, each run rolled back so the runs repeat; beside it the raw SQL of the same grouping (the
SELECT alone) in the same run, and the month's matrix chain-wide."""

from __future__ import annotations

import argparse
import json
import time
from datetime import date, timedelta
from pathlib import Path

from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone

from apps.core.audit import Actor
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit
from apps.settlement.choices import SettlementKind
from apps.settlement.models import SettlementEntry, Statement
from apps.settlement.rules import rule_in_force
from apps.settlement.selectors import matrix
from apps.settlement.statements import statements_make
from bench.members import ensure_database
from bench.stats import summary_ms

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_settlement"
ACTOR = Actor(login_name="bench")
REGION = "R-EAST"
STORE_CODE = "SB{:03d}"
DAYS = 365
ENTRIES = SettlementEntry._meta.db_table

# One day's entries between random pairs of the stores: `n` of them, a tenth reversals (negative,
# the other entries' kinds), amounts of a service or a product paid from a card.
_DAY_SQL = f"""
INSERT INTO {ENTRIES} (day, kind, payer_id, payee_id, amount, value, sessions, rule_version_id,
                       card_id, order_id, order_no, card_entry_id, note, created_at)
SELECT %(day)s, picked.kind, picked.payer, picked.payee,
       CASE WHEN picked.reversal THEN -round(picked.value * 0.8, 2) ELSE round(picked.value * 0.8, 2) END,
       CASE WHEN picked.reversal THEN -picked.value ELSE picked.value END,
       0, %(rule)s, 1000000 + i, 5000000 + i, 'SOB' || i, NULL, '', %(at)s
FROM (
    SELECT i,
           (%(stores)s::bigint[])[1 + floor(random() * %(n_stores)s)::int] AS payer,
           (%(stores)s::bigint[])[1 + floor(random() * %(n_stores)s)::int] AS payee,
           round((20 + random() * 480)::numeric, 2) AS value,
           (ARRAY['storedValueService', 'storedValueProduct', 'packageSession'])[1 + floor(random() * 3)::int] AS kind,
           random() < 0.1 AS reversal
    FROM generate_series(1, %(n)s) AS i
) picked
WHERE picked.payer <> picked.payee
"""

_GROUPED = f"""
SELECT store_low, store_high, sum(CASE WHEN payer_id = store_low THEN amount ELSE -amount END), count(*)
FROM {ENTRIES} WHERE day = %s GROUP BY store_low, store_high
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = f"Environment: DEBUG=0 DATABASE_URL={BENCH_DATABASE_URL} (bench/__main__.py sets it when missing)."
    parser.add_argument("--generate", action="store_true", help="write the stores and a year of the ledger")
    parser.add_argument("--force", action="store_true", help="with --generate: drop what is there first")
    parser.add_argument("--stores", type=int, default=500)
    parser.add_argument("--entries-a-day", type=int, default=1000, help="clearing entries of a typical day")
    parser.add_argument("--peak", type=int, default=20000, help="clearing entries of the peak day")
    parser.add_argument("--days", type=int, default=DAYS)
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each measured day")


def _stores(count: int) -> list[int]:
    region = OrgUnit.objects.filter(code=REGION).first()
    if region is None:
        call_command("seed_demo", verbosity=0)
        region = OrgUnit.objects.get(code=REGION)
    have = set(OrgUnit.objects.filter(code__startswith="SB").values_list("code", flat=True))
    for n in range(1, count + 1):
        code = STORE_CODE.format(n)
        if code not in have:
            OrgUnit(kind=OrgUnitKind.STORE, code=code, name=f"青丝养护结算{n:03d}店", parent=region).save()
    return list(OrgUnit.objects.filter(code__startswith="SB").order_by("id").values_list("pk", flat=True)[:count])


def generate(args: argparse.Namespace) -> dict[str, object]:
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    stores = _stores(args.stores)
    today = timezone.localdate()
    first, peak = today - timedelta(days=args.days), today - timedelta(days=2)
    with connection.cursor() as cursor:
        if args.force:
            cursor.execute("ALTER TABLE settlement_statement DISABLE TRIGGER settlement_statement_locked")
            cursor.execute("DELETE FROM settlement_statement")
            cursor.execute("ALTER TABLE settlement_statement ENABLE TRIGGER settlement_statement_locked")
            cursor.execute(f"ALTER TABLE {ENTRIES} DISABLE TRIGGER {ENTRIES}_append_only")
            cursor.execute(f"DELETE FROM {ENTRIES}")
            cursor.execute(f"ALTER TABLE {ENTRIES} ENABLE TRIGGER {ENTRIES}_append_only")
        if SettlementEntry.objects.exists():
            return {"benchmark": "settlement-generate", "skipped": "data present (use --force)"}
        rule = rule_in_force(SettlementKind.STORED_VALUE_SERVICE, first).pk
        day = first
        while day < today:
            cursor.execute(
                _DAY_SQL,
                {
                    "day": day,
                    "rule": rule,
                    "at": timezone.make_aware(timezone.datetime.combine(day, timezone.datetime.min.time())),
                    "stores": stores,
                    "n_stores": len(stores),
                    "n": args.peak if day == peak else args.entries_a_day,
                },
            )
            day += timedelta(days=1)
        cursor.execute(f"ANALYZE {ENTRIES}")
    # The nightly job made every day but the two measured (yesterday and the peak day before it).
    day = first
    while day < peak:
        statements_make(actor=ACTOR, day=day)
        day += timedelta(days=1)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE settlement_statement")
    return {
        "benchmark": "settlement-generate",
        "stores": len(stores),
        "entries": SettlementEntry.objects.count(),
        "statements": Statement.objects.count(),
        "seconds": round(time.perf_counter() - started, 1),
    }


class _RolledBack(Exception):
    pass


def _make_timed(day: date) -> tuple[float, int]:
    made = 0
    started = time.perf_counter()
    try:
        with transaction.atomic():
            made = statements_make(actor=ACTOR, day=day)
            elapsed = time.perf_counter() - started
            raise _RolledBack
    except _RolledBack:
        pass
    return elapsed, made


def _raw_timed(day: date) -> float:
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(_GROUPED, [day])
        cursor.fetchall()
    return time.perf_counter() - started


def measure(args: argparse.Namespace) -> dict[str, object]:
    today = timezone.localdate()
    figures: dict[str, object] = {"benchmark": "settlement-measure"}
    for name, day in (("typical_day", today - timedelta(days=1)), ("peak_day", today - timedelta(days=2))):
        entries = SettlementEntry.objects.filter(day=day).count()
        made_runs = [_make_timed(day) for _ in range(args.runs)]
        raw = [_raw_timed(day) for _ in range(args.runs)]
        service = summary_ms([seconds for seconds, _made in made_runs])
        baseline = summary_ms(raw)
        figures[name] = {
            "day": day.isoformat(),
            "entries": entries,
            "statements": made_runs[0][1],
            "statements_make": service,
            "raw_sql_grouping": baseline,
            "ratio": round(service["median_ms"] / max(baseline["median_ms"], 0.001), 2),
        }
    month = today.replace(day=1) - timedelta(days=1)
    runs = []
    for _ in range(args.runs):
        started = time.perf_counter()
        cells = matrix(month=month, store_ids=None)["cells"]
        runs.append(time.perf_counter() - started)
    figures["matrix_last_month_chain"] = {"cells": len(cells), **summary_ms(runs)}
    figures["stores"] = OrgUnit.objects.filter(code__startswith="SB").count()
    figures["ledger_entries"] = SettlementEntry.objects.count()
    figures["statements_made"] = Statement.objects.count()
    return figures


def run(args: argparse.Namespace) -> None:
    ensure_database()
    OUT.mkdir(exist_ok=True)
    figures = generate(args) if args.generate else measure(args)
    line = json.dumps(figures, ensure_ascii=False)
    (OUT / f"{figures['benchmark']}.json").write_text(line + "\n", encoding="utf-8")
    print(line)
