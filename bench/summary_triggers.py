"""What keeping the reports' summaries fresh costs the checkout (issue 29 §1 and §6): the same
checkout (apps.billing.till.checkout.order_pay of a committed order of a project and a product, each
with its staff, paid in cash: the order, its tenders, staff credits, stock) timed with the summary
triggers on and off, in alternating rounds so the machine's noise falls on both alike; then the
drain of the store-days it left dirty, and the summaries compared with their rebuild.

Runs on its own database (erp_bench_summaries), made anew and migrated by each run."""

from __future__ import annotations

import argparse
import json
import time
from decimal import Decimal

import psycopg
from django.core.management import call_command
from django.db import connection

from bench.raw_replay import one_call, with_baseline

TRIGGERS = (
    ("billing_order", "reports_order_inserted"),
    ("billing_order", "reports_order_updated"),
    ("billing_order", "reports_order_deleted"),
    ("billing_orderline", "reports_line_changed"),
    ("billing_orderlinestaff", "reports_line_staff_changed"),
    ("billing_staffcredit", "reports_credit_written"),
    ("billing_tender", "reports_tender_inserted"),
    ("billing_tender", "reports_tender_updated"),
    ("billing_refund", "reports_refund_changed"),
    ("billing_refundtender", "reports_refund_tender_changed"),
    ("members_member", "reports_member_joined"),
    ("members_member", "reports_member_moved"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        "Environment: DEBUG=0 DATABASE_URL=postgres://postgres@127.0.0.1:5432/erp_bench_summaries "
        "(bench/__main__.py sets it when missing)."
    )
    parser.add_argument("--checkouts", type=int, default=400, help="timed checkouts, half with the triggers on")
    parser.add_argument("--round", type=int, default=20, help="checkouts per round before switching")
    parser.add_argument(
        "--in-place", action="store_true",
        help="on the configured database as it is, not made anew (the suite's tiny run, on its test database)",
    )  # fmt: skip


def _triggers(enabled: bool) -> None:
    verb = "ENABLE" if enabled else "DISABLE"
    with connection.cursor() as cursor:
        for table, trigger in TRIGGERS:
            cursor.execute(f"ALTER TABLE {table} {verb} TRIGGER {trigger}")


def _new_database() -> None:
    """The bench's database, made anew (the test factories number their rows from 1 each run)."""
    params = connection.settings_dict
    connection.close()
    with psycopg.connect(
        dbname="postgres", host=params["HOST"], port=params["PORT"] or None, user=params["USER"],
        password=params["PASSWORD"] or None, autocommit=True,
    ) as maintenance:  # fmt: skip
        maintenance.execute(f'DROP DATABASE IF EXISTS "{params["NAME"]}" WITH (FORCE)')
        maintenance.execute(f'CREATE DATABASE "{params["NAME"]}"')


def run(args: argparse.Namespace) -> None:
    if not args.in_place:
        _new_database()
    call_command("migrate", verbosity=0)
    # The bench's data comes from the test factories: the same rows the summaries' tests sell.
    from apps.billing.tests.checkout_factories import order_of, product, project
    from apps.billing.till.checkout import TenderAsked, order_pay
    from apps.cards.tests.factories import CASHIER
    from apps.catalog.tests.factories import (
        ProjectFactory,
    )
    from apps.inventory.tests.factories import stocked
    from apps.org.tests.factories import StoreFactory
    from apps.reports.summaries.audit import summary_differences_between
    from apps.reports.summaries.drain import drain
    from apps.staff.tests.factories import EmployeeFactory

    # The time PostgreSQL spends inside the summary triggers, measured by the server itself.
    with connection.cursor() as cursor:
        cursor.execute("SET track_functions = 'all'")
    store = StoreFactory.create()
    nurse, seller = EmployeeFactory.create(store=store), EmployeeFactory.create(store=store)
    care = ProjectFactory.create()
    shampoo = stocked(store, "100000")
    samples: dict[bool, list[float]] = {True: [], False: []}
    replays: dict[bool, list[float | str]] = {True: [], False: []}
    enabled = True
    done = 0
    while done < args.checkouts:
        _triggers(enabled)
        for _ in range(min(args.round, args.checkouts - done)):
            order = order_of(
                store=store,
                lines=[
                    project("298.00", item_id=care.pk, staff=[(nurse, "1")]),
                    product("80.00", item_id=shampoo.pk, staff=[(seller, "1")]),
                ],
            )
            tender = TenderAsked(method="cash", amount=Decimal("378.00"))
            # Captured and replayed in a transaction rolled back first, then paid for real, timed.
            _paid, seconds, replayed, _n = one_call(
                lambda order=order, tender=tender: order_pay(actor=CASHIER, order_id=order.pk, tenders=[tender]),
                write=True,
            )
            samples[enabled].append(seconds)
            replays[enabled].append(replayed)
            done += 1
        enabled = not enabled
    _triggers(True)
    start = time.perf_counter()
    drained = drain(stores=[store.pk])
    drain_ms = round((time.perf_counter() - start) * 1000, 3)
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM reports_dirtystoreday WHERE store_id = %s", [store.pk])
        (left,) = cursor.fetchone()
    from django.utils import timezone

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
        cursor.execute("SELECT 1")
        cursor.execute(
            "SELECT coalesce(sum(total_time), 0), coalesce(sum(calls), 0) FROM pg_stat_user_functions "
            "WHERE funcname LIKE 'reports\\_%%' AND funcname NOT IN ('reports_mark_dirty', "
            "'reports_line_of_paid_order_changed')"
        )
        trigger_ms, trigger_calls = cursor.fetchone()

    today = timezone.localdate()
    on = with_baseline(samples[True], replays[True], write=True)
    off = with_baseline(samples[False], replays[False], write=True)
    print(
        json.dumps(
            {
                "benchmark": "summary-triggers",
                "checkout_with_triggers": on,
                "checkout_without_triggers": off,
                "p95_overhead_pct": round((on["p95_ms"] / off["p95_ms"] - 1) * 100, 1),
                "median_overhead_pct": round((on["median_ms"] / off["median_ms"] - 1) * 100, 1),
                "trigger_calls": int(trigger_calls),
                "trigger_ms_per_checkout": round(float(trigger_ms) / max(1, len(samples[True])), 3),
                "store_days_drained": drained,
                "drain_ms": drain_ms,
                "queue_rows_left": left,
                "summary_differences": len(summary_differences_between(today, today)),
            }
        )
    )
