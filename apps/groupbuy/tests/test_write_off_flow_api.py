"""The write-off's main flow over HTTP against the fake Meituan: pre-check, write-off, the record
"written off, not served", serving (an order paid by the coupon, "served"), cancelling (the platform
undoes it and the order is refunded), and the same code refused a second time."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.billing.models import Order
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import WRITE_OFF_CANCEL
from apps.core.testing import assert_envelope
from apps.groupbuy.models import WriteOff

from .factories import MEITUAN, mapped_deal
from .helpers import USED, new_code

BOARD = code_of("/orderBoard")
CASHIER = code_of("/account")


@pytest.fixture
def desk(store, make_entry):
    return api_client(entry=make_entry(store, codes=[BOARD, CASHIER, WRITE_OFF_CANCEL.code]))


def form(code, project, **extra):
    return {
        "platformType": 1,
        "platformId": MEITUAN,
        "checkCode": code,
        "areaCode": "0086",
        "phone": "13912345678",
        "commodityType": "project",
        "commodityId": project.pk,
        **extra,
    }


@pytest.mark.django_db(transaction=True)
def test_a_meituan_code_is_pre_checked_written_off_served_and_cancelled(
    desk, store, fixed_platforms, platform_accounts
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    code = new_code()
    lists = assert_envelope(
        desk.post("/rest/groupPurchasing/preCheck", {"platformId": MEITUAN, "checkCode": code}, format="json"),
        status=200,
    )
    assert [row["id"] for row in lists["projects"]] == [project.pk]
    assert lists["mapped"] is True

    done = assert_envelope(
        desk.post(
            "/rest/groupPurchasing/writeOffReview", form(code, project), format="json", HTTP_IDEMPOTENCY_KEY="k1"
        ),
        status=201,
    )
    assert done["status"] == "done" and done["orderId"] is None
    assert done["record"]["statusLabel"] == "written off, not served"

    served = assert_envelope(
        desk.post("/rest/order/groupBuy", {"recordId": done["recordId"]}, format="json", HTTP_IDEMPOTENCY_KEY="k2"),
        status=200,
    )
    order = Order.objects.get(pk=served["orderId"])
    assert order.status == "paid" and order.tenders.get().method == "groupBuy"
    assert served["record"]["statusLabel"] == "served"

    again = desk.post("/rest/groupPurchasing/writeOffReview", form(code, project), format="json")
    assert_envelope(again, status=409, errcode="GB-40901")

    cancelled = assert_envelope(
        desk.post(
            "/rest/groupPurchasing/cancel",
            {"recordId": done["recordId"], "reason": "顾客退款"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="k3",
        ),
        status=200,
    )
    assert cancelled["status"] == "cancelled"
    assert Order.objects.get(pk=served["orderId"]).refunds.count() == 1
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_a_used_code_is_refused_with_the_platforms_message(desk, store, fixed_platforms, platform_accounts):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    answer = desk.post("/rest/groupPurchasing/writeOffReview", form(new_code(USED), project), format="json")
    body = assert_envelope(answer, status=409, errcode="GB-40902")
    assert WriteOff.objects.get().status == "failed"
    assert body is None or isinstance(body, dict)
