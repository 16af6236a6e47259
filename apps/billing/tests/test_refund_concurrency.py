"""Cashiers refunding one line at once through recede/recede (real concurrent
transactions): the order's row lock makes them take turns, so only what was paid goes back."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.models import Refund, RefundTender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.test_payment_concurrency import at_once
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import CASHIER, stored_value_card
from apps.core.ledgers import audit_all
from apps.core.role_codes import REFUND

pytestmark = pytest.mark.django_db(transaction=True)

RECEDE = "/rest/recede/recede"


def test_ten_refunds_of_one_line_at_once_give_back_only_what_was_paid(store, member, make_entry):
    card = stored_value_card(member=member, paid="200.00", face_value="220.00")
    order = order_of(store=store, member=member, lines=[product("100.00")])
    order_pay(
        actor=CASHIER,
        order_id=order.pk,
        tenders=[
            TenderAsked(method="storedValue", amount=Decimal("40"), card_id=card.pk),
            TenderAsked("cash", Decimal("60")),
        ],
    )
    line = order.lines.get()
    entry = make_entry(store, codes=[REFUND.code])
    clients = [api_client(entry=entry) for _ in range(10)]

    def refunding(client):
        def send():
            response = client.post(
                RECEDE,
                {"orderId": order.pk, "lines": [{"orderLineId": line.pk, "amount": "30"}], "reason": "double click"},
                format="json",
            )
            return response.json()["errcode"]

        return send

    answers = at_once([refunding(client) for client in clients])
    assert sorted(answers) == ["0"] * 3 + ["ORD-40901"] * 7, answers
    assert sum(Refund.objects.filter(order=order).values_list("amount", flat=True)) == Decimal("90.00")
    assert sum(RefundTender.objects.filter(refund__order=order).values_list("amount", flat=True)) == Decimal("90.00")
    card = Card.objects.get(pk=card.pk)
    assert card.balance == Decimal("220.00") - Decimal("40.00") + Decimal("36.00")
    assert audit_all() == []
