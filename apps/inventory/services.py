"""Writes of the stock ledger. `record_moves` is the one way stock changes: every flow (goods in,
goods out, loans, sales, services, stocktakes) calls it with its document, inside its own
transaction, so the document and its moves are written together or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.core.audit import Actor
from apps.core.errors import InvalidInput
from apps.core.transactions import use_case_atomic
from apps.inventory.choices import MoveKind
from apps.inventory.errors import StockShort
from apps.inventory.models import ZERO, StockBalance, StockMove
from apps.org.models import OrgUnit


@dataclass(frozen=True)
class MoveLine:
    """One product's change, in the product's use unit: positive in, negative out."""

    product_id: int
    quantity: Decimal
    batch_no: str = ""
    expiry_date: date | None = None
    remark: str = ""


@dataclass(frozen=True)
class Shortage:
    product_id: int
    name: str
    available: Decimal
    wanted: Decimal


def record_moves(
    *,
    actor: Actor,
    store: OrgUnit,
    kind: MoveKind,
    document_kind: str,
    document_id: int,
    lines: Sequence[MoveLine],
    other_store_id: int | None = None,
) -> list[StockMove]:
    """Append one move per line and change the balances with them, under the balances' row locks
    (taken in product order, so two documents of the same products never deadlock). Where the store
    does not allow negative stock, a document that would take any product below 0 raises
    StockShort naming every such product, and nothing is written."""
    if not lines:
        raise InvalidInput(gettext("a stock document needs at least one line"), field="lines")
    if any(line.quantity == 0 for line in lines):
        raise InvalidInput(gettext("a quantity cannot be 0"), field="quantity")
    product_ids = sorted({line.product_id for line in lines})
    with use_case_atomic():
        products = {
            pk: (name, cost)
            for pk, name, cost in Product.objects.filter(pk__in=product_ids).values_list("pk", "name", "cost")
        }
        if len(products) != len(product_ids):
            raise InvalidInput(gettext("unknown product"), field="productId")
        balances = _locked_balances(store.pk, product_ids)
        _check_enough(store, balances, lines, products)
        moves = []
        now = timezone.now()
        for line in lines:
            balance = balances[line.product_id]
            balance.quantity += line.quantity
            balance.updated_at = now
            moves.append(
                StockMove(
                    store_id=store.pk,
                    product_id=line.product_id,
                    kind=kind,
                    quantity=line.quantity,
                    quantity_after=balance.quantity,
                    unit_cost=products[line.product_id][1],
                    document_kind=document_kind,
                    document_id=document_id,
                    batch_no=line.batch_no,
                    expiry_date=line.expiry_date,
                    other_store_id=other_store_id,
                    remark=line.remark[:200],
                    operator_id=actor.user_id,
                    operator_name=actor.login_name[:40],
                )
            )
        StockMove.objects.bulk_create(moves)
        StockBalance.objects.bulk_update(list(balances.values()), ["quantity", "updated_at"])
    return moves


def _locked_balances(store_id: int, product_ids: list[int]) -> dict[int, StockBalance]:
    """The store's balance rows of these products, locked; a product never moved in the store gets
    its row first (INSERT … ON CONFLICT DO NOTHING, so two first moves at once make one row)."""
    locked = _lock(store_id, product_ids)
    missing = [pk for pk in product_ids if pk not in locked]
    if missing:
        StockBalance.objects.bulk_create(
            [StockBalance(store_id=store_id, product_id=pk) for pk in missing], ignore_conflicts=True
        )
        locked = _lock(store_id, product_ids)
    return locked


def _lock(store_id: int, product_ids: list[int]) -> dict[int, StockBalance]:
    rows = StockBalance.objects.select_for_update().filter(store_id=store_id, product_id__in=product_ids)
    return {row.product_id: row for row in rows.order_by("product_id")}


def _check_enough(
    store: OrgUnit,
    balances: dict[int, StockBalance],
    lines: Sequence[MoveLine],
    products: dict[int, tuple[str, Decimal]],
) -> None:
    if store.negative_stock_allowed:
        return
    change: dict[int, Decimal] = {}
    for line in lines:
        change[line.product_id] = change.get(line.product_id, ZERO) + line.quantity
    short = [
        Shortage(pk, products[pk][0], balances[pk].quantity, -delta)
        for pk, delta in change.items()
        if delta < 0 and balances[pk].quantity + delta < 0
    ]
    if short:
        names = ", ".join(item.name for item in short)
        raise StockShort(
            gettext("not enough stock of %(names)s") % {"names": names},
            data={
                "products": [
                    {"productId": s.product_id, "name": s.name, "available": str(s.available), "wanted": str(s.wanted)}
                    for s in short
                ]
            },
        )


def in_use_units(product: Product, quantity: Decimal) -> Decimal:
    """Stock units as a person counts them (2 bottles) in the use units the ledger moves (1000 ml)."""
    return quantity * product.use_per_unit
