"""Provider tenders under concurrency and a closed day (committed rows, the fakes
notifying the live server): one Idempotency-Key asks the provider once however many copies of the
request arrive together; two cashiers cannot both send the whole due to a provider; a success heard
in a closed day waits (the intent stays open) and is applied once the day is open again."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.choices import OrderStatus, TenderStatus
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.test_payment_concurrency import at_once
from apps.core.business_days import business_day, mark_day_closed, mark_day_open
from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent

pytest_plugins = ["apps.billing.tests.provider_fixtures"]
pytestmark = pytest.mark.django_db(transaction=True)

PAY = "/rest/pay/excute"
SCANNED = "134567890123456789"


def test_ten_copies_of_one_scanned_payment_ask_the_provider_once(fakes, store, cashier_entry):
    order = order_of(store=store, member=None, lines=[product("58.00")])
    body = {"orderId": order.pk, "tenders": [{"method": "wechat", "amount": "58.00", "authCode": SCANNED}]}

    def send():
        response = api_client(entry=cashier_entry).post(PAY, body, format="json", HTTP_IDEMPOTENCY_KEY="scan-once")
        return response.status_code

    answers = at_once([send for _ in range(10)])
    assert answers == [200] * 10
    assert Tender.objects.filter(order=order).count() == 1
    assert len(fakes.wechat.trades) == 1 and PaymentIntent.objects.count() == 1
    order.refresh_from_db()
    assert order.status == OrderStatus.PAID and order.paid == Decimal("58.00")


def test_two_cashiers_sending_the_whole_due_to_providers_at_once_send_it_once(fakes, store, cashier_entry):
    order = order_of(store=store, member=None, lines=[product("70.00")])

    def send(method):
        def run():
            body = {"orderId": order.pk, "tenders": [{"method": method, "amount": "70.00"}]}
            return api_client(entry=cashier_entry).post(PAY, body, format="json").status_code

        return run

    answers = at_once([send("wechat"), send("alipay")])
    assert sorted(answers) == [200, 409]  # the second finds the first's pending tender taking the due
    assert Tender.objects.filter(order=order, status=TenderStatus.PENDING).count() == 1
    assert PaymentIntent.objects.count() == 1


def test_a_success_heard_in_a_closed_day_waits_until_the_day_is_open_again(fakes, store, cashier_entry):
    order = order_of(store=store, member=None, lines=[product("30.04")])
    client = api_client(entry=cashier_entry)
    # A QR whose notification is lost (.04): the customer pays, and we hear it only by polling.
    answer = client.post(
        PAY, {"orderId": order.pk, "tenders": [{"method": "wechat", "amount": "30.04"}]}, format="json"
    )
    tender_id = answer.json()["data"]["tenders"][0]["tenderId"]
    intent = PaymentIntent.objects.get(reference=f"tender:{tender_id}")
    fakes.wechat.customer_pays(intent.out_trade_no)
    # Meanwhile the day was closed (as if closed between the provider's success and our hearing it).
    mark_day_closed(store_id=store.pk, day=business_day())
    call_command("poll_payments", "--once")
    assert Tender.objects.get(pk=tender_id).status == TenderStatus.PENDING
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.PENDING  # rolled back with the listener
    mark_day_open(store_id=store.pk, day=business_day())  # an owner reopens the day
    PaymentIntent.objects.filter(pk=intent.pk).update(next_poll_at=timezone.now())
    call_command("poll_payments", "--once")
    assert Tender.objects.get(pk=tender_id).status == TenderStatus.SUCCEEDED
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PAID
