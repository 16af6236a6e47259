"""The catalogue pages (spec §2.2, §5 route guard) as a browser opens them: signed in through the
session, each page renders the shell island and its own island for a role with the page's code;
a role without it is sent back, a stranger to sign-in.

Needs the frontend built (`cd frontend && npm run build`): the pages' scripts come from Vite's
manifest."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client

from apps.accounts.tests.page_helpers import page_context, script_of, sign_in
from apps.catalog.pages import PAGES
from apps.core.page_registry import page_for

pytestmark = pytest.mark.django_db

OTHER_CODE = "ERP-YUKB-PAG-0001-0000"
SHELL_ENTRY = "src/shell/TopBarIsland.tsx"
ENTRIES = {
    "/productList": ("src/pages/catalog/ProductListPage.tsx", "CPGL-PAG-0001"),
    "/productDetail": ("src/pages/catalog/ProductDetailPage.tsx", "CPGL-0002"),
    "/proPackageList": ("src/pages/catalog/ProPackageListPage.tsx", "CPGL-PAG-0001"),
    "/proPackageDetail": ("src/pages/catalog/ProPackageDetailPage.tsx", "CPGL-0002"),
    "/projectList": ("src/pages/catalog/ProjectListPage.tsx", "XMGL-PAG-0001"),
    "/projectDetail": ("src/pages/catalog/ProjectDetailPage.tsx", "XMGL-0002"),
    "/packageList": ("src/pages/catalog/PackageListPage.tsx", "XMGL-PAG-0001"),
    "/packageDetail": ("src/pages/catalog/PackageDetailPage.tsx", "XMGL-0002"),
    "/couponList": ("src/pages/catalog/CouponListPage.tsx", "KXGL-PAG-0001"),
    "/couponDetailA": ("src/pages/catalog/CouponDetailAPage.tsx", "KXGL-0002"),
    "/couponDetailB": ("src/pages/catalog/CouponDetailBPage.tsx", "KXGL-0002"),
    "/couponDetailC": ("src/pages/catalog/CouponDetailCPage.tsx", "KXGL-0002"),
    "/promotion": ("src/pages/catalog/PromotionListPage.tsx", "KCXG-0001"),
    "/promotionDetail": ("src/pages/catalog/PromotionDetailPage.tsx", "KCXG-0001"),
    "/timeperiodConfig": ("src/pages/catalog/TimePeriodConfigPage.tsx", "DWGL-0003"),
}
ROUTES = sorted(ENTRIES)


@pytest.fixture
def web():
    """A browser's session client (this folder's `client` fixture is an API client)."""
    return Client()


def test_the_built_pages_are_the_ones_tested_with_the_registry_codes():
    assert {page.route: page.entry for page in PAGES} == {route: entry for route, (entry, _) in ENTRIES.items()}
    for route, (_, code) in ENTRIES.items():
        page = page_for(route)
        assert page is not None and page.code == code


@pytest.mark.parametrize("route", ROUTES)
def test_a_role_with_the_code_gets_the_page_with_the_shell(web, chain, make_entry, route):
    entry, code = ENTRIES[route]
    sign_in(web, make_entry(chain["store"], codes=[code, OTHER_CODE]))
    response = web.get(route, {"id": 1} if "Detail" in route else {})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="shell-root"' in html and 'id="island-root"' in html
    assert f'src="{script_of(SHELL_ENTRY)}"' in html
    assert f'src="{script_of(entry)}"' in html
    context = page_context(response)
    assert context["route"] == route
    assert context["code"] == code
    assert context["signedIn"] is True
    assert set(ENTRIES) <= set(context["builtRoutes"])


@pytest.mark.parametrize("route", ROUTES)
def test_without_the_code_the_visitor_is_sent_back(web, chain, make_entry, route):
    sign_in(web, make_entry(chain["store"], codes=[OTHER_CODE]))
    response = web.get(route, HTTP_REFERER="http://testserver/taskList?x=1", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    assert response["Location"] == "/taskList"


@pytest.mark.parametrize("route", ROUTES)
def test_a_stranger_is_sent_to_sign_in(web, route):
    response = web.get(route)
    assert response.status_code == 302
    assert response["Location"] == f"/xxbLogin?{urlencode({'next': route})}"
