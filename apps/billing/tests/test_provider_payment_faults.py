"""Faults of a provider payment (issue 14 §4), each made by the fake providers' scenarios (the
amount's cents), never by patching our code: the provider answers too late after taking the money,
the notification comes before the pay call's answer, the process dies between the provider's success
and our commit (or before the provider was asked), and Redis is down. Each ends with the order paid
once (or its tender failed), never twice."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.billing.choices import OrderStatus, TenderStatus
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.waiting import eventually
from apps.core.testing import assert_envelope
from apps.members.models import Member
from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent

pytest_plugins = ["apps.billing.tests.provider_fixtures"]
pytestmark = pytest.mark.django_db(transaction=True)

PAY = "/rest/pay/excute"
SCANNED = "134567890123456789"


def pay(client, order, *tenders, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    response = client.post(PAY, {"orderId": order.pk, "tenders": list(tenders)}, format="json", **headers)
    return assert_envelope(response, status=200)


def wechat_row(answer):
    return next(row for row in answer["tenders"] if row["method"] == "wechat")


def paid_once(order: Order, member: Member | None = None, points: int | None = None) -> None:
    order.refresh_from_db()
    assert order.status == OrderStatus.PAID and order.paid == order.payable
    tenders = list(Tender.objects.filter(order=order, status=TenderStatus.SUCCEEDED))
    assert sum(t.amount for t in tenders) == order.payable
    provider = [t for t in tenders if t.method == "wechat"]
    assert len(provider) == 1
    assert PaymentIntent.objects.filter(reference=f"tender:{provider[0].pk}", state=IntentState.SUCCEEDED).count() == 1
    if member is not None:
        assert Member.objects.get(pk=member.pk).points == points


def test_the_provider_answers_after_the_client_gave_up_and_the_order_is_paid_once(client, fakes, store, member):
    order = order_of(store=store, member=member, lines=[product("30.05")])
    # .05: WeChat Pay takes the money and answers after 4 s; our client waits 2 s.
    answer = pay(client, order, {"method": "wechat", "amount": "30.05", "authCode": SCANNED}, key="slow-1")
    assert wechat_row(answer)["status"] in ("pending", "succeeded")  # pending unless the notification won
    assert fakes.wechat.trades[PaymentIntent.objects.get().out_trade_no].state == "SUCCESS"
    call_command("poll_payments", "--once")  # the poller finds it (or finds it already applied)
    eventually(lambda: Order.objects.get(pk=order.pk).status == OrderStatus.PAID)
    call_command("poll_payments", "--once")
    paid_once(order, member, points=30)


def test_the_notification_arrives_before_the_pay_call_returns(client, fakes, store, member):
    order = order_of(store=store, member=member, lines=[product("20.08")])
    # .08 native: the customer pays and WeChat Pay notifies before it answers the QR order call.
    answer = pay(client, order, {"method": "wechat", "amount": "20.08"})
    assert wechat_row(answer)["status"] == "succeeded" and answer["status"] == "paid"
    call_command("poll_payments", "--once")
    paid_once(order, member, points=20)


def test_a_success_our_process_never_applied_is_completed_by_the_poller(client, fakes, store, member):
    order = order_of(store=store, member=member, lines=[product("50.04")])
    # A QR paid at the provider whose notification is lost (.04): as if the web process died between
    # the provider's success and our commit, the tender is pending and nothing applied the success.
    row = wechat_row(pay(client, order, {"method": "wechat", "amount": "50.04"}))
    intent = PaymentIntent.objects.get(reference=f"tender:{row['tenderId']}")
    fakes.wechat.customer_pays(intent.out_trade_no)
    assert Tender.objects.get(pk=row["tenderId"]).status == TenderStatus.PENDING
    call_command("poll_payments", "--once")
    paid_once(order, member, points=50)
    call_command("poll_payments", "--once")  # a second round changes nothing
    paid_once(order, member, points=50)


def test_a_tender_never_sent_to_a_provider_fails_on_repay_and_frees_its_amount(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("12.00")])
    # As if the process died after the first step committed and before it asked the provider.
    tender = Tender.objects.create(
        order=order, method="wechat", amount=Decimal("12.00"), status=TenderStatus.PENDING, store=store
    )
    repaid = assert_envelope(client.post(f"/rest/pay/repay/{order.pk}"), status=200)
    assert repaid["pending"] == "12.00"  # too young to judge: the request may still be asking
    Tender.objects.filter(pk=tender.pk).update(created_at=timezone.now() - timedelta(minutes=2))
    repaid = assert_envelope(client.post(f"/rest/pay/repay/{order.pk}"), status=200)
    assert repaid["pending"] == "0.00" and repaid["due"] == "12.00"
    assert Tender.objects.get(pk=tender.pk).status == TenderStatus.FAILED and not fakes.wechat.trades


def test_with_redis_down_provider_payments_complete_by_notification_and_the_poller_catches_up(
    client, fakes, settings, store, member
):
    """Redis down (the cache at a closed port, no beat): the notifications (no token, no cache) and
    the poller still complete the payments already asked, and the till goes on taking new ones (the
    cache answers as an empty one, erp/cache.py)."""
    notified = order_of(store=store, member=member, lines=[product("40.00")])
    lost = order_of(store=store, member=None, lines=[product("40.04")])
    first = wechat_row(pay(client, notified, {"method": "wechat", "amount": "40.00"}, key="redis-1"))
    second = wechat_row(pay(client, lost, {"method": "wechat", "amount": "40.04"}, key="redis-2"))
    settings.CACHES = {"default": {"BACKEND": "erp.cache.TolerantRedisCache", "LOCATION": "redis://127.0.0.1:1/0"}}
    during = order_of(store=store, member=member, lines=[product("40.00")])
    third = wechat_row(pay(client, during, {"method": "wechat", "amount": "40.00"}, key="redis-3"))
    for row in (first, second, third):
        fakes.wechat.customer_pays(PaymentIntent.objects.get(reference=f"tender:{row['tenderId']}").out_trade_no)
    eventually(lambda: Order.objects.get(pk=notified.pk).status == OrderStatus.PAID)
    eventually(lambda: Order.objects.get(pk=during.pk).status == OrderStatus.PAID)
    paid_once(notified)
    paid_once(during, member, points=80)
    assert Order.objects.get(pk=lost.pk).status == OrderStatus.UNPAID  # its notification was lost
    call_command("poll_payments", "--once")  # the poller, run when it is back
    paid_once(lost)
