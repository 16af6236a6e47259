"""The same notification delivered by ten threads at once (real concurrent
transactions): one success, the listener called once, every delivery acknowledged."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connections

from apps.payments.choices import EventKind, IntentState
from apps.payments.fakes.wechat import FakeWeChatPay
from apps.payments.models import PaymentEvent, PaymentIntent
from apps.payments.services import intent_pay_by_qr
from apps.payments.tests.conftest import client_deliver, use
from apps.payments.tests.test_wechat_payments import post_notification

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 10


def test_one_notification_in_ten_threads_at_once_succeeds_once(wechat, store, ended):
    intent = intent_pay_by_qr(
        reference="order:5", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal("9.04")
    )
    wechat.customer_pays(intent.out_trade_no)  # scenario .x4: WeChat Pay's own notification is lost
    headers, body = wechat.payment_notification(intent.out_trade_no)
    start = threading.Barrier(PARALLEL)
    statuses: list[object] = []

    def deliver() -> None:
        try:
            start.wait()
            statuses.append(post_notification(headers, body).status_code)
        except BaseException as failure:  # asserted in the main thread
            statuses.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=deliver) for _ in range(PARALLEL)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert statuses == [204] * PARALLEL
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.SUCCEEDED
    assert [e.intent_id for e in ended["intents"]] == [intent.pk]
    kinds = list(PaymentEvent.objects.filter(intent=intent).values_list("kind", flat=True))
    # created → pending → succeeded once; the deliveries that waited for the lock are noted, nothing more.
    assert kinds.count(EventKind.STATE) == 2 and kinds.count(EventKind.NOTIFICATION) <= PARALLEL - 1


def test_the_fake_delivers_its_notification_over_http_to_the_running_server(
    live_server, settings, tmp_path, store, ended
):
    server = FakeWeChatPay().start()  # delivers as WeChat Pay does: an HTTP POST to the notify_url
    try:
        notify_url = f"{live_server.url}/rest/pay/notify/wechat"
        settings.PAYMENT_PROVIDERS = {"wechat": server.settings_entry(notify_url=notify_url, key_dir=tmp_path)}
        intent = intent_pay_by_qr(
            reference="order:6", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal("9.00")
        )
        server.customer_pays(intent.out_trade_no)
        assert server.notifications == [("TRANSACTION.SUCCESS", 204)]
        assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.SUCCEEDED
        assert [e.intent_id for e in ended["intents"]] == [intent.pk]
    finally:
        server.stop()


def test_a_notification_that_arrives_before_the_pay_call_returns_wins_and_the_answer_changes_nothing(
    settings, tmp_path, store, ended
):
    def deliver(url: str, headers: dict[str, str], body: bytes) -> int:
        try:  # from the fake's own thread, while our pay call still waits for its answer
            return client_deliver(url, headers, body)
        finally:
            connections.close_all()

    server = FakeWeChatPay(deliver=deliver).start()
    try:
        use(server, settings, tmp_path)
        intent = intent_pay_by_qr(
            reference="order:7", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal("9.08")
        )
        assert server.notifications == [("TRANSACTION.SUCCESS", 204)]
        assert intent.state == IntentState.SUCCEEDED
        assert [e.intent_id for e in ended["intents"]] == [intent.pk]
    finally:
        server.stop()
