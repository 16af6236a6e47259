"""Demo stock (contract §6): each demo store starts with an opening goods-in of every enabled product
from head office, so live stock, sales and services have something to move. Idempotent: a store
that has any stock document keeps what it has."""

from __future__ import annotations

from decimal import Decimal

from apps.catalog.models import Product
from apps.core.audit import SYSTEM_ACTOR
from apps.inventory.choices import DocumentKind, DocumentType, MoveKind
from apps.inventory.models import StockDocument
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
    seed_demo_loan(chain)


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
        remark="demo loan",
    )
