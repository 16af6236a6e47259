"""Two confirmations of one loan at once (real concurrent transactions) give one."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.core.ledgers import audit_all
from apps.core.testing import at_once
from apps.inventory.choices import DocumentStatus, DocumentType, MoveKind
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.outbound import ReturnLineInput, loan_confirm, loan_return_create, outbound_create
from apps.inventory.services import DocumentLineInput
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _loan():
    lender, borrower = StoreFactory.create(), StoreFactory.create()
    lender.borrow_out_targets.add(borrower)
    product = stocked(lender, "5")
    loan = outbound_create(
        actor=KEEPER,
        store=lender,
        type=DocumentType.LOAN_OUT,
        lines=[DocumentLineInput(product.pk, Decimal("3"))],
        target_store_id=borrower.pk,
    )
    return lender, borrower, product, loan


def test_two_confirmations_of_one_loan_at_once_give_one():
    _lender, borrower, product, loan = _loan()
    outcomes = at_once(lambda: loan_confirm(actor=KEEPER, store=borrower, document_id=loan.pk), 2)
    assert sorted(outcomes) == ["LOAN-40901", "ok"]
    loan.refresh_from_db()
    assert loan.status == DocumentStatus.RECEIVED
    assert StockMove.objects.filter(store=borrower, kind=MoveKind.LOAN_IN).count() == 1
    assert StockBalance.objects.get(store=borrower, product=product).quantity == 3
    assert audit_all() == []


def test_returns_of_one_loan_at_once_never_give_back_more_than_was_lent():
    _lender, borrower, product, loan = _loan()
    loan_confirm(actor=KEEPER, store=borrower, document_id=loan.pk)
    line = loan.lines.get()
    outcomes = at_once(
        lambda: loan_return_create(
            actor=KEEPER, store=borrower, loan_id=loan.pk, lines=[ReturnLineInput(line.pk, Decimal("2"))]
        ),
        4,
    )
    assert sorted(outcomes) == ["LOAN-40902"] * 3 + ["ok"]
    line.refresh_from_db()
    assert line.returned == 2
    assert StockBalance.objects.get(store=borrower, product=product).quantity == 1
    assert audit_all() == []
