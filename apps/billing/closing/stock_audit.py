"""Billing's part of `manage.py audit_ledgers` for the stock (docs/decisions/0018): every paid
order's goods have their sale moves, every refund's goods their return moves (and those written off
as damaged their return_damaged moves, issue 28), every owed row's takings their owed_pickup moves.
Compared per document and product in use units, in the database.

Package contents and use units are read as they are now: a package line or a product's
`use_per_unit` changed after a sale shows that sale as a difference (the catalogue keeps no history
of them). Sale moves naming no order at all (the inventory's own tests write such) are not billing's
to judge. A refund with a take-later goods line is left out of the return check (its untaken units
were owed less instead of moving); its owed rows are checked by their takings."""

from __future__ import annotations

from collections.abc import Iterator

from django.db import connection

from apps.core.ledgers import Difference

GOODS_SOLD = """
WITH goods AS (
    SELECT l.order_id, l.item_id AS product_id, l.qty::numeric AS units
    FROM billing_orderline l JOIN billing_order o ON o.id = l.order_id
    WHERE o.status = 'paid' AND l.type = 'product' AND NOT l.take_later
    UNION ALL
    SELECT l.order_id, pl.product_id, (l.qty * pl.quantity)::numeric
    FROM billing_orderline l JOIN billing_order o ON o.id = l.order_id
    JOIN catalog_productpackageline pl ON pl.package_id = l.item_id
    WHERE o.status = 'paid' AND l.type = 'productPackage' AND NOT l.take_later
), expected AS (
    SELECT g.order_id, g.product_id, -SUM(g.units) * p.use_per_unit AS quantity
    FROM goods g JOIN catalog_product p ON p.id = g.product_id
    GROUP BY g.order_id, g.product_id, p.use_per_unit
), moved AS (
    SELECT document_id AS order_id, product_id, SUM(quantity) AS quantity
    FROM inventory_stockmove
    WHERE kind = 'sale' AND document_kind = 'order' AND document_id IN (SELECT id FROM billing_order)
    GROUP BY document_id, product_id
)
SELECT COALESCE(e.order_id, m.order_id), COALESCE(e.product_id, m.product_id), m.quantity, e.quantity
FROM expected e FULL JOIN moved m ON m.order_id = e.order_id AND m.product_id = e.product_id
WHERE e.quantity IS DISTINCT FROM m.quantity
"""

# A refund's goods lines against its moves of `kind`: every unit back (sale_return), and again those
# written off as damaged (return_damaged, out: the sign).
REFUND_GOODS = """
WITH refunds AS (
    SELECT r.id FROM billing_refund r JOIN billing_order o ON o.id = r.order_id
    WHERE o.status = 'paid' AND NOT EXISTS (
        SELECT 1 FROM billing_refundline rl JOIN billing_orderline l ON l.id = rl.order_line_id
        WHERE rl.refund_id = r.id AND l.take_later
    )
), goods AS (
    SELECT rl.refund_id, l.item_id AS product_id, rl.qty::numeric AS units
    FROM billing_refundline rl JOIN billing_orderline l ON l.id = rl.order_line_id
    WHERE rl.refund_id IN (SELECT id FROM refunds) AND l.type = 'product' AND rl.qty > 0 {lines}
    UNION ALL
    SELECT rl.refund_id, pl.product_id, (rl.qty * pl.quantity)::numeric
    FROM billing_refundline rl JOIN billing_orderline l ON l.id = rl.order_line_id
    JOIN catalog_productpackageline pl ON pl.package_id = l.item_id
    WHERE rl.refund_id IN (SELECT id FROM refunds) AND l.type = 'productPackage' AND rl.qty > 0 {lines}
), expected AS (
    SELECT g.refund_id, g.product_id, {sign}SUM(g.units) * p.use_per_unit AS quantity
    FROM goods g JOIN catalog_product p ON p.id = g.product_id
    GROUP BY g.refund_id, g.product_id, p.use_per_unit
), moved AS (
    SELECT document_id AS refund_id, product_id, SUM(quantity) AS quantity
    FROM inventory_stockmove
    WHERE kind = '{kind}' AND document_kind = 'refund' AND document_id IN (SELECT id FROM refunds)
    GROUP BY document_id, product_id
)
SELECT COALESCE(e.refund_id, m.refund_id), COALESCE(e.product_id, m.product_id), m.quantity, e.quantity
FROM expected e FULL JOIN moved m ON m.refund_id = e.refund_id AND m.product_id = e.product_id
WHERE e.quantity IS DISTINCT FROM m.quantity
"""

GOODS_RETURNED = REFUND_GOODS.format(lines="", sign="", kind="sale_return")
GOODS_DAMAGED = REFUND_GOODS.format(lines="AND rl.goods_back = 'damaged'", sign="-", kind="return_damaged")

OWED_TAKEN = """
SELECT w.id, w.product_id, -COALESCE(SUM(m.quantity), 0), w.taken * p.use_per_unit
FROM billing_owedgoods w JOIN catalog_product p ON p.id = w.product_id
LEFT JOIN inventory_stockmove m
    ON m.document_kind = 'owed' AND m.document_id = w.id AND m.kind = 'owed_pickup' AND m.product_id = w.product_id
GROUP BY w.id, w.product_id, w.taken, p.use_per_unit
HAVING -COALESCE(SUM(m.quantity), 0) <> w.taken * p.use_per_unit
"""


def _rows(sql: str) -> list[tuple[int, int, int, int]]:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchall()


def stock_sale_differences() -> Iterator[Difference]:
    """Kept: what the order, refund or owed row says moved (use units); the ledger: its stock moves."""
    for order_id, product_id, moved, expected in _rows(GOODS_SOLD):
        yield Difference("billing stock", f"order {order_id} product {product_id}", "sold", expected, moved)
    for refund_id, product_id, moved, expected in _rows(GOODS_RETURNED):
        yield Difference("billing stock", f"refund {refund_id} product {product_id}", "returned", expected, moved)
    for refund_id, product_id, moved, expected in _rows(GOODS_DAMAGED):
        yield Difference("billing stock", f"refund {refund_id} product {product_id}", "written off", expected, moved)
    for owed_id, product_id, moved, expected in _rows(OWED_TAKEN):
        yield Difference("billing stock", f"owed goods {owed_id} product {product_id}", "taken", expected, moved)
