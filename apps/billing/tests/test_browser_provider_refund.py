"""A refund to WeChat Pay in Chromium (issue 14 §2–3): an order paid in cash and by WeChat Pay (against
the fake WeChat Pay) is refunded in part; /dailyKnots shows the WeChat Pay refund pending and will not
close the day; WeChat Pay confirms (its notification); /refundDetail shows both tenders returned and
the day closes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps.billing.models import RefundTender
from apps.billing.refunds.provider_refunds import refund_reference
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.daily_browser import carry_over_everything_open
from apps.billing.tests.factories import cash_in_till
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.tests.factories import CASHIER
from apps.core.ledgers import audit_all
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.payments.models import ProviderRefund

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_wechat_refund_waits_for_wechat_pay_then_the_day_closes(page, demo, providers, screenshot):
    store = OrgUnit.objects.get(code="S-SH-001")
    held = cash_in_till(store)
    order = order_of(store=store, lines=[product("60.00"), product("40.00")])
    provider_paid(order, "wechat", "60.00", cash="40.00")
    line = order.lines.order_by("id").first()
    refund = order_refund(
        actor=CASHIER, order_id=order.pk, lines=[LineAsked(line.pk, amount=60)], reason="wrong colour"
    )  # committed: the WeChat Pay refund is asked for at once, and waits
    wechat = RefundTender.objects.get(refund=refund, method="wechat")
    asked = ProviderRefund.objects.get(reference=refund_reference(wechat.pk))

    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/dailyKnots")
    pending = page.get_by_role("table", name="Pending provider refunds")
    expect(pending).to_contain_text(refund.refund_no)
    expect(pending).to_contain_text("WeChat Pay")
    expect(page.get_by_text("Provider refunds of the day are still waiting for the provider")).to_be_visible()
    expect(page.get_by_role("button", name="Close the day")).to_be_disabled()
    screenshot(page, "daily-refund-pending.png")

    providers["wechat"].complete_refund(asked.out_refund_no)  # WeChat Pay notifies
    page.goto(f"/refundDetail?recedeId={refund.pk}")
    tenders = page.get_by_role("table", name="Money back")
    expect(tenders.get_by_role("row", name="WeChat Pay")).to_contain_text("Returned")
    expect(tenders.get_by_role("row", name="Cash")).to_contain_text("Returned")
    screenshot(page, "refund-detail-returned.png")

    page.goto("/dailyKnots")
    refunds = page.get_by_role("table", name="Refunds")
    expect(refunds.get_by_role("row", name="WeChat Pay")).to_contain_text("¥36.00")
    expect(refunds.get_by_role("row", name="Cash")).to_contain_text("¥24.00")
    page.get_by_label("Cash counted").fill(f"{held + 16}")
    carry_over_everything_open(page, "served tomorrow")  # the demo's reservations in service, if any
    page.get_by_role("button", name="Close the day").click()
    page.get_by_role("dialog", name="Close the day?").get_by_role("button", name="Yes").click()
    expect(page.get_by_text("This day is closed.")).to_be_visible()
    assert audit_all() == []
