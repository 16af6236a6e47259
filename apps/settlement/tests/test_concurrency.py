"""The statements' maker and the clearing writers at once (real concurrent transactions on
PostgreSQL): a clearing entry in flight when the day's statements are made is waited for and
counted, one written after is dated on the next day; twenty cross-store payments at once all clear;
two owners confirming at once lock the statement once."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connections, transaction

from apps.billing.tests.checkout_factories import order_of, project
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.core.audit import SYSTEM_ACTOR, Actor
from apps.core.business_days import business_day
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.settlement.choices import AuditAction, SettlementKind, StatementStatus
from apps.settlement.models import SettlementEntry, Statement
from apps.settlement.statements import statement_confirm, statements_make
from apps.settlement.tests.factories import CASHIER, card_of, two_stores

pytestmark = pytest.mark.django_db(transaction=True)
D = Decimal


def threads(*targets):
    def wrapped(target):
        def run():
            try:
                target()
            finally:
                connections.close_all()

        return run

    started = [threading.Thread(target=wrapped(target)) for target in targets]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join(timeout=60)


def entry(day, payer, payee, amount="10.00"):
    return SettlementEntry.objects.create(
        day=day, kind=SettlementKind.ADJUSTMENT, payer_id=payer.pk, payee_id=payee.pk, amount=D(amount), value=D(amount)
    )


def test_an_entry_in_flight_while_the_day_is_made_is_waited_for_and_counted():
    a, b = two_stores()
    yesterday = business_day() - timedelta(days=1)
    entry(yesterday, a, b)
    written = threading.Event()
    made: list[int] = []

    def writer():
        with transaction.atomic():
            entry(yesterday, a, b, "5.00")
            written.set()
            time.sleep(0.5)  # the maker starts meanwhile and must wait for this commit

    def maker():
        written.wait(10)
        made.append(statements_make(actor=SYSTEM_ACTOR, day=yesterday))

    threads(writer, maker)
    statement = Statement.objects.get()
    assert made == [1]
    assert (statement.amount, statement.entries) == (D("15.00"), 2)
    # Written after the statement: the trigger dates it today.
    late = entry(yesterday, a, b)
    late.refresh_from_db()
    assert late.day == business_day()
    assert audit_all() == []


def test_twenty_cross_store_payments_at_once_each_clear_once():
    sold_at, served_at = two_stores()
    orders = []
    for _ in range(20):
        card = card_of(sold_at)
        orders.append((order_of(store=served_at, member=card.member, lines=[project("100.00")]), card))
    start = threading.Barrier(len(orders))

    def pay(order, card):
        def run():
            start.wait()
            order_pay(
                actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("storedValue", order.payable, card_id=card.pk)]
            )

        return run

    threads(*(pay(order, card) for order, card in orders))
    entries = SettlementEntry.objects.filter(payer=sold_at, payee=served_at)
    assert entries.count() == 20
    assert sum(e.amount for e in entries) == D("1600.00")
    assert audit_all() == []


def test_two_owners_confirming_at_once_lock_the_statement_once():
    a, b = two_stores()
    yesterday = business_day() - timedelta(days=1)
    entry(yesterday, a, b)
    statements_make(actor=SYSTEM_ACTOR, day=yesterday)
    statement = Statement.objects.get()
    start = threading.Barrier(2)

    def confirm(store):
        def run():
            start.wait()
            statement_confirm(
                actor=Actor(login_name=f"owner{store.pk}"), statement_id=statement.pk, store_id=store.pk, store_ids=None
            )

        return run

    threads(confirm(a), confirm(b))
    statement.refresh_from_db()
    assert statement.status == StatementStatus.LOCKED
    assert SystemLog.objects.filter(action=AuditAction.STATEMENT_LOCKED).count() == 1
    assert SystemLog.objects.filter(action=AuditAction.STATEMENT_CONFIRMED).count() == 2
