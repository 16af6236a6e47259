"""A provider's genuine success that is not the payment asked for (decision 0009 "mismatched",
decision 0015): WeChat Pay, Alipay, the card terminal and the payment box say, signed as always,
that 0.01 was paid for a tender of 1.07, or paid in another currency or to another merchant. The
tender stays unpaid (failed: its amount is due again), the order is not paid by it, the intent keeps
what the provider reported, the system log has it, and a task in the store's task centre tells a
person which order, what was asked and what the provider said. Over HTTP against the fakes, which
notify the live server; the poller's query answers the same way."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.choices import OrderStatus, TenderStatus
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.waiting import eventually
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.messaging.choices import TaskType
from apps.messaging.models import Task
from apps.payments.choices import AuditAction, IntentState
from apps.payments.models import PaymentIntent
from apps.payments.services import intents_poll_due

pytest_plugins = ["apps.billing.tests.provider_fixtures"]
pytestmark = pytest.mark.django_db(transaction=True)

PAY = "/rest/pay/excute"
SCANNED = "134567890123456789"  # a WeChat payment code: paid at once
ALIPAY_CODE = "286543210987654300"  # an Alipay payment code: paid at once


def ok(response):
    return assert_envelope(response, status=200)


def pay(client, order, tender, key):
    answer = ok(client.post(PAY, {"orderId": order.pk, "tenders": [tender]}, format="json", HTTP_IDEMPOTENCY_KEY=key))
    return next(row for row in answer["tenders"] if row["method"] == tender["method"])


def intent_of(row) -> PaymentIntent:
    return PaymentIntent.objects.get(reference=f"tender:{row['tenderId']}")


def status_of(client, row):
    return ok(client.get(f"/rest/pay/tenderStatus/{row['tenderId']}"))


def ended(client, row) -> dict:
    eventually(lambda: status_of(client, row)["tender"]["status"] != "pending")
    return status_of(client, row)


def assert_not_paid_and_a_task_raised(client, order, row, *, asked: str, reported: str, said: str) -> PaymentIntent:
    """The tender failed, the order unpaid with the amount due again, the intent mismatched with what
    the provider reported, the system log, and one task naming the order, what was asked and said."""
    answer = ended(client, row)
    assert answer["tender"]["status"] == "failed", answer
    assert answer["order"]["status"] == "unpaid" and answer["order"]["paid"] == "0.00"
    assert answer["order"]["due"] == asked and answer["order"]["pending"] == "0.00"
    assert f"reported {reported}" in answer["tender"]["message"] and "task centre" in answer["tender"]["message"]
    order.refresh_from_db()
    assert order.status == OrderStatus.UNPAID and order.paid == 0 and order.paid_at is None
    assert Tender.objects.get(pk=row["tenderId"]).status == TenderStatus.FAILED
    intent = intent_of(row)
    assert intent.state == IntentState.MISMATCHED and intent.paid_at is None and intent.next_poll_at is None
    assert SystemLog.objects.filter(action=AuditAction.PAYMENT_MISMATCHED, object_id=str(intent.pk)).count() == 1
    tasks = list(Task.objects.filter(store=order.store, type=TaskType.PAYMENT_MISMATCH))
    assert len(tasks) == 1, tasks
    task = tasks[0]
    assert order.order_no in task.msg_name and order.order_no in task.content
    # Written in the chain's language (as the store's staff read it): the figures and numbers.
    assert asked in task.content and said in task.content and intent.out_trade_no in task.content
    assert task.amount == Decimal(asked)
    return intent


def test_a_signed_wechat_notification_of_one_cent_for_a_1_07_tender_leaves_it_unpaid_and_raises_a_task(
    client, fakes, store
):
    order = order_of(store=store, member=None, lines=[product("1.07")])
    with fakes.wechat.misreporting(amount=1):
        row = pay(client, order, {"method": "wechat", "amount": "1.07"}, key="mm-wx")  # a QR
    fakes.wechat.customer_pays(intent_of(row).out_trade_no)  # WeChat Pay notifies: SUCCESS, total 1
    intent = assert_not_paid_and_a_task_raised(client, order, row, asked="1.07", reported="0.01 CNY", said="0.01")
    assert intent.reported_amount == Decimal("0.01") and intent.reported_currency == "CNY"
    # The same notification again, or the poller asking, changes nothing: never paid by it.
    fakes.wechat.customer_pays(intent.out_trade_no)
    assert intents_poll_due() == {"queried": 0, "closed": 0, "refunds": 0}
    assert Order.objects.get(pk=order.pk).status == OrderStatus.UNPAID
    paid = ok(client.post(PAY, {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "1.07"}]}, format="json"))
    assert paid["status"] == "paid"  # the due is free again: the cashier takes the payment another way


def test_the_till_reads_the_mismatch_in_chinese(cashier_entry, fakes, store):
    client = api_client(entry=cashier_entry, language="zh-hans")
    order = order_of(store=store, member=None, lines=[product("1.07")])
    with fakes.wechat.misreporting(amount=1):
        row = pay(client, order, {"method": "wechat", "amount": "1.07"}, key="mm-zh")
    fakes.wechat.customer_pays(intent_of(row).out_trade_no)
    message = ended(client, row)["tender"]["message"]
    assert "0.01 CNY" in message and "1.07" in message and "任务" in message, message


def test_a_signed_alipay_notification_of_one_cent_for_a_1_07_tender_leaves_it_unpaid_and_raises_a_task(
    client, fakes, store
):
    order = order_of(store=store, member=None, lines=[product("1.07")])
    with fakes.alipay.misreporting(amount=1):
        row = pay(client, order, {"method": "alipay", "amount": "1.07"}, key="mm-ali")  # a QR; .07: notified twice
    fakes.alipay.pay_qr(intent_of(row).out_trade_no)
    assert_not_paid_and_a_task_raised(client, order, row, asked="1.07", reported="0.01 CNY", said="0.01")


@pytest.mark.parametrize(("method", "terminal"), [("pos", "T01"), ("box", "B01")])
def test_a_signed_terminal_or_box_notification_of_one_cent_for_a_1_07_tender_leaves_it_unpaid(
    client, fakes, store, method, terminal
):
    order = order_of(store=store, member=None, lines=[product("1.07")])
    gateway = getattr(fakes, method)
    with gateway.misreporting(amount=1):
        row = pay(client, order, {"method": method, "amount": "1.07", "terminalId": terminal}, key=f"mm-{method}")
    # The card (the code) goes through; the gateway notifies the live server (twice: .07).
    assert_not_paid_and_a_task_raised(client, order, row, asked="1.07", reported="0.01 CNY", said="0.01")


def test_the_pollers_query_answering_one_cent_leaves_the_tender_unpaid_and_raises_a_task(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("1.04")])
    with fakes.wechat.misreporting(amount=1):
        row = pay(client, order, {"method": "wechat", "amount": "1.04"}, key="mm-poll")  # .04: notification lost
    fakes.wechat.customer_pays(intent_of(row).out_trade_no)
    assert status_of(client, row)["tender"]["status"] == "pending"
    assert intents_poll_due()["queried"] == 1  # the query answers SUCCESS with total 1
    assert_not_paid_and_a_task_raised(client, order, row, asked="1.04", reported="0.01 CNY", said="0.01")


def test_a_scanned_code_whose_answer_reports_another_merchant_leaves_the_tender_unpaid(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("1.12")])
    with fakes.wechat.misreporting(merchant="1900009999"):
        row = pay(client, order, {"method": "wechat", "amount": "1.12", "authCode": SCANNED}, key="mm-mch")
    intent = assert_not_paid_and_a_task_raised(
        client, order, row, asked="1.12", reported="1.12 CNY (1900009999", said="1900009999"
    )
    assert intent.reported_merchant.startswith("1900009999") and intent.reported_amount == Decimal("1.12")


def test_a_notification_for_another_wechat_app_leaves_the_tender_unpaid(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("1.13")])
    with fakes.wechat.misreporting(app="wx0000000000other"):
        row = pay(client, order, {"method": "wechat", "amount": "1.13"}, key="mm-app")
    fakes.wechat.customer_pays(intent_of(row).out_trade_no)
    assert_not_paid_and_a_task_raised(client, order, row, asked="1.13", reported="1.13 CNY", said="wx0000000000other")


def test_an_alipay_notification_for_another_seller_leaves_the_tender_unpaid(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("1.13")])
    with fakes.alipay.misreporting(merchant="2088000000009999"):
        row = pay(client, order, {"method": "alipay", "amount": "1.13"}, key="mm-seller")
    fakes.alipay.pay_qr(intent_of(row).out_trade_no)
    assert_not_paid_and_a_task_raised(client, order, row, asked="1.13", reported="1.13 CNY", said="2088000000009999")


def test_a_scanned_alipay_code_answered_in_another_currency_leaves_the_tender_unpaid(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("1.07")])
    with fakes.alipay.misreporting(currency="USD"):
        row = pay(client, order, {"method": "alipay", "amount": "1.07", "authCode": ALIPAY_CODE}, key="mm-usd")
    intent = assert_not_paid_and_a_task_raised(client, order, row, asked="1.07", reported="1.07 USD", said="USD")
    assert intent.reported_currency == "USD"


def test_a_card_taken_on_another_terminal_leaves_the_tender_unpaid(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("1.20")])
    with fakes.pos.misreporting(terminal="T02"):
        row = pay(client, order, {"method": "pos", "amount": "1.20", "terminalId": "T01"}, key="mm-term")
    assert_not_paid_and_a_task_raised(client, order, row, asked="1.20", reported="1.20 CNY", said="T02")


def test_a_success_as_asked_keeps_what_the_provider_reported(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("1.12")])
    row = pay(client, order, {"method": "wechat", "amount": "1.12", "authCode": SCANNED}, key="mm-fine")
    assert row["status"] == "succeeded"
    intent = intent_of(row)
    assert (intent.state, intent.reported_amount, intent.reported_currency) == ("succeeded", Decimal("1.12"), "CNY")
    assert intent.reported_merchant == f"{fakes.wechat.merchant_id} / {fakes.wechat.app_id}"
    assert not Task.objects.filter(type=TaskType.PAYMENT_MISMATCH).exists()
