"""A report in Chromium (issue 29 §2, §5): the principal opens the sales details and sees today's
lines and their totals, exports them, opens the download centre from the page's notice, and
downloads the file."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO
from pathlib import Path

import pytest
from django.utils import timezone
from openpyxl import load_workbook
from playwright.sync_api import expect

from apps.commission.tests.factories import sold
from apps.inventory.tests.factories import stocked
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.staff.models import Employee
from erp.celery import app as celery_app

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
STORE = "青丝养护静安店"


@pytest.fixture
def eager_exports(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


def test_a_report_is_read_exported_and_downloaded_from_the_download_centre(page, demo, eager_exports, tmp_path):
    store = OrgUnit.objects.get(name=STORE)
    nurse = Employee.objects.get(store=store, name="张敏")
    serum = stocked(store, "10", name="报表精华液", price=Decimal("345.00"))
    sold(store, nurse, serum, day=timezone.localdate(), qty=2)

    acknowledge_forced_notices("SY00002")
    enter(page, "2", row=STORE, at="/salesDetail")
    row = page.get_by_test_id("report-grid").get_by_role("row").filter(has_text="报表精华液")
    expect(row).to_contain_text("张敏")
    expect(row).to_contain_text("¥690.00")
    # The demo sells at the store today too: the total is the day's, labelled by its column.
    expect(page.get_by_test_id("report-total-amount")).to_contain_text("earned: ¥")
    page.get_by_test_id("report-export").click()
    page.get_by_test_id("report-exported").wait_for()
    page.get_by_test_id("report-download-centre").click()
    page.wait_for_url("**/downloadCenter")
    job = page.get_by_test_id("download-centre").get_by_role("row").nth(1)
    job.get_by_text("Ready").wait_for()
    with page.expect_download() as download:
        job.get_by_role("button", name="Download").click()
    saved = Path(tmp_path) / "download.xlsx"
    download.value.save_as(saved)
    sheet = load_workbook(BytesIO(saved.read_bytes())).worksheets[0]
    lines = [[str(cell) for cell in line if cell is not None] for line in sheet.iter_rows(min_row=2, values_only=True)]
    assert any("报表精华液" in line and "张敏" in line for line in lines), lines
