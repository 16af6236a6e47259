"""Ordering goods from head office in Chromium (issue 15 "Done means"): the material-builder
administrator (SY00004) lands on /bookProdLstNew, opens a store's submitted goods order, confirms it
with one quantity changed and ships it; the store's principal (SY00002) opens the shipped order,
receives it on /storageDetail by scanning its barcodes, confirms, and the goods are in stock."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.core.ledgers import audit_all
from apps.inventory.models import GoodsOrder, StockBalance, StockDocument
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sign_out(page) -> None:
    """Leaves the shell first (about:blank), so none of its polls (the task bell) runs into the
    signed-out session and answers 401; the stored tokens are cleared on the sign-in page."""
    page.goto("about:blank")
    page.context.clear_cookies()
    page.goto("/xxbLogin")
    page.evaluate("() => { window.localStorage.clear(); window.sessionStorage.clear(); }")


def test_head_office_confirms_and_ships_and_the_store_receives_by_scanning(page, demo, screenshot):
    store = OrgUnit.objects.get(code="S-SH-001")
    order = GoodsOrder.objects.get(store=store, status="submitted")
    lines = list(order.lines.select_related("product").order_by("id"))
    before = {
        line.product_id: StockBalance.objects.get(store=store, product_id=line.product_id).quantity for line in lines
    }

    acknowledge_forced_notices("SY00004")
    enter(page, "4")
    page.wait_for_url("**/bookProdLstNew")
    expect(page.get_by_role("heading", name="Stores' goods orders")).to_be_visible()
    row = page.get_by_test_id(f"goods-order-row-{order.pk}")
    expect(row).to_contain_text(store.name)
    row.get_by_role("link", name=order.number).click()
    page.wait_for_url(f"**/bookProdDetailNew?id={order.pk}")
    first = lines[0]
    page.get_by_label(f"Confirmed {first.product.name}").fill("8")
    page.get_by_role("button", name="Confirm", exact=True).click()
    page.get_by_role("dialog", name="Confirm this goods order?").get_by_role("button", name="Yes").click()
    page.get_by_role("button", name="Ship", exact=True).click()
    page.get_by_role("dialog", name="Ship this goods order?").get_by_role("button", name="Yes").click()
    expect(page.get_by_role("button", name="Mark paid")).to_be_visible()
    order.refresh_from_db()
    assert order.status == "shipped" and order.shipped_by_name == "SY00004"
    screenshot(page, "goods-order-shipped.png")

    _sign_out(page)
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    # The top bar's "buy goods" opens the store's goods orders (it answered 404 before).
    page.locator("header").get_by_role("link", name="Buy goods").click()
    page.wait_for_url("**/bookProdLst")
    page.get_by_test_id(f"goods-order-row-{order.pk}").get_by_role("link", name=order.number).click()
    page.wait_for_url(f"**/bookProdDetail?id={order.pk}")
    page.get_by_role("link", name="Receive on goods in").click()
    page.wait_for_url(f"**/storageDetail?orderId={order.pk}")
    scan = page.get_by_test_id("scan-field")
    for done, line in enumerate(lines, start=1):
        scan.fill(line.product.barcode)
        scan.press("Enter")
        expect(page.get_by_test_id("checked-count")).to_have_text(f"{done} of {len(lines)} lines checked by scanning")
    page.get_by_label(f"Batch {first.product.name}").fill("B-2611")
    page.get_by_role("button", name="Receive goods").click()
    page.get_by_role("dialog", name="Receive these goods?").get_by_role("button", name="Yes").click()
    receipt = page.get_by_role("table", name="Lines")
    expect(receipt).to_contain_text("B-2611")
    screenshot(page, "goods-order-received.png")

    order.refresh_from_db()
    document = StockDocument.objects.get(pk=order.receipt_id)
    assert (order.status, document.type, document.source_id) == ("received", "head_office", order.pk)
    after = {
        line.product_id: StockBalance.objects.get(store=store, product_id=line.product_id).quantity for line in lines
    }
    assert after[first.product_id] - before[first.product_id] == Decimal("8")
    assert all(after[line.product_id] - before[line.product_id] == line.quantity for line in lines[1:])
    assert audit_all() == []
