"""The Celery tasks are the services on a schedule: beat names them, and called they poll and reconcile."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent
from apps.payments.services import intent_pay_by_qr
from apps.payments.tasks import poll_pending_intents, reconcile_day

pytestmark = pytest.mark.django_db


def test_beat_runs_the_poller_and_the_reconciliation():
    tasks = {entry["task"] for entry in django_settings.CELERY_BEAT_SCHEDULE.values()}
    assert {poll_pending_intents.name, reconcile_day.name} <= tasks


def test_the_poller_task_finds_a_lost_notification_and_reconcile_takes_a_day(wechat, store):
    intent = intent_pay_by_qr(
        reference="order:3", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal("3.04")
    )
    wechat.customer_pays(intent.out_trade_no)
    assert poll_pending_intents()["queried"] == 1
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.SUCCEEDED
    assert set(reconcile_day(timezone.localdate().isoformat())) <= {"wechat"}


def test_an_intent_whose_poll_fails_backs_off_instead_of_being_asked_every_round(wechat, store, settings):
    intent = intent_pay_by_qr(
        reference="order:4", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal("3.00")
    )
    settings.PAYMENT_PROVIDERS = {}  # its account is gone from the settings
    settings.PAYMENT_POLL_FIRST_SECONDS = 5
    poll_pending_intents()
    intent.refresh_from_db()
    assert intent.state == IntentState.PENDING and intent.attempts == 1
    assert intent.next_poll_at > timezone.now()
    assert poll_pending_intents() == {"queried": 0, "closed": 0, "refunds": 0}


def test_a_provider_without_a_bill_for_the_day_leaves_the_others_reconciled(wechat, store, settings):
    from apps.payments.fakes.alipay import FakeAlipay

    alipay = FakeAlipay().start()
    try:
        settings.PAYMENT_PROVIDERS = {**settings.PAYMENT_PROVIDERS, "alipay": alipay.account_settings()}
        counts = reconcile_day("2001-01-01")  # neither has a bill that day; Alipay refuses, WeChat Pay has none
        assert counts == {"wechat": 0}
    finally:
        alipay.stop()
