"""/scheduleMinorHealingAddress and /scheduleMinorHealingStaffSetting are in the spec's page list
with no role code and nothing else (decision 0022): they are not built, so they answer as every
registry page without a PageRoute does: a stranger is sent to sign in, a signed-in person gets the
/404 page with status 404, never a placeholder."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.accounts.tests.page_helpers import script_of, sign_in
from apps.core.page_registry import page_for
from apps.pages.pages import NOT_FOUND
from apps.pages.serving import built_pages, sign_in_page

pytestmark = pytest.mark.django_db

OUTREACH = ("/scheduleMinorHealingAddress", "/scheduleMinorHealingStaffSetting")


@pytest.mark.parametrize("route", OUTREACH)
def test_the_outreach_pages_are_in_the_registry_but_not_built(route):
    assert page_for(route) is not None and page_for(route).code is None
    assert route not in {page.route for page in built_pages()}


@pytest.mark.parametrize("route", OUTREACH)
def test_a_stranger_is_sent_to_sign_in(route):
    response = Client().get(route)
    assert response.status_code == 302
    assert response["Location"] == f"{sign_in_page()}?next=%2F{route[1:]}"


@pytest.mark.parametrize("route", OUTREACH)
def test_a_signed_in_person_gets_the_404_page(chain, make_entry, route):
    client = Client()
    sign_in(client, make_entry(chain["store"], codes=["XXZX-0001"]))
    response = client.get(route)
    assert response.status_code == 404
    assert f'src="{script_of(NOT_FOUND.entry)}"' in response.content.decode()
