"""Box pay, the QR refresh and a terminal refund sent again, in Chromium against the fake providers
(spec §7.8; decision 0016): the cashier sends what is due to the counter's payment box and sees the
wallet the customer paid with; an Alipay QR that expired is refreshed and the new one is paid; a
card-terminal refund the terminal never received is found failed and sent again from /refundDetail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from apps.billing.choices import OrderStatus, RefundStatus
from apps.billing.models import Order, Refund
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.tests.factories import CASHIER
from apps.core.ledgers import audit_all
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent

pytest_plugins = ["apps.billing.tests.provider_fixtures"]
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _provider(page, name: str, amount: str) -> None:
    page.get_by_role("combobox", name="WeChat Pay, Alipay or card").click()
    page.get_by_role("option", name=name, exact=True).click()
    page.get_by_label("Amount through the provider").fill(amount)


def _confirm(page) -> None:
    page.get_by_role("button", name="Pay", exact=True).click()
    dialog = page.get_by_role("dialog", name="Confirm the payment")
    dialog.get_by_role("button", name="Confirm and pay").click()
    expect(dialog).to_be_hidden()


def test_box_pay_a_refreshed_qr_and_a_terminal_refund_sent_again(page, demo, fakes, screenshot):
    store = OrgUnit.objects.get(code="S-SH-001")
    by_box = order_of(store=store, member=None, lines=[product("60.00")])
    by_qr = order_of(store=store, member=None, lines=[product("66.00")])
    by_card = order_of(store=store, member=None, lines=[product("80.00")])

    acknowledge_forced_notices("SY00002")
    enter(page, "2", at=f"/payment?orderId={by_box.pk}")

    # 1. The payment box: the amount goes to the counter's box, which reads the customer's code.
    _provider(page, "Payment box", "60")
    page.get_by_role("combobox", name="Payment box").click()
    page.get_by_role("option", name="收银台支付盒子 (B01)").click()
    _confirm(page)
    expect(page.get_by_text("Payment box (WeChat Pay) ¥60.00 received.")).to_be_visible(timeout=10_000)
    screenshot(page, "payment-box-paid.png")

    # 2. An Alipay QR that expired before the customer scanned it: refreshed, the new one is paid.
    page.goto(f"/payment?orderId={by_qr.pk}")
    _provider(page, "Alipay", "66")
    _confirm(page)
    expect(page.get_by_alt_text("QR code for the customer to scan")).to_be_visible()
    first = PaymentIntent.objects.get(provider="alipay", reference__startswith="tender:")
    PaymentIntent.objects.filter(pk=first.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    expect(page.get_by_text("QR expired — refresh it to show the customer a new one.")).to_be_visible(timeout=10_000)
    screenshot(page, "payment-qr-expired.png")
    page.get_by_role("button", name="Refresh QR").click()
    expect(page.get_by_alt_text("QR code for the customer to scan")).to_be_visible()
    second = PaymentIntent.objects.filter(reference=first.reference).order_by("id").last()
    assert second is not None and second.pk != first.pk
    fakes.alipay.pay_qr(second.out_trade_no)  # the customer scans the new QR; Alipay notifies
    expect(page.get_by_text("Alipay ¥66.00 received.")).to_be_visible(timeout=10_000)
    first.refresh_from_db()
    assert first.state == IntentState.CLOSED

    # 3. A card-terminal refund the terminal never received (offline), sent again from /refundDetail.
    provider_paid(by_card, "pos", "80.00")
    fakes.pos.fail_next("http500")
    line = by_card.lines.order_by("id").first()
    refund = order_refund(actor=CASHIER, order_id=by_card.pk, lines=[LineAsked(order_line_id=line.pk)], reason="过敏")
    page.goto(f"/refundDetail?recedeId={refund.pk}")
    tenders = page.get_by_role("table", name="Money back")
    tenders.get_by_role("button", name="Ask the terminal").click()  # the gateway never heard of it
    expect(tenders).to_contain_text("Refused by the provider (REFUND_NOT_FOUND", timeout=10_000)
    tenders.get_by_role("button", name="Send to the terminal again").click()
    expect(page.get_by_text("The terminal returned the money.")).to_be_visible(timeout=10_000)
    expect(tenders).to_contain_text("Returned")
    screenshot(page, "refund-terminal-sent-again.png")

    for order in (by_box, by_qr):
        assert Order.objects.get(pk=order.pk).status == OrderStatus.PAID
    assert Refund.objects.get(pk=refund.pk).status == RefundStatus.DONE
    assert audit_all() == []
