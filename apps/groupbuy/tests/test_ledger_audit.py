"""audit_ledgers' group-buy audit (apps.groupbuy.ledger_audit): a clean flow (written off, served,
cancelled) gives no difference; each rule finds a row corrupted with raw SQL."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from apps.accounts.testing import api_client
from apps.billing.models import RefundTender, Tender
from apps.core.page_registry import code_of
from apps.core.role_codes import WRITE_OFF_CANCEL
from apps.core.testing import assert_envelope
from apps.groupbuy.ledger_audit import group_buy_differences
from apps.groupbuy.models import WriteOff

from .factories import MEITUAN, mapped_deal
from .helpers import new_code


def sql(statement: str, *params) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


@pytest.fixture
def desk(store, make_entry):
    return api_client(
        entry=make_entry(store, codes=[code_of("/orderBoard"), code_of("/account"), WRITE_OFF_CANCEL.code])
    )


@pytest.fixture
def flow(desk, fixed_platforms, platform_accounts):
    """Three write-offs: one not served, one served, one served and cancelled."""
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])

    def written_off() -> int:
        body = {
            "platformType": 1,
            "platformId": MEITUAN,
            "checkCode": new_code(),
            "areaCode": "0086",
            "phone": "13912345678",
            "commodityType": "project",
            "commodityId": project.pk,
        }
        return assert_envelope(desk.post("/rest/groupPurchasing/writeOffReview", body, format="json"), status=201)[
            "recordId"
        ]

    def served(record_id: int) -> int:
        answer = desk.post("/rest/order/groupBuy", {"recordId": record_id}, format="json")
        return assert_envelope(answer, status=200)["orderId"]

    waiting, kept, cancelled = written_off(), written_off(), written_off()
    served(kept)
    served(cancelled)
    answer = desk.post("/rest/groupPurchasing/cancel", {"recordId": cancelled, "reason": "顾客退款"}, format="json")
    assert_envelope(answer, status=200)
    return {
        "waiting": waiting,
        "served": WriteOff.objects.get(pk=kept),
        "cancelled": WriteOff.objects.get(pk=cancelled),
    }


@pytest.mark.django_db(transaction=True)
def test_a_clean_flow_gives_no_difference_and_the_command_shows_the_audit(flow):
    assert list(group_buy_differences()) == []
    out = StringIO()
    call_command("audit_ledgers", stdout=out)
    assert "group-buy: 0 difference(s)" in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_served_orders_coupon_tender_short_of_its_payable_is_found(flow):
    record = flow["served"]
    tender = Tender.objects.get(order_id=record.order_id, method="groupBuy")
    sql("UPDATE billing_tender SET amount = amount - 1 WHERE id = %s", tender.pk)
    found = list(group_buy_differences())
    assert [(d.record, d.field) for d in found] == [
        (f"write-off {record.pk} (order {record.order_id})", "groupBuy tenders")
    ]
    assert found[0].kept == tender.amount - 1 and found[0].recomputed == tender.amount


@pytest.mark.django_db(transaction=True)
def test_a_served_order_not_paid_is_found(flow):
    record = flow["served"]
    sql("UPDATE billing_order SET status = 'partlyPaid' WHERE id = %s", record.order_id)
    found = list(group_buy_differences())
    assert [(d.record, d.field) for d in found] == [(f"write-off {record.pk} (order {record.order_id})", "order paid")]


@pytest.mark.django_db(transaction=True)
def test_a_coupon_tender_no_write_off_names_is_found(flow):
    record = flow["served"]
    tender = Tender.objects.get(order_id=record.order_id, method="groupBuy")
    sql("UPDATE groupbuy_writeoff SET order_id = NULL WHERE id = %s", record.pk)
    found = list(group_buy_differences())
    assert [(d.record, d.field) for d in found] == [(f"tender {tender.pk} (order {record.order_id})", "write-off")]


@pytest.mark.django_db(transaction=True)
def test_a_cancelled_write_off_whose_refund_kept_part_of_the_coupon_is_found(flow):
    record = flow["cancelled"]
    back = RefundTender.objects.get(refund__order_id=record.order_id, method="groupBuy")
    sql("UPDATE billing_refundtender SET amount = amount - 1 WHERE id = %s", back.pk)
    found = list(group_buy_differences())
    assert [(d.record, d.field) for d in found] == [
        (f"write-off {record.pk} (order {record.order_id})", "groupBuy returned")
    ]
    assert (found[0].kept, found[0].recomputed) == (back.amount - 1, back.amount)


@pytest.mark.django_db(transaction=True)
def test_a_cancelled_served_write_off_without_a_refund_is_found(flow):
    record = flow["served"]
    sql("UPDATE groupbuy_writeoff SET status = 'cancelled' WHERE id = %s", record.pk)
    found = list(group_buy_differences())
    assert [(d.record, d.field) for d in found] == [(f"write-off {record.pk} (order {record.order_id})", "refund")]
