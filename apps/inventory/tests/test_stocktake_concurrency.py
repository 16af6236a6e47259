"""Stocktake commands at once (real concurrent transactions)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.approvals.models import ApprovalRequest
from apps.approvals.services import decide
from apps.core.audit import Actor
from apps.core.ledgers import audit_all
from apps.core.role_codes import STOCKTAKE_APPROVE
from apps.core.testing import at_once
from apps.inventory.choices import STOCKTAKE_APPROVAL_KIND
from apps.inventory.models import StockBalance, StockMove, Stocktake
from apps.inventory.stocktakes import (
    STOCKTAKE_MOVES,
    CountInput,
    stocktake_approve,
    stocktake_count,
    stocktake_create,
    stocktake_submit,
)
from apps.inventory.tests.factories import KEEPER, stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 8


def test_approvals_of_one_stocktake_at_once_make_one_set_of_moves():
    store = StoreFactory.create(negative_stock_allowed=False)
    comb = stocked(store, "10")
    brush = stocked(store, "4")
    stocktake = stocktake_create(actor=KEEPER, store=store)
    stocktake_count(
        actor=KEEPER,
        store=store,
        stocktake_id=stocktake.pk,
        counts=[CountInput(comb.pk, Decimal("7")), CountInput(brush.pk, Decimal("6"))],
    )
    stocktake_submit(actor=KEEPER, store=store, stocktake_id=stocktake.pk)
    outcomes = at_once(lambda: stocktake_approve(actor=KEEPER, store=store, stocktake_id=stocktake.pk), PARALLEL)
    assert sorted(outcomes) == ["STOCK-40903"] * (PARALLEL - 1) + ["ok"]
    assert StockMove.objects.filter(document_kind=STOCKTAKE_MOVES, document_id=stocktake.pk).count() == 2
    assert StockBalance.objects.get(store=store, product=comb).quantity == 7
    assert StockBalance.objects.get(store=store, product=brush).quantity == 6
    assert audit_all() == []


def test_stocktakes_started_at_once_in_one_store_make_one():
    store = StoreFactory.create()
    stocked(store, "3")
    outcomes = at_once(lambda: stocktake_create(actor=KEEPER, store=store), PARALLEL)
    assert sorted(outcomes) == ["STOCK-40902"] * (PARALLEL - 1) + ["ok"]
    assert Stocktake.objects.filter(store=store).count() == 1


def test_an_approval_in_the_centre_and_one_on_the_stocktake_at_once_apply_the_differences_once():

    store = StoreFactory.create()
    comb = stocked(store, "10")
    counter = UserFactory.create()
    owner = UserFactory.create()
    submitter = Actor(user_id=counter.pk, login_name=counter.login_name)
    approver = Actor(user_id=owner.pk, login_name=owner.login_name)
    stocktake = stocktake_create(actor=submitter, store=store)
    stocktake_count(actor=submitter, store=store, stocktake_id=stocktake.pk, counts=[CountInput(comb.pk, Decimal("7"))])
    stocktake_submit(actor=submitter, store=store, stocktake_id=stocktake.pk)
    request = ApprovalRequest.objects.get(kind=STOCKTAKE_APPROVAL_KIND, subject_id=str(stocktake.pk))
    calls = iter(range(2))

    def approve() -> None:
        if next(calls) == 0:
            decide(
                actor=approver,
                request_id=request.pk,
                approve=True,
                codes=frozenset({STOCKTAKE_APPROVE.code}),
                store_ids=frozenset({store.pk}),
            )
        else:
            stocktake_approve(actor=approver, store=store, stocktake_id=stocktake.pk)

    outcomes = at_once(approve, 2)
    assert outcomes.count("ok") == 1 and set(outcomes) - {"ok"} <= {"APPR-40901", "STOCK-40903"}, outcomes
    assert StockMove.objects.filter(document_kind=STOCKTAKE_MOVES, document_id=stocktake.pk).count() == 1
    assert StockBalance.objects.get(store=store, product=comb).quantity == 7
    request.refresh_from_db()
    assert request.status == "approved"
    assert Stocktake.objects.get(pk=stocktake.pk).status == "approved"
    assert audit_all() == []
