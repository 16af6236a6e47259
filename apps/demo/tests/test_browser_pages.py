"""Issue 4 pages in Chromium: each works for a demo account that has its code and is refused for one
that does not (stores, staff and the catalogue). It drives the pages of org, staff and catalog on the
demo data and clears messaging's forced notice, so it lives on the top floor, with demo."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from django.db.models import Model

from apps.catalog.models import CouponTemplate, Product, ProductPackage, Project, ProjectPackage, Promotion
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.staff.models import Employee

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _first_id(model: type[Model]) -> int:
    row = model._default_manager.first()
    assert row is not None, f"the demo has no {model.__name__}"
    return row.pk


def principal_pages() -> list[str]:
    coupons = {coupon.kind: coupon.pk for coupon in CouponTemplate.objects.all()}
    return [
        "/storeBasicInfo",
        "/staffList",
        f"/staffDetail?id={_first_id(Employee)}",
        "/productList",
        "/proPackageList",
        f"/productDetail?id={_first_id(Product)}",
        f"/proPackageDetail?id={_first_id(ProductPackage)}",
        "/projectList",
        "/packageList",
        f"/projectDetail?id={_first_id(Project)}",
        f"/packageDetail?id={_first_id(ProjectPackage)}",
        "/couponList",
        *(f"/couponDetail{kind}?id={pk}" for kind, pk in sorted(coupons.items())),
        "/promotion",
        f"/promotionDetail?id={_first_id(Promotion)}",
        "/timeperiodConfig",
    ]


def assert_page_works(page, route: str) -> None:
    page.goto(route)
    page.wait_for_load_state("networkidle")
    assert urlparse(page.url).path == urlparse(route).path, f"{route} sent the browser to {page.url}"
    island = page.locator("#island-root")
    assert island.inner_text().strip(), f"{route} rendered nothing"
    failures = page.locator("#island-root [role=alert]").filter(has_text="Could not")
    assert failures.count() == 0, f"{route}: {failures.first.inner_text()}"


def test_every_store_staff_and_catalogue_page_works_for_the_principal(page, demo):
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    for route in principal_pages():
        assert_page_works(page, route)


def test_shop_management_works_for_the_owner(page, demo):
    acknowledge_forced_notices("SY00001")
    enter(page, "1")
    assert_page_works(page, "/shopManagement")
    page.get_by_text("青丝养护徐汇店").first.wait_for()


def test_the_nurse_is_refused_the_catalogue_and_staff_pages(page, demo):
    acknowledge_forced_notices("SY00003")
    enter(page, "3")
    for route in ("/productList", "/staffList", "/timeperiodConfig", "/shopManagement"):
        page.goto(route)
        page.wait_for_load_state("networkidle")
        assert urlparse(page.url).path != route, f"the nurse was let into {route}"
        page.get_by_role("alert").filter(has_text="no permission").first.wait_for()
