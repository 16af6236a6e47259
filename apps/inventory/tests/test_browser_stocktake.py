"""A stocktake in Chromium (issue 15 §2): the principal starts a stocktake of the first demo store
after confirming the freeze, types one count and scans another product, submits; the owner approves
after confirming; the live stock is the count."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.approvals.models import ApprovalRequest
from apps.core.audit import SYSTEM_ACTOR
from apps.core.ledgers import audit_all
from apps.inventory.choices import StocktakeStatus
from apps.inventory.models import STOCKTAKE_OPEN, StockBalance, StockMove, Stocktake
from apps.inventory.stocktakes import stocktake_cancel
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_stocktake_is_counted_by_typing_and_scanning_and_approved_by_the_owner(page, demo, live_server):
    store = OrgUnit.objects.get(code="S-SH-001")
    for open_one in Stocktake.objects.filter(store=store, status__in=STOCKTAKE_OPEN):  # the demo's open one
        stocktake_cancel(actor=SYSTEM_ACTOR, store=store, stocktake_id=open_one.pk)
    acknowledge_forced_notices("SY00002")
    acknowledge_forced_notices("SY00001")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    enter(page, "2", at="/inventoryRecord")
    page.get_by_role("button", name="New stocktake").click()
    page.get_by_role("button", name="Next").click()
    dialog = page.get_by_role("dialog", name="Freeze the live stock?")
    dialog.get_by_role("button", name="Yes").click()
    page.wait_for_url(re.compile(r"/inventoryDetail\?stocktakeId=\d+$"))
    stocktake = Stocktake.objects.get(store=store, status=StocktakeStatus.COUNTING)
    typed, scanned = [line.product for line in stocktake.lines.select_related("product").order_by("product__code")[:2]]
    before = {line.product_id: line.snapshot for line in stocktake.lines.all()}

    count = page.get_by_test_id(f"count-{typed.pk}")
    count.fill("17")
    count.press("Enter")
    expect(page.get_by_test_id(f"difference-{typed.pk}")).to_contain_text(
        f"{17 - before[typed.pk] / typed.use_per_unit:g}"
    )
    page.get_by_test_id("stocktake-scan").fill(scanned.barcode)
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_test_id("stocktake-scan-result")).to_contain_text(f"{scanned.name}: counted 1")
    page.get_by_role("checkbox", name="Differences only").check()
    expect(page.get_by_test_id(f"line-{scanned.pk}")).to_be_visible()
    page.get_by_role("button", name="Submit").click()
    page.get_by_role("dialog").get_by_role("button", name="Yes").click()
    expect(page.get_by_test_id("stocktake-status")).to_have_text("Waiting for approval")
    request = ApprovalRequest.objects.get(kind="stocktake", subject_id=str(stocktake.pk), status="pending")
    notice = page.get_by_test_id("stocktake-approval")
    expect(notice).to_contain_text("Waiting in the approval centre")
    expect(notice.get_by_role("link")).to_have_attribute("href", f"/approvalCenter?id={request.pk}")

    page.evaluate("window.localStorage.clear()")
    page.context.clear_cookies()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    enter(page, "1", row="青丝养护静安店", at=f"/inventoryDetail?stocktakeId={stocktake.pk}")
    page.get_by_role("button", name="Approve").click()
    page.get_by_role("dialog").get_by_role("button", name="Yes").click()
    expect(page.get_by_test_id("stocktake-status")).to_have_text("Approved")
    request.refresh_from_db()
    assert request.status == "approved"  # the stocktake's own approve decided its request

    def live(product) -> Decimal:
        return StockBalance.objects.get(store=store, product=product).quantity

    assert live(typed) == 17 * typed.use_per_unit
    assert live(scanned) == scanned.use_per_unit
    assert StockMove.objects.filter(document_kind="stocktake", document_id=stocktake.pk).exists()
    assert audit_all() == []
