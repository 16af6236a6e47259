"""An intention deposit taken and refunded through a provider (issue 17 §4): the deposit's order is
paid by Alipay's scanned code or WeChat Pay over pay/excute as any order, against the fake
providers; its refund goes back to the provider it came from, through the provider's refund."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.choices import DepositStatus
from apps.billing.models import Deposit, RefundTender
from apps.billing.tests.conftest import BILLS, CASHIER, ORDER_DETAILS
from apps.billing.tests.provider_factories import ALIPAY_CODE, WECHAT_CODE
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope
from apps.payments.choices import RefundState
from apps.payments.models import ProviderRefund

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def till(store, make_entry):
    codes = [CASHIER, BILLS, ORDER_DETAILS, REFUND.code, code_of("/depositRecord")]
    return api_client(entry=make_entry(store, codes=codes))


def take(client, member, amount: str) -> dict:
    body = {"memId": member.pk, "amount": amount}
    return assert_envelope(client.post("/rest/intention/take", body, format="json"), status=201)


@pytest.mark.parametrize(("method", "code"), [("alipay", ALIPAY_CODE), ("wechat", WECHAT_CODE)])
def test_a_deposit_paid_by_a_scanned_code_is_taken_and_refunded_to_the_same_provider(
    providers, sent, till, store, member, method, code
):
    answer = take(till, member, "300")
    body = {"orderId": answer["orderId"], "tenders": [{"method": method, "amount": "300", "authCode": code}]}
    paid = sent(lambda: till.post("/rest/pay/excute", body, format="json"))
    assert assert_envelope(paid, status=200)["status"] == "paid"
    deposit = Deposit.objects.get(pk=answer["deposit"]["depositId"])
    assert (deposit.status, deposit.balance) == (DepositStatus.OPEN, D("300.00"))

    refund_body = {"depositId": deposit.pk, "amount": "120", "reason": "the customer moved away"}
    refunded = sent(lambda: till.post("/rest/intention/refund", refund_body, format="json"))
    data = assert_envelope(refunded, status=200)
    assert (data["deposit"]["status"], data["deposit"]["left"]) == ("partlyUsed", "180.00")
    row = RefundTender.objects.get(refund_id=data["refund"]["recedeId"])
    assert (row.method, row.amount) == (method, D("120.00"))
    asked = ProviderRefund.objects.get()
    assert asked.amount == D("120.00")
    if method == "wechat":  # WeChat Pay answers by its notification
        providers["wechat"].complete_refund(asked.out_refund_no)
    asked.refresh_from_db()
    row.refresh_from_db()
    assert (asked.state, row.status) == (RefundState.SUCCEEDED, "succeeded")
    assert audit_all() == []
