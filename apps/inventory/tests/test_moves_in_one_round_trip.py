"""The stock ledger's writer in one round trip: the database function inventory_moves_record
(migration 0011) on its own, and record_moves sending it as its one statement."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.catalog.tests.factories import ProductFactory
from apps.core.transactions import command_atomic
from apps.inventory.choices import MoveKind
from apps.inventory.models import SafetyStock, StockBalance, StockMove
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def recorded(store, *lines: tuple[int, str], allow_negative: bool = False) -> list[tuple]:
    """The function's rows for `lines` (product, quantity) of a store-use document."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT * FROM inventory_moves_record(%s, 'store_use', 'outbound', 7, NULL, %s, NULL, 'SY00002', %s, "
            "%s::bigint[], %s::numeric[], %s::text[], %s::date[], %s::text[])",
            [
                store.pk,
                allow_negative,
                timezone.now(),
                [product_id for product_id, _ in lines],
                [Decimal(quantity) for _, quantity in lines],
                ["" for _ in lines],
                [None for _ in lines],
                ["" for _ in lines],
            ],
        )
        return cursor.fetchall()


def held(store, product) -> Decimal:
    return StockBalance.objects.get(store=store, product=product).quantity


def test_a_shortage_names_the_short_products_and_writes_nothing():
    store = StoreFactory.create()
    enough = stocked(store, "10")
    short = stocked(store, "1", name="玫瑰精油")
    rows = recorded(store, (enough.pk, "-2"), (short.pk, "-1"), (short.pk, "-1"))
    assert rows == [(short.pk, None, None, None, Decimal("1.000"), None, None, None, "玫瑰精油")]
    assert (held(store, enough), held(store, short)) == (Decimal("10"), Decimal("1"))
    assert not StockMove.objects.filter(document_kind="outbound").exists()


def test_negative_stock_allowed_by_the_caller_goes_below_zero():
    store = StoreFactory.create()
    product = stocked(store, "1")
    [row] = recorded(store, (product.pk, "-3"), allow_negative=True)
    assert row[2] == Decimal("-2")
    assert held(store, product) == Decimal("-2")


def test_a_missing_balance_row_is_created_and_moved_from_zero():
    store = StoreFactory.create()
    product = ProductFactory.create(default_safety_stock=2, use_per_unit=Decimal("500"))
    [row] = recorded(store, (product.pk, "3"))
    product_id, move_id, after, unit_cost, before, own_safety, default_safety, per_unit, name = row
    assert (product_id, after, unit_cost, before) == (product.pk, Decimal("3.000"), product.cost, Decimal("0.000"))
    assert (own_safety, default_safety, per_unit, name) == (None, 2, Decimal("500.000"), product.name)
    assert held(store, product) == Decimal("3")
    assert StockMove.objects.get(pk=move_id).quantity_after == Decimal("3")


def test_two_lines_of_one_product_accumulate_line_by_line():
    store = StoreFactory.create()
    product = stocked(store, "5")
    other = stocked(store, "4")
    SafetyStock.objects.create(store=store, product=product, quantity=Decimal("1.5"))
    rows = recorded(store, (product.pk, "-1"), (other.pk, "-4"), (product.pk, "-2.5"))
    assert [(row[0], row[2], row[4], row[5]) for row in rows] == [
        (product.pk, Decimal("4.000"), Decimal("5.000"), Decimal("1.500")),
        (other.pk, Decimal("0.000"), Decimal("4.000"), None),
        (product.pk, Decimal("1.500"), Decimal("5.000"), Decimal("1.500")),
    ]
    assert [row[1] for row in rows] == sorted(row[1] for row in rows)
    assert (held(store, product), held(store, other)) == (Decimal("1.5"), Decimal("0"))
    moves = StockMove.objects.filter(document_kind="outbound", document_id=7).order_by("id")
    assert [(m.product_id, m.quantity, m.quantity_after) for m in moves] == [
        (product.pk, Decimal("-1"), Decimal("4")),
        (other.pk, Decimal("-4"), Decimal("0")),
        (product.pk, Decimal("-2.5"), Decimal("1.5")),
    ]


def test_an_unknown_product_answers_no_row_and_writes_nothing():
    store = StoreFactory.create()
    product = stocked(store, "5")
    assert recorded(store, (product.pk, "-1"), (0, "-1")) == []
    assert held(store, product) == Decimal("5")
    assert StockMove.objects.filter(store=store).count() == 1


def test_a_one_product_sale_is_one_statement():
    store = StoreFactory.create()
    product = stocked(store, "10")
    with command_atomic(), CaptureQueriesContext(connection) as captured:
        [move] = record_moves(
            actor=KEEPER,
            store=store,
            kind=MoveKind.SALE,
            document_kind="order",
            document_id=1,
            lines=[MoveLine(product.pk, Decimal("-1"))],
        )
    assert len(captured) == 1, [q["sql"] for q in captured]
    assert "inventory_moves_record" in captured[0]["sql"]
    assert StockMove.objects.get(pk=move.pk).quantity_after == move.quantity_after == Decimal("9")
    assert held(store, product) == Decimal("9")
