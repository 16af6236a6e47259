"""What the page tests of every area share: the built script of a Vite entry, signing in the browser's
way (the session cookie), and the page context a rendered page carries. Here, beside the accounts
factories, because every area's page tests may import accounts (apps/core/tests/test_layering.py)."""

from __future__ import annotations

import json
from functools import cache
from urllib.parse import urlencode

import pytest
from django.conf import settings

from apps.accounts.tests.factories import PASSWORD
from apps.accounts.tests.helpers import LOGIN_URL
from apps.core.testing import assert_envelope


@cache
def manifest() -> dict:
    path = settings.DJANGO_VITE["default"]["manifest_path"]
    if not path.exists():
        pytest.fail(f"{path} is missing: build the frontend first (cd frontend && npm run build)")
    return json.loads(path.read_text())


def script_of(entry: str) -> str:
    chunk = manifest().get(entry)
    assert chunk is not None, f"{entry} is not in the Vite manifest: rebuild the frontend"
    return f"/static/dist/{chunk['file']}"


def sign_in(client, entry) -> None:
    """The browser's way: the login form, then the role choice, both over the session cookie."""
    body = urlencode({"username": f"ERP:{entry.user.login_name}", "password": PASSWORD, "refresh": "true"})
    assert_envelope(client.post(LOGIN_URL, body, content_type="application/x-www-form-urlencoded"), status=200)
    response = client.post(f"/rest/acct/selectHierRole/{entry.wire_id}", {}, content_type="application/json")
    assert_envelope(response, status=200)


def page_context(response) -> dict:
    html = response.content.decode()
    start = html.index('<script id="page-context" type="application/json">') + len(
        '<script id="page-context" type="application/json">'
    )
    return json.loads(html[start : html.index("</script>", start)])
