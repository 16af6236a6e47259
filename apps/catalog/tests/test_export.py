"""The Excel export of the product and project lists: the filtered rows, headers in the person's
language (which the import reads back), cells a person reads and sums, cost only for a role with
the cost code, and the spec's cap (spec §5: 100,000 rows or more go to the download centre)."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.catalog.services import products_import
from apps.catalog.tests.conftest import ALL_CATALOG_CODES
from apps.catalog.tests.factories import ProductFactory, ProjectFactory
from apps.core import excel
from apps.core.audit import SYSTEM_ACTOR
from apps.core.excel import XLSX_CONTENT_TYPE
from apps.core.role_codes import COST_VIEW
from apps.core.testing import assert_envelope, assert_queued_export

PRODUCT_HEADERS_EN = (
    "Code",
    "Name",
    "Brand",
    "Category",
    "Specification",
    "Unit",
    "Barcode",
    "Use",
    "Head office price",
    "Default safety stock",
    "On at head office",
    "Store may set its price",
    "In this store",
    "Store price",
    "Effective price",
)
PRODUCT_HEADERS_ZH_WITH_COST = (
    "编码",
    "名称",
    "品牌",
    "分类",
    "规格",
    "单位",
    "条码",
    "用途",
    "总部价",
    "成本",
    "默认安全库存",
    "总部启用",
    "允许门店定价",
    "本店启用",
    "门店价",
    "执行价",
)
PROJECT_HEADERS_EN = (
    "Code",
    "Name",
    "Category",
    "Duration (minutes)",
    "Head office price",
    "Required skill",
    "On at head office",
    "Store may set its price",
)

pytestmark = pytest.mark.django_db


def _sheet(response):
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert "attachment;" in response["Content-Disposition"]
    return list(load_workbook(BytesIO(response.content)).worksheets[0].iter_rows(values_only=True))


@pytest.fixture
def chinese_cost_client(chain, make_entry):
    """A role that reads cost prices, in Chinese."""
    return api_client(entry=make_entry(chain["store"], codes=[*ALL_CATALOG_CODES, COST_VIEW.code]), language="zh-hans")


def test_product_export_has_the_filtered_rows(client):
    ProductFactory(code="P1", name="控油洗发水", price=Decimal("168.00"))
    ProductFactory(code="P2", name="护理精油", use_type="professional")
    rows = _sheet(client.get("/rest/commodity/productList/export", {"useType": "retail"}))
    assert rows[0] == PRODUCT_HEADERS_EN
    assert len(rows) == 2
    assert rows[1][0] == "P1" and rows[1][1] == "控油洗发水" and rows[1][8] == 168


def test_a_role_without_the_cost_code_gets_no_cost_column_nor_cost_in_the_list(client):
    ProductFactory(code="P1", cost=Decimal("30.00"))
    rows = _sheet(client.get("/rest/commodity/productList/export"))
    assert "Cost" not in rows[0] and "成本" not in rows[0]
    assert 30 not in rows[1]
    (product,) = assert_envelope(client.get("/rest/commodity/productList"), status=200)["list"]
    assert product["cost"] is None
    detail = assert_envelope(client.get(f"/rest/commodity/productDetail/{product['id']}"), status=200)
    assert detail["cost"] is None


def test_importing_an_export_without_the_cost_column_keeps_the_costs(client):
    product = ProductFactory(code="P1", cost=Decimal("30.00"))
    report = products_import(actor=SYSTEM_ACTOR, file=BytesIO(client.get("/rest/commodity/productList/export").content))
    assert report.errors == [] and report.updated == 1
    product.refresh_from_db()
    assert product.cost == Decimal("30.00")


def test_the_export_in_chinese_for_a_role_that_sees_cost(chinese_cost_client):
    cost_client = chinese_cost_client
    ProductFactory(code="P1", price=Decimal("168.50"), cost=Decimal("30.00"), use_type="retail", enabled=True)
    response = cost_client.get("/rest/commodity/productList/export")
    sheet = load_workbook(BytesIO(response.content)).worksheets[0]
    assert tuple(cell.value for cell in sheet[1]) == PRODUCT_HEADERS_ZH_WITH_COST
    row = {header: cell for header, cell in zip(PRODUCT_HEADERS_ZH_WITH_COST, sheet[2], strict=True)}
    # Money is a number shown with two decimals (sums work); yes/no and the use are words.
    assert (row["总部价"].value, row["总部价"].data_type, row["总部价"].number_format) == (168.5, "n", "0.00")
    assert (row["成本"].value, row["成本"].number_format) == (30, "0.00")
    assert (row["总部启用"].value, row["用途"].value) == ("是", "零售")
    assert row["门店价"].value is None
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == "A1:P2"
    assert all(sheet.column_dimensions[letter].width >= 8 for letter in "ABCDEFGHIJKLMNOP")
    # The list answer carries the cost for this role.
    (product,) = assert_envelope(cost_client.get("/rest/commodity/productList"), status=200)["list"]
    assert product["cost"] == "30.00"


def test_the_import_reads_a_chinese_export_back(chinese_cost_client):
    cost_client = chinese_cost_client
    product = ProductFactory(code="P1", name="控油洗发水", price=Decimal("168.00"), cost=Decimal("30.00"))
    content = cost_client.get("/rest/commodity/productList/export").content
    product.name, product.price = "改过的名字", Decimal("1.00")
    product.save()
    report = products_import(actor=SYSTEM_ACTOR, file=BytesIO(content))
    assert report.errors == [] and report.updated == 1
    product.refresh_from_db()
    assert (product.name, product.price, product.cost, product.use_type) == (
        "控油洗发水",
        Decimal("168.00"),
        Decimal("30.00"),
        "retail",
    )


def test_project_export(client):
    ProjectFactory(code="X1", name="头皮检测")
    rows = _sheet(client.get("/rest/commodity/projectList/export", {"keyword": "检测"}))
    assert rows[0][: len(PROJECT_HEADERS_EN)] == PROJECT_HEADERS_EN
    assert [row[0] for row in rows[1:]] == ["X1"]


def test_an_export_over_the_cap_goes_to_the_download_centre(client, monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 2)
    ProductFactory()
    assert client.get("/rest/commodity/productList/export").status_code == 200
    ProductFactory()
    assert_queued_export(client.get("/rest/commodity/productList/export"))
    ProjectFactory()
    ProjectFactory()
    assert_queued_export(client.get("/rest/commodity/projectList/export"))


def test_the_cap_is_the_specs():
    assert excel.EXPORT_MAX_ROWS == 100_000
