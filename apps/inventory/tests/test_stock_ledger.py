"""The stock ledger's one writer: moves and balances together, negative stock by the store's rule."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.catalog.tests.factories import ProductFactory
from apps.core.append_only import AppendOnlyError
from apps.core.errors import InvalidInput
from apps.core.ledgers import audit_all
from apps.inventory.choices import MoveKind
from apps.inventory.errors import StockShort
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def use(store, *lines: tuple[int, str], kind: MoveKind = MoveKind.STORE_USE):
    return record_moves(
        actor=KEEPER,
        store=store,
        kind=kind,
        document_kind="outbound",
        document_id=1,
        lines=[MoveLine(product_id, Decimal(quantity)) for product_id, quantity in lines],
    )


def balance(store, product) -> Decimal:
    return StockBalance.objects.get(store=store, product=product).quantity


def test_a_move_changes_the_balance_and_records_what_is_left():
    store = StoreFactory.create()
    product = stocked(store, "10")
    [move] = use(store, (product.pk, "-3"))
    assert balance(store, product) == Decimal("7")
    assert (move.quantity, move.quantity_after, move.unit_cost) == (Decimal("-3"), Decimal("7"), product.cost)
    assert list(StockMove.objects.filter(product=product).values_list("kind", flat=True)) == ["store_use", "receipt"]


def test_a_move_below_zero_is_refused_and_writes_nothing_where_the_store_forbids_it():
    store = StoreFactory.create(negative_stock_allowed=False)
    enough = stocked(store, "10")
    short = stocked(store, "1")
    with pytest.raises(StockShort) as refused:
        use(store, (enough.pk, "-2"), (short.pk, "-2"))
    assert refused.value.errcode == "STOCK-40901"
    assert refused.value.data["products"] == [
        {"productId": short.pk, "name": short.name, "available": "1.000", "wanted": "2"}
    ]
    assert (balance(store, enough), balance(store, short)) == (Decimal("10"), Decimal("1"))
    assert StockMove.objects.filter(store=store).count() == 2


def test_two_lines_of_one_product_count_together_against_the_stock():
    store = StoreFactory.create()
    product = stocked(store, "5")
    with pytest.raises(StockShort):
        use(store, (product.pk, "-3"), (product.pk, "-3"))
    moves = use(store, (product.pk, "-3"), (product.pk, "-2"))
    assert [move.quantity_after for move in moves] == [Decimal("2"), Decimal("0")]


def test_a_store_that_allows_negative_stock_goes_below_zero():
    store = StoreFactory.create(negative_stock_allowed=True)
    product = ProductFactory.create()
    use(store, (product.pk, "-4"))
    assert balance(store, product) == Decimal("-4")
    assert audit_all() == []


def test_use_units_move_by_the_millilitre():
    store = StoreFactory.create()
    bottle = stocked(store, "1000", use_unit="ml", use_per_unit=Decimal("500"))
    use(store, (bottle.pk, "-15.5"), kind=MoveKind.SERVICE_USE)
    assert balance(store, bottle) == Decimal("984.5")


@pytest.mark.parametrize("lines", [[], [(0, "1")]])
def test_an_empty_document_or_an_unknown_product_is_invalid(lines):
    store = StoreFactory.create()
    with pytest.raises(InvalidInput):
        use(store, *lines)


def test_a_zero_quantity_is_invalid():
    store = StoreFactory.create()
    product = stocked(store, "1")
    with pytest.raises(InvalidInput):
        use(store, (product.pk, "0"))


def test_moves_are_append_only():
    store = StoreFactory.create()
    product = stocked(store, "1")
    move = StockMove.objects.get(product=product)
    with pytest.raises(AppendOnlyError):
        move.save()
    with pytest.raises(AppendOnlyError):
        StockMove.objects.filter(pk=move.pk).update(quantity=5)


def test_the_audit_finds_a_balance_that_moved_without_its_move():
    store = StoreFactory.create()
    product = stocked(store, "3")
    assert audit_all() == []
    StockBalance.objects.filter(store=store, product=product).update(quantity=Decimal("4"))
    [difference] = [d for d in audit_all() if d.ledger == "inventory"]
    assert (difference.kept, difference.recomputed) == (Decimal("4"), Decimal("3"))


def test_a_document_moves_its_lines_in_use_units_and_numbers_itself():
    from apps.inventory.choices import DocumentKind, DocumentType
    from apps.inventory.services import DocumentLineInput, document_create

    store = StoreFactory.create()
    bottle = stocked(store, "0.001", use_unit="ml", use_per_unit=Decimal("500"))
    document = document_create(
        actor=KEEPER,
        store=store,
        kind=DocumentKind.RECEIPT,
        type=DocumentType.SUPPLIER,
        lines=[DocumentLineInput(bottle.pk, Decimal("2"), batch_no="B1")],
        move_kind=MoveKind.RECEIPT,
        outward=False,
        supplier="青丝供应",
    )
    assert document.number.startswith("RK") and document.number.endswith(f"{document.pk:08d}")
    [line] = document.lines.all()
    assert (line.quantity, line.use_quantity, line.unit_cost) == (Decimal("2"), Decimal("1000"), bottle.cost)
    assert balance(store, bottle) == Decimal("1000.001")
    [move] = StockMove.objects.filter(document_kind="document", document_id=document.pk)
    assert (move.quantity, move.batch_no) == (Decimal("1000"), "B1")


def test_an_outbound_document_that_stock_cannot_cover_is_not_written():
    from apps.inventory.choices import DocumentKind, DocumentType
    from apps.inventory.models import StockDocument
    from apps.inventory.services import DocumentLineInput, document_create

    store = StoreFactory.create(negative_stock_allowed=False)
    product = stocked(store, "1")
    with pytest.raises(StockShort):
        document_create(
            actor=KEEPER,
            store=store,
            kind=DocumentKind.OUTBOUND,
            type=DocumentType.STORE_USE,
            lines=[DocumentLineInput(product.pk, Decimal("2"))],
            move_kind=MoveKind.STORE_USE,
            outward=True,
        )
    assert not StockDocument.objects.filter(store=store).exists()
    assert balance(store, product) == Decimal("1")
