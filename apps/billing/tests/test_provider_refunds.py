"""Refunds to WeChat Pay, Alipay and card-terminal tenders (issue 14 §2; decision 0011 "Provider
refunds"), against the fake providers: pending until the provider's word, by its notification or by
polling, failed when it refuses, sent after the refund commits (or by the sweeper when the process
died first), never more than was paid."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.choices import RefundStatus, TenderStatus
from apps.billing.errors import ProviderRefundUnavailable
from apps.billing.models import Refund, RefundTender
from apps.billing.refunds.provider_refunds import provider_refunds_send, provider_refunds_sweep, refund_reference
from apps.billing.refunds.services import LineAsked, order_refund, tenders_left
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.conftest import ORDER_DETAILS
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.tests.factories import CASHIER
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope
from apps.payments.choices import IntentState, RefundState
from apps.payments.models import PaymentIntent, ProviderRefund
from apps.payments.services import intents_poll_due, refund_create
from apps.payments.tests.conftest import NOTIFY_URL

pytestmark = pytest.mark.django_db

D = Decimal


def refund_of(order, amount: str | None = None):
    line = order.lines.order_by("id").first()
    ask = LineAsked(order_line_id=line.pk, amount=D(amount) if amount else None)
    return order_refund(actor=CASHIER, order_id=order.pk, lines=[ask], reason="wrong colour")


def provider_refund(row: RefundTender) -> ProviderRefund:
    return ProviderRefund.objects.get(reference=refund_reference(row.pk))


def row_of(refund: Refund, method: str) -> RefundTender:
    return RefundTender.objects.get(refund=refund, method=method)


def test_a_wechat_refund_is_pending_until_its_notification_and_a_repeat_changes_nothing(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    _tender, intent = provider_paid(order, "wechat", "100.00")
    refund = sent(lambda: refund_of(order, "40.00"))
    row = row_of(refund, "wechat")
    assert (refund.status, row.status, row.amount, row.till_change) == ("pending", "pending", D("40.00"), 0)
    asked = provider_refund(row)
    assert (asked.state, asked.amount, asked.intent_id) == (RefundState.PENDING, D("40.00"), intent.pk)

    providers["wechat"].complete_refund(asked.out_refund_no)  # WeChat Pay notifies
    assert providers["wechat"].notifications[-1] == ("REFUND.SUCCESS", 204)
    row.refresh_from_db()
    refund.refresh_from_db()
    assert (row.status, refund.status) == (TenderStatus.SUCCEEDED, RefundStatus.DONE)
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.REFUNDED_PART
    logged = SystemLog.objects.filter(action="billing.refund_tender_ended").count()
    assert logged == 1

    # The same notification again: nothing changes, nothing is logged again.
    fake = providers["wechat"]
    resource = {"mchid": fake.merchant_id, "out_trade_no": intent.out_trade_no, "out_refund_no": asked.out_refund_no,
                "refund_status": "SUCCESS", "amount": {"refund": 4000, "total": 10000}}  # fmt: skip
    assert fake.send_notification(NOTIFY_URL, "REFUND.SUCCESS", "refund", resource) == 204
    row.refresh_from_db()
    assert row.status == TenderStatus.SUCCEEDED
    assert SystemLog.objects.filter(action="billing.refund_tender_ended").count() == logged
    assert [left for _tender, left in tenders_left(order)] == [D("60.00")]
    assert audit_all() == []


def test_a_lost_notification_is_found_by_polling(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("80.00")])
    provider_paid(order, "wechat", "80.00")
    refund = sent(lambda: refund_of(order))
    row = row_of(refund, "wechat")
    providers["wechat"].complete_refund(provider_refund(row).out_refund_no, notify=False)
    assert RefundTender.objects.get(pk=row.pk).status == TenderStatus.PENDING
    assert intents_poll_due()["refunds"] == 1
    refund.refresh_from_db()
    assert (RefundTender.objects.get(pk=row.pk).status, refund.status) == ("succeeded", "done")
    assert audit_all() == []


def test_a_refund_the_provider_refuses_fails_the_tender_and_shows_on_the_refund(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("50.00")])
    _tender, intent = provider_paid(order, "wechat", "50.00")
    # The merchant gave the money back on WeChat Pay's own platform meanwhile: it refuses ours.
    providers["wechat"].trades[intent.out_trade_no].refunded = 5000
    refund = sent(lambda: refund_of(order))
    row = row_of(refund, "wechat")
    refund.refresh_from_db()
    assert (row.status, refund.status) == (TenderStatus.FAILED, RefundStatus.FAILED)
    assert "INVALID_REQUEST" in row.provider_message
    assert provider_refund(row).state == RefundState.FAILED
    intent.refresh_from_db()
    assert (intent.state, intent.refunded) == (IntentState.SUCCEEDED, D("0"))
    # The money did not go back through the tender: it is still there to give back.
    assert [left for _tender, left in tenders_left(order)] == [D("50.00")]


def test_alipay_and_the_card_terminal_refund_at_once(providers, store, member, sent):
    for provider, amount in (("alipay", "30.00"), ("pos", "20.11")):
        order = order_of(store=store, member=member, lines=[product(amount)])
        provider_paid(order, provider, amount)
        refund = sent(lambda order=order: refund_of(order))
        refund.refresh_from_db()
        row = row_of(refund, provider)
        assert (row.status, row.amount, refund.status) == ("succeeded", D(amount), "done"), provider
        assert provider_refund(row).state == RefundState.SUCCEEDED
    assert audit_all() == []


def test_a_split_order_refunded_in_part_goes_back_to_cash_and_wechat(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("60.00"), product("40.00")])
    provider_paid(order, "wechat", "60.00", cash="40.00")
    refund = sent(lambda: refund_of(order, "50.00"))
    cash, wechat = row_of(refund, "cash"), row_of(refund, "wechat")
    assert (cash.amount, cash.status, cash.till_change) == (D("20.00"), "succeeded", D("-20.00"))
    assert (wechat.amount, wechat.status) == (D("30.00"), "pending")
    providers["wechat"].complete_refund(provider_refund(wechat).out_refund_no)
    refund.refresh_from_db()
    assert (RefundTender.objects.get(pk=wechat.pk).status, refund.status) == ("succeeded", "done")
    assert audit_all() == []


def test_never_more_than_paid_billing_refuses_what_the_provider_no_longer_holds(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("70.00")])
    _tender, intent = provider_paid(order, "wechat", "70.00")
    refund_create(intent_id=intent.pk, amount=D("50.00"), reference="elsewhere:1")  # another way, same payment
    with pytest.raises(ProviderRefundUnavailable) as refused:
        sent(lambda: refund_of(order))
    assert refused.value.errcode == "ORD-40903"
    assert not Refund.objects.exists() and not RefundTender.objects.exists()
    refund = sent(lambda: refund_of(order, "20.00"))  # what is left can go back
    assert row_of(refund, "wechat").amount == D("20.00")
    with pytest.raises(Exception) as again:
        sent(lambda: refund_of(order, "50.01"))
    assert getattr(again.value, "errcode", "") == "ORD-40901"  # billing's own check, per line
    intent.refresh_from_db()
    assert intent.refunded == D("70.00")


def test_the_sweeper_sends_a_refund_whose_process_died_before_asking_and_only_once(providers, store, member):
    order = order_of(store=store, member=member, lines=[product("90.00")])
    provider_paid(order, "wechat", "90.00")
    refund = refund_of(order)  # its commit's call never ran (the process died)
    row = row_of(refund, "wechat")
    assert not ProviderRefund.objects.filter(reference=refund_reference(row.pk)).exists()
    assert provider_refunds_sweep() == 0  # a fresh one is left to its own call for a minute
    assert provider_refunds_sweep(older_than=timedelta(0)) == 1
    assert provider_refunds_sweep(older_than=timedelta(0)) == 0
    provider_refunds_send([row.pk])  # the late call of the dead process, had it come back
    assert ProviderRefund.objects.filter(reference=refund_reference(row.pk)).count() == 1
    assert ProviderRefund.objects.get(reference=refund_reference(row.pk)).amount == D("90.00")
    assert audit_all() == []


RECEDE = "/rest/recede/recede"
DETAIL = "/rest/recede/recedeDetail"


def test_the_refund_answer_its_details_and_the_orders_details_show_each_tenders_status(
    providers, store, member, make_entry, django_capture_on_commit_callbacks
):
    client = api_client(
        entry=make_entry(store, codes=[code_of("/returnList"), code_of("/refundList"), ORDER_DETAILS, REFUND.code])
    )
    order = order_of(store=store, member=member, lines=[product("60.00"), product("40.00")])
    provider_paid(order, "wechat", "60.00", cash="40.00")
    line = order.lines.order_by("id").first()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            RECEDE,
            {"orderId": order.pk, "lines": [{"orderLineId": line.pk, "amount": "50"}], "reason": "wrong colour"},
            format="json",
            headers={"Idempotency-Key": "provider-refund-1"},
        )
    data = assert_envelope(response, status=200)
    assert data["status"] == "pending"
    assert sorted((t["method"], t["amount"], t["status"]) for t in data["tenders"]) == [
        ("cash", "20.00", "succeeded"),
        ("wechat", "30.00", "pending"),
    ]
    wechat = RefundTender.objects.get(refund_id=data["recedeId"], method="wechat")
    providers["wechat"].complete_refund(provider_refund(wechat).out_refund_no)
    detail = assert_envelope(client.get(DETAIL, {"recedeId": data["recedeId"]}), status=200)
    assert detail["status"] == "done"
    assert sorted((t["method"], t["status"]) for t in detail["tenders"]) == [
        ("cash", "succeeded"),
        ("wechat", "succeeded"),
    ]
    details = assert_envelope(client.get("/rest/order/orderDetails", {"orderId": order.pk}), status=200)
    assert [(r["status"], [t["status"] for t in r["tenders"]]) for r in details["refunds"]] == [
        ("done", ["succeeded", "succeeded"])
    ]


def test_after_a_refused_provider_refund_the_next_refund_shares_what_each_tender_still_holds(
    providers, store, member, sent
):
    order = order_of(store=store, member=member, lines=[product("50.00"), product("50.00")])
    _tender, intent = provider_paid(order, "wechat", "50.00", cash="50.00")
    providers["wechat"].trades[intent.out_trade_no].refunded = 3000  # the platform gave 30 back on its own
    first, second = order.lines.order_by("id")
    refused = sent(lambda: order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(first.pk)], reason="x"))
    assert row_of(refused, "wechat").status == TenderStatus.FAILED
    providers["wechat"].trades[intent.out_trade_no].refunded = 0
    made = sent(lambda: order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(second.pk)], reason="x"))
    # Cash 25 of 50 left, WeChat Pay all 50 (the refused 25 never left): 50 shared in that proportion.
    assert (row_of(made, "cash").amount, row_of(made, "wechat").amount) == (D("16.66"), D("33.34"))
    assert audit_all() == []
