"""Daily closing of a busy day (issue 14 §5: closing a day of 600 orders ≤ 1 s). On the demo chain
(seeded when missing), each run writes a busy day at the first demo store inside a transaction: the
orders paid (cash, a third partly from a stored-value card), their lines with staff, their tenders,
card ledger entries, points entries and staff credits; then times the day's figures (`day_figures`)
and the closing (`day_close`: the figures, the checks, the closing row, the closed day, the log), and
rolls everything back, so the runs repeat on the same data and leave nothing behind."""

from __future__ import annotations

import argparse
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone

from apps.billing.choices import CreditKind, LineType, OrderStatus, TenderMethod, TenderStatus
from apps.billing.closing.open_items import open_items
from apps.billing.closing.selectors import Day, day_figures
from apps.billing.closing.services import CarryOver, day_close
from apps.billing.models import Order, OrderLine, OrderLineStaff, StaffCredit, Tender
from apps.cards.models import Card
from apps.core.audit import Actor
from apps.members.models import Member
from apps.org.models import OrgUnit
from apps.staff.models import Employee
from bench.members import ensure_database
from bench.raw_replay import one_call, with_baseline

OUT = Path(__file__).resolve().parent / "out"
BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/erp_bench_closing"
ACTOR = Actor(login_name="bench")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = f"Environment: DEBUG=0 DATABASE_URL={BENCH_DATABASE_URL} (bench/__main__.py sets it when missing)."
    parser.add_argument("--orders", type=int, default=600, help="orders of the busy day")
    parser.add_argument("--runs", type=int, default=10, help="timed closings (each on a fresh busy day)")


def _busy_day(store: OrgUnit, orders: int) -> None:
    """`orders` paid orders of today at `store`, with everything a payment writes, in bulk."""
    employees = list(Employee.objects.filter(store=store).order_by("id")[:4])
    members = list(Member.objects.order_by("id")[:20])
    card = Card.objects.filter(member__in=members).order_by("id").first()
    today = timezone.localdate()
    made = Order.objects.bulk_create(
        Order(
            order_no=f"SOBENCH{n:08d}",
            store=store,
            member=members[n % len(members)] if members else None,
            name="bench",
            status=OrderStatus.PAID,
            total=Decimal("300"),
            payable=Decimal("300"),
            paid=Decimal("300"),
            business_date=today,
            paid_at=timezone.now(),
        )
        for n in range(orders)
    )
    lines = OrderLine.objects.bulk_create(
        OrderLine(
            order=order,
            type=kind,
            item_id=1,
            name="bench",
            qty=1,
            unit_price=Decimal(amount),
            amount=Decimal(amount),
        )
        for order in made
        for kind, amount in ((LineType.PRODUCT, "100"), (LineType.PROJECT, "200"))
    )
    if employees:
        OrderLineStaff.objects.bulk_create(
            OrderLineStaff(line=line, employee=employees[n % len(employees)], share=Decimal("1"))
            for n, line in enumerate(lines)
        )
        StaffCredit.objects.bulk_create(
            StaffCredit(
                line=line,
                employee=employees[n % len(employees)],
                kind=CreditKind.SERVICE if line.type == LineType.PROJECT else CreditKind.SALE,
                amount=line.amount,
                store=store,
                business_date=today,
            )
            for n, line in enumerate(lines)
        )
    tenders = []
    for n, order in enumerate(made):
        from_card = card is not None and n % 3 == 0
        if from_card:
            tenders.append(
                Tender(
                    order=order,
                    method=TenderMethod.STORED_VALUE,
                    amount=Decimal("100"),
                    status=TenderStatus.SUCCEEDED,
                    card=card,
                    store=store,
                )
            )
        cash = Decimal("200") if from_card else Decimal("300")
        tenders.append(
            Tender(order=order, method=TenderMethod.CASH, amount=cash, status=TenderStatus.SUCCEEDED, store=store)
        )
    Tender.objects.bulk_create(tenders)
    with connection.cursor() as cursor:
        if card is not None:
            cursor.execute(
                "INSERT INTO cards_cardentry (card_id, kind, principal_change, gift_change, principal_after,"
                " gift_after, sessions_change, order_id, store_id, card_store_id, remark, operator_name, created_at)"
                " SELECT %s, 'spend', -100, 0, 0, 0, 0, o.id, o.store_id, %s, '', 'bench', now()"
                " FROM billing_order o WHERE o.order_no LIKE 'SOBENCH%%' AND o.id %% 3 = 0",
                [card.pk, card.store_id],
            )
        cursor.execute(
            "INSERT INTO members_pointsentry (member_id, store_id, kind, change, balance_after, reason, order_id,"
            " operator_name, created_at)"
            " SELECT o.member_id, o.store_id, 'earn', 300, 300, 'bench', o.id, 'bench', now()"
            " FROM billing_order o WHERE o.order_no LIKE 'SOBENCH%%' AND o.member_id IS NOT NULL",
        )


class _RolledBack(Exception):
    pass


def _one_run(store: OrgUnit, orders: int) -> dict[str, Any]:
    """One busy day: its figures and its closing, each captured and replayed first (on this
    connection, inside the run's transaction: another connection cannot see the busy day), then
    timed for real; all rolled back."""
    out: dict[str, Any] = {}
    try:
        with transaction.atomic():
            _busy_day(store, orders)
            day = Day(store.pk, timezone.localdate())
            figures, out["figures_s"], out["figures_sql_s"], out["figures_queries"] = one_call(
                lambda: day_figures(day), same_connection=True
            )
            counted = Decimal(figures["cash"]["expected"])
            # What the store left open that day (the demo's reservations arrived and not billed, once
            # their hour has passed) is carried over with a reason, as the closing page asks.
            carried = [
                CarryOver(kind=item["kind"], ref=item["ref"], reason="bench: carried over")
                for item in open_items(store.pk, day.date)
            ]
            _closed, out["close_s"], out["close_sql_s"], out["close_queries"] = one_call(
                lambda: day_close(actor=ACTOR, store=store, day=day.date, cash_counted=counted, carry_over=carried),
                write=True,
                same_connection=True,
            )
            raise _RolledBack
    except _RolledBack:
        pass
    return out


def figures_of(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The runs' figures, each beside its statements replayed over plain psycopg and the ratio."""
    return {
        "figures_ms": with_baseline([r["figures_s"] for r in results], [r["figures_sql_s"] for r in results]),
        "close_ms": with_baseline([r["close_s"] for r in results], [r["close_sql_s"] for r in results], write=True),
        "figures_queries": results[0]["figures_queries"],
        "close_queries": results[0]["close_queries"],
    }


def run(args: argparse.Namespace) -> None:
    ensure_database()
    call_command("migrate", verbosity=0)
    if not OrgUnit.objects.filter(code="S-SH-001").exists():
        call_command("seed_demo", verbosity=0)
    store = OrgUnit.objects.get(code="S-SH-001")
    OUT.mkdir(exist_ok=True)
    results = [_one_run(store, args.orders) for _ in range(args.runs)]
    out = {
        "benchmark": "closing",
        "orders": args.orders,
        "runs": args.runs,
        **figures_of(results),
    }
    (OUT / "closing.json").write_text(json.dumps(out) + "\n")
    print(json.dumps(out))
