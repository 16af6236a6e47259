"""The reservation and rota pages (spec §2.2) as a browser opens them. Needs the frontend built."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.accounts.tests.page_helpers import page_context, script_of, sign_in

pytestmark = pytest.mark.django_db

ENTRIES = {
    "/orderBoard": ("src/pages/booking/ReservationBoardPage.tsx", "ERP-YUKB-PAG-0001-0000"),
    "/newOrder": ("src/pages/booking/ReservationFormPage.tsx", "ERP-YUKB-PAG-0001-0000"),
    "/orderHistory": ("src/pages/booking/ReservationHistoryPage.tsx", "ERP-YUKB-PAG-0001-0000"),
    "/orderHistoryBoard": ("src/pages/booking/ReservationHistoryBoardPage.tsx", "ERP-YUKB-PAG-0001-0000"),
    "/schedule": ("src/pages/schedule/SchedulePage.tsx", "PBGL-0001"),
}


@pytest.fixture
def client():
    """Django's session client (this folder's `client` fixture is an API client)."""
    return Client()


@pytest.mark.parametrize("route", ENTRIES)
def test_a_role_with_the_code_gets_the_page(client, chain, make_entry, route):
    entry, code = ENTRIES[route]
    sign_in(client, make_entry(chain["store"], codes=[code]))
    response = client.get(route)
    assert response.status_code == 200
    assert f'src="{script_of(entry)}"' in response.content.decode()
    assert page_context(response)["code"] == code


@pytest.mark.parametrize("route", ENTRIES)
def test_a_role_without_the_code_is_sent_back(client, chain, make_entry, route):
    sign_in(client, make_entry(chain["store"], codes=["XXZX-0001"]))
    response = client.get(route, HTTP_REFERER="http://testserver/messageList")
    assert response.status_code == 302 and response["Location"] == "/messageList"
