"""Issue 15's "Done means" in one Chromium flow on the demo chain: the material-builder administrator
lands on /bookProdLstNew and confirms and ships a store's goods order; the store receives it by
scanning; it lends goods to its borrow-out target, which confirms the receipt; a served project's
order is paid and the project's consumable leaves stock; a stocktake finds a difference and the owner
approves it; live stock, as /systemStorage shows it, equals the sum of the ledger's moves, and
`audit_ledgers` finds no difference.

The other browser tests of the stock flows (goods orders, loans, owed goods, stocktakes, live stock)
check each page in detail; this one checks that the flows hand over to each other."""

from __future__ import annotations

import re
from decimal import Decimal
from urllib.parse import parse_qs, urlparse

import pytest
from django.db.models import Sum
from playwright.sync_api import expect

from apps.billing.models import Order
from apps.catalog.models import ProjectConsumable
from apps.core.audit import SYSTEM_ACTOR
from apps.core.ledgers import audit_all
from apps.inventory.choices import DocumentStatus, StocktakeStatus
from apps.inventory.models import STOCKTAKE_OPEN, GoodsOrder, StockBalance, StockDocument, StockMove, Stocktake
from apps.inventory.stocktakes import stocktake_cancel
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _enter(page, live_server, account: str, row: str | None = None, at: str | None = None) -> None:
    """Signs the previous account out and `account` in. The shell is left first (about:blank), so
    none of its polls (the task bell) runs into the signed-out session and answers 401."""
    page.goto("about:blank")
    page.context.clear_cookies()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    enter(page, account, row=row, at=at)


def held(store: OrgUnit, product_id: int) -> Decimal:
    return StockBalance.objects.get(store=store, product_id=product_id).quantity


def moved(store: OrgUnit, product_id: int) -> Decimal:
    return StockMove.objects.filter(store=store, product_id=product_id).aggregate(total=Sum("quantity"))["total"]


