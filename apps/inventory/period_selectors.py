"""What the stock ledger says about a period, product by product, over some stores (the product
consumption report): the stock at its start and end and what moved in it, by reason.

Every figure is in the product's use unit, from the moves: what moved in the period is one
aggregate over the moves since its start by stock_move_store_period (store, created_at); the stock
at its end is the stores' balances less what moved after it, at its start that less what moved in
it (see ledger_by_product). So a month costs the moves since its start, not the store's whole
history nor a probe per product."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db import DEFAULT_DB_ALIAS, connections, router

from apps.catalog.models import Product
from apps.inventory.choices import MoveKind
from apps.inventory.models import ZERO, StockBalance, StockMove

# Goods that came in or went out on a stock document (goods in, loans, returns to a supplier or
# head office): the stock a period had to work with, not what it used.
DOCUMENT_KINDS = (MoveKind.RECEIPT, MoveKind.LOAN_IN, MoveKind.LOAN_OUT, MoveKind.RETURN_OUT)
# Goods that left for sales: sold, owed goods taken, refunded goods back on the shelf.
SALE_KINDS = (MoveKind.SALE, MoveKind.OWED_PICKUP, MoveKind.SALE_RETURN)
# The period's moves by reason, as LedgerFigures reports them (signed as moved).
REASONS = {
    "goods_in": DOCUMENT_KINDS,
    "sales": SALE_KINDS,
    "consumed": (MoveKind.SERVICE_USE,),
    "store_use": (MoveKind.STORE_USE,),
    "written_off": (MoveKind.RETURN_DAMAGED,),
    "stocktake": (MoveKind.STOCKTAKE,),
}


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

    @classmethod
    def of_moves(cls, *, opening: Decimal, closing: Decimal, moved: Mapping[str, Decimal]) -> LedgerFigures:
        """From the period's moves summed by REASONS as moved (a missing reason: none moved)."""
        return cls(
            opening=opening,
            goods_in=moved.get("goods_in", ZERO),
            sales_moved=-moved.get("sales", ZERO),
            consumed=-moved.get("consumed", ZERO),
            store_use=-moved.get("store_use", ZERO),
            written_off=-moved.get("written_off", ZERO),
            stocktake=moved.get("stocktake", ZERO),
            closing=closing,
        )


def _product_filter(product_ids: Collection[int] | None, category_id: int | None, alias: str) -> str:
    where = ""
    if product_ids is not None:
        where += f" AND {alias}.product_id = ANY(%(products)s)"
    if category_id is not None:
        where += (
            f" AND {alias}.product_id IN (SELECT id FROM {Product._meta.db_table} WHERE category_id = %(category)s)"
        )
    return where


def ledger_by_product(
    *,
    store_ids: Collection[int],
    start: datetime,
    end: datetime,
    product_ids: Collection[int] | None = None,
    category_id: int | None = None,
) -> dict[int, LedgerFigures]:
    """Each product that the stores held at `start` or `end` or moved in [start, end): its stock at
    `start` and `end` and its moves in the period by reason, summed over the stores. One statement
    (one snapshot): the moves since `start` summed by product, the period's by reason and those
    after `end` in all, beside the stores' balances. The stock at `end` is the balance less what
    moved after it, the stock at `start` that less what moved in the period (a balance is its
    newest move's quantity_after: it changes only with a move, under its row lock, and audit_ledgers
    holds the two equal), so a year costs the year's moves, not a probe of every pair's history."""
    params = {
        "stores": list(store_ids),
        "start": start,
        "end": end,
        "products": list(product_ids or ()),
        "category": category_id,
        **{f"kinds_{name}": [str(kind) for kind in kinds] for name, kinds in REASONS.items()},
    }
    reasons = ", ".join(
        f"COALESCE(sum(m.quantity) FILTER (WHERE m.created_at < %(end)s AND m.kind = ANY(%(kinds_{name})s)), 0)"
        for name in REASONS
    )
    sql = f"""
        WITH moved AS (
            SELECT m.product_id, {reasons},
                COALESCE(sum(m.quantity) FILTER (WHERE m.created_at < %(end)s), 0) AS period_net,
                COALESCE(sum(m.quantity) FILTER (WHERE m.created_at >= %(end)s), 0) AS after_net,
                bool_or(m.created_at < %(end)s) AS moved
            FROM {StockMove._meta.db_table} m
            WHERE m.store_id = ANY(%(stores)s) AND m.created_at >= %(start)s
                {_product_filter(product_ids, category_id, "m")}
            GROUP BY m.product_id
        ), held AS (
            SELECT b.product_id, sum(b.quantity) AS now FROM {StockBalance._meta.db_table} b
            WHERE b.store_id = ANY(%(stores)s) {_product_filter(product_ids, category_id, "b")}
            GROUP BY b.product_id
        )
        SELECT h.product_id, h.now, m.* FROM held h LEFT JOIN moved m ON m.product_id = h.product_id
    """
    figures = {}
    with connections[router.db_for_read(StockMove) or DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(sql, params)
        for product_id, now, _same, *by_reason, period_net, after_net, moved in cursor.fetchall():
            closing = now - (after_net or ZERO)
            opening = closing - (period_net or ZERO)
            if not (opening or closing or moved):
                continue
            sums = dict(zip(REASONS, by_reason, strict=True)) if moved is not None else {}
            figures[product_id] = LedgerFigures.of_moves(opening=opening, closing=closing, moved=sums)
    return figures
