"""Bulk import of products and projects from Excel (all rows checked first; nothing written when
any row is bad) and the Django admin: every page loads, the import page reports row by row, and a
head-office price edit in the admin writes a PriceChange."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import Workbook

from apps.accounts.models import User
from apps.catalog.models import PriceChange, Product, Project
from apps.catalog.services import PRODUCT_COLUMNS, PROJECT_COLUMNS, products_import, projects_import
from apps.catalog.tests.factories import ProductCategoryFactory, ProductFactory, ProjectCategoryFactory
from apps.core.audit import Actor
from apps.core.models import SystemLog

pytestmark = pytest.mark.django_db

ACTOR = Actor(user_id=None, login_name="hq-admin")


def _xlsx(headers, rows) -> BytesIO:
    workbook = Workbook()
    sheet = workbook.worksheets[0]
    sheet.append(list(headers))
    for row in rows:
        sheet.append(list(row))
    buffer = BytesIO()
    workbook.save(buffer)
    buffer.seek(0)
    return buffer


def _product(code, name="控油洗发水", category="洗护", price="168", **overrides):
    row = dict.fromkeys(PRODUCT_COLUMNS, None)
    row.update(code=code, name=name, category=category, price=price, brand="青丝", useType="retail")
    row.update(overrides)
    return [row[column] for column in PRODUCT_COLUMNS]


def test_a_good_product_file_creates_and_updates():
    ProductCategoryFactory(name="洗护")
    existing = ProductFactory(code="P1", price=Decimal("100.00"), category=ProductCategoryFactory(name="洗护"))
    report = products_import(
        actor=ACTOR,
        file=_xlsx(
            PRODUCT_COLUMNS,
            [_product("P1", price="120.5"), _product("P2", barcode="6970000000028", cost="40", defaultSafetyStock=5)],
        ),
    )
    assert report.ok and (report.created, report.updated) == (1, 1)
    existing.refresh_from_db()
    assert existing.price == Decimal("120.50") and existing.name == "控油洗发水"
    created = Product.objects.get(code="P2")
    assert created.barcode == "6970000000028" and created.default_safety_stock == 5
    change = PriceChange.objects.get()
    assert (change.old_price, change.new_price, change.changed_by_name) == (
        Decimal("100.00"),
        Decimal("120.50"),
        "hq-admin",
    )
    assert SystemLog.objects.filter(action="catalog.items_imported").exists()


def test_a_bad_product_file_writes_nothing_and_reports_each_row():
    ProductCategoryFactory(name="洗护")
    ProductFactory(code="OTHER", barcode="6970000000099")
    rows = [
        _product("P1"),
        _product("P2", price="abc"),
        _product("P3", category="不存在"),
        _product("P1"),
        _product("P4", useType="wholesale", barcode="6970000000099"),
        _product("", name="", price="-1", defaultSafetyStock="x"),
        _product("P5", price="1.234"),
    ]
    report = products_import(actor=ACTOR, file=_xlsx(PRODUCT_COLUMNS, rows))
    assert not report.ok
    found = {(error.row, error.column) for error in report.errors}
    assert {
        (3, "price"), (4, "category"), (5, "code"), (6, "useType"), (6, "barcode"),
        (7, "code"), (7, "name"), (7, "price"), (7, "defaultSafetyStock"), (8, "price"),
    } <= found  # fmt: skip
    assert not any(error.row == 2 for error in report.errors)
    assert list(Product.objects.values_list("code", flat=True)) == ["OTHER"]
    assert not SystemLog.objects.filter(action="catalog.items_imported").exists()


def test_a_file_that_is_not_a_workbook_or_misses_columns():
    report = products_import(actor=ACTOR, file=BytesIO(b"not excel"))
    assert report.errors[0].row == 0
    report = products_import(actor=ACTOR, file=_xlsx(["code", "name"], [["P1", "x"]]))
    assert {error.column for error in report.errors} == {"category", "price"}
    assert not Product.objects.exists()


def test_project_import_all_or_nothing():
    ProjectCategoryFactory(name="头皮护理")
    good = [["X1", "头皮深层清洁", "头皮护理", 60, "298", "中级养护师", 1, 0]]
    bad = [*good, ["X2", "头部SPA", "头皮护理", 0, "268", "", "maybe", 1]]
    report = projects_import(actor=ACTOR, file=_xlsx(PROJECT_COLUMNS, bad))
    assert {(e.row, e.column) for e in report.errors} == {(3, "durationMinutes"), (3, "enabled")}
    assert not Project.objects.exists()
    report = projects_import(actor=ACTOR, file=_xlsx(PROJECT_COLUMNS, good))
    assert report.ok and Project.objects.get().duration_minutes == 60


# -- admin ---------------------------------------------------------------------------------------


@pytest.fixture
def admin_client_hq():
    user = User.objects.create_superuser("SY09998", "Admin@12345", nickname="HQ admin")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    "model",
    [
        "category", "product", "productpackage", "project", "projectpackage", "cardtype", "coupontemplate",
        "promotion", "storeitem", "pricechange", "timeperiod",
    ],
)  # fmt: skip
def test_admin_pages_load(admin_client_hq, model):
    ProductFactory()
    assert admin_client_hq.get(reverse(f"admin:catalog_{model}_changelist"), {"q": "x"}).status_code == 200
    if model not in ("storeitem", "pricechange", "timeperiod"):
        assert admin_client_hq.get(reverse(f"admin:catalog_{model}_add")).status_code == 200


def test_admin_import_page_reports_rows_and_writes_nothing(admin_client_hq):
    ProductCategoryFactory(name="洗护")
    url = reverse("admin:catalog_product_import")
    assert admin_client_hq.get(url).status_code == 200
    content = _xlsx(PRODUCT_COLUMNS, [_product("P1"), _product("P2", price="abc")]).getvalue()
    response = admin_client_hq.post(url, {"file": SimpleUploadedFile("p.xlsx", content)})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="import-errors"' in page and "<td>3</td><td>price</td>" in page
    assert not Product.objects.exists()
    content = _xlsx(PRODUCT_COLUMNS, [_product("P1")]).getvalue()
    response = admin_client_hq.post(url, {"file": SimpleUploadedFile("p.xlsx", content)})
    assert response.status_code == 200 and Product.objects.filter(code="P1").exists()
    assert (
        reverse("admin:catalog_project_import")
        in admin_client_hq.get(reverse("admin:catalog_project_changelist")).content.decode()
    )


def test_admin_price_edit_writes_a_price_change(admin_client_hq):
    product = ProductFactory(price=Decimal("100.00"))
    url = reverse("admin:catalog_product_change", args=[product.pk])
    data = {
        "code": product.code, "name": product.name, "brand": product.brand, "category": product.category_id,
        "specification": product.specification, "unit": product.unit, "barcode": product.barcode,
        "use_type": product.use_type, "price": "130.00", "cost": "30.00", "default_safety_stock": 0,
        "use_per_unit": "1", "enabled": "on",
    }  # fmt: skip
    response = admin_client_hq.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    change = PriceChange.objects.get()
    assert (change.old_price, change.new_price, change.changed_by_name) == (
        Decimal("100.00"),
        Decimal("130.00"),
        "SY09998",
    )
