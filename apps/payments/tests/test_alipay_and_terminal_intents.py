"""The Alipay and card-terminal adapters behind the same intents, notify endpoint and listeners
(over real HTTP: each fake posts its notification to the running server, as the provider would)."""

from __future__ import annotations

import time
from decimal import Decimal

import pytest

from apps.payments.choices import IntentState, RefundState
from apps.payments.fakes.alipay import FakeAlipay
from apps.payments.fakes.pos import FakeTerminalGateway
from apps.payments.models import PaymentIntent
from apps.payments.services import intent_pay_by_code, intent_pay_by_qr, refund_create

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_alipay_qr_paid_by_the_customer_succeeds_by_its_notification(live_server, settings, store, ended):
    fake = FakeAlipay(notify_url=f"{live_server.url}/rest/pay/notify/alipay").start()
    try:
        settings.PAYMENT_PROVIDERS = {"alipay": fake.account_settings()}
        intent = intent_pay_by_qr(
            reference="order:11", store_id=store.pk, member_id=None, provider="alipay", amount=Decimal("15.00")
        )
        assert intent.state == IntentState.PENDING and intent.code_url
        fake.pay_qr(intent.out_trade_no)
        assert fake.notifier.wait_idle(timeout=10)
        assert [sent.status for sent in fake.notifier.sent] == [200]
        assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.SUCCEEDED
        assert [e.intent_id for e in ended["intents"]] == [intent.pk]
        refund = refund_create(intent_id=intent.pk, amount=Decimal("5.00"), reference="recede:11")
        assert refund.state == RefundState.SUCCEEDED  # Alipay refunds synchronously
        assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.REFUNDED_PART
    finally:
        fake.stop()


def test_a_card_terminal_payment_succeeds_by_its_notification_once(live_server, settings, store, ended):
    fake = FakeTerminalGateway(notify_url=f"{live_server.url}/rest/pay/notify/pos").start()
    try:
        settings.PAYMENT_PROVIDERS = {"pos": fake.account_settings()}
        intent = intent_pay_by_code(
            reference="order:12",
            store_id=store.pk,
            member_id=None,
            provider="pos",
            amount=Decimal("20.07"),  # the terminal's scenario: the notification is sent twice
            auth_code="",
            terminal_id="T02",
        )
        assert intent.state in (IntentState.PENDING, IntentState.SUCCEEDED)
        for _ in range(100):  # the card goes through 0.3 s after the create
            if len(fake.notifier.sent) >= 2:
                break
            time.sleep(0.1)
        assert fake.notifier.wait_idle(timeout=10)
        assert len(fake.notifier.sent) == 2 and {sent.status for sent in fake.notifier.sent} == {200}
        assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.SUCCEEDED
        assert [e.intent_id for e in ended["intents"]] == [intent.pk]
    finally:
        fake.stop()
