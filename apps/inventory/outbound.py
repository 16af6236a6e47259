"""Goods out and loans between stores (spec §2.2 /outboundRecord, /outboundDetail, /storageLendDetail;
§2.3 the stock submenu).

- An outbound document (in-store use, a return to a supplier or head office) takes its goods out of
  the store at once: `document_create(outward=True)`, which refuses with STOCK-40901 where the store
  forbids negative stock.
- A loan outbound goes only to one of the store's borrow-out targets (LOAN-40001). Its goods leave
  store A at once (moves `loan_out`, other store B) and the document is "in transit"; store B, and
  only B, confirms the receipt (moves `loan_in` into B, status "received"): the document's row lock
  makes two confirmations at once give one, and a second one answers LOAN-40901.
- Returning a loan is the same in reverse: B sends a `loan_return` document back to A, at most what
  is still out per line (`StockDocumentLine.returned` counts what was sent back, so two returns
  cannot give back the same goods twice), and A confirms its receipt.

Every confirmation moves exactly the document's lines, so a received loan has the receiver's moves
equal to the sender's (apps.inventory.loan_audit checks this)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.transactions import use_case_atomic
from apps.inventory.choices import DocumentKind, DocumentStatus, DocumentType, MoveKind, OutboundAction
from apps.inventory.errors import (
    LoanNotInTransit,
    LoanNotReceived,
    LoanReturnTooMuch,
    LoanTargetRefused,
    LoanWrongSide,
)
from apps.inventory.hooks import loan_received
from apps.inventory.models import StockDocument, StockDocumentLine
from apps.inventory.services import DOCUMENT_MOVES, DocumentLineInput, MoveLine, document_create, record_moves
from apps.org.models import OrgUnit
from apps.org.selectors import borrow_out_targets_of


@dataclass(frozen=True)
class OutboundType:
    kind: DocumentKind
    type: DocumentType
    move_kind: MoveKind


# The types a store makes on /outboundDetail (the wire names are the DocumentType values).
OUTBOUND_TYPES: dict[str, OutboundType] = {
    DocumentType.STORE_USE: OutboundType(DocumentKind.OUTBOUND, DocumentType.STORE_USE, MoveKind.STORE_USE),
    DocumentType.RETURN: OutboundType(DocumentKind.OUTBOUND, DocumentType.RETURN, MoveKind.RETURN_OUT),
    DocumentType.LOAN_OUT: OutboundType(DocumentKind.LOAN, DocumentType.LOAN_OUT, MoveKind.LOAN_OUT),
}

LOAN_KINDS = (DocumentKind.LOAN, DocumentKind.LOAN_RETURN)


def outbound_create(
    *,
    actor: Actor,
    store: OrgUnit,
    type: str,
    lines: Sequence[DocumentLineInput],
    target_store_id: int | None = None,
    supplier: str = "",
    remark: str = "",
) -> StockDocument:
    """An outbound document of `store` with its moves out of it, in one transaction. A loan outbound
    needs one of the store's borrow-out targets and is in transit until that store confirms."""
    if type not in OUTBOUND_TYPES:
        raise InvalidInput(gettext("unknown outbound type"), field="type")
    chosen = OUTBOUND_TYPES[type]
    target = None
    status = DocumentStatus.DONE
    if chosen.kind == DocumentKind.LOAN:
        if target_store_id is None:
            raise InvalidInput(gettext("choose the store the goods are lent to"), field="targetStoreId")
        target = next((store for store in borrow_out_targets_of(store.pk) if store.pk == target_store_id), None)
        if target is None:
            raise LoanTargetRefused()
        status = DocumentStatus.IN_TRANSIT
    with use_case_atomic():
        document = document_create(
            actor=actor,
            store=store,
            kind=chosen.kind,
            type=chosen.type,
            lines=lines,
            move_kind=chosen.move_kind,
            outward=True,
            status=status,
            other_store=target,
            supplier=supplier if chosen.type == DocumentType.RETURN else "",
            remark=remark,
        )
        audit_record(
            actor=actor,
            action=OutboundAction.OUTBOUND_CREATED,
            target=document,
            detail={"type": chosen.type, "lines": len(lines), "otherStoreId": target.pk if target else None},
        )
    return document


