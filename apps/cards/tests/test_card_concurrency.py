"""Two cashiers spending one card at once (PostgreSQL: real concurrent transactions)."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection, connections

from apps.cards.errors import BalanceShort, SessionsShort
from apps.cards.models import Card
from apps.cards.services import card_sessions_use, card_spend
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.core.ledgers import audit_all

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent transactions (PostgreSQL)"),
]

PARALLEL = 20


def at_once(spend) -> list[str]:
    """Runs `spend` from PARALLEL threads released together; the outcome of each."""
    start = threading.Barrier(PARALLEL)
    outcomes: list[str] = []

    def run() -> None:
        try:
            start.wait()
            spend()
            outcomes.append("ok")
        except (BalanceShort, SessionsShort) as refused:
            outcomes.append(refused.errcode)
        except BaseException as failure:  # asserted in the main thread
            outcomes.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(PARALLEL)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_twenty_spends_on_a_card_that_covers_five_give_five_successes():
    card = stored_value_card(paid="100.00", face_value="110.00")
    outcomes = at_once(
        lambda: card_spend(
            actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("22")
        )
    )
    assert sorted(outcomes) == ["CARD-40901"] * 15 + ["ok"] * 5
    card.refresh_from_db()
    assert card.balance == Decimal("0.00") and card.entries.count() == 6
    assert audit_all() == []


def test_twenty_session_uses_on_a_card_of_five_sessions_give_five():
    card = package_card(sessions=5)
    project_id = card.sessions.get().project_id
    outcomes = at_once(
        lambda: card_sessions_use(
            actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, project_id=project_id, count=1
        )
    )
    assert sorted(outcomes) == ["CARD-40902"] * 15 + ["ok"] * 5
    assert Card.objects.get(pk=card.pk).sessions.get().left == 0
    assert audit_all() == []
