"""Writes of the stock ledger. `record_moves` is the one way stock changes: every flow (goods in,
goods out, loans, sales, services, stocktakes) calls it with its document, inside its own
transaction, so the document and its moves are written together or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.core.audit import Actor
from apps.core.errors import InvalidInput
from apps.core.transactions import use_case_atomic
from apps.inventory import safety
from apps.inventory.balances import locked_balances
from apps.inventory.choices import DocumentKind, DocumentStatus, DocumentType, MoveKind
from apps.inventory.errors import StockShort
from apps.inventory.models import ZERO, StockBalance, StockDocument, StockDocumentLine, StockMove
from apps.org.models import OrgUnit

# The moves of a StockDocument carry this document kind and the document's id.
DOCUMENT_MOVES = "document"


@dataclass(frozen=True)
class MoveLine:
    """One product's change, in the product's use unit: positive in, negative out."""

    product_id: int
    quantity: Decimal
    batch_no: str = ""
    expiry_date: date | None = None
    remark: str = ""


# A moved product's name, cost, default safety stock and use units per stock unit.
MovedProduct = tuple[str, Decimal, int, Decimal]


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
    allow_negative: bool = False,
) -> list[StockMove]:
    """Append one move per line and change the balances with them, under the balances' row locks
    (taken in product order, so two documents of the same products never deadlock). Where the store
    does not allow negative stock, a document that would take any product below 0 raises
    StockShort naming every such product, and nothing is written. `allow_negative`: the caller's rule
    lets this document go below 0 anyway (a service's consumption, docs/decisions/0018)."""
    _check_move_lines(lines)
    product_ids = sorted({line.product_id for line in lines})
    with use_case_atomic():
        products = _moved_products(product_ids)
        balances = locked_balances(store.pk, product_ids)
        if not allow_negative:
            _check_enough(store, balances, lines, products)
        before = {pk: balance.quantity for pk, balance in balances.items()}
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
        _write_balances(list(balances.values()), now)
        # Safety stock: only a product whose stock crossed its level costs queries (the task).
        crossings = _safety_crossings(balances, before, products)
        if crossings:
            safety.on_crossings(actor=actor, store_id=store.pk, crossings=crossings)
    return moves


def _check_move_lines(lines: Sequence[MoveLine]) -> None:
    if not lines:
        raise InvalidInput(gettext("a stock document needs at least one line"), field="lines")
    if any(line.quantity == 0 for line in lines):
        raise InvalidInput(gettext("a quantity cannot be 0"), field="quantity")


def _moved_products(product_ids: list[int]) -> dict[int, MovedProduct]:
    """What the moves need of each product (name, cost, default safety stock, use units per stock
    unit) in one query; a product that does not exist refuses the whole document."""
    products = {
        pk: (name, cost, default_safety, use_per_unit)
        for pk, name, cost, default_safety, use_per_unit in Product.objects.filter(pk__in=product_ids).values_list(
            "pk", "name", "cost", "default_safety_stock", "use_per_unit"
        )
    }
    if len(products) != len(product_ids):
        raise InvalidInput(gettext("unknown product"), field="productId")
    return products


def _safety_crossings(
    balances: dict[int, StockBalance], before: dict[int, Decimal], products: dict[int, MovedProduct]
) -> list[safety.Crossing]:
    """The products whose stock crossed its safety stock between `before` and the balances now."""
    return [
        found
        for pk, balance in balances.items()
        if (
            found := safety.crossing(
                pk,
                before[pk],
                balance.quantity,
                safety.safety_level(balance.safety, products[pk][2], products[pk][3]),  # type: ignore[attr-defined]
            )
        )
    ]


def _write_balances(balances: list[StockBalance], now: datetime) -> None:
    """The locked balance rows' new quantities in one UPDATE … FROM (VALUES …): Django's
    bulk_update builds a CASE of one branch per row, which costs seconds of Python for a stocktake's
    2,000 lines (bench stocktake)."""
    if len(balances) < 2:
        StockBalance.objects.bulk_update(balances, ["quantity", "updated_at"])
        return
    table = StockBalance._meta.db_table
    rows = ", ".join(["(%s::bigint, %s::numeric)"] * len(balances))
    parameters: list[Any] = [now]
    for balance in balances:
        parameters += [balance.pk, balance.quantity]
    with connection.cursor() as cursor:
        cursor.execute(
            f'UPDATE "{table}" AS b SET quantity = v.quantity, updated_at = %s '
            f"FROM (VALUES {rows}) AS v(id, quantity) WHERE b.id = v.id",
            parameters,
        )


def _check_enough(
    store: OrgUnit,
    balances: dict[int, StockBalance],
    lines: Sequence[MoveLine],
    products: dict[int, MovedProduct],
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


DOCUMENT_PREFIX = {
    DocumentKind.RECEIPT: "RK",
    DocumentKind.OUTBOUND: "CK",
    DocumentKind.LOAN: "JC",
    DocumentKind.LOAN_RETURN: "GH",
}


@dataclass(frozen=True)
class DocumentLineInput:
    """A document's line as a person enters it: stock units (2 bottles)."""

    product_id: int
    quantity: Decimal
    batch_no: str = ""
    expiry_date: date | None = None


def document_number(document: StockDocument) -> str:
    return f"{DOCUMENT_PREFIX[DocumentKind(document.kind)]}{timezone.localdate():%Y%m%d}{document.pk:08d}"


def document_create(
    *,
    actor: Actor,
    store: OrgUnit,
    kind: DocumentKind,
    type: DocumentType,
    lines: Sequence[DocumentLineInput],
    move_kind: MoveKind,
    outward: bool,
    status: DocumentStatus = DocumentStatus.DONE,
    other_store: OrgUnit | None = None,
    supplier: str = "",
    source_id: int | None = None,
    remark: str = "",
) -> StockDocument:
    """A stock document with its lines and the moves of `store` it makes (out of the store when
    `outward`), in one transaction: the document exists only with its moves. The flows (goods in,
    goods out, loans) call this; the other side of a loan moves when that store confirms."""
    if not lines:
        raise InvalidInput(gettext("a stock document needs at least one line"), field="lines")
    if any(line.quantity <= 0 for line in lines):
        raise InvalidInput(gettext("a quantity must be above 0"), field="quantity")
    with use_case_atomic():
        products = Product.objects.in_bulk({line.product_id for line in lines})
        if len(products) != len({line.product_id for line in lines}):
            raise InvalidInput(gettext("unknown product"), field="productId")
        document = StockDocument.objects.create(
            store=store,
            kind=kind,
            type=type,
            status=status,
            other_store=other_store,
            supplier=supplier[:100],
            source_id=source_id,
            remark=remark[:200],
            created_by_id=actor.user_id,
            created_by_name=actor.login_name[:40],
        )
        document.number = document_number(document)
        StockDocument.objects.filter(pk=document.pk).update(number=document.number)
        _document_lines_write(document, lines, products)
        record_moves(
            actor=actor,
            store=store,
            kind=move_kind,
            document_kind=DOCUMENT_MOVES,
            document_id=document.pk,
            other_store_id=other_store.pk if other_store else None,
            lines=_document_moves(lines, products, outward=outward),
        )
    return document


def _document_lines_write(
    document: StockDocument, lines: Sequence[DocumentLineInput], products: dict[int, Product]
) -> None:
    """The document's lines as entered (stock units), with the use units they move and today's cost."""
    StockDocumentLine.objects.bulk_create(
        [
            StockDocumentLine(
                document=document,
                product_id=line.product_id,
                quantity=line.quantity,
                use_quantity=in_use_units(products[line.product_id], line.quantity),
                unit_cost=products[line.product_id].cost,
                batch_no=line.batch_no,
                expiry_date=line.expiry_date,
            )
            for line in lines
        ]
    )


def _document_moves(
    lines: Sequence[DocumentLineInput], products: dict[int, Product], *, outward: bool
) -> list[MoveLine]:
    """The ledger's lines of a document: its quantities in use units, negative when `outward`."""
    sign = -1 if outward else 1
    return [
        MoveLine(
            line.product_id,
            sign * in_use_units(products[line.product_id], line.quantity),
            batch_no=line.batch_no,
            expiry_date=line.expiry_date,
        )
        for line in lines
    ]
