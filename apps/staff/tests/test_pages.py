"""The staff pages (spec §2.2) as a browser opens them:
signed in through the session, each page renders its island; the server guard refuses a role
without the page's code. Needs the frontend built (`cd frontend && npm run build`)."""

from __future__ import annotations

import pytest

from apps.accounts.tests.page_helpers import page_context, script_of, sign_in

pytestmark = pytest.mark.django_db

ENTRIES = {
    "/staffList": ("src/pages/staff/StaffListPage.tsx", "YGGL-0001"),
    "/staffDetail": ("src/pages/staff/StaffDetailPage.tsx", "YGGL-PAG-0002-0100"),
}
OTHER_CODE = "XXZX-0001"


@pytest.mark.parametrize("route", ENTRIES)
def test_a_role_with_the_code_gets_the_page(client, chain, make_entry, route):
    entry, code = ENTRIES[route]
    sign_in(client, make_entry(chain["store"], codes=[code], kind="owner"))
    response = client.get(route, {"id": 1} if route == "/staffDetail" else {})
    assert response.status_code == 200
    html = response.content.decode()
    assert f'src="{script_of(entry)}"' in html and 'id="island-root"' in html
    context = page_context(response)
    assert context["route"] == route and context["code"] == code
    assert set(ENTRIES) <= set(context["builtRoutes"])


@pytest.mark.parametrize("route", ENTRIES)
def test_a_role_without_the_code_is_sent_back(client, chain, make_entry, route):
    sign_in(client, make_entry(chain["store"], codes=[OTHER_CODE]))
    response = client.get(route, HTTP_REFERER="http://testserver/messageList")
    assert response.status_code == 302
    assert response["Location"] == "/messageList"


@pytest.mark.parametrize("route", ENTRIES)
def test_a_stranger_is_sent_to_sign_in(client, route):
    response = client.get(route)
    assert response.status_code == 302
    assert response["Location"].startswith("/xxbLogin?")
