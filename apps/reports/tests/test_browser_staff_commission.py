"""Issue 29's "done means" for commission, in Chromium: the owner opens /staffCommission for last
month, sees a nurse's commission with the plan version that produced it, and drills from the nurse's
figure to the orders behind it (SalesDetail by staffId). SalesDetail is H3's report; until it is
merged here a stand-in lists the staff member's credited orders under its key and page."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from apps.billing.orders.credit_reads import credits_between
from apps.commission.figures import month_bounds
from apps.commission.tests.factories import month_ago, refunded, sold
from apps.inventory.tests.factories import stocked
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.reports.framework import Column, Report, ReportFilters
from apps.reports.tests.report_fixtures import standing_in
from apps.staff.models import Employee

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
STORE = "青丝养护静安店"


class CreditedOrders(Report):
    """The orders a staff member is credited with in the range (SalesDetail's stand-in)."""

    route = "/salesDetail"
    title = "Sales details"
    filters = frozenset({"store", "staff"})

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("orderNo", "Order", link="order", link_key="orderId"),
            Column("amount", "Amount", kind="money", total=True),
        ]

    def rows(self, f: ReportFilters) -> Any:
        return [
            {"orderNo": fact.order_no, "orderId": fact.order_id, "amount": fact.amount}
            for store_id in f.stores
            for fact in credits_between(store_id=store_id, first=f.date_from, last=f.date_to, employee_id=f.staff_id)
        ]


def test_the_owner_sees_a_nurses_commission_with_its_plan_version_and_drills_to_the_orders(page, demo):
    store = OrgUnit.objects.get(name=STORE)
    nurse = Employee.objects.get(store=store, name="张敏")
    product = stocked(store, "100", name="头皮精华", price=Decimal("100.00"))
    order = sold(store, nurse, product, day=month_ago(1, 3), qty=12)
    refunded(order, day=month_ago(1, 9), qty=2)
    first, last = month_bounds(month_ago(1))

    with standing_in("SalesDetail", CreditedOrders):
        acknowledge_forced_notices("SY00001")
        enter(page, "1", row=STORE, at=f"/staffCommission?from={first.isoformat()}&to={last.isoformat()}")
        grid = page.get_by_test_id("report-grid")
        row = grid.get_by_role("row").filter(has_text="张敏")
        row.get_by_text("护理师产品销售提成 · 2020-01-01").wait_for()
        cells = row.inner_text().split("\n")
        # 1,200 sold and 200 refunded: 10% of 1,200, the refund's 20 taken back, 100 net.
        assert ["¥1,000.00", "0.00", "¥1,000.00", "¥0.00", "10.00", "¥120.00", "-¥20.00", "¥100.00"] == cells[4:12]

        row.get_by_test_id("report-link-staffName").click()
        page.wait_for_url(f"**/salesDetail?**staffId={nurse.pk}**")
        page.get_by_test_id("report-grid").get_by_text(order.order_no).first.wait_for()
