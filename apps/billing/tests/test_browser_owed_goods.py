"""Owed goods and a service's consumables in Chromium (issue 15): the principal sells a product
marked "take later" and a served project on /account, pays in cash; /toTakenList shows the owed
goods, and handing them over (after the confirmation) moves the stock; the project's consumable
went down when the order was paid (read through the live stock API)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.accounts.testing import api_client
from apps.billing.models import Order, OwedGoods
from apps.catalog.tests.factories import ProjectConsumableFactory, ProjectFactory
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def held(store, product) -> Decimal:
    return StockBalance.objects.get(store=store, product=product).quantity


def stock_moves(reader, product) -> dict:
    """The product's live stock and moves in the store, read through the live stock API."""
    return assert_envelope(reader.get("/rest/stock/moves", {"productId": product.pk}), status=200)


def test_a_take_later_product_and_a_served_project_then_the_owed_goods_handed_over(page, demo, live_server, make_entry):
    store = OrgUnit.objects.get(code="S-SH-001")
    member = MemberFactory(home_store=store, name="欠货会员", phone="13955556666")
    shampoo = stocked(store, "10", name="浏览器欠货洗发水", price=Decimal("100.00"))
    oil = stocked(store, "1000", name="浏览器护理精油", use_unit="ml")
    project = ProjectFactory(name="浏览器耗材护理", price=Decimal("200.00"))
    ProjectConsumableFactory(project=project, product=oil, quantity=Decimal("15"))
    acknowledge_forced_notices("SY00002")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    enter(page, "2", at="/account")

    # 1. The till: the shampoo taken later, the project served; paid in cash.
    page.get_by_role("button", name="Choose a member").click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.get_by_label("Name").fill(member.name)
    dialog.get_by_label("Name").press("Enter")
    dialog.get_by_text(member.name, exact=True).click()
    dialog.get_by_role("button", name="Select").click()
    expect(dialog).to_be_hidden()
    for kind, name in (("Product", shampoo.name), ("Project", project.name)):
        page.get_by_role("button", name="Add an item").click()
        picker = page.get_by_role("dialog", name="Add an item")
        picker.get_by_role("tab", name=kind, exact=True).click()
        picker.get_by_label("Search by name or code").fill(name)
        picker.get_by_role("button", name=f"Add {name}").click()
        expect(picker).to_be_hidden()
    page.get_by_test_id("line-0").get_by_label("Qty").fill("2")
    page.get_by_test_id("line-0").get_by_role("checkbox", name="Take later (owed goods)").check()
    page.get_by_role("group", name="Totals").wait_for()
    expect(page.get_by_role("group", name="Totals")).to_contain_text("¥400.00")
    page.get_by_role("button", name="Commit and take payment").click()
    page.wait_for_url(re.compile(r"/payment\?orderId=\d+"))
    found = re.search(r"orderId=(\d+)", page.url)
    assert found
    order = Order.objects.get(pk=int(found.group(1)))
    page.get_by_label("Cash received").fill("400")
    page.get_by_role("button", name="Pay", exact=True).click()
    page.get_by_role("dialog", name="Confirm the payment").get_by_role("button", name="Confirm and pay").click()
    expect(page.get_by_role("status").filter(has_text="Paid: paid")).to_be_visible()

    order.refresh_from_db()
    assert order.status == "paid"
    assert held(store, shampoo) == Decimal("10")  # owed, still in the store
    reader = api_client(entry=make_entry(store, codes=[code_of("/systemStorage")]))
    used = stock_moves(reader, oil)
    assert Decimal(used["product"]["quantity"]) == Decimal("985")  # the service used 15 ml
    assert (used["list"][0]["kind"], used["list"][0]["documentKind"], used["list"][0]["documentId"]) == (
        "service_use",
        "order",
        order.pk,
    )
    owed = OwedGoods.objects.get(order=order)
    assert (owed.quantity, owed.taken) == (2, 0)

    # 2. /toTakenList: the owed goods, handed over after the confirmation.
    page.goto("/toTakenList")
    row = page.get_by_test_id(f"owed-row-{owed.pk}")
    expect(row).to_contain_text(member.name)
    expect(row).to_contain_text(shampoo.name)
    expect(row).to_contain_text(order.order_no or "")
    page.get_by_label("Phone, name or order number").fill("13955556666")
    page.get_by_role("button", name="Search").click()
    expect(row).to_be_visible()
    row.get_by_role("button", name="Hand over").click()
    confirm = page.get_by_role("dialog", name="Hand over owed goods")
    expect(confirm.get_by_label("Quantity handed over")).to_have_value("2")
    confirm.get_by_role("button", name="Confirm").click()
    expect(confirm).to_be_hidden()
    expect(page.get_by_text("No owed goods match.")).to_be_visible()  # nothing is owed any more

    owed.refresh_from_db()
    assert (owed.taken, owed.left) == (2, 0)
    assert held(store, shampoo) == Decimal("8")
    pickup = StockMove.objects.get(document_kind="owed", document_id=owed.pk)
    assert (pickup.kind, pickup.quantity) == ("owed_pickup", Decimal("-2"))
    taken = stock_moves(reader, shampoo)
    assert Decimal(taken["product"]["quantity"]) == Decimal("8") and taken["list"][0]["kind"] == "owed_pickup"
    assert audit_all() == []
