"""Provider payments in Chromium (issue 14, "Done means"), against the fake providers started by a
fixture, the live server pointed at them by settings: the principal takes a WeChat Pay payment by
scanning the customer's code, an Alipay payment by QR (the test plays the customer through the fake's
pay hook), and a split of cash and the card terminal; the order details show the tenders."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.billing.choices import OrderStatus
from apps.billing.models import Order
from apps.billing.tests.checkout_factories import order_of, product
from apps.core.ledgers import audit_all
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
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


def test_a_cashier_takes_wechat_by_scan_alipay_by_qr_and_cash_with_the_card_terminal(page, demo, fakes, screenshot):
    store = OrgUnit.objects.get(code="S-SH-001")
    member = MemberFactory(home_store=store, name="浏览器会员丁")
    scanned = order_of(store=store, member=member, lines=[product("128.00")])
    by_qr = order_of(store=store, member=None, lines=[product("66.00")])
    split = order_of(store=store, member=None, lines=[product("100.00")])

    acknowledge_forced_notices("SY00002")
    enter(page, "2", at=f"/payment?orderId={scanned.pk}&memId={member.pk}")

    # 1. WeChat Pay: the cashier scans the customer's payment code (the scanner types it and Enter).
    _provider(page, "WeChat Pay", "128")
    page.get_by_label("Customer's payment code").fill("134567890123456789")
    page.get_by_label("Customer's payment code").press("Enter")
    expect(page.get_by_text("WeChat Pay ¥128.00 received.")).to_be_visible()
    page.get_by_role("button", name="Print receipt").wait_for()

    # 2. Alipay by QR: the screen shows the server's QR; the customer scans it and pays.
    page.goto(f"/payment?orderId={by_qr.pk}")
    _provider(page, "Alipay", "66")
    _confirm(page)
    expect(page.get_by_text("Waiting for the customer: Alipay ¥66.00")).to_be_visible()
    qr = page.get_by_alt_text("QR code for the customer to scan")
    expect(qr).to_be_visible()
    assert qr.get_attribute("src").startswith("data:image/svg+xml")
    screenshot(page, "payment-alipay-qr.png")
    intent = PaymentIntent.objects.get(reference__startswith="tender:", provider="alipay")
    fakes.alipay.pay_qr(intent.out_trade_no)  # the customer pays; Alipay notifies the server
    expect(page.get_by_text("Alipay ¥66.00 received.")).to_be_visible(timeout=10_000)

    # 3. Cash and the card terminal: partly paid until the terminal confirms.
    page.goto(f"/payment?orderId={split.pk}")
    page.get_by_label("Cash received").fill("40")
    _provider(page, "Card terminal", "60")
    page.get_by_role("combobox", name="Card terminal").click()
    page.get_by_role("option", name="收银台 1 (T01)").click()
    _confirm(page)
    expect(page.get_by_text("Card terminal ¥60.00 received.")).to_be_visible(timeout=10_000)

    # The order's details list both tenders.
    page.goto(f"/orderDetails?orderId={split.pk}")
    tenders = page.get_by_role("table", name="Tenders")
    expect(tenders.get_by_role("row").filter(has_text="cash")).to_contain_text("¥40.00")
    expect(tenders.get_by_role("row").filter(has_text="card terminal")).to_contain_text("¥60.00")

    for order in (scanned, by_qr, split):
        assert Order.objects.get(pk=order.pk).status == OrderStatus.PAID
    assert sorted(split.tenders.values_list("method", "status")) == [("cash", "succeeded"), ("pos", "succeeded")]
    assert audit_all() == []
