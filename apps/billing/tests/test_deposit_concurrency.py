"""Two tills applying one intention deposit at once (real concurrent transactions): the
deposit never pays more than it holds, and its ledger adds up (issue 17 §4)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.billing.choices import TenderMethod
from apps.billing.deposits.services import deposit_apply, deposit_take
from apps.billing.models import Deposit, DepositEntry, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import CASHIER
from apps.core.ledgers import audit_all
from apps.core.testing import at_once

pytestmark = pytest.mark.django_db(transaction=True)

D = Decimal


def test_two_tills_applying_one_deposit_at_once_never_use_more_than_it_holds(store, member):
    deposit = deposit_take(actor=CASHIER, store=store, member_id=member.pk, amount=D("150"))
    order_pay(actor=CASHIER, order_id=deposit.order_id, tenders=[TenderAsked(method="cash", amount=D("150"))])
    orders = iter([order_of(store=store, member=member, lines=[product("100.00")]) for _ in range(2)])

    def apply() -> None:
        deposit_apply(actor=CASHIER, store=store, order_id=next(orders).pk, deposit_id=deposit.pk, amount=D("100"))

    outcomes = at_once(apply, 2)
    assert sorted(outcomes) == ["DEP-40901", "ok"]
    deposit = Deposit.objects.get(pk=deposit.pk)
    assert (deposit.balance, deposit.applied) == (D("50.00"), D("100.00"))
    assert Tender.objects.filter(method=TenderMethod.DEPOSIT).count() == 1
    assert DepositEntry.objects.filter(deposit=deposit, kind="applied").count() == 1
    assert audit_all() == []