def test_goods_ordered_received_lent_used_and_counted_leave_live_stock_equal_to_the_ledger(page, demo, live_server):
    store, target = OrgUnit.objects.get(code="S-SH-001"), OrgUnit.objects.get(code="S-SH-002")
    for open_one in Stocktake.objects.filter(store=store, status__in=STOCKTAKE_OPEN):  # the demo's open one
        stocktake_cancel(actor=SYSTEM_ACTOR, store=store, stocktake_id=open_one.pk)
    order = GoodsOrder.objects.get(store=store, status="submitted")
    lines = list(order.lines.select_related("product").order_by("id"))
    product = lines[0].product
    start = held(store, product.pk)
    for account in ("SY00004", "SY00002", "SY00001"):
        acknowledge_forced_notices(account)

    # 1. Head office: the material-builder administrator lands on /bookProdLstNew, confirms, ships.
    _enter(page, live_server, "SY00004")
    page.wait_for_url("**/bookProdLstNew")
    page.get_by_test_id(f"goods-order-row-{order.pk}").get_by_role("link", name=order.number).click()
    page.wait_for_url(f"**/bookProdDetailNew?id={order.pk}")
    page.get_by_role("button", name="Confirm", exact=True).click()
    page.get_by_role("dialog", name="Confirm this goods order?").get_by_role("button", name="Yes").click()
    page.get_by_role("button", name="Ship", exact=True).click()
    page.get_by_role("dialog", name="Ship this goods order?").get_by_role("button", name="Yes").click()
    expect(page.get_by_role("button", name="Mark paid")).to_be_visible()

    # 2. The store receives the shipped order by scanning each line's barcode.
    _enter(page, live_server, "SY00002", at=f"/storageDetail?orderId={order.pk}")
    scan = page.get_by_test_id("scan-field")
    for done, line in enumerate(lines, start=1):
        scan.fill(line.product.barcode or "")
        scan.press("Enter")
        expect(page.get_by_test_id("checked-count")).to_have_text(f"{done} of {len(lines)} lines checked by scanning")
    page.get_by_role("button", name="Receive goods").click()
    page.get_by_role("dialog", name="Receive these goods?").get_by_role("button", name="Yes").click()
    expect(page.get_by_role("table", name="Lines")).to_be_visible()
    order.refresh_from_db()
    assert order.status == "received"
    received = start + lines[0].quantity * product.use_per_unit
    assert held(store, product.pk) == received

    # 3. It lends 3 to its borrow-out target, which confirms the receipt.
    target_before = held(target, product.pk)
    page.get_by_role("button", name="Stock", exact=True).click()
    page.get_by_role("menuitem", name="Loan outbound").click()
    page.get_by_role("heading", name="New outbound").wait_for()
    page.get_by_role("combobox", name="Lend to store").click()
    page.get_by_role("option", name=target.name).click()
    scan = page.get_by_label("Scan a barcode")
    scan.fill(product.barcode or "")
    scan.press("Enter")
    page.get_by_test_id(f"outbound-line-{product.pk}").get_by_label(f"Quantity {product.name}").fill("3")
    page.get_by_role("button", name="Take the goods out").click()
    page.get_by_role("dialog", name="Take the goods out?").get_by_role("button", name="Yes").click()
    page.wait_for_url("**/storageLendDetail?id=*")
    loan_id = int(parse_qs(urlparse(page.url).query)["id"][0])
    _enter(page, live_server, "SY00001", row=target.name, at=f"/storageLendDetail?id={loan_id}")
    page.get_by_role("button", name="Confirm receipt").click()
    page.get_by_role("dialog", name="Confirm receipt?").get_by_role("button", name="Yes").click()
    page.get_by_text("Received", exact=True).wait_for()
    assert StockDocument.objects.get(pk=loan_id).status == DocumentStatus.RECEIVED
    assert held(store, product.pk) == received - 3 * product.use_per_unit
    assert held(target, product.pk) == target_before + 3 * product.use_per_unit

    # 4. A served project's order is paid at the till; its consumable leaves stock.
    consumable = ProjectConsumable.objects.select_related("project", "product").order_by("id").first()
    assert consumable is not None
    used_before = held(store, consumable.product_id)
    member = MemberFactory(home_store=store, name="库存验收会员", phone="13955557777")
    _enter(page, live_server, "SY00002", at="/account")
    page.get_by_role("button", name="Choose a member").click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.get_by_label("Name").fill(member.name)
    dialog.get_by_label("Name").press("Enter")
    dialog.get_by_text(member.name, exact=True).click()
    dialog.get_by_role("button", name="Select").click()
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="Add an item").click()
    picker = page.get_by_role("dialog", name="Add an item")
    picker.get_by_role("tab", name="Project", exact=True).click()
    picker.get_by_label("Search by name or code").fill(consumable.project.name)
    picker.get_by_role("button", name=f"Add {consumable.project.name}").click()
    expect(picker).to_be_hidden()
    page.get_by_role("group", name="Totals").wait_for()
    page.get_by_role("button", name="Commit and take payment").click()
    page.wait_for_url(re.compile(r"/payment\?orderId=\d+"))
    found = re.search(r"orderId=(\d+)", page.url)
    assert found
    paid = Order.objects.get(pk=int(found.group(1)))
    page.get_by_text(f"Order {paid.order_no}").wait_for()  # the order is loaded before the cash is typed
    page.get_by_label("Cash received").fill(f"{paid.payable:f}")
    expect(page.get_by_label("Cash received")).to_have_value(f"{paid.payable:f}")
    page.get_by_role("button", name="Pay", exact=True).click()
    page.get_by_role("dialog", name="Confirm the payment").get_by_role("button", name="Confirm and pay").click()
    expect(page.get_by_role("status").filter(has_text="Paid: paid")).to_be_visible()
    assert held(store, consumable.product_id) == used_before - consumable.quantity

    # 5. A stocktake of the lent product finds one fewer than the shelf should hold; the owner approves.
    expected = held(store, product.pk) / product.use_per_unit
    page.goto("/inventoryRecord")
    page.get_by_role("button", name="New stocktake").click()
    page.get_by_role("radio", name="Chosen products").check()
    page.get_by_label("Product code or name").fill(product.code)
    page.get_by_label("Product code or name").press("Enter")
    # The list before the search offers this product too, and is replaced as the answer comes: tick
    # it in the answer's list, or the tick lands on a row about to go.
    expect(page.get_by_role("dialog").get_by_role("checkbox")).to_have_count(1)
    page.get_by_role("checkbox", name=f"{product.code} {product.name}").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("dialog", name="Freeze the live stock?").get_by_role("button", name="Yes").click()
    page.wait_for_url(re.compile(r"/inventoryDetail\?stocktakeId=\d+$"))
    stocktake = Stocktake.objects.get(store=store, status=StocktakeStatus.COUNTING)
    count = page.get_by_test_id(f"count-{product.pk}")
    count.fill(f"{expected - 1:f}")
    count.press("Enter")
    expect(page.get_by_test_id(f"difference-{product.pk}")).to_contain_text("-1")
    page.get_by_role("button", name="Submit").click()
    page.get_by_role("dialog").get_by_role("button", name="Yes").click()
    expect(page.get_by_test_id("stocktake-status")).to_have_text("Waiting for approval")
    _enter(page, live_server, "SY00001", row=store.name, at=f"/inventoryDetail?stocktakeId={stocktake.pk}")
    page.get_by_role("button", name="Approve").click()
    page.get_by_role("dialog").get_by_role("button", name="Yes").click()
    expect(page.get_by_test_id("stocktake-status")).to_have_text("Approved")
    assert held(store, product.pk) == (expected - 1) * product.use_per_unit

    # 6. Live stock as the page shows it equals the ledger, and the ledger audit is clean.
    page.goto("/systemStorage")
    page.get_by_label("Code, name or barcode").fill(product.code)
    page.get_by_label("Code, name or barcode").press("Enter")
    shown = page.get_by_test_id(f"stock-{product.code}")
    expect(shown).to_contain_text(f"{(expected - 1).normalize():f}")
    for checked_store, product_id in ((store, product.pk), (target, product.pk), (store, consumable.product_id)):
        assert held(checked_store, product_id) == moved(checked_store, product_id)
    assert audit_all() == []
