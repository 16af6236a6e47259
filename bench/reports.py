"""Reports at scale (issue 29 §6): generates a year of a 500-store chain (`--generate`, `--scale`;
bench/reports_data.py) and measures every report the framework has registered, never a list of its
own: a store and a month (p95 of `--runs` calls each), the whole chain for a year (each report that
allows a year), the drill-down to the orders behind a staff member's figure (SalesDetail with
staffId for a store and month), an export of at least `--export-rows` rows (time and peak memory of
the worker's work), and the checkout with the summaries' triggers on and off (gunicorn, production
settings), after which the day's summaries must equal the ledgers.

The report calls run in process through Django's test client (the whole stack: URL routing,
authentication, the framework's filters, the report's queries, the JSON answer) with DEBUG off, each
beside the raw SQL of the same request replayed on a psycopg connection of its own. `--tiny` is the
CI's run: a data set of a few hundred orders and a few calls of each kind, in seconds."""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings
from django.utils import timezone

from apps.accounts.models import Resource, UserRole
from apps.accounts.role_code_cache import forget_role_codes
from apps.accounts.services import resources_sync, user_role_grant
from apps.accounts.testing import api_client
from apps.accounts.tokens import issue_tokens
from apps.core.audit import SYSTEM_ACTOR
from apps.core.ledgers import ledger_audits
from apps.core.testing import raw_connection
from apps.inventory.choices import MoveKind
from apps.inventory.services import MoveLine, record_moves
from apps.org.models import OrgUnit
from apps.reports.exports import export_run
from apps.reports.framework import Report, reports
from apps.reports.framework.filters import codes_of
from apps.reports.models import ExportJob
from bench import members_data, reports_data, sales
from bench.live_server import add_server_arguments, database_url, gunicorn_env, start_gunicorn
from bench.members import ensure_database
from bench.stats import summary_ms

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_reports"
BENCH_REDIS_URL = "redis://127.0.0.1:6379/11"
PRINCIPAL = "SY00002"
# Issue 29 §6.
TARGETS = {
    "store_month_p95_ms": 150,
    "chain_year_s": 2,
    "drill_down_p95_ms": 100,
    "export_s": 15,
    "export_peak_mb": 300,
    "checkout_within": 0.10,
}
DRILL_REPORT = "SalesDetail"
EXPORT_REPORT = "SalesDetail"
# The summaries' triggers (and only they) are toggled: every trigger whose function is the
# summaries' (named reports_…, apps/reports/migrations); the ledgers' own append-only and closed-day
# triggers stay on.
SUMMARY_TRIGGERS = (
    "SELECT t.tgrelid::regclass::text, t.tgname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid "
    "WHERE NOT t.tgisinternal AND p.proname LIKE 'reports\\_%%' ORDER BY 1, 2"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        f"Environment: DEBUG=0 DATABASE_URL={BENCH_DATABASE_URL} REDIS_URL={BENCH_REDIS_URL} DB_CONN_MAX_AGE=600 "
        "(bench/__main__.py sets these when they are missing; the measured calls run with DEBUG off)."
    )
    parser.add_argument("--generate", action="store_true", help="create the data set (skipped when present)")
    parser.add_argument("--force", action="store_true", help="with --generate: truncate the sales tables first")
    parser.add_argument("--scale", type=float, default=1.0, help="1 = §6's 5 million orders over 500 stores")
    parser.add_argument("--audit", action="store_true", help="every ledger audit over the data set, timed")
    parser.add_argument("--measure", action="store_true", help="measure every registered report")
    parser.add_argument("--tiny", action="store_true", help="CI: a tiny data set and a few calls of each kind")
    parser.add_argument("--runs", type=int, default=20, help="store-month calls per report (random store, month)")
    parser.add_argument("--year-runs", type=int, default=3, help="chain-wide year calls per report")
    parser.add_argument("--slow-s", type=float, default=10, help="a chain-wide call slower than this runs once")
    parser.add_argument("--year-timeout", type=float, default=120, help="statement_timeout of chain-wide calls, s")
    parser.add_argument("--export-rows", type=int, default=100_000)
    parser.add_argument("--export-only", action="store_true", help="(internal) the export, in its own process")
    parser.add_argument("--requests", type=int, default=300, help="single-client checkouts per trigger setting")
    parser.add_argument("--clients", type=int, default=8, help="concurrent checkout clients")
    parser.add_argument("--seconds", type=int, default=20, help="how long the concurrent checkouts run")
    parser.add_argument("--rounds", type=int, default=2, help="on/off checkout rounds (alternating)")
    parser.add_argument("--no-checkout", action="store_true", help="skip the checkout comparison")
    parser.add_argument("--only", type=_keys, default=None, help="KEY[,KEY]: only these reports (store-month, year)")
    parser.add_argument("--no-store-month", action="store_true", help="skip the store-month calls")
    parser.add_argument("--no-year", action="store_true", help="skip the chain-wide year calls")
    parser.add_argument(
        "--choices",
        action="store_true",
        help="chain-wide year: also each choice of each report's own filters (a grouping, a kind, a variant)",
    )
    parser.add_argument("--no-drill", action="store_true", help="skip the drill-down")
    parser.add_argument("--no-export", action="store_true", help="skip the export")
    add_server_arguments(parser, port=8781)


