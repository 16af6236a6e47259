"""A new QR for an open QR intent (`intent_refresh_qr`, decision 0016's "QR refresh") against the
fake WeChat Pay: the old trade closed at the provider first, then replaced by a new intent of the
same reference in one transaction, no listener told of the replaced one; a trade paid meanwhile is
applied instead (never two paid intents for one reference); two refreshes at once replace it once."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connections

from apps.payments.choices import AuditAction, EventKind, IntentMode, IntentState
from apps.payments.models import PaymentEvent, PaymentIntent
from apps.payments.selectors import intents_for_reference, refund_attempts
from apps.payments.services import (
    intent_pay_by_code,
    intent_pay_by_qr,
    intent_refresh_qr,
    intents_poll_due,
    refund_create,
)
from apps.payments.tests.conftest import AUTH_CODE

pytestmark = pytest.mark.django_db


def qr(store, amount: str, reference: str = "tender:1") -> PaymentIntent:
    return intent_pay_by_qr(
        reference=reference, store_id=store.pk, member_id=None, provider="wechat", amount=Decimal(amount)
    )


def test_the_old_trade_is_closed_and_a_new_one_answers_a_new_qr_no_listener_told(wechat, store, ended):
    old = qr(store, "30.00")
    new = intent_refresh_qr(intent_id=old.pk)
    old.refresh_from_db()
    assert new.pk != old.pk and new.reference == old.reference == "tender:1"
    assert (new.state, new.mode, new.amount) == (IntentState.PENDING, IntentMode.QR, Decimal("30.00"))
    assert new.code_url and new.code_url != old.code_url and new.out_trade_no != old.out_trade_no
    assert new.expires_at > old.expires_at
    assert old.state == IntentState.CLOSED and old.next_poll_at is None
    assert old.message == f"replaced by {new.out_trade_no}"
    assert wechat.trades[old.out_trade_no].state == "CLOSED"
    assert ended["intents"] == []  # the reference lives on in the new intent
    refresh = PaymentEvent.objects.get(intent=old, kind=EventKind.STATE, detail__source="refresh")
    assert refresh.detail["replaced_by"] == new.out_trade_no and refresh.state == IntentState.CLOSED
    assert PaymentEvent.objects.filter(intent=new, kind=EventKind.CREATED, detail__replaces=old.out_trade_no).exists()
    assert [i.pk for i in intents_for_reference(reference="tender:1")] == [old.pk, new.pk]
    # The new QR pays the reference, once.
    wechat.customer_pays(new.out_trade_no)
    new.refresh_from_db()
    assert new.state == IntentState.SUCCEEDED
    assert [(e.intent_id, e.state) for e in ended["intents"]] == [(new.pk, "succeeded")]


def test_a_trade_paid_meanwhile_is_applied_and_no_new_trade_is_opened(wechat, store, ended):
    old = qr(store, "30.04")  # .x4: WeChat Pay's notification is lost
    wechat.customer_pays(old.out_trade_no)
    assert PaymentIntent.objects.get(pk=old.pk).state == IntentState.PENDING  # we have not heard
    after = intent_refresh_qr(intent_id=old.pk)
    assert after.pk == old.pk and after.state == IntentState.SUCCEEDED
    assert list(PaymentIntent.objects.filter(reference="tender:1")) == [after]
    assert list(wechat.trades)[-1] == old.out_trade_no  # nothing asked of the provider after it
    assert [(e.intent_id, e.state) for e in ended["intents"]] == [(old.pk, "succeeded")]


def test_a_final_intent_or_a_scanned_code_is_answered_as_it_stands(wechat, store, ended):
    paid = intent_pay_by_code(
        reference="tender:2",
        store_id=store.pk,
        member_id=None,
        provider="wechat",
        amount=Decimal("5"),
        auth_code=AUTH_CODE,
    )
    trades = len(wechat.trades)
    assert intent_refresh_qr(intent_id=paid.pk) == paid
    pending_code = intent_pay_by_code(
        reference="tender:3",
        store_id=store.pk,
        member_id=None,
        provider="wechat",
        amount=Decimal("5.02"),
        auth_code=AUTH_CODE,
    )  # .x2: "user paying"
    assert intent_refresh_qr(intent_id=pending_code.pk).pk == pending_code.pk
    assert len(wechat.trades) == trades + 1 and PaymentIntent.objects.count() == 2


def test_the_poller_leaves_the_replaced_trade_alone_and_polls_the_new_one(wechat, store, ended):
    old = qr(store, "12.00")
    new = intent_refresh_qr(intent_id=old.pk)
    counts = intents_poll_due()
    assert counts["closed"] == 0 and counts["queried"] == 1
    assert PaymentIntent.objects.get(pk=new.pk).attempts == 1 and PaymentIntent.objects.get(pk=old.pk).attempts == 0


def test_a_refresh_is_logged_for_the_cashier(wechat, store, ended):
    from apps.core.audit import Actor
    from apps.core.models import SystemLog

    old = qr(store, "7.00")
    new = intent_refresh_qr(intent_id=old.pk, actor=Actor(user_id=None, login_name="SY00009", store_id=store.pk))
    log = SystemLog.objects.get(action=AuditAction.PAYMENT_REFRESHED)
    assert log.object_id == str(new.pk) and log.detail["replaces"] == old.out_trade_no


def test_refund_attempts_are_a_reference_and_its_numbered_retries(wechat, store):
    paid = intent_pay_by_code(
        reference="tender:9",
        store_id=store.pk,
        member_id=None,
        provider="wechat",
        amount=Decimal("9"),
        auth_code=AUTH_CODE,
    )
    first = refund_create(intent_id=paid.pk, amount=Decimal("1"), reference="refundTender:4")
    second = refund_create(intent_id=paid.pk, amount=Decimal("1"), reference="refundTender:4#2")
    refund_create(intent_id=paid.pk, amount=Decimal("1"), reference="refundTender:41")  # another row's
    assert [r.pk for r in refund_attempts(reference="refundTender:4")] == [first.pk, second.pk]


@pytest.mark.django_db(transaction=True)
def test_two_refreshes_at_once_replace_the_trade_once(wechat, store, ended):
    old = qr(store, "20.00")
    start = threading.Barrier(2)
    answers: list[object] = []

    def refresh() -> None:
        try:
            start.wait()
            answers.append(intent_refresh_qr(intent_id=old.pk).pk)
        except BaseException as failure:  # asserted in the main thread
            answers.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=refresh) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    intents = list(PaymentIntent.objects.filter(reference="tender:1").order_by("id"))
    assert [i.state for i in intents] == [IntentState.CLOSED, IntentState.PENDING], answers
    assert sorted(answers) == sorted([old.pk, intents[1].pk])  # one made the new trade, one found it done
    assert ended["intents"] == []
