"""Outbound moves of one product at once (real concurrent transactions)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.core.ledgers import audit_all
from apps.core.testing import at_once
from apps.inventory.choices import MoveKind
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 20


def test_twenty_outbound_moves_of_a_product_with_stock_for_five_give_exactly_five():
    store = StoreFactory.create(negative_stock_allowed=False)
    product = stocked(store, "5")
    outcomes = at_once(
        lambda: record_moves(
            actor=KEEPER,
            store=store,
            kind=MoveKind.STORE_USE,
            document_kind="outbound",
            document_id=1,
            lines=[MoveLine(product.pk, Decimal("-1"))],
        ),
        PARALLEL,
    )
    assert sorted(outcomes) == ["STOCK-40901"] * 15 + ["ok"] * 5
    assert StockBalance.objects.get(store=store, product=product).quantity == 0
    assert StockMove.objects.filter(product=product, kind=MoveKind.STORE_USE).count() == 5
    assert audit_all() == []


def test_first_moves_of_a_product_at_once_make_one_balance_row():
    store = StoreFactory.create(negative_stock_allowed=True)
    product = stocked(StoreFactory.create(), "1")
    outcomes = at_once(
        lambda: record_moves(
            actor=KEEPER,
            store=store,
            kind=MoveKind.RECEIPT,
            document_kind="receipt",
            document_id=1,
            lines=[MoveLine(product.pk, Decimal("2"))],
        ),
        PARALLEL,
    )
    assert outcomes == ["ok"] * PARALLEL
    assert StockBalance.objects.get(store=store, product=product).quantity == 2 * PARALLEL
    assert audit_all() == []
