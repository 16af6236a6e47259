"""What the stock ledger says about a period, product by product, over some stores (the product
consumption report): the stock at its start and end and what moved in it, by reason.

Every figure is a sum of moves, in the product's use unit: the stock at an instant is the sum of
the moves before it (what `quantity_after` chains to), so a figure never reads the live balance
row. One aggregate query by the index stock_move_store_time (store, created_at)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Q, Sum
from django.db.models.functions import Coalesce

from apps.inventory.choices import MoveKind
from apps.inventory.models import ZERO, StockMove

# Goods that came in or went out on a stock document (goods in, loans, returns to a supplier or
# head office): the stock a period had to work with, not what it used.
DOCUMENT_KINDS = (MoveKind.RECEIPT, MoveKind.LOAN_IN, MoveKind.LOAN_OUT, MoveKind.RETURN_OUT)
# Goods that left for sales: sold, owed goods taken, refunded goods back on the shelf.
SALE_KINDS = (MoveKind.SALE, MoveKind.OWED_PICKUP, MoveKind.SALE_RETURN)


@dataclass(frozen=True)
class LedgerFigures:
    """One product's ledger over a period (use units). Out-going figures are positive."""

    opening: Decimal
    goods_in: Decimal
    sales_moved: Decimal
    consumed: Decimal
    store_use: Decimal
    written_off: Decimal
    stocktake: Decimal
    closing: Decimal


def _sum(condition: Q) -> Coalesce:
    return Coalesce(Sum("quantity", filter=condition), ZERO)


def ledger_by_product(
    *,
    store_ids: Collection[int],
    start: datetime,
    end: datetime,
    product_ids: Collection[int] | None = None,
    category_id: int | None = None,
) -> dict[int, LedgerFigures]:
    """Each product that the stores held or moved before `end`: its stock at `start` and `end` and
    its moves in [start, end) by reason, summed over the stores."""
    moves = StockMove.objects.filter(store_id__in=list(store_ids), created_at__lt=end)
    if product_ids is not None:
        moves = moves.filter(product_id__in=list(product_ids))
    if category_id is not None:
        moves = moves.filter(product__category_id=category_id)
    within = Q(created_at__gte=start)
    rows = (
        moves.values("product_id")
        .annotate(
            opening=_sum(Q(created_at__lt=start)),
            moved=_sum(within),
            goods_in=_sum(within & Q(kind__in=DOCUMENT_KINDS)),
            sales=_sum(within & Q(kind__in=SALE_KINDS)),
            consumed=_sum(within & Q(kind=MoveKind.SERVICE_USE)),
            store_use=_sum(within & Q(kind=MoveKind.STORE_USE)),
            written_off=_sum(within & Q(kind=MoveKind.RETURN_DAMAGED)),
            stocktake=_sum(within & Q(kind=MoveKind.STOCKTAKE)),
        )
        .order_by()
    )
    return {
        row["product_id"]: LedgerFigures(
            opening=row["opening"],
            goods_in=row["goods_in"],
            sales_moved=-row["sales"],
            consumed=-row["consumed"],
            store_use=-row["store_use"],
            written_off=-row["written_off"],
            stocktake=row["stocktake"],
            closing=row["opening"] + row["moved"],
        )
        for row in rows
    }
