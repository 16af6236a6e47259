"""The page guard's visitor when head office closes the store the browser session acts in: the
session's calls are refused (apps/accounts/tests/test_store_closed.py has the rest of that story) and
its pages ask for a role again."""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory
from rest_framework.test import APIClient

from apps.accounts.tests.factories import PASSWORD
from apps.accounts.tests.helpers import form_login
from apps.accounts.tests.test_store_closed import DEBT, assert_store_refused, close, read
from apps.core.testing import assert_envelope
from apps.pages.visitor import page_visitor

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(chain, make_entry):
    return make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000", "ERP-MENU"], kind="owner")


def test_the_browser_session_acting_in_a_closed_store_is_refused_and_its_pages_ask_for_a_role(entry):
    browser = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    assert_envelope(form_login(browser, entry.user.login_name, PASSWORD), status=200)
    assert_envelope(browser.post(f"/rest/acct/selectHierRole/{entry.pk}", {}, format="json"), status=200)
    assert_envelope(read(browser), status=200)
    close(entry.hier, {"debt_disabled": True})
    assert_store_refused(read(browser), DEBT)
    request = RequestFactory().get("/orderBoard")
    request.user = entry.user
    request.session = SessionStore(session_key=browser.cookies["sessionid"].value)
    assert page_visitor(request).role_chosen is False
