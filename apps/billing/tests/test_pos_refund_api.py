"""`pos/refund` and `pos/refundQuery` (issue 14 §7.8 `pos/*`): a card terminal's (or payment box's)
refund tender of an existing refund asked of the terminal again — the terminal was offline, or its
refund failed — and asked how it stands; never without the refund record, never more than paid,
once per Idempotency-Key. Against the fake terminal and box gateways; faults are theirs."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.choices import AuditAction, RefundStatus, TenderStatus
from apps.billing.models import RefundTender
from apps.billing.refunds.provider_refunds import (
    device_refund_ask,
    device_refund_query,
    device_refund_reopen,
    refund_reference,
    refund_tender_attempts,
    refund_tender_id_of,
)
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.conftest import CASHIER as CASHIER_PAGE
from apps.billing.tests.conftest import ORDER_DETAILS
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.tests.factories import CASHIER
from apps.core.business_days import mark_day_closed
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope
from apps.payments.choices import RefundState
from apps.payments.services import refund_create

pytestmark = pytest.mark.django_db

D = Decimal
RESEND = "/rest/pos/refund"
QUERY = "/rest/pos/refundQuery"


@pytest.fixture
def refunder(store, make_entry):
    codes = [code_of("/returnList"), code_of("/refundList"), code_of("/refundDetail"), ORDER_DETAILS, REFUND.code]
    return api_client(entry=make_entry(store, codes=codes))


def refund_of(order, sent):
    line = order.lines.order_by("id").first()
    return sent(
        lambda: order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(order_line_id=line.pk)], reason="过敏")
    )


def terminal_refund_failed(providers, store, member, sent, *, method="pos", amount="80.00"):
    """A paid terminal tender whose refund the terminal never received (HTTP 500: offline), then
    found unknown by the query: the refund tender failed, its refund failed."""
    order = order_of(store=store, member=member, lines=[product(amount)])
    tender, intent = provider_paid(order, method, amount)
    providers[method].fail_next("http500")
    refund = refund_of(order, sent)
    row = RefundTender.objects.get(refund=refund, method=method)
    assert row.status == TenderStatus.PENDING  # unknown outcome: pending
    return order, tender, intent, refund, row


def body(refund, tender):
    return {"refundId": refund.pk, "tenderId": tender.pk}


def test_the_attempts_are_named_after_the_refund_tender():
    assert refund_reference(7) == "refundTender:7" and refund_reference(7, 2) == "refundTender:7#2"
    assert refund_tender_id_of("refundTender:7#2") == 7 and refund_tender_id_of("refundTender:7") == 7
    assert refund_tender_id_of("tender:7") is None and refund_tender_id_of("refundTender:x#2") is None


def test_a_refund_the_terminal_never_received_fails_on_query_then_goes_back_when_sent_again(
    providers, store, member, sent, refunder
):
    _order, tender, intent, refund, row = terminal_refund_failed(providers, store, member, sent)
    queried = assert_envelope(refunder.post(QUERY, body(refund, tender), format="json"), status=200)
    assert (queried["status"], queried["providerState"], queried["attempts"]) == ("failed", "failed", 1)
    assert queried["refundStatus"] == RefundStatus.FAILED and "REFUND_NOT_FOUND" in queried["providerMessage"]
    assert providers["pos"].refunds == {} or all(
        r.out_trade_no != intent.out_trade_no for r in providers["pos"].refunds.values()
    )

    again = assert_envelope(
        refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="resend-1"), status=200
    )
    assert (again["status"], again["providerState"], again["attempts"]) == ("succeeded", "succeeded", 2)
    assert again["refundStatus"] == RefundStatus.DONE and again["providerMessage"] == ""
    attempts = refund_tender_attempts(row.pk)
    assert [a.reference for a in attempts] == [f"refundTender:{row.pk}", f"refundTender:{row.pk}#2"]
    assert [a.state for a in attempts] == [RefundState.FAILED, RefundState.SUCCEEDED]
    intent.refresh_from_db()
    assert intent.refunded == D("80.00") and intent.state == "refunded"
    gateway_refunds = [r for r in providers["pos"].refunds.values() if r.out_trade_no == intent.out_trade_no]
    assert [r.out_refund_no for r in gateway_refunds] == [attempts[1].out_refund_no]

    # The same key replays the first answer and asks nothing; a new key finds nothing to send.
    replay = refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="resend-1")
    assert assert_envelope(replay, status=200)["attempts"] == 1
    assert len(refund_tender_attempts(row.pk)) == 2
    assert_envelope(
        refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="resend-2"),
        status=409,
        errcode="PAY-40905",
    )
    assert SystemLog.objects.filter(action=AuditAction.REFUND_TENDER_RESENT, object_id=str(refund.pk)).count() == 1
    assert audit_all() == []


def test_a_pending_terminal_refund_is_queried_not_sent_twice(providers, store, member, sent, refunder):
    """The terminal refunded but its answer could not be trusted (a bad signature): the refund tender
    stays pending; asked again, the terminal is queried, and the money goes back once."""
    order = order_of(store=store, member=member, lines=[product("50.00")])
    tender, intent = provider_paid(order, "pos", "50.00")
    providers["pos"].fail_next("bad_signature")
    refund = refund_of(order, sent)
    row = RefundTender.objects.get(refund=refund, method="pos")
    assert row.status == TenderStatus.PENDING and refund_tender_attempts(row.pk)[0].state == RefundState.PENDING
    answer = assert_envelope(
        refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="pending-1"), status=200
    )
    assert (answer["status"], answer["attempts"], answer["refundStatus"]) == ("succeeded", 1, RefundStatus.DONE)
    gateway_refunds = [r for r in providers["pos"].refunds.values() if r.out_trade_no == intent.out_trade_no]
    assert len(gateway_refunds) == 1 and gateway_refunds[0].out_refund_no == answer["outRefundNo"]
    # Nothing was reopened: the refund tender never failed.
    assert not SystemLog.objects.filter(action=AuditAction.REFUND_TENDER_RESENT).exists()


def test_never_more_than_paid_a_failed_refund_asks_only_what_the_payment_still_holds(
    providers, store, member, sent, refunder
):
    _order, tender, intent, refund, row = terminal_refund_failed(providers, store, member, sent)
    assert_envelope(refunder.post(QUERY, body(refund, tender), format="json"), status=200)
    row.refresh_from_db()
    assert row.status == TenderStatus.FAILED
    # Meanwhile 30.00 of the 80.00 went back another way through the terminal (support's refund).
    refund_create(intent_id=intent.pk, amount=D("30.00"), reference="support:1")
    refused = refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="over-1")
    assert_envelope(refused, status=409, errcode="ORD-40903")
    row.refresh_from_db()
    assert row.status == TenderStatus.FAILED and len(refund_tender_attempts(row.pk)) == 1
    assert not SystemLog.objects.filter(action=AuditAction.REFUND_TENDER_RESENT).exists()


def test_a_payment_box_refund_is_sent_again_the_same_way(providers, store, member, sent, refunder):
    _order, tender, intent, refund, _row = terminal_refund_failed(providers, store, member, sent, method="box")
    assert_envelope(refunder.post(QUERY, body(refund, tender), format="json"), status=200)
    again = refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="box-1")
    assert assert_envelope(again, status=200)["status"] == "succeeded"
    assert intent.provider == "box"


def test_no_refund_record_no_terminal_refund_and_other_tenders_are_not_found(
    providers, store, member, sent, refunder, other_store, make_entry
):
    order = order_of(store=store, member=member, lines=[product("40.00")])
    tender, _intent = provider_paid(order, "wechat", "40.00")
    refund = refund_of(order, sent)
    # A WeChat Pay tender is not the terminal's; a tender without a refund has no refund tender.
    assert_envelope(
        refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="w-1"),
        status=404,
        errcode="SYS-40400",
    )
    paid = order_of(store=store, member=member, lines=[product("20.00")])
    pos_tender, _ = provider_paid(paid, "pos", "20.00")
    assert_envelope(
        refunder.post(RESEND, body(refund, pos_tender), format="json", HTTP_IDEMPOTENCY_KEY="w-2"),
        status=404,
        errcode="SYS-40400",
    )
    assert_envelope(refunder.post(RESEND, {"refundId": refund.pk}, format="json"), status=400, errcode="VALID-40000")
    # Another store's refund: not found there.
    _o, t2, _i, r2, _row = terminal_refund_failed(providers, store, member, sent, amount="10.00")
    other = api_client(entry=make_entry(other_store, codes=[REFUND.code, code_of("/refundDetail")]))
    assert_envelope(other.post(QUERY, body(r2, t2), format="json"), status=404, errcode="SYS-40400")
    # The cashier without the refund code may not ask for money back.
    cashier = api_client(entry=make_entry(store, codes=[CASHIER_PAGE]))
    assert_envelope(
        cashier.post(RESEND, body(r2, t2), format="json", HTTP_IDEMPOTENCY_KEY="c-1"), status=403, errcode="AUTH-40300"
    )


def test_service_a_reopened_refund_whose_ask_died_is_sent_by_the_next_press_and_only_once(
    providers, store, member, sent
):
    """Step 1 committed (the refund tender pending again) and the process died before step 2: the
    next press (another key) finds it pending with its last attempt failed and sends the next
    attempt; two asks meeting send it once (payments makes one provider refund per reference)."""
    _order, _tender, intent, refund, row = terminal_refund_failed(providers, store, member, sent)
    device_refund_query(row=row)
    row.refresh_from_db()
    assert row.status == TenderStatus.FAILED
    device_refund_reopen(actor=CASHIER, row=row)  # ... and nothing after it
    row.refresh_from_db()
    refund.refresh_from_db()
    assert row.status == TenderStatus.PENDING and refund.status == RefundStatus.PENDING
    assert device_refund_reopen(actor=CASHIER, row=row).status == TenderStatus.PENDING  # pending: left as it is
    first = device_refund_ask(actor=CASHIER, row_id=row.pk)
    second = device_refund_ask(actor=CASHIER, row_id=row.pk)
    assert first.status == second.status == TenderStatus.SUCCEEDED
    attempts = refund_tender_attempts(row.pk)
    assert [a.state for a in attempts] == [RefundState.FAILED, RefundState.SUCCEEDED]
    gateway_refunds = [r for r in providers["pos"].refunds.values() if r.out_trade_no == intent.out_trade_no]
    assert len(gateway_refunds) == 1
    refund.refresh_from_db()
    assert refund.status == RefundStatus.DONE and audit_all() == []


def test_a_failed_refund_of_a_closed_day_is_not_sent_again_but_can_still_be_queried(
    providers, store, member, sent, refunder
):
    _order, tender, _intent, refund, row = terminal_refund_failed(providers, store, member, sent)
    assert_envelope(refunder.post(QUERY, body(refund, tender), format="json"), status=200)
    mark_day_closed(store_id=store.pk, day=timezone.localdate())
    answer = refunder.post(RESEND, body(refund, tender), format="json", HTTP_IDEMPOTENCY_KEY="closed-1")
    assert_envelope(answer, status=409, errcode="DAY-40901")
    row.refresh_from_db()
    assert row.status == TenderStatus.FAILED and len(refund_tender_attempts(row.pk)) == 1
    assert assert_envelope(refunder.post(QUERY, body(refund, tender), format="json"), status=200)["status"] == "failed"
