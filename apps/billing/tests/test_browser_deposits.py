"""Intention deposits in Chromium (issue 17 §4): the principal opens the top bar's "Intention deposit",
takes a member's deposit and pays it in cash on the payment page, applies part of it to an order at
the payment page ("use deposit") and pays the rest in cash; another member's deposit is refunded
on /refundIntention after the confirmation. The ledgers stay clean."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.billing.choices import DepositStatus
from apps.billing.deposits.services import deposit_take
from apps.billing.models import Deposit, Order
from apps.billing.tests.factories import committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import CASHIER
from apps.core.ledgers import audit_all
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

D = Decimal


def pay_in_cash(page, amount: str) -> None:
    page.get_by_label("Cash received").fill(amount)
    page.get_by_role("button", name="Pay", exact=True).click()
    page.get_by_role("dialog", name="Confirm the payment").get_by_role("button", name="Confirm and pay").click()


def test_a_deposit_is_taken_applied_at_the_cashier_and_another_refunded(page, demo, live_server):
    store = OrgUnit.objects.get(code="S-SH-001")
    member = MemberFactory(home_store=store, name="意向金会员", phone="13966667777")
    other = MemberFactory(home_store=store, name="退意向金会员", phone="13966668888")
    acknowledge_forced_notices("SY00002")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    enter(page, "2", at="/messageList")

    # 1. The top bar's "Intention deposit": the store's deposits; a deposit taken and paid in cash.
    page.get_by_role("navigation").get_by_role("link", name="Intention deposit").click()
    page.wait_for_url(re.compile(r"/stoIntention"))
    page.get_by_test_id("take-deposit").click()
    page.wait_for_url(re.compile(r"/payIntentionMent"))
    page.get_by_role("button", name="Choose member").click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.get_by_label("Name").fill(member.name)
    dialog.get_by_label("Name").press("Enter")
    dialog.get_by_text(member.name, exact=True).click()
    dialog.get_by_role("button", name="Select").click()
    expect(dialog).to_be_hidden()
    page.get_by_test_id("deposit-amount").fill("300")
    page.get_by_test_id("deposit-take").click()
    page.wait_for_url(re.compile(r"/payment\?orderId=\d+"))
    expect(page.get_by_test_id("use-deposit")).to_have_count(0)  # a deposit's order is paid in money
    pay_in_cash(page, "300")
    expect(page.get_by_role("status").filter(has_text="Paid: paid")).to_be_visible()
    deposit = Deposit.objects.get(member=member)
    assert (deposit.status, deposit.balance) == (DepositStatus.OPEN, D("300.00"))

    # 2. An order of the member: 120.00 of it from the deposit at the payment page, the rest in cash.
    product = stocked(store, "10", name="浏览器意向金洗发水", price=D("200.00"))
    order = committed_order(store=store, member=member, lines=[line("product", product)])
    page.goto(f"/payment?orderId={order.pk}&memId={member.pk}")
    page.get_by_test_id("use-deposit").click()
    use = page.get_by_role("dialog", name="Use deposit")
    expect(use.get_by_test_id("use-deposit-amount")).to_have_value("200.00")
    use.get_by_test_id("use-deposit-amount").fill("120")
    use.get_by_test_id("use-deposit-confirm").click()
    expect(use).to_be_hidden()
    expect(page.get_by_role("status").filter(has_text="due ¥80.00")).to_be_visible()
    pay_in_cash(page, "80")
    expect(page.get_by_role("status").filter(has_text="Paid: paid")).to_be_visible()
    order = Order.objects.get(pk=order.pk)
    deposit.refresh_from_db()
    assert order.status == "paid"
    assert (deposit.status, deposit.balance, deposit.applied) == (DepositStatus.PARTLY_USED, D("180.00"), D("120.00"))

    # 3. Another member's deposit refunded, the way it was paid, after the confirmation.
    refunded = deposit_take(actor=CASHIER, store=store, member_id=other.pk, amount=D("200"))
    order_pay(actor=CASHIER, order_id=refunded.order_id, tenders=[TenderAsked(method="cash", amount=D("200"))])
    page.goto("/stoIntention")
    page.get_by_test_id(f"refund-{refunded.pk}").click()
    page.wait_for_url(re.compile(r"/refundIntention\?depositId=\d+"))
    expect(page.get_by_test_id("refund-amount")).to_have_value("200.00")
    page.get_by_test_id("refund-reason").fill("the customer changed her mind")
    page.get_by_test_id("refund-submit").click()
    page.get_by_role("dialog", name="Refund this deposit?").get_by_test_id("refund-confirm").click()
    expect(page.get_by_test_id("refund-done")).to_be_visible()
    refunded.refresh_from_db()
    assert (refunded.status, refunded.balance, refunded.refunded) == (DepositStatus.REFUNDED, D("0.00"), D("200.00"))

    # 4. The deposit's detail shows its ledger and the order it paid.
    page.goto(f"/payIntentionDetail?depositId={deposit.pk}")
    expect(page.get_by_role("link", name=order.order_no or "")).to_be_visible()
    assert audit_all() == []
