"""The rules of goods in and of ordering goods from head office (services, on the database)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from apps.catalog.models import Product
from apps.catalog.tests.factories import ProductFactory
from apps.core.errors import InvalidInput
from apps.core.ledgers import audit_all
from apps.inventory.choices import DocumentType, GoodsOrderPayment, GoodsOrderStatus, MoveKind
from apps.inventory.errors import GoodsOrderState
from apps.inventory.goods_order_selectors import suggestions
from apps.inventory.goods_orders import (
    OrderLineInput,
    ReceiveLineInput,
    goods_order_cancel,
    goods_order_confirm,
    goods_order_mark_paid,
    goods_order_receive,
    goods_order_save,
    goods_order_ship,
    goods_order_submit,
)
from apps.inventory.models import SafetyStock, StockBalance, StockDocument, StockMove
from apps.inventory.receipts import receipt_create
from apps.inventory.services import DocumentLineInput, MoveLine, record_moves
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def balance(store, product) -> Decimal:
    row = StockBalance.objects.filter(store=store, product=product).first()
    return row.quantity if row else Decimal("0")


def shipped_order(store, *lines: tuple[Product, str]):
    order = goods_order_save(
        actor=KEEPER, store=store, lines=[OrderLineInput(product.pk, Decimal(q)) for product, q in lines]
    )
    goods_order_submit(actor=KEEPER, order=order)
    goods_order_confirm(actor=KEEPER, order=order, quantities={})
    return goods_order_ship(actor=KEEPER, order=order)


# -- goods in ------------------------------------------------------------------------------------


def test_a_receipt_puts_its_lines_into_stock_in_use_units():
    store = StoreFactory.create()
    bottle = ProductFactory.create(use_unit="ml", use_per_unit=Decimal("500"))
    document = receipt_create(
        actor=KEEPER,
        store=store,
        type=DocumentType.SUPPLIER,
        supplier="青丝供应链",
        lines=[DocumentLineInput(bottle.pk, Decimal("2"))],
    )
    assert document.number.startswith("RK")
    assert balance(store, bottle) == Decimal("1000")
    assert StockMove.objects.get(document_id=document.pk).kind == MoveKind.RECEIPT
    assert audit_all() == []


def test_a_product_that_tracks_batches_needs_its_batch_and_expiry_and_nothing_is_written_without():
    store = StoreFactory.create()
    serum = ProductFactory.create(tracks_batches=True)
    for line, field in (
        (DocumentLineInput(serum.pk, Decimal("1")), "batchNo"),
        (DocumentLineInput(serum.pk, Decimal("1"), batch_no="B1"), "expiryDate"),
    ):
        with pytest.raises(InvalidInput) as refused:
            receipt_create(actor=KEEPER, store=store, type=DocumentType.HEAD_OFFICE, lines=[line])
        assert refused.value.field == field
    assert not StockDocument.objects.filter(store=store).exists()
    receipt_create(
        actor=KEEPER,
        store=store,
        type=DocumentType.HEAD_OFFICE,
        lines=[DocumentLineInput(serum.pk, Decimal("1"), batch_no="B1", expiry_date=datetime.date(2028, 1, 1))],
    )
    assert StockMove.objects.get(store=store, product=serum).batch_no == "B1"


def test_a_supplier_receipt_names_its_supplier_and_a_loan_is_not_a_goods_in():
    store = StoreFactory.create()
    product = ProductFactory.create()
    with pytest.raises(InvalidInput) as refused:
        receipt_create(actor=KEEPER, store=store, type=DocumentType.SUPPLIER, lines=[DocumentLineInput(product.pk, 1)])
    assert refused.value.field == "supplier"
    with pytest.raises(InvalidInput):
        receipt_create(actor=KEEPER, store=store, type=DocumentType.LOAN_IN, lines=[DocumentLineInput(product.pk, 1)])


# -- suggested quantities ------------------------------------------------------------------------


def test_the_suggestion_is_safety_stock_less_live_stock_plus_the_last_30_days_use():
    store = StoreFactory.create()
    product = stocked(store, "4", ProductFactory.create(default_safety_stock=5))
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.SALE,
        document_kind="test",
        document_id=1,
        lines=[MoveLine(product.pk, Decimal("-3"))],
    )
    [tip] = suggestions(store.pk, [product]).values()
    # live 1, safety 5, used 3: 5 − 1 + 3
    assert (tip.live, tip.safety, tip.used, tip.suggested) == (Decimal("1"), Decimal("5"), Decimal("3"), Decimal("7"))
    SafetyStock.objects.create(store=store, product=product, quantity=Decimal("0"))
    assert suggestions(store.pk, [product])[product.pk].suggested == Decimal("2")


def test_the_suggestion_counts_stock_units_rounded_up_and_never_below_zero():
    store = StoreFactory.create()
    bottle = stocked(store, "1250", ProductFactory.create(use_unit="ml", use_per_unit=Decimal("500")))
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.SERVICE_USE,
        document_kind="test",
        document_id=1,
        lines=[MoveLine(bottle.pk, Decimal("-1000"))],
    )
    SafetyStock.objects.create(store=store, product=bottle, quantity=Decimal("2"))
    # live 0.5 bottles, safety 2, used 2: 3.5 → 4 bottles
    assert suggestions(store.pk, [bottle])[bottle.pk].suggested == Decimal("4")
    plenty = stocked(store, "100")
    assert suggestions(store.pk, [plenty])[plenty.pk].suggested == Decimal("0")


# -- the order's life ----------------------------------------------------------------------------


def test_an_order_goes_from_draft_to_received_and_its_receipt_puts_the_shipped_quantities_into_stock():
    store = StoreFactory.create()
    shampoo, serum = ProductFactory.create(cost=Decimal("30.00")), ProductFactory.create(tracks_batches=True)
    order = goods_order_save(
        actor=KEEPER, store=store, lines=[OrderLineInput(shampoo.pk, Decimal("5")), OrderLineInput(serum.pk, 2)]
    )
    assert (order.status, order.number[:2]) == (GoodsOrderStatus.DRAFT, "DH")
    goods_order_submit(actor=KEEPER, order=order)
    lines = {line.product_id: line for line in order.lines.all()}
    assert lines[shampoo.pk].unit_price == Decimal("30.00")
    goods_order_confirm(actor=KEEPER, order=order, quantities={lines[shampoo.pk].pk: Decimal("3")})
    order = goods_order_ship(actor=KEEPER, order=order)
    assert order.status == GoodsOrderStatus.SHIPPED
    with pytest.raises(InvalidInput):  # the serum tracks batches: its batch is entered at receipt
        goods_order_receive(actor=KEEPER, order=order)
    order, document = goods_order_receive(
        actor=KEEPER,
        order=order,
        lines=[ReceiveLineInput(lines[serum.pk].pk, "S-7", datetime.date(2028, 5, 1))],
    )
    assert (order.status, order.receipt_id) == (GoodsOrderStatus.RECEIVED, document.pk)
    assert (document.type, document.source_id) == (DocumentType.HEAD_OFFICE, order.pk)
    assert (balance(store, shampoo), balance(store, serum)) == (Decimal("3"), Decimal("2"))


def test_receiving_an_order_twice_is_refused_and_moves_nothing_more():
    store = StoreFactory.create()
    product = ProductFactory.create()
    order = shipped_order(store, (product, "4"))
    goods_order_receive(actor=KEEPER, order=order)
    with pytest.raises(GoodsOrderState) as refused:
        goods_order_receive(actor=KEEPER, order=order)
    assert refused.value.errcode == "STOCK-40904"
    assert balance(store, product) == Decimal("4")
    assert StockDocument.objects.filter(store=store, source_id=order.pk).count() == 1


def test_each_step_needs_the_state_before_it():
    store = StoreFactory.create()
    product = ProductFactory.create()
    order = goods_order_save(actor=KEEPER, store=store, lines=[OrderLineInput(product.pk, Decimal("1"))])
    for step in (goods_order_ship, goods_order_receive):
        with pytest.raises(GoodsOrderState):
            step(actor=KEEPER, order=order)
    with pytest.raises(GoodsOrderState):
        goods_order_confirm(actor=KEEPER, order=order, quantities={})
    with pytest.raises(GoodsOrderState):
        goods_order_mark_paid(actor=KEEPER, order=order)


def test_a_store_cancels_until_head_office_confirms_and_head_office_until_it_ships():
    store = StoreFactory.create()
    product = ProductFactory.create()
    confirmed = goods_order_save(actor=KEEPER, store=store, lines=[OrderLineInput(product.pk, Decimal("1"))])
    goods_order_submit(actor=KEEPER, order=confirmed)
    goods_order_confirm(actor=KEEPER, order=confirmed, quantities={})
    with pytest.raises(GoodsOrderState):
        goods_order_cancel(actor=KEEPER, order=confirmed, by_head_office=False)
    cancelled = goods_order_cancel(actor=KEEPER, order=confirmed, by_head_office=True, reason="缺货")
    assert (cancelled.status, cancelled.cancel_reason) == (GoodsOrderStatus.CANCELLED, "缺货")
    shipped = shipped_order(store, (product, "1"))
    with pytest.raises(GoodsOrderState):
        goods_order_cancel(actor=KEEPER, order=shipped, by_head_office=True)


def test_head_office_confirms_with_other_quantities_but_something_must_remain():
    store = StoreFactory.create()
    product = ProductFactory.create()
    order = goods_order_save(actor=KEEPER, store=store, lines=[OrderLineInput(product.pk, Decimal("5"))])
    goods_order_submit(actor=KEEPER, order=order)
    line = order.lines.get()
    with pytest.raises(InvalidInput):
        goods_order_confirm(actor=KEEPER, order=order, quantities={line.pk: Decimal("0")})
    goods_order_confirm(actor=KEEPER, order=order, quantities={line.pk: Decimal("2")})
    line.refresh_from_db()
    assert (line.quantity, line.confirmed_quantity) == (Decimal("5"), Decimal("2"))


def test_head_office_marks_an_order_paid_once():
    store = StoreFactory.create()
    order = shipped_order(store, (ProductFactory.create(), "1"))
    order = goods_order_mark_paid(actor=KEEPER, order=order, reference="银行转账 0091")
    assert (order.payment_status, order.payment_reference) == (GoodsOrderPayment.PAID, "银行转账 0091")
    with pytest.raises(GoodsOrderState):
        goods_order_mark_paid(actor=KEEPER, order=order)


def test_only_a_draft_changes_its_lines_and_only_its_own_store():
    store, other = StoreFactory.create(), StoreFactory.create()
    first, second = ProductFactory.create(), ProductFactory.create()
    order = goods_order_save(actor=KEEPER, store=store, lines=[OrderLineInput(first.pk, Decimal("1"))])
    goods_order_save(actor=KEEPER, store=store, order_id=order.pk, lines=[OrderLineInput(second.pk, Decimal("2"))])
    assert list(order.lines.values_list("product_id", "quantity")) == [(second.pk, Decimal("2"))]
    goods_order_submit(actor=KEEPER, order=order)
    with pytest.raises(GoodsOrderState):
        goods_order_save(actor=KEEPER, store=store, order_id=order.pk, lines=[OrderLineInput(first.pk, Decimal("1"))])
    from apps.core.errors import NotFound

    with pytest.raises(NotFound):
        goods_order_save(actor=KEEPER, store=other, order_id=order.pk, lines=[OrderLineInput(first.pk, Decimal("1"))])
