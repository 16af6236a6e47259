"""What a checkout costs the database (issue 31; docs/performance.md, bench/raw_checkout.py): a
one-product order committed and paid from a stored-value card under Idempotency-Keys, signed in with
a real token, sends 5 + 7 statements. A change that adds one shows here first."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.cards.tests.factories import stored_value_card
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

COMMIT_STATEMENTS = 5  # who calls; member, product and its stock, card, card rates, promotions; order; line; answer
PAY_STATEMENTS = 7  # who calls; order and member locked; lines and tenders; card; tender; stock; answer


def _sent(captured: CaptureQueriesContext) -> list[str]:
    # The test's own transaction makes the command's a savepoint: in production it is BEGIN/COMMIT.
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]


def _checkout(client, member, product, card) -> tuple[list[str], list[str]]:
    line = {"type": "product", "itemId": product.pk, "qty": 1, "cardId": card.pk}
    key = {"HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex}
    with CaptureQueriesContext(connection) as committing:
        body = {"memId": member.pk, "lines": [line]}
        committed = client.post("/rest/order/commit", body, format="json", **key).json()["data"]
    tender = {"method": "storedValue", "amount": committed["payable"], "cardId": card.pk}
    key = {"HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex}
    with CaptureQueriesContext(connection) as paying:
        body = {"orderId": committed["orderId"], "tenders": [tender]}
        paid = client.post("/rest/pay/excute", body, format="json", **key).json()
    assert paid["errcode"] == "0", paid
    return _sent(committing), _sent(paying)


def test_a_checkout_from_a_stored_value_card_sends_five_then_seven_statements(client, store, member):
    product = stocked(store, "100", price=Decimal("50.00"))
    card = stored_value_card(member=member, paid="1000.00")
    _checkout(client, member, product, card)  # the process's first call reads the role's codes into memory
    committing, paying = _checkout(client, member, product, card)
    assert len(committing) == COMMIT_STATEMENTS, "\n".join(sql[:90] for sql in committing)
    assert len(paying) == PAY_STATEMENTS, "\n".join(sql[:90] for sql in paying)
    assert "cards_card_spend" in "".join(paying) and "inventory_moves_record" in "".join(paying)
    # The paid order's state, the member's last visit and the log ride on the statement keeping the answer.
    closing = paying[-1]
    assert closing.startswith("WITH held_0 AS (UPDATE") and 'INSERT INTO "core_idempotentanswer"' in closing
    assert 'UPDATE "billing_order"' in closing and 'UPDATE "members_member"' in closing
    assert 'INSERT INTO "core_systemlog"' in closing