def _keys(text: str) -> frozenset[str]:
    return frozenset(key.strip() for key in text.split(",") if key.strip())


def _chosen(only: frozenset[str] | None) -> list[tuple[str, type[Report]]]:
    """The registered reports, by key; with --only, those named (an unknown key stops the run)."""
    registered = reports.by_name()
    if only is not None and only - registered.keys():
        raise SystemExit(f"--only: no report {', '.join(sorted(only - registered.keys()))}")
    return [(key, report) for key, report in sorted(registered.items()) if only is None or key in only]


TINY = {
    "scale": 0.0001,
    "runs": 3,
    "year_runs": 1,
    "export_rows": 100,
    "requests": 5,
    "clients": 2,
    "seconds": 2,
    "rounds": 1,
}


def run(args: argparse.Namespace) -> None:
    ensure_database()
    OUT.mkdir(exist_ok=True)
    if args.tiny and not args.export_only:
        for name, value in TINY.items():
            setattr(args, name, value)
    if args.generate:
        figures = {"benchmark": "reports-generate", **generate(scale=args.scale, force=args.force)}
        if not args.tiny:
            (OUT / f"reports-generate-{args.scale:g}.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
    if args.export_only:
        print(json.dumps(export(scene(), args.export_rows, traced_too=args.tiny)))
        return
    if args.audit or args.tiny:
        figures = {"benchmark": "reports-audit", **sales.audit()}
        if not args.tiny:
            (OUT / "reports-audit.json").write_text(json.dumps(figures) + "\n")
        print(json.dumps(figures))
    if args.measure:
        figures = measure(args)
        partial = args.only or args.no_store_month or args.no_year or args.no_drill or args.no_export
        if not args.tiny and not partial:
            (OUT / "reports.json").write_text(json.dumps(figures, ensure_ascii=False, indent=1) + "\n")
        print(json.dumps(figures, ensure_ascii=False))


def generate(*, scale: float, force: bool) -> dict[str, Any]:
    return reports_data.generate(scale=scale, force=force)


# --- setting up ------------------------------------------------------------------------------------


@dataclass
class Scene:
    """Who asks and about what: the principal at the region above every bench store (head office
    for the whole chain), the generated stores, the last twelve whole months, each store's staff."""

    client: Any
    stores: list[int]
    months: list[tuple[date, date]]
    staff: dict[int, list[int]]
    year: tuple[date, date]
    rng: random.Random = field(default_factory=lambda: random.Random(29))


def scene() -> Scene:
    region = OrgUnit.objects.get(code=members_data.DEMO_REGION)
    entry = UserRole.objects.filter(user__login_name=PRINCIPAL).select_related("role", "user").order_by("id").first()
    if entry is None:
        raise SystemExit(f"{PRINCIPAL} is missing: generate first")
    at_region = user_role_grant(actor=SYSTEM_ACTOR, user=entry.user, role=entry.role, hier=region)
    # A data set seeded before a report's code existed: the principal's role gets every code the
    # registered reports are read with (the demo seeds them for new databases).
    resources_sync()
    wanted = Resource.objects.filter(
        code__in={code for report in reports.by_name().values() for code in codes_of(report)}
    )
    missing = wanted.exclude(roles=entry.role)
    if missing.exists():
        entry.role.resources.add(*missing)
        forget_role_codes([entry.role_id])
    stores = members_data.bench_stores()
    today = timezone.localdate()
    months = []
    month_start = today.replace(day=1)
    for _ in range(12):
        end = month_start - timedelta(days=1)
        month_start = end.replace(day=1)
        months.append((month_start, end))
    with connection.cursor() as cursor:
        cursor.execute("SELECT store_id, id FROM org_employee WHERE status = 'active' AND store_id = ANY(%s)", [stores])
        staff: dict[int, list[int]] = {}
        for store_id, employee_id in cursor.fetchall():
            staff.setdefault(store_id, []).append(employee_id)
    yesterday = today - timedelta(days=1)
    return Scene(api_client(entry=at_region), stores, months, staff, (yesterday - timedelta(days=364), yesterday))


def _base_query(report: type[Report], date_from: date, date_to: date) -> dict[str, str] | None:
    """The dates (or the one date) and every required own filter; None when a required filter
    offers no choice to pick (an id the bench cannot guess)."""
    query = (
        {"from": date_from.isoformat(), "to": date_to.isoformat()} if report.uses_dates else {"to": date_to.isoformat()}
    )
    for option in report.extra_filters:
        if option.required:
            if not option.choices:
                return None
            query[option.name] = option.choices[0][0]
    return query


# --- timing ----------------------------------------------------------------------------------------


class Refused(RuntimeError):
    """The report refused the filters (400): a choice it does not serve at that scope."""


def _show(client: Any, key: str, query: Mapping[str, str]) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    response = client.get(f"/rest/businessReport{key}/show", {**query, "pageNo": "1", "pageSize": "20"})
    elapsed = time.perf_counter() - started
    body = response.json()
    if response.status_code == 400:
        raise Refused(f"{key} {dict(query)}: {body.get('errmsg')}")
    if response.status_code != 200 or body.get("errcode") != "0":
        raise RuntimeError(f"{key} {dict(query)}: {response.status_code} {str(body)[:300]}")
    return elapsed, body["data"]


def _sql_of(client: Any, key: str, query: Mapping[str, str]) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        _show(client, key, query)
    return [q["sql"] for q in captured.captured_queries]


def _replay(raw: psycopg.Connection, statements: list[str], repeats: int) -> dict[str, float]:
    """The request's own SQL (authentication included) on a connection of its own, as the view sent
    it: what the database costs, without Django around it."""
    samples = []
    with raw.cursor() as cursor:
        for _ in range(repeats):
            started = time.perf_counter()
            for statement in statements:
                cursor.execute(statement.replace("%", "%%"))
                if cursor.description is not None:
                    cursor.fetchall()
            samples.append(time.perf_counter() - started)
    raw.rollback()
    return summary_ms(samples)


def _log(message: str) -> None:
    print(f"[reports --measure {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def _timed(
    scene: Scene,
    key: str,
    queries: list[dict[str, str]],
    raw: psycopg.Connection,
    sql_repeats: int,
    slow_s: float | None = None,
) -> dict[str, Any]:
    """The calls' times (after one warm-up call) and the raw SQL of one of them. A call slower than
    `slow_s` is measured once: its warm-up is the figure (repeating minutes-long calls tells nothing
    more), and a statement running past the database's statement_timeout fails the call."""
    _log(f"{key}: {len(queries)} × {queries[0]}")
    with override_settings(DEBUG=False):
        warm_s, data = _show(scene.client, key, queries[0])  # warm: role codes, the report's own caches
    if slow_s is not None and warm_s > slow_s:
        ms = round(warm_s * 1000, 3)
        return {
            "n": 1,
            "median_ms": ms,
            "p95_ms": ms,
            "max_ms": ms,
            "rows_median": data.get("total", 0),
            "note": f"one call only: slower than {slow_s:g} s",
        }
    statements = _sql_of(scene.client, key, queries[0])
    samples, rows = [], []
    with override_settings(DEBUG=False):
        for query in queries:
            elapsed, data = _show(scene.client, key, query)
            samples.append(elapsed)
            rows.append(data.get("total", 0))
    return {
        **summary_ms(samples),
        # Each figure with the machine's load as it ended (the cores are shared with other work).
        "load_average_1m": round(os.getloadavg()[0], 2),
        "queries": len(statements),
        "rows_median": statistics.median(rows),
        "sql": _replay(raw, statements, sql_repeats),
    }


def store_month(scene: Scene, runs: int, raw: psycopg.Connection, only: frozenset[str] | None = None) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for key, report in _chosen(only):
        queries = []
        for _ in range(runs):
            month_from, month_to = scene.rng.choice(scene.months)
            base = _base_query(report, month_from, month_to)
            if base is None:
                break
            queries.append({**base, "storeId": str(scene.rng.choice(scene.stores))})
        if not queries:
            results[key] = {"skipped": "a required filter offers no choice"}
            continue
        try:
            results[key] = _timed(scene, key, queries, raw, max(3, runs // 4))
        except RuntimeError as refused:
            results[key] = {"error": str(refused)}
    return results


def chain_year(
    scene: Scene,
    runs: int,
    raw: psycopg.Connection,
    slow_s: float,
    timeout_s: float,
    only: frozenset[str] | None = None,
    choices: bool = False,
) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with connection.cursor() as cursor:
        cursor.execute(f"SET statement_timeout = '{int(timeout_s * 1000)}ms'")
    try:
        _chain_year(scene, runs, raw, slow_s, timeout_s, results, only, choices)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET statement_timeout")
    return results


def _chain_year(
    scene: Scene,
    runs: int,
    raw: psycopg.Connection,
    slow_s: float,
    timeout_s: float,
    results: dict[str, Any],
    only: frozenset[str] | None,
    choices: bool,
) -> None:
    year_from, year_to = scene.year
    for key, report in _chosen(only):
        if not report.uses_dates or report.max_days < 365:
            results[key] = {"skipped": f"at most {report.max_days} days" if report.uses_dates else "at a date"}
            continue
        base = _base_query(report, year_from, year_to)
        if base is None:
            results[key] = {"skipped": "a required filter offers no choice"}
            continue
        results[key] = _year_calls(scene, key, [base] * runs, raw, slow_s, timeout_s)
        if not choices:
            continue
        for extra in report.extra_filters:
            for value, _label in extra.choices:
                query = {**base, extra.name: value}
                results[f"{key} {extra.name}={value}"] = _year_calls(scene, key, [query] * runs, raw, slow_s, timeout_s)


def _year_calls(
    scene: Scene, key: str, queries: list[dict[str, str]], raw: psycopg.Connection, slow_s: float, timeout_s: float
) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        return _timed(scene, key, queries, raw, 1, slow_s=slow_s)
    except Refused as refused:
        return {"refused": str(refused)}
    except RuntimeError as refused:
        elapsed = time.perf_counter() - started
        if elapsed >= timeout_s:
            return {"stopped_after_s": round(elapsed, 1), "note": "a statement ran past the timeout"}
        return {"error": str(refused)}


def drill_down(scene: Scene, runs: int, raw: psycopg.Connection) -> dict[str, Any]:
    """What a click on a staff member's figure opens: the orders' lines behind it."""
    if reports.get(DRILL_REPORT) is None:
        return {"skipped": f"{DRILL_REPORT} is not registered"}
    staffed = [store for store in scene.stores if scene.staff.get(store)]
    queries = []
    for _ in range(runs):
        store = scene.rng.choice(staffed)
        month_from, month_to = scene.rng.choice(scene.months)
        queries.append(
            {
                "from": month_from.isoformat(),
                "to": month_to.isoformat(),
                "storeId": str(store),
                "staffId": str(scene.rng.choice(scene.staff[store])),
            }
        )
    return {"report": DRILL_REPORT, **_timed(scene, DRILL_REPORT, queries, raw, max(3, runs // 4))}


# --- export ----------------------------------------------------------------------------------------


def _export_range(scene: Scene, rows: int) -> tuple[date, date, int]:
    """Chain-wide days ending yesterday that hold at least `rows` sold lines (what SalesDetail lists)."""
    _year_from, year_to = scene.year
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT o.business_date, count(*) FROM billing_orderline l JOIN billing_order o ON o.id = l.order_id "
            "WHERE o.status = 'paid' AND o.store_id = ANY(%s) AND o.business_date <= %s "
            "GROUP BY 1 ORDER BY 1 DESC",
            [scene.stores, year_to],
        )
        total = 0
        for day, count in cursor.fetchall():
            total += count
            if total >= rows:
                return day, year_to, total
    return year_to - timedelta(days=364), year_to, total


def _vm_hwm_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def export(scene: Scene, rows: int, traced_too: bool) -> dict[str, Any]:
    """POST …/export (what the browser does) and the worker's task on the queued job, timed, with
    the process's peak resident memory before and after; with `traced_too` again under tracemalloc
    for the peak of Python's own allocations while the workbook is written (about 4× slower)."""
    if reports.get(EXPORT_REPORT) is None:
        return {"skipped": f"{EXPORT_REPORT} is not registered"}
    date_from, date_to, lines = _export_range(scene, rows)
    query = {"from": date_from.isoformat(), "to": date_to.isoformat()}

    def one() -> tuple[float, float, ExportJob]:
        started = time.perf_counter()
        response = scene.client.post(
            f"/rest/businessReport{EXPORT_REPORT}/export", query, format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex
        )
        posted = time.perf_counter() - started
        if response.status_code != 202:
            raise RuntimeError(f"export: {response.status_code} {response.content[:300]!r}")
        job_id = response.json()["data"]["jobId"]
        export_run(job_id=job_id)  # a no-op when the task already ran in the request (no Redis)
        elapsed = time.perf_counter() - started
        job = ExportJob.objects.get(pk=job_id)
        if job.status != "done":
            raise RuntimeError(f"export job {job_id}: {job.status} {job.error_message}")
        return posted, elapsed, job

    with override_settings(DEBUG=False):
        hwm_before = _vm_hwm_kb()
        posted, elapsed, job = one()
        hwm_after = _vm_hwm_kb()
        traced: dict[str, float] = {}
        if traced_too:
            tracemalloc.start()
            _posted, traced_s, traced_job = one()
            _current, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            traced = {"python_peak_mb": round(peak / 2**20, 1), "seconds_under_tracemalloc": round(traced_s, 2)}
            traced_job.file.delete(save=False)
    size = job.file.size
    job.file.delete(save=False)
    return {
        "report": EXPORT_REPORT,
        "from": query["from"],
        "to": query["to"],
        "rows": job.rows,
        "lines_in_range": lines,
        "post_ms": round(posted * 1000, 1),
        "seconds": round(elapsed, 2),
        "xlsx_bytes": size,
        "worker_peak_rss_before_mb": round(hwm_before / 1024, 1),
        "worker_peak_rss_mb": round(hwm_after / 1024, 1),
        "load_average_1m": round(os.getloadavg()[0], 2),
        **traced,
    }


def export_in_a_worker(args: argparse.Namespace) -> dict[str, Any]:
    """The export in a process of its own, as a Celery worker makes it: its peak resident memory is
    the export's (plus Django's), not whatever this process measured before."""
    command = [sys.executable, "-m", "bench", "reports", "--export-only", "--export-rows", str(args.export_rows)]
    if args.tiny:
        command.append("--tiny")
    env = {**os.environ, "DATABASE_URL": database_url()}
    done = subprocess.run(command, env=env, cwd=settings.BASE_DIR, capture_output=True, text=True, check=False)
    answers = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not answers:
        raise RuntimeError(f"export worker: {done.returncode} {done.stderr[-500:]}")
    return json.loads(answers[-1])


# --- checkout with the summaries' triggers on and off -----------------------------------------------


def production_env() -> dict[str, str]:
    """gunicorn as production runs it (bench.live_server.gunicorn_env), on this process's database."""
    return {**gunicorn_env(os.environ.get("REDIS_URL", BENCH_REDIS_URL)), "ALLOWED_HOSTS": "127.0.0.1,localhost"}


def summary_triggers() -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(SUMMARY_TRIGGERS)
        return cursor.fetchall()


def _set_triggers(triggers: list[tuple[str, str]], enabled: bool) -> None:
    with connection.cursor() as cursor:
        for table, name in triggers:
            cursor.execute(f'ALTER TABLE {table} {"ENABLE" if enabled else "DISABLE"} TRIGGER "{name}"')


def _checkout_cards(count: int, price: Decimal) -> list[tuple[int, int]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT member_id, id FROM cards_card WHERE kind = 'storedValue' AND status = 'active' "
            "AND expires_on > now() + interval '30 days' AND principal + gift > %s * 10 ORDER BY random() LIMIT %s",
            [price, count],
        )
        return cursor.fetchall()


def checkout(args: argparse.Namespace) -> dict[str, Any]:
    triggers = summary_triggers()
    if not triggers:
        return {"skipped": "no summary triggers in the database"}
    # The principal's first store, as the sales benchmark checks out; signed in by a token issued
    # here (the server shares the signing key), so the run does not depend on the password hasher.
    entry = UserRole.objects.filter(user__login_name=PRINCIPAL).select_related("user").order_by("id").first()
    if entry is None:
        raise SystemExit(f"{PRINCIPAL} is missing: generate first")
    store_id = entry.hier_id
    issued = issue_tokens(user=entry.user, user_role=entry)
    headers = {"Authorization": f"Bearer {issued['access']}", "X-Account-Version": issued["accountVersion"]}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, price FROM catalog_product WHERE enabled AND price BETWEEN 1 AND %s ORDER BY price LIMIT 1",
            [sales.PRODUCT_PRICE_CEILING],
        )
        product_id, price = cursor.fetchone()
    # Enough for every round: a product sold by the piece may be kept in use units (500 a bottle
    # in the generated catalogue), and a million ran out in the fourth round.
    record_moves(
        actor=SYSTEM_ACTOR,
        store=OrgUnit.objects.get(pk=store_id),
        kind=MoveKind.RECEIPT,
        document_kind="bench",
        document_id=0,
        lines=[MoveLine(product_id, Decimal("1000000000"))],
    )
    per_round = args.requests + 20 + max(args.clients * 25, 50)
    cards = _checkout_cards(per_round * args.rounds * 2, price)
    if not cards:
        return {"skipped": "no stored-value card holds ten checkouts"}
    base = f"http://127.0.0.1:{args.port}"
    server = start_gunicorn(args.port, production_env(), workers=args.workers, threads=args.threads)
    rounds: list[dict[str, Any]] = []
    try:
        buy = sales.Checkout(base, headers, product_id)
        settings_order = [on for _ in range(args.rounds) for on in (True, False)]
        for number, on in enumerate(settings_order):
            _set_triggers(triggers, on)
            # A small data set has fewer cards than checkouts: they are used again (each holds ten).
            batch = [cards[n % len(cards)] for n in range(number * per_round, (number + 1) * per_round)]
            for member_id, card_id in batch[:20]:  # warm-up
                buy(member_id, card_id)
            single, failures = [], 0
            for member_id, card_id in batch[20 : 20 + args.requests]:
                started = time.perf_counter()
                ok, _errcode, _amount = buy(member_id, card_id)
                single.append(time.perf_counter() - started)
                failures += not ok
            concurrent = sales._concurrent_checkouts(lambda: buy, batch[20 + args.requests :], args)
            rounds.append(
                {
                    "triggers": "on" if on else "off",
                    "single": {**summary_ms(single), "failures": failures},
                    "concurrent": concurrent,
                }
            )
    finally:
        _set_triggers(triggers, True)
        server.terminate()
        server.wait(timeout=30)

    def mean(on: bool, pick: Callable[[dict[str, Any]], float]) -> float:
        return statistics.mean(pick(r) for r in rounds if (r["triggers"] == "on") == on)

    p95_on, p95_off = mean(True, lambda r: r["single"]["p95_ms"]), mean(False, lambda r: r["single"]["p95_ms"])
    rate_on = mean(True, lambda r: r["concurrent"]["checkouts_per_s"])
    rate_off = mean(False, lambda r: r["concurrent"]["checkouts_per_s"])
    return {
        "store_id": store_id,
        "triggers": [f"{table}.{name}" for table, name in triggers],
        "rounds": rounds,
        "p95_ms_on": round(p95_on, 1),
        "p95_ms_off": round(p95_off, 1),
        "p95_change": round(p95_on / p95_off - 1, 3),
        "checkouts_per_s_on": round(rate_on, 1),
        "checkouts_per_s_off": round(rate_off, 1),
        "throughput_change": round(rate_on / rate_off - 1, 3) if rate_off else None,
    }


def summaries_after_the_day() -> dict[str, Any]:
    """The day's marked store-days drained (what the queue's worker does each minute), then the
    summaries compared with the ledgers: today's through the summaries' own comparison, and the
    whole data set through the registered ledger audit."""
    from apps.reports.summaries.audit import summary_differences_between
    from apps.reports.summaries.drain import drain

    started = time.perf_counter()
    drained = drain()
    drain_s = time.perf_counter() - started
    today = timezone.localdate()
    started = time.perf_counter()
    today_differences = summary_differences_between(today - timedelta(days=1), today)
    today_s = time.perf_counter() - started
    audit = ledger_audits().get("summaries")
    started = time.perf_counter()
    every = [str(d) for d in audit()] if audit is not None else None
    return {
        "drained_store_days": drained,
        "drain_s": round(drain_s, 2),
        "differences_yesterday_and_today": len(today_differences),
        "compare_today_s": round(today_s, 2),
        "differences_whole_data_set": None if every is None else len(every),
        "first_differences": (every or [str(d) for d in today_differences])[:5],
        "audit_s": round(time.perf_counter() - started, 1),
    }


# --- all of it -------------------------------------------------------------------------------------


def _p95s(results: Mapping[str, Any]) -> list[float]:
    return [r["p95_ms"] for r in results.values() if "p95_ms" in r]


def measure(args: argparse.Namespace) -> dict[str, Any]:
    the_scene = scene()
    # A skipped part stays in the answer, empty (its target then holds vacuously; "skipped" names it).
    results: dict[str, Any] = {"store_month": {}, "chain_year": {}, "drill_down": {}, "export": {}}
    with raw_connection() as raw:
        if not args.no_store_month:
            results["store_month"] = store_month(the_scene, args.runs, raw, args.only)
        if not args.no_year:
            results["chain_year"] = chain_year(
                the_scene, args.year_runs, raw, args.slow_s, args.year_timeout, args.only, args.choices
            )
        if not args.no_drill:
            try:
                results["drill_down"] = drill_down(the_scene, args.runs, raw)
            except RuntimeError as refused:
                results["drill_down"] = {"error": str(refused)}
    if not args.no_export:
        try:
            results["export"] = export_in_a_worker(args)
        except RuntimeError as refused:
            results["export"] = {"error": str(refused)}
    if not args.no_checkout:
        try:
            results["checkout"] = checkout(args)
        except (RuntimeError, OSError, SystemExit) as failed:
            results["checkout"] = {"error": repr(failed)}
        results["summaries_after_the_day"] = summaries_after_the_day()
    errors = {
        f"{part}.{key}": r["error"]
        for part in ("store_month", "chain_year")
        for key, r in results[part].items()
        if "error" in r
    }
    errors.update(
        {
            part: results[part]["error"]
            for part in ("drill_down", "export", "checkout")
            if "error" in results.get(part, {})
        }
    )
    targets = {
        "store_month_p95_le_150ms": all(p <= TARGETS["store_month_p95_ms"] for p in _p95s(results["store_month"])),
        "chain_year_le_2s": all(
            r["max_ms"] <= TARGETS["chain_year_s"] * 1000 for r in results["chain_year"].values() if "max_ms" in r
        ),
        "drill_down_p95_le_100ms": results["drill_down"].get("p95_ms", 0) <= TARGETS["drill_down_p95_ms"],
        "export_le_15s": results["export"].get("seconds", 0) <= TARGETS["export_s"],
        "export_peak_le_300mb": results["export"].get("worker_peak_rss_mb", 0) <= TARGETS["export_peak_mb"],
    }
    if "checkout" in results and "p95_change" in results["checkout"]:
        change = results["checkout"]
        targets["checkout_within_10_percent"] = (
            change["p95_change"] <= TARGETS["checkout_within"]
            and (change["throughput_change"] or 0) >= -TARGETS["checkout_within"]
        )
        after = results["summaries_after_the_day"]
        targets["summaries_equal_ledgers"] = (
            after["differences_yesterday_and_today"] == 0 and not after["differences_whole_data_set"]
        )
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM billing_order")
        orders = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM inventory_stockmove")
        moves = cursor.fetchone()[0]
    return {
        "benchmark": "reports",
        "measured_at": timezone.now().isoformat(timespec="seconds"),
        "load_average": os.getloadavg(),
        "postgres": connection.pg_version,  # type: ignore[attr-defined]
        "cpus": os.cpu_count(),
        "data": {"orders": orders, "stock_moves": moves, "stores": len(the_scene.stores)},
        "reports": sorted(reports.by_name()),
        "results": results,
        "skipped": [
            part
            for part, skip in (
                ("store_month", args.no_store_month),
                ("chain_year", args.no_year),
                ("drill_down", args.no_drill),
                ("export", args.no_export),
                ("checkout", args.no_checkout),
            )
            if skip
        ],
        "only": sorted(args.only) if args.only is not None else None,
        "errors": errors,
        "targets": targets,
        "all_pass": all(targets.values()) and not errors,
    }
