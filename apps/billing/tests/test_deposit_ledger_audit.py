"""`manage.py audit_ledgers` over intention deposits (issue 17 §4): a deposit's balance, amounts and
`deposit` tenders against its ledger; a balance changed around the ledger is reported."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from apps.billing.deposits.services import deposit_apply, deposit_take
from apps.billing.models import Deposit, DepositEntry
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import CASHIER
from apps.core.append_only import AppendOnlyError
from apps.core.ledgers import audit_all

pytestmark = pytest.mark.django_db

D = Decimal


def test_the_deposit_ledger_adds_up_and_a_balance_changed_around_it_is_reported(store, member):
    deposit = deposit_take(actor=CASHIER, store=store, member_id=member.pk, amount=D("200"))
    order_pay(actor=CASHIER, order_id=deposit.order_id, tenders=[TenderAsked(method="cash", amount=D("200"))])
    order = order_of(store=store, member=member, lines=[product("80.00")])
    deposit_apply(actor=CASHIER, store=store, order_id=order.pk, deposit_id=deposit.pk, amount=D("80"))
    assert audit_all() == []
    out = StringIO()
    call_command("audit_ledgers", stdout=out)
    Deposit.objects.filter(pk=deposit.pk).update(balance=D("150.00"), applied=D("50.00"))
    found = {(d.ledger, d.field) for d in audit_all()}
    assert ("intention deposits", "balance") in found
    assert ("intention deposits", "applied") in found
    assert ("intention deposits", "deposit tenders") in found
    with pytest.raises(AppendOnlyError):
        DepositEntry.objects.filter(deposit=deposit).update(change=D("1"))
