"""The Excel export of the product and project lists: the filtered rows, the headers the import
reads, and the spec's cap (spec §5: 100,000 rows or more are refused)."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.catalog.services import PRODUCT_COLUMNS, PROJECT_COLUMNS
from apps.catalog.tests.factories import ProductFactory, ProjectFactory
from apps.core import excel
from apps.core.excel import XLSX_CONTENT_TYPE
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db


def _sheet(response):
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert "attachment;" in response["Content-Disposition"]
    return list(load_workbook(BytesIO(response.content)).worksheets[0].iter_rows(values_only=True))


def test_product_export_has_the_filtered_rows(client):
    ProductFactory(code="P1", name="控油洗发水", price=Decimal("168.00"))
    ProductFactory(code="P2", name="护理精油", use_type="professional")
    rows = _sheet(client.get("/rest/commodity/productList/export", {"useType": "retail"}))
    assert rows[0] == (*PRODUCT_COLUMNS, "storeEnabled", "storePrice", "effectivePrice")
    assert len(rows) == 2
    assert rows[1][0] == "P1" and rows[1][1] == "控油洗发水" and rows[1][8] == 168


def test_project_export(client):
    ProjectFactory(code="X1", name="头皮检测")
    rows = _sheet(client.get("/rest/commodity/projectList/export", {"keyword": "检测"}))
    assert rows[0][: len(PROJECT_COLUMNS)] == PROJECT_COLUMNS
    assert [row[0] for row in rows[1:]] == ["X1"]


def test_export_cap(client, monkeypatch):
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 2)
    ProductFactory()
    assert client.get("/rest/commodity/productList/export").status_code == 200
    ProductFactory()
    body = client.get("/rest/commodity/productList/export")
    assert_envelope(body, status=400, errcode="VALID-40000")
    assert body.json()["errmsg"] == "export data cannot exceed 100,000 rows, please filter before exporting"
    ProjectFactory()
    ProjectFactory()
    assert_envelope(client.get("/rest/commodity/projectList/export"), status=400, errcode="VALID-40000")


def test_the_cap_is_the_specs():
    assert excel.EXPORT_MAX_ROWS == 100_000
