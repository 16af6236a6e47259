"""Cashiers paying at once through pay/excute (real concurrent transactions): one card
never pays more than it holds, one Idempotency-Key pays once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.db import connections

from apps.accounts.testing import api_client
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.cards.models import Card
from apps.cards.tests.factories import stored_value_card
from apps.core.ledgers import audit_all

pytestmark = pytest.mark.django_db(transaction=True)

PAY = "/rest/pay/excute"


def at_once(requests: list[Callable[[], object]]) -> list[object]:
    """Runs each request from its own thread, released together; the answers (or failures)."""
    start = threading.Barrier(len(requests))
    answers: list[object] = []

    def run(request: Callable[[], object]) -> None:
        try:
            start.wait()
            answers.append(request())
        except BaseException as failure:  # asserted in the main thread
            answers.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(request,)) for request in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


def test_twenty_orders_paid_at_once_from_a_card_that_covers_five_pay_five(store, member, cashier_entry):
    card = stored_value_card(member=member, paid="100.00", face_value="110.00")
    orders = [order_of(store=store, member=member, lines=[product("22.00")]) for _ in range(20)]
    clients = [api_client(entry=cashier_entry) for _ in orders]

    def paying(client, order):
        def send():
            response = client.post(
                PAY,
                {"orderId": order.pk, "tenders": [{"method": "storedValue", "amount": "22", "cardId": card.pk}]},
                format="json",
            )
            return response.json()["errcode"]

        return send

    answers = at_once([paying(client, order) for client, order in zip(clients, orders, strict=True)])
    assert sorted(answers) == ["0"] * 5 + ["CARD-40901"] * 15
    card = Card.objects.get(pk=card.pk)
    assert card.balance == Decimal("0.00") and card.principal >= 0 and card.gift >= 0
    assert Order.objects.filter(pk__in=[o.pk for o in orders], status="paid").count() == 5
    assert Tender.objects.count() == 5
    assert audit_all() == []


def test_one_key_sent_ten_times_at_once_pays_once(store, member, cashier_entry):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    clients = [api_client(entry=cashier_entry) for _ in range(10)]

    def paying(client):
        def send():
            response = client.post(
                PAY,
                {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "30"}]},
                format="json",
                HTTP_IDEMPOTENCY_KEY="double-click",
            )
            return response.status_code, response.content

        return send

    answers = at_once([paying(client) for client in clients])
    assert len(answers) == 10 and len(set(answers)) == 1, answers
    assert answers[0][0] == 200
    order.refresh_from_db()
    assert order.paid == Decimal("30.00") and order.status == "partlyPaid"
    assert Tender.objects.filter(order=order).count() == 1
    assert audit_all() == []
