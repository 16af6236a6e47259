"""/salesDetail in Chromium (issue 29 §2): the owner opens the sales details of her store, sees the
daily trend chart and the lines of an order sold today, and opens the order from its link."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.billing.tests.factories import committed_order, line
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.reports.tests.sales_factories import cash, paid
from apps.staff.tests.factories import EmployeeFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STORE_NAME = "青丝养护静安店"


def test_the_owner_reads_the_sales_details_trend_and_opens_an_order(page, demo, live_server):
    store = OrgUnit.objects.get(code="S-SH-001")
    member = MemberFactory.create(home_store=store, name="报表会员", phone="13955553333")
    seller = EmployeeFactory.create(store=store, name="陈静")
    serum = stocked(store, "100", name="报表精华液", price=Decimal("345.00"))
    order = paid(
        committed_order(store=store, member=member, lines=[line("product", serum, staff=[(seller, "1")])]),
        cash("345.00"),
    )
    acknowledge_forced_notices("SY00001")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])

    enter(page, "1", row=STORE_NAME, at="/salesDetail")
    expect(page.get_by_test_id("report-chart-netSalesByDay")).to_be_visible()
    grid = page.get_by_test_id("report-grid")
    row = grid.get_by_role("row").filter(has_text="报表精华液")
    expect(row).to_contain_text("陈静")
    expect(row).to_contain_text("345.00")
    expect(page.get_by_test_id("report-totals")).to_be_visible()
    link = row.get_by_test_id("report-link-orderNo")
    expect(link).to_have_text(order.order_no or "")
    link.click()
    page.wait_for_url(re.compile(rf"/orderDetails\?orderId={order.pk}$"))
    expect(page.get_by_text(order.order_no or "").first).to_be_visible()
