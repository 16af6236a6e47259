"""The inventory's documents named by their numbers (apps.core.object_names): a stocktake (PD…), a
goods-in, goods-out or loan document (RK…, CK…, JC…), a goods order to head office (DH…). The
system log and the stock flow show them."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import Model

from apps.inventory.models import GoodsOrder, StockDocument, Stocktake


def _numbers(model: type[Model], ids: Collection[int]) -> dict[int, str]:
    # A document is numbered from its id right after it is made: "#id" only names one caught in between.
    rows = model._default_manager.filter(pk__in=ids).values_list("pk", "number")
    return {pk: number or f"#{pk}" for pk, number in rows}


def stocktake_numbers(ids: Collection[int]) -> dict[int, str]:
    return _numbers(Stocktake, ids)


def document_numbers(ids: Collection[int]) -> dict[int, str]:
    return _numbers(StockDocument, ids)


def goods_order_numbers(ids: Collection[int]) -> dict[int, str]:
    return _numbers(GoodsOrder, ids)
