"""Stocktake commands at once (PostgreSQL: real concurrent transactions)."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection, connections

from apps.core.errors import DomainError
from apps.core.ledgers import audit_all
from apps.inventory.models import StockBalance, StockMove, Stocktake
from apps.inventory.stocktakes import (
    STOCKTAKE_MOVES,
    CountInput,
    stocktake_approve,
    stocktake_count,
    stocktake_create,
    stocktake_submit,
)
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent transactions (PostgreSQL)"),
]

PARALLEL = 8


def at_once(command) -> list[str]:
    start = threading.Barrier(PARALLEL)
    outcomes: list[str] = []

    def run() -> None:
        try:
            start.wait()
            command()
            outcomes.append("ok")
        except DomainError as refused:
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


def test_approvals_of_one_stocktake_at_once_make_one_set_of_moves():
    store = StoreFactory.create(negative_stock_allowed=False)
    comb = stocked(store, "10")
    brush = stocked(store, "4")
    stocktake = stocktake_create(actor=KEEPER, store=store)
    stocktake_count(
        actor=KEEPER,
        store=store,
        stocktake_id=stocktake.pk,
        counts=[CountInput(comb.pk, Decimal("7")), CountInput(brush.pk, Decimal("6"))],
    )
    stocktake_submit(actor=KEEPER, store=store, stocktake_id=stocktake.pk)
    outcomes = at_once(lambda: stocktake_approve(actor=KEEPER, store=store, stocktake_id=stocktake.pk))
    assert sorted(outcomes) == ["STOCK-40903"] * (PARALLEL - 1) + ["ok"]
    assert StockMove.objects.filter(document_kind=STOCKTAKE_MOVES, document_id=stocktake.pk).count() == 2
    assert StockBalance.objects.get(store=store, product=comb).quantity == 7
    assert StockBalance.objects.get(store=store, product=brush).quantity == 6
    assert audit_all() == []


def test_stocktakes_started_at_once_in_one_store_make_one():
    store = StoreFactory.create()
    stocked(store, "3")
    outcomes = at_once(lambda: stocktake_create(actor=KEEPER, store=store))
    assert sorted(outcomes) == ["STOCK-40902"] * (PARALLEL - 1) + ["ok"]
    assert Stocktake.objects.filter(store=store).count() == 1
