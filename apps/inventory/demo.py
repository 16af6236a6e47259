"""Demo stock (contract §6): each demo store starts with an opening goods-in of every enabled product
from head office, so live stock, sales and services have something to move. Idempotent: a store
that has any stock document keeps what it has."""

from __future__ import annotations

from decimal import Decimal

from apps.catalog.models import Product
from apps.core.audit import SYSTEM_ACTOR
from apps.inventory.choices import DocumentKind, DocumentType, MoveKind
from apps.inventory.goods_orders import (
    OrderLineInput,
    goods_order_confirm,
    goods_order_save,
    goods_order_ship,
    goods_order_submit,
)
from apps.inventory.models import GoodsOrder, StockDocument
from apps.inventory.services import DocumentLineInput, document_create
from apps.org.demo import DemoChain

OPENING_QUANTITY = Decimal("20")


def seed_demo(chain: DemoChain) -> None:
    products = list(Product.objects.filter(enabled=True).order_by("code").values_list("pk", flat=True))
    if not products:
        return  # the catalogue's demo was not seeded
    for store in chain.stores:
        if StockDocument.objects.filter(store=store).exists():
            continue
        document_create(
            actor=SYSTEM_ACTOR,
            store=store,
            kind=DocumentKind.RECEIPT,
            type=DocumentType.HEAD_OFFICE,
            lines=[DocumentLineInput(pk, OPENING_QUANTITY) for pk in products],
            move_kind=MoveKind.RECEIPT,
            outward=False,
            remark="opening stock",
        )
    seed_goods_orders(chain)


def seed_goods_orders(chain: DemoChain) -> None:
    """Each demo store has a goods order submitted to head office (for the material-builder
    administrator to confirm on /bookProdLstNew) and one head office shipped (for the store to
    receive on /storageDetail). Idempotent: a store with a goods order keeps what it has."""
    products = list(Product.objects.filter(enabled=True).order_by("code")[:6])
    if len(products) < 6:
        return
    for store in chain.stores:
        if GoodsOrder.objects.filter(store=store).exists():
            continue
        shipped = goods_order_save(
            actor=SYSTEM_ACTOR,
            store=store,
            remark="demo: shipped by head office",
            lines=[OrderLineInput(product.pk, Decimal("6")) for product in products[:3]],
        )
        goods_order_submit(actor=SYSTEM_ACTOR, order=shipped)
        goods_order_confirm(actor=SYSTEM_ACTOR, order=shipped, quantities={})
        goods_order_ship(actor=SYSTEM_ACTOR, order=shipped)
        submitted = goods_order_save(
            actor=SYSTEM_ACTOR,
            store=store,
            remark="demo: waiting for head office",
            lines=[OrderLineInput(product.pk, Decimal("10")) for product in products[3:6]],
        )
        goods_order_submit(actor=SYSTEM_ACTOR, order=submitted)
