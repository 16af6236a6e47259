"""The stocktakes' part of `manage.py audit_ledgers`: every approved stocktake's line with a
difference other than 0 has its moves (kind stocktake) adding up to that difference, and no
stocktake move exists beyond them (a stocktake that was not approved, or a product it has no
difference of, has none). Both checks run in the database."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import Exists, F, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from apps.core.ledgers import Difference
from apps.inventory.choices import MoveKind, StocktakeStatus
from apps.inventory.models import ZERO, StockMove, StocktakeLine, quantity_field
from apps.inventory.stocktakes import STOCKTAKE_MOVES


def _lines_without_their_moves() -> Iterator[Difference]:
    moved = (
        StockMove.objects.filter(
            document_kind=STOCKTAKE_MOVES,
            kind=MoveKind.STOCKTAKE,
            document_id=OuterRef("stocktake_id"),
            product_id=OuterRef("product_id"),
            store_id=OuterRef("stocktake__store_id"),
        )
        .values("product_id")
        .annotate(total=Sum("quantity"))
        .values("total")
    )
    rows = (
        StocktakeLine.objects.filter(stocktake__status=StocktakeStatus.APPROVED)
        .exclude(difference=0)
        .exclude(difference__isnull=True)
        .annotate(moved=Coalesce(Subquery(moved), Value(ZERO), output_field=quantity_field("")))
        .filter(~Q(moved=F("difference")))
        .values_list("stocktake_id", "product_id", "moved", "difference")
    )
    for stocktake_id, product_id, moved, difference in rows.iterator():
        yield Difference("stocktakes", f"stocktake {stocktake_id} product {product_id}", "moved", moved, difference)


def _moves_without_their_line() -> Iterator[Difference]:
    """Stocktake moves with no approved line of that stocktake, store and product with a difference."""
    line = StocktakeLine.objects.filter(
        stocktake_id=OuterRef("document_id"),
        stocktake__store_id=OuterRef("store_id"),
        stocktake__status=StocktakeStatus.APPROVED,
        product_id=OuterRef("product_id"),
    ).exclude(difference=0)
    rows = (
        StockMove.objects.filter(document_kind=STOCKTAKE_MOVES)
        .filter(~Exists(line) | ~Q(kind=MoveKind.STOCKTAKE))
        .values_list("pk", "document_id", "quantity")
    )
    for pk, stocktake_id, quantity in rows.iterator():
        yield Difference("stocktakes", f"move {pk} of stocktake {stocktake_id}", "quantity", quantity, None)


def stocktake_differences() -> Iterator[Difference]:
    yield from _lines_without_their_moves()
    yield from _moves_without_their_line()
