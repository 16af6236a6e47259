"""Every registered report (the project's and the tests') is reachable and guarded as the interface
says: its route is a report page of the page registry served by the report island with its key,
and a caller who lacks its code is refused, as the project's endpoint walk holds for fixed calls."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.accounts.tests.page_helpers import page_context, script_of, sign_in
from apps.core.page_registry import page_for
from apps.core.testing import assert_envelope
from apps.reports.framework import reports
from apps.reports.pages import PAGES, REPORT_ROUTES
from apps.reports.tests.report_fixtures import registered

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def test_reports():
    with registered():
        yield


def test_every_report_route_is_a_report_page_of_the_registry_served_with_its_key():
    served = {page.route: dict(page.props) for page in PAGES}
    for route, key in REPORT_ROUTES:
        page = page_for(route)
        assert page is not None and page.report, route
        assert served[route] == {"report": key}


def test_every_registered_report_is_served_on_its_route():
    routes = dict(REPORT_ROUTES)
    for key, report in reports.by_name().items():
        if key.startswith("Test"):
            continue  # the tests' reports borrow a real route
        assert routes.get(report.route) == key, f"{key}: add ({report.route!r}, {key!r}) to REPORT_ROUTES"


def test_every_registered_report_refuses_a_caller_without_its_code(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"], codes=["BTN-UNRELATED"]))
    for key in reports.by_name():
        for call in ("select", "show"):
            response = client.get(f"/rest/businessReport{key}/{call}", {"from": "2026-03-01", "to": "2026-03-02"})
            assert_envelope(response, status=403, errcode="AUTH-40300")
        response = client.post(f"/rest/businessReport{key}/export", {}, format="json")
        assert_envelope(response, status=403, errcode="AUTH-40300")


def test_a_report_page_tells_the_island_its_key_and_the_drawer_which_code_reads_it(chain, make_entry, client):
    # Any role with a page (an empty menu is sent to /404): the report page itself needs no code.
    sign_in(client, make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"]))
    response = client.get("/salesDetail")
    assert response.status_code == 200
    assert script_of("src/pages/reports/ReportPage.tsx") in response.content.decode()
    context = page_context(response)
    assert context["props"] == {"report": "SalesDetail"}
    pages = {page["route"]: page for page in context["pages"]}
    assert (pages["/salesDetail"]["report"], pages["/salesDetail"]["figuresCode"]) == (True, "BBZX-0001")
    assert pages["/staffPerformance"]["figuresCode"] is None
    assert pages["/storeMemberAnalysis"]["report"] is True
    assert client.get("/downloadCenter").status_code == 200
