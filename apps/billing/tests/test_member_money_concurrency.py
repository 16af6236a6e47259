"""A member's refunds and payments sent at once (real concurrent transactions): they
take turns on the member's locks in one order (docs/decisions/0027-lock-order.md) and never end in
a deadlock's 500. Issue 25 §1: the refund locked its order's store with the order, so a payment's
insert pointing at the store waited on the refund while the refund waited on the payment's member."""

from __future__ import annotations

import threading
import time
from decimal import Decimal

import pytest
from django.db import connection, connections, transaction

from apps.accounts.testing import api_client
from apps.billing.choices import OrderStatus
from apps.billing.models import Order, Refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.test_payment_concurrency import at_once
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import CASHIER, stored_value_card
from apps.core.ledgers import audit_all
from apps.core.role_codes import REFUND
from apps.core.tests import lock_guard
from apps.members.models import Member

pytestmark = pytest.mark.django_db(transaction=True)

PAY = "/rest/pay/excute"
RECEDE = "/rest/recede/recede"
ROUNDS = 20


def _refunding(client, order: Order):
    line = order.lines.get()

    def send():
        response = client.post(
            RECEDE,
            {"orderId": order.pk, "lines": [{"orderLineId": line.pk, "amount": "10"}], "reason": "changed her mind"},
            format="json",
        )
        return response.json()["errcode"]

    return send


def _paying(client, order: Order, tender: dict):
    def send():
        response = client.post(PAY, {"orderId": order.pk, "tenders": [tender]}, format="json")
        return response.json()["errcode"]

    return send


def test_a_cash_refund_and_a_payment_of_one_member_sent_at_once_never_deadlock(
    store, member, make_entry, cashier_entry
):
    refunder = api_client(entry=make_entry(store, codes=[REFUND.code]))
    cashier = api_client(entry=cashier_entry)
    answers: list[object] = []
    for _ in range(ROUNDS):
        paid = order_of(store=store, member=member, lines=[product("50.00")])
        order_pay(actor=CASHIER, order_id=paid.pk, tenders=[TenderAsked("cash", Decimal("50"))])
        unpaid = order_of(store=store, member=member, lines=[product("30.00")])
        answers += at_once([_refunding(refunder, paid), _paying(cashier, unpaid, {"method": "cash", "amount": "30"})])
    assert answers == ["0"] * (2 * ROUNDS), answers
    assert Refund.objects.filter(member=member).count() == ROUNDS
    assert audit_all() == []


def test_ten_refunds_and_ten_payments_of_one_member_sent_at_once_all_succeed(store, member, make_entry, cashier_entry):
    refunders = [api_client(entry=make_entry(store, codes=[REFUND.code])) for _ in range(10)]
    cashiers = [api_client(entry=cashier_entry) for _ in range(10)]
    paid = [order_of(store=store, member=member, lines=[product("50.00")]) for _ in range(10)]
    for order in paid:
        order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", Decimal("50"))])
    unpaid = [order_of(store=store, member=member, lines=[product("30.00")]) for _ in range(10)]
    answers = at_once(
        [_refunding(client, order) for client, order in zip(refunders, paid, strict=True)]
        + [
            _paying(client, order, {"method": "cash", "amount": "30"})
            for client, order in zip(cashiers, unpaid, strict=True)
        ]
    )
    assert answers == ["0"] * 20, answers
    assert Order.objects.filter(pk__in=[order.pk for order in unpaid], status=OrderStatus.PAID).count() == 10
    assert audit_all() == []


def test_a_card_sale_refunded_while_that_card_pays_never_deadlocks(store, member, make_entry, cashier_entry):
    refunder = api_client(entry=make_entry(store, codes=[REFUND.code]))
    cashier = api_client(entry=cashier_entry)
    card = stored_value_card(member=member, paid="1000.00", face_value="1000.00")
    answers: list[object] = []
    for _ in range(ROUNDS):
        paid = order_of(store=store, member=member, lines=[product("20.00")])
        order_pay(
            actor=CASHIER,
            order_id=paid.pk,
            tenders=[TenderAsked(method="storedValue", amount=Decimal("20"), card_id=card.pk)],
        )
        unpaid = order_of(store=store, member=member, lines=[product("15.00")])
        answers += at_once(
            [
                _refunding(refunder, paid),
                _paying(cashier, unpaid, {"method": "storedValue", "amount": "15", "cardId": card.pk}),
            ]
        )
    assert answers == ["0"] * (2 * ROUNDS), answers
    card = Card.objects.get(pk=card.pk)
    assert card.balance == Decimal("1000.00") - ROUNDS * Decimal("35.00") + ROUNDS * Decimal("10.00")
    assert audit_all() == []


def test_a_payment_chosen_to_end_a_deadlock_is_paid_on_its_second_run(store, member, cashier_entry):
    """Another transaction holds the member and then asks for the order the payment holds:
    PostgreSQL ends the payment, which waited first; the API runs it again and it pays."""
    order = order_of(store=store, member=member, lines=[product("30.00")])
    member_held = threading.Event()

    def hold_the_member_then_ask_for_the_order() -> None:
        try:
            with transaction.atomic():
                Member.objects.select_for_update(no_key=True).filter(pk=member.pk).first()
                member_held.set()
                while not _someone_waits():
                    time.sleep(0.05)
                # A lock against the order of apps.core.locks, taken on purpose to make the deadlock.
                with lock_guard.unguarded(connection), connection.cursor() as cursor:
                    cursor.execute(f'SELECT id FROM "{Order._meta.db_table}" WHERE id = %s FOR UPDATE', [order.pk])
        finally:
            connections.close_all()

    other = threading.Thread(target=hold_the_member_then_ask_for_the_order)
    other.start()
    assert member_held.wait(10)
    response = api_client(entry=cashier_entry).post(
        PAY, {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "30"}]}, format="json"
    )
    other.join(30)
    assert response.status_code == 200, response.json()
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PAID
    assert audit_all() == []


def _someone_waits() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0] > 0
