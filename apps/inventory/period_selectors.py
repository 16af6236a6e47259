"""What the stock ledger says about a period, product by product, over some stores (the product
consumption report): the stock at its start and end and what moved in it, by reason.

Every figure comes from the moves, in the product's use unit, never from the live balance's
quantity: the stock of a store and product at an instant is the `quantity_after` of its last move
before it (the running sum the ledger audit checks), read by one backward probe of the index
stock_move_product_newest (store, product, -id) for each pair the store ever held (its balance
row says the pair exists); what moved in the period is one aggregate over the period's moves by
stock_move_store_time (store, created_at). So a month costs a month's moves, not the store's
whole history."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce

from apps.inventory.choices import MoveKind
from apps.inventory.models import ZERO, StockBalance, StockMove

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


def _stock_before(instant: datetime) -> Subquery:
    """The pair's stock just before `instant`: its last move's `quantity_after` (null: none yet)."""
    last = StockMove.objects.filter(
        store_id=OuterRef("store_id"), product_id=OuterRef("product_id"), created_at__lt=instant
    ).order_by("-id")
    return Subquery(last.values("quantity_after")[:1])


def ledger_by_product(
    *,
    store_ids: Collection[int],
    start: datetime,
    end: datetime,
    product_ids: Collection[int] | None = None,
    category_id: int | None = None,
) -> dict[int, LedgerFigures]:
    """Each product that the stores held or moved before `end`: its stock at `start` and `end` and
    its moves in [start, end) by reason, summed over the stores. Two queries."""
    stores = list(store_ids)
    pairs = StockBalance.objects.filter(store_id__in=stores)
    moves = StockMove.objects.filter(store_id__in=stores, created_at__gte=start, created_at__lt=end)
    if product_ids is not None:
        pairs = pairs.filter(product_id__in=list(product_ids))
        moves = moves.filter(product_id__in=list(product_ids))
    if category_id is not None:
        pairs = pairs.filter(product__category_id=category_id)
        moves = moves.filter(product__category_id=category_id)
    stock: dict[int, list[Decimal]] = {}
    # Unordered: the balances' own ordering joined the stores and products to sort rows summed here.
    for product_id, opening, closing in (
        pairs.annotate(opening=_stock_before(start), closing=_stock_before(end))
        .values_list("product_id", "opening", "closing")
        .order_by()
    ):
        if opening is None and closing is None:
            continue  # the pair's first move came after the period
        held = stock.setdefault(product_id, [ZERO, ZERO])
        held[0] += opening or ZERO
        held[1] += closing or ZERO
    sums = {
        row["product_id"]: row
        for row in moves.values("product_id")
        .annotate(
            goods_in=_sum(Q(kind__in=DOCUMENT_KINDS)),
            sales=_sum(Q(kind__in=SALE_KINDS)),
            consumed=_sum(Q(kind=MoveKind.SERVICE_USE)),
            store_use=_sum(Q(kind=MoveKind.STORE_USE)),
            written_off=_sum(Q(kind=MoveKind.RETURN_DAMAGED)),
            stocktake=_sum(Q(kind=MoveKind.STOCKTAKE)),
        )
        .order_by()
    }
    figures = {}
    for product_id, (opening, closing) in stock.items():
        row = sums.get(product_id)
        figures[product_id] = LedgerFigures(
            opening=opening,
            goods_in=row["goods_in"] if row else ZERO,
            sales_moved=-row["sales"] if row else ZERO,
            consumed=-row["consumed"] if row else ZERO,
            store_use=-row["store_use"] if row else ZERO,
            written_off=-row["written_off"] if row else ZERO,
            stocktake=row["stocktake"] if row else ZERO,
            closing=closing,
        )
    return figures
