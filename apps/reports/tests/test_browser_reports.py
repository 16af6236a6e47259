"""A report in Chromium (issue 29 §2, §5): the principal opens a report page and sees its rows and
totals, exports it, opens the download centre from the page's notice, and downloads the file."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from django.db.models import DecimalField, F, Value
from openpyxl import load_workbook

from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.reports.framework import ReportFilters
from apps.reports.tests.report_fixtures import FEE, RosterReport, standing_in
from apps.staff.selectors import employees
from erp.celery import app as celery_app

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class StaffRoster(RosterReport):
    """Every employee of the chosen stores, whenever hired (the demo's staff were hired years ago)."""

    uses_dates = False

    def rows(self, f: ReportFilters) -> Any:
        return (
            employees()
            .filter(store_id__in=f.stores)
            .annotate(
                staffId=F("pk"),
                hireDate=F("hire_date"),
                fee=Value(FEE, output_field=DecimalField(max_digits=12, decimal_places=2)),
                orderNo=F("phone"),
                orderId=F("pk"),
            )
            .values("name", "staffId", "hireDate", "fee", "orderNo", "orderId")
            .order_by("pk")
        )


@pytest.fixture
def eager_exports(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


def test_a_report_is_read_exported_and_downloaded_from_the_download_centre(page, demo, eager_exports, tmp_path):
    with standing_in("SalesDetail", StaffRoster):
        acknowledge_forced_notices("SY00002")
        enter(page, "2", at="/salesDetail")
        grid = page.get_by_test_id("report-grid")
        grid.get_by_text("张敏").wait_for()
        assert page.get_by_test_id("report-total-fee").inner_text().startswith("Fee")
        page.get_by_test_id("report-export").click()
        page.get_by_test_id("report-exported").wait_for()
        page.get_by_test_id("report-download-centre").click()
        page.wait_for_url("**/downloadCenter")
        row = page.get_by_test_id("download-centre").get_by_role("row").nth(1)
        row.get_by_text("Ready").wait_for()
        with page.expect_download() as download:
            row.get_by_role("button", name="Download").click()
        saved = Path(tmp_path) / "download.xlsx"
        download.value.save_as(saved)
        sheet = load_workbook(BytesIO(saved.read_bytes())).worksheets[0]
        names = [row[0] for row in sheet.iter_rows(min_row=2, values_only=True)]
        assert "张敏" in names
