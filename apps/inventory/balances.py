"""The stock balance rows of a store (one per product it ever moved), taken under their row locks.
Safety stock (`safety.safety_stock_set`) works on the balances under these locks, and the stock
ledger (`services.record_moves`) takes the same locks, in the same product order, inside its
database function (inventory_moves_record, migration 0011), so a change of a safety stock and a
move of the same product take turns, and the safety-stock task is raised once."""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from apps.inventory.models import SafetyStock, StockBalance


def locked_balances(store_id: int, product_ids: list[int]) -> dict[int, StockBalance]:
    """The store's balance rows of these products, locked; a product never moved in the store gets
    its row first (INSERT … ON CONFLICT DO NOTHING, so two first moves at once make one row). Each
    row carries `safety`: the store's own safety stock of the product (stock units) or None, read
    in the same query."""
    locked = _lock(store_id, product_ids)
    missing = [pk for pk in product_ids if pk not in locked]
    if missing:
        StockBalance.objects.bulk_create(
            [StockBalance(store_id=store_id, product_id=pk) for pk in missing], ignore_conflicts=True
        )
        locked = _lock(store_id, product_ids)
    return locked


def _lock(store_id: int, product_ids: list[int]) -> dict[int, StockBalance]:
    own_safety = SafetyStock.objects.filter(store_id=OuterRef("store_id"), product_id=OuterRef("product_id")).order_by()
    rows = (
        StockBalance.objects.select_for_update(no_key=True, of=("self",))
        .filter(store_id=store_id, product_id__in=product_ids)
        .annotate(safety=Subquery(own_safety.values("quantity")[:1]))
    )
    return {row.product_id: row for row in rows.order_by("product_id")}
