"""The inventory's part of `manage.py audit_ledgers`: each balance row against the sum of its moves,
each move of a store and product that has no balance row, and each move's "after" against the move
before it. Filters run in the database (the window filter too), so tens of millions of moves are
checked without loading them."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import Exists, F, OuterRef, Q, Subquery, Sum, Value, Window
from django.db.models.functions import Coalesce, Lag

from apps.core.ledgers import Difference
from apps.inventory.loan_audit import loan_differences
from apps.inventory.models import ZERO, StockBalance, StockMove, quantity_field


def _quantity(expression: object) -> Coalesce:
    return Coalesce(expression, Value(ZERO), output_field=quantity_field(""))


def _balances() -> Iterator[Difference]:
    moved = (
        StockMove.objects.filter(store_id=OuterRef("store_id"), product_id=OuterRef("product_id"))
        .values("store_id")
        .annotate(total=Sum("quantity"))
        .values("total")
    )
    rows = (
        StockBalance.objects.annotate(ledger=_quantity(Subquery(moved)))
        .filter(~Q(quantity=F("ledger")))
        .values_list("store_id", "product_id", "quantity", "ledger")
    )
    for store_id, product_id, kept, ledger in rows.iterator():
        yield Difference("inventory", f"store {store_id} product {product_id}", "quantity", kept, ledger)


def _without_balance() -> Iterator[Difference]:
    """Moves of a store and product with no balance row: live stock would not show them."""
    balance = StockBalance.objects.filter(store_id=OuterRef("store_id"), product_id=OuterRef("product_id"))
    rows = (
        StockMove.objects.filter(~Exists(balance))
        .values("store_id", "product_id")
        .annotate(total=Sum("quantity"))
        .values_list("store_id", "product_id", "total")
    )
    for store_id, product_id, total in rows:
        yield Difference("inventory", f"store {store_id} product {product_id}", "quantity", None, total)


def _chain() -> Iterator[Difference]:
    """Each move's after is the after of the move before it plus its own quantity (the first
    starts at 0)."""
    broken = (
        StockMove.objects.annotate(
            before=Window(Lag("quantity_after"), partition_by=[F("store_id"), F("product_id")], order_by=F("id").asc())
        )
        .annotate(expected=_quantity(F("before")) + F("quantity"))
        .filter(~Q(quantity_after=F("expected")))
        .values_list("pk", "quantity_after", "expected")
    )
    for pk, after, expected in broken:
        yield Difference("inventory", f"move {pk}", "quantity after", after, expected)


def stock_differences() -> Iterator[Difference]:
    yield from _balances()
    yield from _without_balance()
    yield from _chain()
    yield from loan_differences()
