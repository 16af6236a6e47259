"""Goods out and loans between stores, by their rules (apps.inventory.outbound) and the loans' audit."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.core.errors import NotFound
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.inventory.choices import DocumentKind, DocumentStatus, DocumentType, MoveKind
from apps.inventory.errors import (
    LoanNotInTransit,
    LoanNotReceived,
    LoanReturnTooMuch,
    LoanTargetRefused,
    LoanWrongSide,
    StockShort,
)
from apps.inventory.loan_audit import loan_differences
from apps.inventory.models import StockBalance, StockDocument, StockMove
from apps.inventory.outbound import ReturnLineInput, loan_confirm, loan_return_create, outbound_create
from apps.inventory.services import DocumentLineInput
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def balance(store, product) -> Decimal:
    row = StockBalance.objects.filter(store=store, product=product).first()
    return row.quantity if row else Decimal("0")


def pair():
    """Store A (negative stock forbidden) with store B as its borrow-out target."""
    lender = StoreFactory.create(negative_stock_allowed=False)
    borrower = StoreFactory.create(negative_stock_allowed=False)
    lender.borrow_out_targets.add(borrower)
    return lender, borrower


def lend(lender, borrower, product, quantity="3"):
    return outbound_create(
        actor=KEEPER,
        store=lender,
        type=DocumentType.LOAN_OUT,
        lines=[DocumentLineInput(product.pk, Decimal(quantity))],
        target_store_id=borrower.pk,
    )


def test_in_store_use_takes_the_goods_out_in_use_units():
    store = StoreFactory.create()
    product = stocked(store, "1000", use_unit="ml", use_per_unit=Decimal("500"))
    document = outbound_create(
        actor=KEEPER, store=store, type=DocumentType.STORE_USE, lines=[DocumentLineInput(product.pk, Decimal("1"))]
    )
    assert (document.kind, document.status) == (DocumentKind.OUTBOUND, DocumentStatus.DONE)
    move = StockMove.objects.get(document_kind="document", document_id=document.pk)
    assert (move.kind, move.quantity) == (MoveKind.STORE_USE, Decimal("-500"))
    assert balance(store, product) == Decimal("500")


def test_a_return_keeps_its_supplier_and_moves_return_out():
    store = StoreFactory.create()
    product = stocked(store, "4")
    document = outbound_create(
        actor=KEEPER,
        store=store,
        type=DocumentType.RETURN,
        lines=[DocumentLineInput(product.pk, Decimal("4"))],
        supplier="花王供应",
    )
    assert document.supplier == "花王供应"
    assert StockMove.objects.get(document_id=document.pk, document_kind="document").kind == MoveKind.RETURN_OUT
    assert balance(store, product) == 0


def test_an_outbound_past_the_stock_is_refused_where_negative_stock_is_forbidden():
    store = StoreFactory.create(negative_stock_allowed=False)
    product = stocked(store, "2")
    with pytest.raises(StockShort):
        outbound_create(
            actor=KEEPER, store=store, type=DocumentType.STORE_USE, lines=[DocumentLineInput(product.pk, Decimal("3"))]
        )
    assert StockDocument.objects.filter(store=store).count() == 0
    assert balance(store, product) == 2


def test_a_loan_goes_only_to_a_borrow_out_target():
    lender, _borrower = pair()
    stranger = StoreFactory.create()
    product = stocked(lender, "5")
    with pytest.raises(LoanTargetRefused):
        lend(lender, stranger, product)
    assert balance(lender, product) == 5


def test_a_loan_leaves_the_lender_at_once_and_arrives_when_the_borrower_confirms():
    lender, borrower = pair()
    product = stocked(lender, "5")
    loan = lend(lender, borrower, product, "3")
    assert (loan.status, loan.other_store_id) == (DocumentStatus.IN_TRANSIT, borrower.pk)
    out = StockMove.objects.get(document_kind="document", document_id=loan.pk)
    assert (out.store_id, out.kind, out.quantity, out.other_store_id) == (
        lender.pk,
        MoveKind.LOAN_OUT,
        Decimal("-3"),
        borrower.pk,
    )
    assert balance(lender, product) == 2 and balance(borrower, product) == 0
    assert audit_all() == []

    received = loan_confirm(actor=KEEPER, store=borrower, document_id=loan.pk)
    assert received.status == DocumentStatus.RECEIVED
    assert received.received_by_name == KEEPER.login_name and received.received_at is not None
    into = StockMove.objects.get(document_kind="document", document_id=loan.pk, store=borrower)
    assert (into.kind, into.quantity, into.other_store_id) == (MoveKind.LOAN_IN, Decimal("3"), lender.pk)
    assert balance(borrower, product) == 3
    assert audit_all() == []
    logged = SystemLog.objects.filter(object_id=str(loan.pk)).order_by("id").values_list("action", flat=True)
    assert list(logged) == ["inventory.outbound_created", "inventory.loan_received"]


def test_only_the_borrower_confirms_and_only_once():
    lender, borrower = pair()
    product = stocked(lender, "5")
    loan = lend(lender, borrower, product)
    with pytest.raises(LoanWrongSide):
        loan_confirm(actor=KEEPER, store=lender, document_id=loan.pk)
    with pytest.raises(NotFound):
        loan_confirm(actor=KEEPER, store=StoreFactory.create(), document_id=loan.pk)
    loan_confirm(actor=KEEPER, store=borrower, document_id=loan.pk)
    with pytest.raises(LoanNotInTransit):
        loan_confirm(actor=KEEPER, store=borrower, document_id=loan.pk)
    assert balance(borrower, product) == 3


def test_a_loan_is_given_back_up_to_what_is_still_out_and_the_lender_confirms():
    lender, borrower = pair()
    product = stocked(lender, "5")
    loan = lend(lender, borrower, product, "3")
    line = loan.lines.get()
    with pytest.raises(LoanNotReceived):
        loan_return_create(actor=KEEPER, store=borrower, loan_id=loan.pk, lines=[ReturnLineInput(line.pk, Decimal(1))])
    loan_confirm(actor=KEEPER, store=borrower, document_id=loan.pk)
    with pytest.raises(LoanWrongSide):
        loan_return_create(actor=KEEPER, store=lender, loan_id=loan.pk, lines=[ReturnLineInput(line.pk, Decimal(1))])

    back = loan_return_create(
        actor=KEEPER, store=borrower, loan_id=loan.pk, lines=[ReturnLineInput(line.pk, Decimal("2"))]
    )
    assert (back.kind, back.status, back.store_id, back.other_store_id, back.source_id) == (
        DocumentKind.LOAN_RETURN,
        DocumentStatus.IN_TRANSIT,
        borrower.pk,
        lender.pk,
        loan.pk,
    )
    line.refresh_from_db()
    assert line.returned == 2
    assert balance(borrower, product) == 1 and balance(lender, product) == 2
    with pytest.raises(LoanReturnTooMuch) as refused:
        loan_return_create(actor=KEEPER, store=borrower, loan_id=loan.pk, lines=[ReturnLineInput(line.pk, Decimal(2))])
    assert refused.value.data == {"lines": [{"lineId": line.pk, "outstanding": "1.000", "wanted": "2"}]}

    loan_confirm(actor=KEEPER, store=lender, document_id=back.pk)
    assert balance(lender, product) == 4
    assert audit_all() == []


def test_the_audit_names_a_received_loan_whose_receiving_moves_are_missing():
    lender, borrower = pair()
    product = stocked(lender, "5")
    loan = lend(lender, borrower, product, "3")
    StockDocument.objects.filter(pk=loan.pk).update(status=DocumentStatus.RECEIVED)
    found = list(loan_differences())
    assert [(d.record, d.kept, d.recomputed) for d in found] == [
        (f"loan {loan.pk} product {product.pk}", Decimal("0"), Decimal("3"))
    ]


def test_the_audit_names_an_in_transit_loan_with_moves_in_the_receiving_store():
    from apps.inventory.services import DOCUMENT_MOVES, MoveLine, record_moves

    lender, borrower = pair()
    product = stocked(lender, "5")
    loan = lend(lender, borrower, product, "3")
    record_moves(
        actor=KEEPER,
        store=borrower,
        kind=MoveKind.LOAN_IN,
        document_kind=DOCUMENT_MOVES,
        document_id=loan.pk,
        lines=[MoveLine(product.pk, Decimal("3"))],
    )
    assert [d.field for d in loan_differences()] == ["received (in_transit)"]
