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
from apps.inventory.models import GoodsOrder, StockDocument, Stocktake
from apps.inventory.services import DocumentLineInput, document_create
from apps.inventory.stocktakes import (
    CountInput,
    stocktake_approve,
    stocktake_count,
    stocktake_create,
    stocktake_submit,
)
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
            remark="期初库存",
        )
    seed_demo_stocktakes(chain)
    seed_demo_loan(chain)
    seed_goods_orders(chain)


def seed_demo_stocktakes(chain: DemoChain) -> None:
    """The first demo store's stocktakes: one approved (two products found short, one over, the rest
    as frozen) and one open, partly counted. Idempotent: a store with a stocktake keeps it."""
    if not chain.stores:
        return
    store = chain.stores[0]
    if Stocktake.objects.filter(store=store).exists():
        return
    approved = stocktake_create(actor=SYSTEM_ACTOR, store=store, remark="月末盘点")
    lines = list(approved.lines.order_by("id").values_list("product_id", "snapshot", "use_per_unit"))
    if not lines:
        return
    changes = {0: Decimal("-2"), 1: Decimal("-1"), 2: Decimal("1")}
    stocktake_count(
        actor=SYSTEM_ACTOR,
        store=store,
        stocktake_id=approved.pk,
        counts=[
            CountInput(product_id, snapshot / per_unit + changes.get(index, Decimal("0")))
            for index, (product_id, snapshot, per_unit) in enumerate(lines)
        ],
    )
    stocktake_submit(actor=SYSTEM_ACTOR, store=store, stocktake_id=approved.pk)
    stocktake_approve(actor=SYSTEM_ACTOR, store=store, stocktake_id=approved.pk)
    open_one = stocktake_create(actor=SYSTEM_ACTOR, store=store, remark="抽盘")
    first = list(open_one.lines.order_by("id").values_list("product_id", "snapshot", "use_per_unit")[:3])
    stocktake_count(
        actor=SYSTEM_ACTOR,
        store=store,
        stocktake_id=open_one.pk,
        counts=[CountInput(product_id, snapshot / per_unit) for product_id, snapshot, per_unit in first[:2]]
        + [CountInput(product_id, snapshot / per_unit - 1) for product_id, snapshot, per_unit in first[2:]],
    )


DEMO_LOAN_QUANTITY = Decimal("2")


def seed_demo_loan(chain: DemoChain) -> None:
    """A loan in transit from the first demo store to its borrow-out target, of its first two
    products in stock, so /storageLendDetail has one for the target to confirm. Idempotent: a
    store that lent anything keeps what it has."""
    from apps.inventory.models import StockBalance
    from apps.inventory.outbound import outbound_create
    from apps.org.selectors import borrow_out_targets_of

    lender = chain.stores[0]
    targets = borrow_out_targets_of(lender.pk)
    if not targets or StockDocument.objects.filter(store=lender, kind=DocumentKind.LOAN).exists():
        return
    held = list(
        StockBalance.objects.filter(store=lender, quantity__gte=DEMO_LOAN_QUANTITY)
        .order_by("product__code")
        .values_list("product_id", flat=True)[:2]
    )
    if not held:
        return
    outbound_create(
        actor=SYSTEM_ACTOR,
        store=lender,
        type=DocumentType.LOAN_OUT,
        lines=[DocumentLineInput(pk, DEMO_LOAN_QUANTITY) for pk in held],
        target_store_id=targets[0].pk,
        remark="临时借货，周末归还",
    )


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
            remark="总部已发货",
            lines=[OrderLineInput(product.pk, Decimal("6")) for product in products[:3]],
        )
        goods_order_submit(actor=SYSTEM_ACTOR, order=shipped)
        goods_order_confirm(actor=SYSTEM_ACTOR, order=shipped, quantities={})
        goods_order_ship(actor=SYSTEM_ACTOR, order=shipped)
        submitted = goods_order_save(
            actor=SYSTEM_ACTOR,
            store=store,
            remark="等待总部确认",
            lines=[OrderLineInput(product.pk, Decimal("10")) for product in products[3:6]],
        )
        goods_order_submit(actor=SYSTEM_ACTOR, order=submitted)