def _loan_for_update(store: OrgUnit, document_id: int, kinds: Sequence[str]) -> StockDocument:
    """The loan (or loan return) under its row lock, when `store` is one of its two sides; another
    store's loan answers 404 (contract §5)."""
    document = (
        StockDocument.objects.select_for_update()
        .filter(Q(store=store) | Q(other_store=store), pk=document_id, kind__in=kinds)
        .first()
    )
    if document is None:
        raise NotFound()
    return document


def loan_confirm(*, actor: Actor, store: OrgUnit, document_id: int) -> StockDocument:
    """The receiving store confirms a loan or a loan return: its lines come into that store (moves
    `loan_in`), the document is received. The row lock makes concurrent confirmations one."""
    with use_case_atomic():
        document = _loan_for_update(store, document_id, LOAN_KINDS)
        if document.other_store_id != store.pk:
            raise LoanWrongSide()
        if document.status != DocumentStatus.IN_TRANSIT:
            raise LoanNotInTransit()
        lines = list(document.lines.order_by("id"))
        moves = record_moves(
            actor=actor,
            store=store,
            kind=MoveKind.LOAN_IN,
            document_kind=DOCUMENT_MOVES,
            document_id=document.pk,
            other_store_id=document.store_id,
            lines=[MoveLine(line.product_id, line.use_quantity, line.batch_no, line.expiry_date) for line in lines],
        )
        document.status = DocumentStatus.RECEIVED
        document.received_by_name = actor.login_name[:40]
        document.received_at = timezone.now()
        document.save(update_fields=["status", "received_by_name", "received_at"])
        for listener in loan_received:
            listener(document, moves)
        audit_record(
            actor=actor, action=OutboundAction.LOAN_RECEIVED, target=document, detail={"fromStoreId": document.store_id}
        )
    return document


@dataclass(frozen=True)
class ReturnLineInput:
    """How much of one loan line goes back, in stock units."""

    line_id: int
    quantity: Decimal


def loan_return_create(
    *, actor: Actor, store: OrgUnit, loan_id: int, lines: Sequence[ReturnLineInput], remark: str = ""
) -> StockDocument:
    """The borrowing store sends goods of a received loan back: a `loan_return` document from it to
    the lending store, in transit until the lender confirms; each line at most what is still out."""
    if not lines:
        raise InvalidInput(gettext("a stock document needs at least one line"), field="lines")
    if any(line.quantity <= 0 for line in lines):
        raise InvalidInput(gettext("a quantity must be above 0"), field="quantity")
    with use_case_atomic():
        loan = _loan_for_update(store, loan_id, [DocumentKind.LOAN])
        if loan.other_store_id != store.pk:
            raise LoanWrongSide(gettext("only the borrowing store gives a loan back"))
        if loan.status != DocumentStatus.RECEIVED:
            raise LoanNotReceived()
        loan_lines = {line.pk: line for line in StockDocumentLine.objects.select_for_update().filter(document=loan)}
        wanted: dict[int, Decimal] = {}
        for line in lines:
            if line.line_id not in loan_lines:
                raise InvalidInput(gettext("the line is not one of this loan's"), field="lineId")
            wanted[line.line_id] = wanted.get(line.line_id, Decimal("0")) + line.quantity
        too_much = [
            {"lineId": pk, "outstanding": str(loan_lines[pk].quantity - loan_lines[pk].returned), "wanted": str(qty)}
            for pk, qty in wanted.items()
            if qty > loan_lines[pk].quantity - loan_lines[pk].returned
        ]
        if too_much:
            raise LoanReturnTooMuch(data={"lines": too_much})
        back = document_create(
            actor=actor,
            store=store,
            kind=DocumentKind.LOAN_RETURN,
            type=DocumentType.RETURN,
            lines=[
                DocumentLineInput(loan_lines[pk].product_id, qty, loan_lines[pk].batch_no, loan_lines[pk].expiry_date)
                for pk, qty in wanted.items()
            ],
            move_kind=MoveKind.LOAN_OUT,
            outward=True,
            status=DocumentStatus.IN_TRANSIT,
            other_store=loan.store,
            source_id=loan.pk,
            remark=remark,
        )
        for pk, qty in wanted.items():
            loan_lines[pk].returned += qty
        StockDocumentLine.objects.bulk_update([loan_lines[pk] for pk in wanted], ["returned"])
        audit_record(
            actor=actor,
            action=OutboundAction.LOAN_RETURNED,
            target=back,
            detail={"loanId": loan.pk, "lines": {str(pk): str(qty) for pk, qty in wanted.items()}},
        )
    return back
