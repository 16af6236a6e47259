"""The members pages (spec §2.2) as a browser opens them: each renders its island for a role with
the page's code, and the server guard refuses one without it. Needs the frontend built."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.accounts.tests.page_helpers import page_context, script_of, sign_in

pytestmark = pytest.mark.django_db

ENTRIES = {
    "/MemberList": ("src/pages/members/MemberListPage.tsx", "ERP-HYGL-PAG-0002-0000"),
    "/memberPoints": ("src/pages/members/MemberPointsPage.tsx", "ERP-HYGL-PAG-0002-0000"),
    "/personalAccount": ("src/pages/members/PersonalAccountPage.tsx", "ERP-HYGL-PAG-0003-0000"),
    "/examiningDetail": ("src/pages/members/ExaminationsPage.tsx", "ERP-HYGL-PAG-0003-0000"),
    "/cancellation": ("src/pages/members/CancellationPage.tsx", None),
    "/logoutList": ("src/pages/members/CancellationRequestsPage.tsx", None),
}
OTHER_CODE = "XXZX-0001"


@pytest.fixture
def client():
    """Django's session client (this folder's `client` fixture is an API client)."""
    return Client()


@pytest.mark.parametrize("route", ENTRIES)
def test_a_role_with_the_code_gets_the_page(client, chain, make_entry, route):
    entry, code = ENTRIES[route]
    sign_in(client, make_entry(chain["store"], codes=[code or OTHER_CODE]))
    response = client.get(route)
    assert response.status_code == 200
    assert f'src="{script_of(entry)}"' in response.content.decode()
    assert page_context(response)["code"] == code


@pytest.mark.parametrize("route", [route for route, (_, code) in ENTRIES.items() if code])
def test_a_role_without_the_code_is_sent_back(client, chain, make_entry, route):
    sign_in(client, make_entry(chain["store"], codes=[OTHER_CODE]))
    response = client.get(route, HTTP_REFERER="http://testserver/messageList")
    assert response.status_code == 302 and response["Location"] == "/messageList"


@pytest.mark.parametrize("route", ENTRIES)
def test_a_stranger_is_sent_to_sign_in(client, route):
    response = client.get(route)
    assert response.status_code == 302 and response["Location"].startswith("/xxbLogin?")
