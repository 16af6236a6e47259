"""Issue 29's "done means" as one journey of the owner (SY00001) at 青丝养护静安店, last month: staff
performance with its sales trend chart, a nurse's figure drilled to the orders behind it, her
commission with the plan version that produced it, and that report exported and downloaded from the
download centre. (The member lifecycle funnel in Chinese: test_browser_member_lifecycle.py.)"""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from apps.commission.tests.factories import month_ago, refunded, sold
from apps.core.time_ranges import month_bounds
from apps.inventory.tests.factories import stocked
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.staff.models import Employee
from erp.celery import app as celery_app

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
STORE = "青丝养护静安店"
PLAN_VERSION = "护理师产品销售提成 · 2020-01-01"  # the demo's plan, seeded by apps.commission


@pytest.fixture
def eager_exports(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture
def last_month(demo):
    """张敏, a nurse of the store, sold 12 bottles at 100.00 on the 3rd of last month and 2 came back
    on the 9th: 1,200.00 of product sales, 200.00 clawed back, 100.00 of commission at 10%."""
    store = OrgUnit.objects.get(name=STORE)
    nurse = Employee.objects.get(store=store, name="张敏")
    product = stocked(store, "100", name="头皮精华", price=Decimal("100.00"))
    order = sold(store, nurse, product, day=month_ago(1, 3), qty=12)
    refunded(order, day=month_ago(1, 9), qty=2)
    first, last = month_bounds(month_ago(1))
    return {"nurse": nurse, "order": order, "range": f"from={first.isoformat()}&to={last.isoformat()}"}


def test_the_owner_follows_a_nurses_month_from_performance_to_commission_to_the_downloaded_file(
    page, last_month, eager_exports, tmp_path
):
    nurse, order = last_month["nurse"], last_month["order"]
    acknowledge_forced_notices("SY00001")

    enter(page, "1", row=STORE, at=f"/staffPerformance?{last_month['range']}")
    trend = page.get_by_test_id("report-chart-netSales")
    expect(trend.locator("svg").first).to_be_visible()
    # The line itself, not only the axes: the month has figures on the 3rd and the 9th.
    expect(trend.locator("svg path[d]").first).to_be_attached()
    row = page.get_by_test_id("report-grid").get_by_role("row").filter(has_text="张敏")
    expect(row.get_by_test_id("report-link-productSales")).to_have_text("¥1,200.00")
    row.get_by_test_id("report-link-productSales").click()
    page.wait_for_url(f"**/salesDetail?**staffId={nurse.pk}**")
    grid = page.get_by_test_id("report-grid")
    grid.get_by_text(order.order_no or "").first.wait_for()
    expect(grid.get_by_role("row").filter(has_text="头皮精华").first).to_contain_text("张敏")

    page.goto(f"/staffCommission?{last_month['range']}")
    row = page.get_by_test_id("report-grid").get_by_role("row").filter(has_text="张敏")
    row.get_by_text(PLAN_VERSION).wait_for()
    expect(row).to_contain_text("¥100.00")

    page.get_by_test_id("report-export").click()
    page.get_by_test_id("report-exported").wait_for()
    page.get_by_test_id("report-download-centre").click()
    page.wait_for_url("**/downloadCenter")
    job = page.get_by_test_id("download-centre").get_by_role("row").nth(1)
    job.get_by_text("Ready").wait_for()
    with page.expect_download() as download:
        job.get_by_role("button", name="Download").click()
    saved = Path(tmp_path) / "commission.xlsx"
    download.value.save_as(saved)
    sheet = load_workbook(BytesIO(saved.read_bytes())).worksheets[0]
    rows = [[str(cell) for cell in line if cell is not None] for line in sheet.iter_rows(values_only=True)]
    nurse_rows = [line for line in rows if "张敏" in line]
    assert nurse_rows, rows
    assert PLAN_VERSION in nurse_rows[0]
    assert any(Decimal(cell) == Decimal("100.00") for cell in nurse_rows[0] if _is_number(cell))


def _is_number(text: str) -> bool:
    try:
        Decimal(text)
    except ArithmeticError:
        return False
    return True
