"""Writes of the stock ledger. `record_moves` is the one way stock changes: every flow (goods in,
goods out, loans, sales, services, stocktakes) calls it with its document, inside its own
transaction, so the document and its moves are written together or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple

from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.core.audit import Actor
from apps.core.errors import InvalidInput
from apps.core.transactions import use_case_atomic
from apps.inventory import safety
from apps.inventory.choices import DocumentKind, DocumentStatus, DocumentType, MoveKind
from apps.inventory.errors import StockShort
from apps.inventory.models import ZERO, StockDocument, StockDocumentLine, StockMove
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


@dataclass(frozen=True)
class Shortage:
    product_id: int
    name: str
    available: Decimal
    wanted: Decimal


class _Moved(NamedTuple):
    """A row of inventory_moves_record (migration 0011) that wrote its line's move: the move, and
    its product's stock before the document and safety stock. A row without a move (move_id NULL)
    names a short product instead: product_id, stock_before and name only."""

    product_id: int
    move_id: int
    quantity_after: Decimal
    unit_cost: Decimal
    stock_before: Decimal
    own_safety: Decimal | None
    default_safety: int
    use_per_unit: Decimal
    name: str


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
    lets this document go below 0 anyway (a service's consumption, docs/decisions/0018).

    After the lines' checks here, the database function inventory_moves_record (migration 0011)
    does the rest in one round trip: it reads the products, creates and locks the balance rows,
    refuses a shortage, writes the moves and the balances, and answers what the safety stock needs."""
    _check_move_lines(lines)
    now = timezone.now()
    with use_case_atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT * FROM inventory_moves_record(%s, %s, %s, %s, %s, %s, %s, %s, %s, "
                "%s::bigint[], %s::numeric[], %s::text[], %s::date[], %s::text[])",
                [
                    store.pk,
                    kind,
                    document_kind,
                    document_id,
                    other_store_id,
                    allow_negative or store.negative_stock_allowed,
                    actor.user_id,
                    actor.login_name[:40],
                    now,
                    [line.product_id for line in lines],
                    [line.quantity for line in lines],
                    [line.batch_no for line in lines],
                    [line.expiry_date for line in lines],
                    [line.remark[:200] for line in lines],
                ],
            )
            answer = cursor.fetchall()
        if not answer:
            raise InvalidInput(gettext("unknown product"), field="productId")
        if answer[0][1] is None:
            raise _short(answer, lines)
        rows = [_Moved(*row) for row in answer]
        moves = [
            StockMove(
                id=row.move_id,
                store_id=store.pk,
                product_id=line.product_id,
                kind=kind,
                quantity=line.quantity,
                quantity_after=row.quantity_after,
                unit_cost=row.unit_cost,
                document_kind=document_kind,
                document_id=document_id,
                batch_no=line.batch_no,
                expiry_date=line.expiry_date,
                other_store_id=other_store_id,
                remark=line.remark[:200],
                operator_id=actor.user_id,
                operator_name=actor.login_name[:40],
                created_at=now,
            )
            for line, row in zip(lines, rows, strict=True)
        ]
        for move in moves:  # as bulk_create leaves them: saved rows
            move._state.adding = False
            move._state.db = connection.alias
        # Safety stock: only a product whose stock crossed its level costs queries (the task).
        crossings = _safety_crossings(rows)
        if crossings:
            safety.on_crossings(actor=actor, store_id=store.pk, crossings=crossings)
    return moves


def _check_move_lines(lines: Sequence[MoveLine]) -> None:
    if not lines:
        raise InvalidInput(gettext("a stock document needs at least one line"), field="lines")
    if any(line.quantity == 0 for line in lines):
        raise InvalidInput(gettext("a quantity cannot be 0"), field="quantity")


def _short(answer: list[tuple[Any, ...]], lines: Sequence[MoveLine]) -> StockShort:
    """The refusal of the short products the function named, with what the lines ask of each."""
    change: dict[int, Decimal] = {}
    for line in lines:
        change[line.product_id] = change.get(line.product_id, ZERO) + line.quantity
    short = [Shortage(pk, name, available, -change[pk]) for pk, _, _, _, available, _, _, _, name in answer]
    names = ", ".join(item.name for item in short)
    return StockShort(
        gettext("not enough stock of %(names)s") % {"names": names},
        data={
            "products": [
                {"productId": s.product_id, "name": s.name, "available": str(s.available), "wanted": str(s.wanted)}
                for s in short
            ]
        },
    )


def _safety_crossings(rows: list[_Moved]) -> list[safety.Crossing]:
    """The products whose stock crossed its safety stock: from the stock before the document to
    the stock after its product's last line, in product order."""
    last = {row.product_id: row for row in rows}
    return [
        found
        for pk, row in sorted(last.items())
        if (
            found := safety.crossing(
                pk,
                row.stock_before,
                row.quantity_after,
                safety.safety_level(row.own_safety, row.default_safety, row.use_per_unit),
            )
        )
    ]


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
