"""Receiving one shipped goods order from ten requests at once (real concurrent
transactions): one receipt, the shipped quantities moved once, the others refused with STOCK-40904."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connections

from apps.catalog.tests.factories import ProductFactory
from apps.core.ledgers import audit_all
from apps.inventory.errors import GoodsOrderState
from apps.inventory.goods_orders import (
    OrderLineInput,
    goods_order_confirm,
    goods_order_receive,
    goods_order_save,
    goods_order_ship,
    goods_order_submit,
)
from apps.inventory.models import StockBalance, StockDocument
from apps.inventory.tests.factories import KEEPER
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 10


def test_ten_receipts_of_one_shipped_order_at_once_receive_it_once():
    store = StoreFactory.create()
    product = ProductFactory.create()
    order = goods_order_save(actor=KEEPER, store=store, lines=[OrderLineInput(product.pk, Decimal("3"))])
    goods_order_submit(actor=KEEPER, order=order)
    goods_order_confirm(actor=KEEPER, order=order, quantities={})
    goods_order_ship(actor=KEEPER, order=order)
    start = threading.Barrier(PARALLEL)
    outcomes: list[str] = []

    def run() -> None:
        try:
            start.wait()
            goods_order_receive(actor=KEEPER, order=order)
            outcomes.append("ok")
        except GoodsOrderState as refused:
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
    assert sorted(outcomes) == ["STOCK-40904"] * (PARALLEL - 1) + ["ok"]
    assert StockDocument.objects.filter(source_id=order.pk).count() == 1
    assert StockBalance.objects.get(store=store, product=product).quantity == Decimal("3")
    assert audit_all() == []
