"""The stocktake's rules (services): the freeze, counting by typing and scanning, submitting,
approving on top of the live stock, sending back, the one open stocktake per store, the audit."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.catalog.tests.factories import ProductFactory
from apps.core.errors import InvalidInput, NotFound
from apps.core.ledgers import audit_all
from apps.inventory.choices import MoveKind, StocktakeScope, StocktakeStatus
from apps.inventory.errors import StockShort, StocktakeOpen, StocktakeState
from apps.inventory.models import StockBalance, StockMove, Stocktake, StocktakeLine
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.stocktakes import (
    STOCKTAKE_MOVES,
    CountInput,
    stocktake_approve,
    stocktake_cancel,
    stocktake_count,
    stocktake_create,
    stocktake_reject,
    stocktake_scan,
    stocktake_submit,
)
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

OWNER = KEEPER


def live(store, product) -> Decimal:
    return StockBalance.objects.get(store=store, product=product).quantity


def start(store, **options) -> Stocktake:
    return stocktake_create(actor=KEEPER, store=store, **options)


def count(stocktake, product, counted) -> None:
    stocktake_count(
        actor=KEEPER,
        store=stocktake.store,
        stocktake_id=stocktake.pk,
        counts=[CountInput(product.pk, Decimal(counted))],
    )


def submit_and_approve(stocktake) -> Stocktake:
    stocktake_submit(actor=KEEPER, store=stocktake.store, stocktake_id=stocktake.pk)
    return stocktake_approve(actor=OWNER, store=stocktake.store, stocktake_id=stocktake.pk)


def sell(store, product, quantity) -> None:
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.SALE,
        document_kind="order",
        document_id=1,
        lines=[MoveLine(product.pk, -Decimal(quantity))],
    )


def test_the_freeze_takes_every_product_the_store_holds_in_use_units_with_its_cost():
    store = StoreFactory.create()
    shampoo = stocked(store, "1000", use_unit="ml", use_per_unit=Decimal("500"), cost=Decimal("60.00"))
    comb = stocked(store, "3")
    gone = stocked(store, "2")
    sell(store, gone, "2")
    stocked(StoreFactory.create(), "5")  # another store's stock
    stocktake = start(store)
    assert stocktake.number.startswith("PD") and stocktake.status == StocktakeStatus.COUNTING
    lines = {line.product_id: line for line in stocktake.lines.all()}
    assert set(lines) == {shampoo.pk, comb.pk}  # a product at 0 is not on a whole-store count
    assert (lines[shampoo.pk].snapshot, lines[shampoo.pk].use_per_unit, lines[shampoo.pk].unit_cost) == (
        Decimal("1000"),
        Decimal("500"),
        Decimal("60.00"),
    )
    assert lines[comb.pk].counted is None and lines[comb.pk].difference is None


def test_a_count_of_chosen_categories_or_products_takes_only_those_and_chosen_products_even_at_zero():
    store = StoreFactory.create()
    shampoo = stocked(store, "4")
    comb = stocked(store, "3")
    never_held = ProductFactory.create()
    by_category = start(store, scope=StocktakeScope.CATEGORIES, category_ids=[shampoo.category_id])
    assert list(by_category.lines.values_list("product_id", flat=True)) == [shampoo.pk]
    assert by_category.scope_names == shampoo.category.name
    stocktake_cancel(actor=KEEPER, store=store, stocktake_id=by_category.pk)
    by_product = start(store, scope=StocktakeScope.PRODUCTS, product_ids=[comb.pk, never_held.pk])
    snapshots = dict(by_product.lines.values_list("product_id", "snapshot"))
    assert snapshots == {comb.pk: Decimal("3"), never_held.pk: Decimal("0")}
    with pytest.raises(InvalidInput):
        start(StoreFactory.create(), scope=StocktakeScope.PRODUCTS, product_ids=[])


def test_a_store_has_one_open_stocktake_at_a_time():
    store = StoreFactory.create()
    stocked(store, "1")
    first = start(store)
    with pytest.raises(StocktakeOpen):
        start(store)
    stocktake_submit(actor=KEEPER, store=store, stocktake_id=first.pk)
    with pytest.raises(StocktakeOpen):
        start(store)
    stocktake_cancel(actor=KEEPER, store=store, stocktake_id=first.pk)
    assert start(store).status == StocktakeStatus.COUNTING
    assert start(StoreFactory.create()).pk  # another store counts at the same time


def test_a_typed_count_in_stock_units_gives_the_difference_in_use_units_and_its_value():
    store = StoreFactory.create()
    shampoo = stocked(store, "1000", use_unit="ml", use_per_unit=Decimal("500"), cost=Decimal("60.00"))
    stocktake = start(store)
    count(stocktake, shampoo, "1.5")
    line = stocktake.lines.get(product=shampoo)
    assert (line.counted, line.difference, line.difference_value) == (Decimal("1.5"), Decimal("-250"), Decimal("-30"))
    stocktake_count(actor=KEEPER, store=store, stocktake_id=stocktake.pk, counts=[CountInput(shampoo.pk, None)])
    line.refresh_from_db()
    assert line.counted is None and line.difference is None and line.difference_value == 0


def test_a_count_of_a_product_not_on_the_stocktake_or_below_zero_is_refused():
    store = StoreFactory.create()
    comb = stocked(store, "3")
    stocktake = start(store)
    with pytest.raises(InvalidInput):
        count(stocktake, ProductFactory.create(), "1")
    with pytest.raises(InvalidInput):
        count(stocktake, comb, "-1")
    with pytest.raises(NotFound):
        stocktake_count(
            actor=KEEPER, store=StoreFactory.create(), stocktake_id=stocktake.pk, counts=[CountInput(comb.pk, None)]
        )


def test_a_scan_adds_one_stock_unit_or_a_quantity_and_a_product_not_frozen_joins_with_snapshot_zero():
    store = StoreFactory.create()
    comb = stocked(store, "3")
    stocktake = start(store)
    stocktake_scan(actor=KEEPER, store=store, stocktake_id=stocktake.pk, code=comb.barcode)
    line = stocktake_scan(actor=KEEPER, store=store, stocktake_id=stocktake.pk, code=comb.barcode, quantity=Decimal(2))
    assert (line.counted, line.difference, line.added) == (Decimal("3"), Decimal("0"), False)
    newcomer = ProductFactory.create(cost=Decimal("10.00"))
    line = stocktake_scan(actor=KEEPER, store=store, stocktake_id=stocktake.pk, code=newcomer.barcode)
    assert (line.snapshot, line.counted, line.difference, line.difference_value, line.added) == (
        Decimal("0"),
        Decimal("1"),
        Decimal("1"),
        Decimal("10.00"),
        True,
    )
    line = stocktake_scan(actor=KEEPER, store=store, stocktake_id=stocktake.pk, code=f" {comb.code} ")
    assert line.counted == 4  # a product code typed into the scan field counts too
    with pytest.raises(InvalidInput):
        stocktake_scan(actor=KEEPER, store=store, stocktake_id=stocktake.pk, code="0000")


def test_submitting_counts_what_was_not_counted_as_zero_and_stops_counting():
    store = StoreFactory.create()
    comb = stocked(store, "3", cost=Decimal("5.00"))
    stocktake = start(store)
    stocktake_submit(actor=KEEPER, store=store, stocktake_id=stocktake.pk)
    line = stocktake.lines.get()
    assert (line.counted, line.difference, line.difference_value) == (Decimal("0"), Decimal("-3"), Decimal("-15.00"))
    with pytest.raises(StocktakeState):
        count(stocktake, comb, "3")
    with pytest.raises(StocktakeState):
        stocktake_submit(actor=KEEPER, store=store, stocktake_id=stocktake.pk)


def test_approving_turns_every_difference_into_one_stocktake_move_and_stock_becomes_the_count():
    store = StoreFactory.create()
    shampoo = stocked(store, "1000", use_per_unit=Decimal("500"))
    comb = stocked(store, "3")
    brush = stocked(store, "4")
    stocktake = start(store)
    count(stocktake, shampoo, "1.5")
    count(stocktake, comb, "5")
    count(stocktake, brush, "4")
    approved = submit_and_approve(stocktake)
    assert approved.status == StocktakeStatus.APPROVED and approved.decided_by_name == OWNER.login_name
    moves = StockMove.objects.filter(document_kind=STOCKTAKE_MOVES, document_id=stocktake.pk)
    assert sorted((move.product_id, move.quantity, move.kind) for move in moves) == sorted(
        [(shampoo.pk, Decimal("-250"), MoveKind.STOCKTAKE), (comb.pk, Decimal("2"), MoveKind.STOCKTAKE)]
    )
    assert (live(store, shampoo), live(store, comb), live(store, brush)) == (Decimal("750"), Decimal("5"), 4)
    assert audit_all() == []


def test_a_sale_between_the_freeze_and_the_approval_still_counts():
    store = StoreFactory.create()
    comb = stocked(store, "10")
    stocktake = start(store)  # frozen at 10
    count(stocktake, comb, "9")  # one is missing
    sell(store, comb, "3")  # sold during the count: live 7
    submit_and_approve(stocktake)
    assert live(store, comb) == 6  # 7 and the difference of −1, not the count of 9
    assert StockMove.objects.filter(product=comb, kind=MoveKind.SALE).count() == 1
    assert audit_all() == []


def test_where_negative_stock_is_forbidden_a_count_may_take_stock_to_zero_but_not_below():
    store = StoreFactory.create(negative_stock_allowed=False)
    comb = stocked(store, "5")
    brush = stocked(store, "5")
    stocktake = start(store)
    count(stocktake, comb, "0")
    count(stocktake, brush, "5")
    submit_and_approve(stocktake)
    assert live(store, comb) == 0
    second = start(store)  # brush frozen at 5
    count(second, brush, "3")
    sell(store, brush, "5")  # all sold during the count: 5 − 5 − 2 would be −2
    stocktake_submit(actor=KEEPER, store=store, stocktake_id=second.pk)
    with pytest.raises(StockShort):
        stocktake_approve(actor=OWNER, store=store, stocktake_id=second.pk)
    second.refresh_from_db()
    assert second.status == StocktakeStatus.SUBMITTED and live(store, brush) == 0
    assert not StockMove.objects.filter(document_kind=STOCKTAKE_MOVES, document_id=second.pk).exists()


def test_approving_twice_or_a_cancelled_or_unsubmitted_stocktake_is_refused():
    store = StoreFactory.create()
    comb = stocked(store, "3")
    stocktake = start(store)
    with pytest.raises(StocktakeState):
        stocktake_approve(actor=OWNER, store=store, stocktake_id=stocktake.pk)
    count(stocktake, comb, "1")
    submit_and_approve(stocktake)
    with pytest.raises(StocktakeState):
        stocktake_approve(actor=OWNER, store=store, stocktake_id=stocktake.pk)
    assert StockMove.objects.filter(document_kind=STOCKTAKE_MOVES).count() == 1
    cancelled = start(store)
    stocktake_cancel(actor=KEEPER, store=store, stocktake_id=cancelled.pk)
    with pytest.raises(StocktakeState):
        stocktake_approve(actor=OWNER, store=store, stocktake_id=cancelled.pk)
    with pytest.raises(StocktakeState):
        stocktake_cancel(actor=KEEPER, store=store, stocktake_id=stocktake.pk)


def test_sending_back_needs_a_reason_and_the_count_goes_on_then_is_submitted_again():
    store = StoreFactory.create()
    comb = stocked(store, "3")
    stocktake = start(store)
    stocktake_submit(actor=KEEPER, store=store, stocktake_id=stocktake.pk)
    with pytest.raises(InvalidInput):
        stocktake_reject(actor=OWNER, store=store, stocktake_id=stocktake.pk, reason=" ")
    rejected = stocktake_reject(actor=OWNER, store=store, stocktake_id=stocktake.pk, reason="count the shelf again")
    assert (rejected.status, rejected.reject_reason) == (StocktakeStatus.REJECTED, "count the shelf again")
    with pytest.raises(StocktakeOpen):
        start(store)  # sent back is still open
    count(stocktake, comb, "3")
    submit_and_approve(stocktake)
    assert live(store, comb) == 3
    assert not StockMove.objects.filter(document_kind=STOCKTAKE_MOVES).exists()


def test_the_audit_finds_an_approved_difference_without_its_move_and_a_move_without_its_difference():
    store = StoreFactory.create()
    comb = stocked(store, "3")
    stocktake = start(store)
    count(stocktake, comb, "1")
    submit_and_approve(stocktake)
    assert audit_all() == []
    StocktakeLine.objects.filter(stocktake=stocktake).update(difference=Decimal("-1"))
    found = [(d.ledger, d.record) for d in audit_all()]
    assert ("stocktakes", f"stocktake {stocktake.pk} product {comb.pk}") in found
    StocktakeLine.objects.filter(stocktake=stocktake).update(difference=Decimal("0"))
    found = [d.ledger + " " + d.record for d in audit_all()]
    assert any(record.startswith("stocktakes move ") for record in found)
