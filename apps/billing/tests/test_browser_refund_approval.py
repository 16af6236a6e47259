"""A refund above the store's amount in Chromium (issue 17 §1 and §6): the principal (SY00002, no
approval code) refunds a line of an order on /returnList and sees it sent to the owner; the owner
(SY00001) finds it waiting on the bell, opens it in /approvalCenter, approves it, and the order's
details show the refund; the ledgers stay clean."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.approvals.models import ApprovalRequest
from apps.billing.models import Refund
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import stored_value_card
from apps.core.ledgers import audit_all
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STORE_NAME = "青丝养护静安店"


def _in_english(page, live_server) -> None:
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])


def test_a_refund_above_the_limit_waits_for_the_owner_and_is_made_when_she_approves(page, demo, live_server):
    store = OrgUnit.objects.get(code="S-SH-001")
    store.refund_approval_above = Decimal("100.00")
    store.save(update_fields=["refund_approval_above"])
    member = MemberFactory.create(home_store=store, name="审批会员", phone="13955554444")
    card = stored_value_card(member=member, paid="1000.00", store=store)
    serum = stocked(store, "100", name="精华液", price=Decimal("300.00"))
    mask = stocked(store, "100", name="面膜", price=Decimal("50.00"))
    order = committed_order(store=store, member=member, lines=[line("product", serum), line("product", mask)])
    order_pay(
        actor=CASHIER,
        order_id=order.pk,
        tenders=[
            TenderAsked("storedValue", Decimal("200.00"), card_id=card.pk),
            TenderAsked("cash", Decimal("150.00")),
        ],
    )
    acknowledge_forced_notices("SY00002")
    acknowledge_forced_notices("SY00001")

    # The principal asks: above 100.00 without the owner's code, the refund goes to the owner.
    _in_english(page, live_server)
    enter(page, "2", at=f"/returnList?orderId={order.pk}")
    page.get_by_role("checkbox", name="Return 精华液").check()
    page.get_by_role("textbox", name="Reason").fill("allergic to it")
    page.get_by_role("button", name="Refund", exact=True).click()
    dialog = page.get_by_role("dialog", name="Refund this money?")
    expect(dialog).to_contain_text("it will be sent to the owner for approval")
    dialog.get_by_role("button", name="Refund now").click()
    expect(page.get_by_text("Sent to the owner for approval.")).to_be_visible()
    expect(page.get_by_test_id("waiting-approval")).to_contain_text("¥300.00")
    request = ApprovalRequest.objects.get(kind="refund")
    assert request.status == "pending" and request.amount == Decimal("300.00")
    assert not Refund.objects.filter(order=order).exists()

    # The owner sees it on the bell, opens the approval centre and approves it.
    page.evaluate("window.localStorage.clear()")
    page.context.clear_cookies()
    _in_english(page, live_server)
    enter(page, "1", row=STORE_NAME)
    bell = page.get_by_role("button", name=re.compile(r"Approvals waiting for me: 1"))
    bell.click()
    page.get_by_role("menuitem", name=re.compile(r"Approvals waiting for me: 1")).click()
    page.wait_for_url(re.compile(r"/approvalCenter$"))
    page.get_by_test_id(f"approval-row-{request.pk}").click()
    drawer = page.get_by_test_id("approval-drawer")
    expect(drawer).to_contain_text("allergic to it")
    expect(drawer).to_contain_text("stored value: 171.43")
    expect(drawer).to_contain_text("cash: 128.57")
    drawer.get_by_role("button", name="Approve").click()
    decision = page.get_by_role("dialog", name="Approve the request")
    decision.get_by_role("textbox", name="Remark (optional)").fill("ok, once")
    decision.get_by_role("button", name="Approve").click()
    expect(drawer.get_by_test_id("approval-detail")).to_contain_text(re.compile("approved", re.IGNORECASE))
    expect(drawer).to_contain_text("ok, once")

    refund = Refund.objects.get(order=order)
    assert refund.amount == Decimal("300.00") and refund.approval_id == request.pk
    assert Card.objects.get(pk=card.pk).balance == Decimal("971.43")

    # The order's details show the refund.
    drawer.get_by_role("link", name="Open what it is about").click()
    page.wait_for_url(re.compile(rf"/orderDetails\?orderId={order.pk}$"))
    expect(page.get_by_text(refund.refund_no or "")).to_be_visible()
    assert audit_all() == []
