"""Daily closing in Chromium (issue 14 §3, "Done means"; issue 28 §2): the principal takes cash for an
order on /payment, opens /dailyKnots, finds the other order of the day still open and carries it over
with its reason, counts the cash with a difference, is asked for its reason, gives it, confirms and
closes the day; paying the carried order is then refused (409 DAY-40901) with the way out: she asks
the owner to reopen the day, and the request waits in the approval centre."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.approvals.models import ApprovalRequest
from apps.billing.models import DailyClosing, Order, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.daily_browser import carried_over_when_refused
from apps.billing.tests.factories import cash_in_till
from apps.core.ledgers import audit_all
from apps.core.models import ClosedDay
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _pay_cash(page, order: Order, received: str) -> None:
    page.goto(f"/payment?orderId={order.pk}")
    page.get_by_text(f"Order {order.order_no}").wait_for()
    page.get_by_label("Cash received").fill(received)
    page.get_by_role("button", name="Pay", exact=True).click()
    dialog = page.get_by_role("dialog", name="Confirm the payment")
    dialog.get_by_role("button", name="Confirm and pay").click()


def test_a_day_closed_with_a_cash_difference_explained_refuses_a_later_payment(page, demo, screenshot):
    store = OrgUnit.objects.get(code="S-SH-001")
    held = cash_in_till(store)
    first = order_of(store=store, lines=[product("88.00")])
    later = order_of(store=store, lines=[product("30.00")])

    acknowledge_forced_notices("SY00002")
    enter(page, "2")

    _pay_cash(page, first, "100")
    expect(page.get_by_role("status").filter(has_text="Paid: paid")).to_contain_text(
        "Change to give the customer: ¥12.00"
    )

    page.goto("/dailyKnots")
    expect(page.get_by_role("heading", name="Daily closing", exact=True)).to_be_visible()
    still_open = page.get_by_role("table", name="Still open")
    expect(still_open.get_by_role("link", name=re.compile(later.order_no))).to_be_visible()
    takings = page.get_by_role("table", name="Takings by tender")
    expect(takings.get_by_role("row", name="Cash")).to_contain_text(f"¥{held + 88:,.2f}")
    page.get_by_label("Cash counted").fill(f"{held + 80}")
    expect(page.get_by_test_id("cash-difference")).to_contain_text("-¥8.00")
    page.get_by_role("button", name="Close the day").click()
    expect(page.get_by_text("The cash counted differs from the cash expected: please give the reason")).to_be_visible()
    page.get_by_label("Reason for the difference").fill("8 yuan given as change twice")
    page.get_by_role("button", name="Close the day").click()
    dialog = carried_over_when_refused(page, "the customer pays tomorrow")
    expect(dialog).to_contain_text("difference -¥8.00")
    dialog.get_by_role("button", name="Yes").click()
    expect(page.get_by_text("This day is closed.")).to_be_visible()
    screenshot(page, "daily-closed.png")

    closing = DailyClosing.objects.get(store=store)
    assert (closing.cash_expected, closing.cash_counted, closing.difference) == (
        held + Decimal("88.00"),
        held + Decimal("80.00"),
        Decimal("-8.00"),
    )
    assert closing.difference_reason == "8 yuan given as change twice"
    assert ClosedDay.objects.filter(store_id=store.pk, date=closing.date).exists()
    assert str(later.pk) in {row["ref"] for row in closing.carried_over if row["kind"] == "order"}
    expect(page.get_by_role("table", name="Carried over")).to_contain_text(later.order_no)

    page.expected_failures.add((409, "/rest/pay/excute"))
    _pay_cash(page, later, "30")
    refusal = page.get_by_test_id("day-closed")
    expect(refusal).to_contain_text("the day is closed; ask the owner to reopen it")
    later.refresh_from_db()
    assert later.status == "unpaid" and not Tender.objects.filter(order=later).exists()
    refusal.get_by_role("button", name="Ask the owner to reopen").click()
    form = page.get_by_role("dialog", name=f"Ask the owner to reopen {closing.date.isoformat()}")
    form.get_by_label("Reason").fill("the customer came back to pay today")
    form.get_by_role("button", name="Send to the owner").click()
    expect(page.get_by_text("sent to the owner for approval")).to_be_visible()
    request = ApprovalRequest.objects.get(kind="day-reopen")
    assert (request.status, request.reason) == ("pending", "the customer came back to pay today")
    assert audit_all() == []
