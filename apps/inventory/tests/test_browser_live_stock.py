"""Live stock and safety stock in Chromium (issue 15 §2): the principal sees the demo's opening stock
on /systemStorage in both units, filters it, opens a product's move history with its goods-in
document; on /safetyStock sets a safety stock above the live stock, the product shows below safety
and a task about it appears in the task centre."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from apps.catalog.models import Product
from apps.inventory.live_selectors import in_both_units
from apps.inventory.models import StockBalance, StockDocument
from apps.messaging.choices import TaskType
from apps.messaging.models import Task
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_principal_reads_live_stock_and_raises_a_safety_task(page, demo):
    store = OrgUnit.objects.get(code="S-SH-001")
    product = Product.objects.filter(enabled=True).order_by("code").last()
    balance = StockBalance.objects.get(store=store, product=product)
    shown = in_both_units(balance.quantity, product.unit, product.use_unit, product.use_per_unit)
    opening = StockDocument.objects.filter(store=store).order_by("id").first()
    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/systemStorage")
    expect(page.get_by_role("heading", name="Live stock")).to_be_visible()
    page.get_by_label("Code, name or barcode").fill(product.code)
    page.get_by_role("button", name="Search").click()
    row = page.get_by_test_id(f"stock-row-{product.code}")
    expect(row).to_be_visible()
    expect(page.get_by_test_id(f"stock-{product.code}")).to_have_text(shown)
    expect(page.locator("tbody tr")).to_have_count(1)

    page.get_by_test_id(f"history-{product.code}").click()
    drawer = page.get_by_test_id("moves-drawer")
    expect(drawer.get_by_role("link", name=opening.number)).to_have_attribute("href", f"/storageDetail?id={opening.pk}")
    expect(drawer.get_by_text(f"Live stock: {shown}")).to_be_visible()
    drawer.get_by_role("button", name="Close").click()

    page.goto("/safetyStock")
    page.get_by_label("Code, name or barcode").fill(product.code)
    page.get_by_role("button", name="Search").click()
    field = page.get_by_label(f"Safety stock of {product.code}")
    expect(field).to_be_visible()
    field.fill("999")
    page.get_by_test_id("safety-save").click()
    page.get_by_role("button", name="Yes").click()
    expect(page.get_by_test_id(f"below-{product.code}")).to_be_visible()

    assert Task.objects.filter(store=store, type=TaskType.SAFETY_STOCK, msg_name__contains=product.name).exists()
    page.goto("/taskList")
    # Stored in the chain's language, read in the page's (issue 28 §9).
    expect(page.get_by_role("link", name=f"{product.name} is below its safety stock")).to_be_visible()
    expect(page.get_by_role("cell", name=re.compile("stock below safety", re.I)).first).to_be_visible()
