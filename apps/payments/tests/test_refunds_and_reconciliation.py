"""Provider refunds (issue 14 §2: provider money goes back through the provider, pending until
confirmed) and the daily reconciliation (issue 14 §1), against the fake WeChat Pay."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.core.ledgers import audit_all
from apps.payments.accounts import account_for, configured_accounts
from apps.payments.choices import DifferenceKind, IntentState, RefundState
from apps.payments.errors import IntentNotRefundable, ProviderNotConfigured, RefundAboveRemaining
from apps.payments.fakes.wechat import CHINA, Trade
from apps.payments.models import PaymentIntent, ProviderRefund
from apps.payments.reconciliation import reconcile_day
from apps.payments.selectors import reconciliation_differences
from apps.payments.services import intent_pay_by_code, intent_pay_by_qr, intents_poll_due, refund_create
from apps.payments.tests.conftest import AUTH_CODE

pytestmark = pytest.mark.django_db


def paid(store, amount: str = "100.00") -> PaymentIntent:
    intent = intent_pay_by_code(
        reference="order:9",
        store_id=store.pk,
        member_id=None,
        provider="wechat",
        amount=Decimal(amount),
        auth_code=AUTH_CODE,
    )
    assert intent.state == IntentState.SUCCEEDED
    return intent


def test_a_refund_is_pending_until_the_notification_then_the_poller_finishes_the_next(wechat, store, ended):
    intent = paid(store)
    first = refund_create(intent_id=intent.pk, amount=Decimal("40.00"), reference="recede:1", reason="too short")
    assert first.state == RefundState.PENDING and first.provider_refund_no
    wechat.complete_refund(first.out_refund_no)  # WeChat Pay notifies
    assert wechat.notifications[-1] == ("REFUND.SUCCESS", 204)
    first.refresh_from_db()
    intent.refresh_from_db()
    assert first.state == RefundState.SUCCEEDED and intent.state == IntentState.REFUNDED_PART
    assert [(e.refund_id, e.state, e.amount, e.reference, e.intent_reference) for e in ended["refunds"]] == [
        (first.pk, "succeeded", Decimal("40.00"), "recede:1", "order:9")
    ]

    rest = refund_create(intent_id=intent.pk, amount=Decimal("60.00"), reference="recede:2")
    wechat.complete_refund(rest.out_refund_no, notify=False)  # the notification is lost
    assert ProviderRefund.objects.get(pk=rest.pk).state == RefundState.PENDING
    assert intents_poll_due()["refunds"] == 1
    intent.refresh_from_db()
    assert ProviderRefund.objects.get(pk=rest.pk).state == RefundState.SUCCEEDED
    assert intent.state == IntentState.REFUNDED and intent.refunded == Decimal("100.00")
    assert [e.reference for e in ended["refunds"]] == ["recede:1", "recede:2"]
    assert audit_all() == []
    # The notification arriving late changes nothing.
    wechat.send_notification(
        "http://testserver/rest/pay/notify/wechat",
        "REFUND.SUCCESS",
        "refund",
        {"mchid": wechat.merchant_id, "out_trade_no": intent.out_trade_no, "out_refund_no": rest.out_refund_no,
         "refund_status": "SUCCESS", "amount": {"refund": 6000, "total": 10000}},
    )  # fmt: skip
    assert len(ended["refunds"]) == 2


def test_a_refund_above_what_remains_is_refused_and_records_nothing(wechat, store, ended):
    intent = paid(store)
    with pytest.raises(RefundAboveRemaining):
        refund_create(intent_id=intent.pk, amount=Decimal("100.01"), reference="recede:3")
    refund_create(intent_id=intent.pk, amount=Decimal("70.00"), reference="recede:4")  # pending counts
    with pytest.raises(RefundAboveRemaining):
        refund_create(intent_id=intent.pk, amount=Decimal("30.01"), reference="recede:5")
    assert ProviderRefund.objects.filter(intent=intent).count() == 1
    assert PaymentIntent.objects.get(pk=intent.pk).refunded == Decimal("70.00")
    assert audit_all() == []
    PaymentIntent.objects.filter(pk=intent.pk).update(refunded=Decimal("60.00"), state=IntentState.REFUNDED)
    assert [(d.field, d.kept, d.recomputed) for d in audit_all()] == [
        ("refunded", Decimal("60.00"), Decimal("70.00")),
        ("state", "refunded", "succeeded"),
    ]
    # The database holds the rule too.
    with pytest.raises(IntegrityError), transaction.atomic():
        PaymentIntent.objects.filter(pk=intent.pk).update(refunded=Decimal("100.01"))


def test_an_unpaid_intent_cannot_be_refunded(wechat, store):
    intent = intent_pay_by_qr(
        reference="order:1", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal("5")
    )
    with pytest.raises(IntentNotRefundable):
        refund_create(intent_id=intent.pk, amount=Decimal("1.00"), reference="recede:6")


def test_a_refund_the_provider_refuses_fails_and_gives_the_amount_back(wechat, store, ended):
    intent = paid(store)
    wechat.trades[intent.out_trade_no].refunded = 9_000  # the provider sees less left than we do
    refund = refund_create(intent_id=intent.pk, amount=Decimal("20.00"), reference="recede:7")
    assert refund.state == RefundState.FAILED and "INVALID_REQUEST" in refund.message
    assert PaymentIntent.objects.get(pk=intent.pk).refunded == Decimal("0.00")
    assert [e.state for e in ended["refunds"]] == ["failed"]


def test_reconciliation_lists_each_kind_of_difference(wechat_alone, store, other_store):
    wechat = wechat_alone
    today = timezone.localdate()
    matching, differs, missing = paid(store, "10.00"), paid(store, "20.00"), paid(other_store, "30.00")
    refund = refund_create(intent_id=matching.pk, amount=Decimal("4.00"), reference="recede:8")
    wechat.complete_refund(refund.out_refund_no)
    wechat.trades[differs.out_trade_no].bill_amount = 1_999
    del wechat.trades[missing.out_trade_no]
    foreign = Trade("FOREIGN0001", 5_000, "MICROPAY", "", state="SUCCESS", transaction_id="4299")
    foreign.success_time = timezone.now().astimezone(CHINA)
    wechat.trades[foreign.out_trade_no] = foreign

    assert reconcile_day(day=today) == {"wechat": 3}
    found = {(d.kind, d.out_trade_no, d.ours, d.theirs, d.store_id) for d in reconciliation_differences(day=today)}
    assert found == {
        (DifferenceKind.AMOUNT_DIFFERS, differs.out_trade_no, Decimal("20.00"), Decimal("19.99"), store.pk),
        (DifferenceKind.OURS_NOT_THEIRS, missing.out_trade_no, Decimal("30.00"), None, other_store.pk),
        (DifferenceKind.THEIRS_NOT_OURS, "FOREIGN0001", None, Decimal("50.00"), None),
    }
    assert [d.kind for d in reconciliation_differences(day=today, store_id=other_store.pk)] == ["ours_not_theirs"]
    # Reconciling the day again replaces its lines; another day has none.
    del wechat.trades["FOREIGN0001"]
    assert reconcile_day(day=today) == {"wechat": 2}
    assert reconcile_day(day=today - timedelta(days=1)) == {"wechat": 0}


def test_a_store_has_its_own_account_by_id_or_code_and_the_rest_use_the_chains(wechat, store, other_store, settings):
    entry = dict(settings.PAYMENT_PROVIDERS["wechat"])
    entry["stores"] = {str(store.pk): {"merchant_id": "1900000002"}, other_store.code: {"merchant_id": "1900000003"}}
    settings.PAYMENT_PROVIDERS = {"wechat": entry}
    assert account_for("wechat", store.pk).merchant_id == "1900000002"
    assert account_for("wechat", other_store.pk).merchant_id == "1900000003"
    assert account_for("wechat", other_store.pk).private_key == account_for("wechat", None).private_key
    assert account_for("wechat", None).merchant_id == wechat.merchant_id
    assert [a.merchant_id for a in configured_accounts("wechat")] == [wechat.merchant_id, "1900000002", "1900000003"]
    with pytest.raises(ProviderNotConfigured):
        account_for("alipay", store.pk)


def test_a_store_paid_through_its_own_merchant_account_is_refused_by_a_merchant_the_fake_does_not_know(
    wechat, store, settings
):
    entry = dict(settings.PAYMENT_PROVIDERS["wechat"])
    entry["stores"] = {str(store.pk): {"merchant_id": "1900000002"}}
    settings.PAYMENT_PROVIDERS = {"wechat": entry}
    intent = intent_pay_by_code(
        reference="order:1",
        store_id=store.pk,
        member_id=None,
        provider="wechat",
        amount=Decimal("1"),
        auth_code=AUTH_CODE,
    )
    assert intent.state == IntentState.FAILED and intent.message.startswith("SIGN_ERROR")


def test_a_refund_asked_again_with_its_reference_answers_the_first_and_asks_nothing(wechat, store, ended):
    intent = paid(store, "30.00")
    first = refund_create(intent_id=intent.pk, amount=Decimal("10.00"), reference="refundTender:77")
    asked = len(wechat.refunds)
    again = refund_create(intent_id=intent.pk, amount=Decimal("10.00"), reference="refundTender:77")
    assert again.pk == first.pk and len(wechat.refunds) == asked
    with pytest.raises(ValueError):
        refund_create(intent_id=intent.pk, amount=Decimal("11.00"), reference="refundTender:77")
    intent.refresh_from_db()
    assert intent.refunded == Decimal("10.00")
    assert ProviderRefund.objects.filter(reference="refundTender:77").count() == 1
