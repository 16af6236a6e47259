"""Response headers of issue 10: a strict Content-Security-Policy on pages (django-csp), relaxed only
where a third-party page needs it, and `Cache-Control: no-store` on every /rest/ answer but the
public schema and the health probe. The browser tests (marker `browser`) prove the pages still work
under the policy: their fixture fails on any console error, CSP violations included."""

from __future__ import annotations

import re

import pytest

from apps.accounts.testing import api_client

pytestmark = pytest.mark.django_db

NONCE_META = re.compile(r'<meta property="csp-nonce" nonce="([^"]+)">')


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


def test_a_page_carries_a_strict_content_security_policy_whose_style_nonce_the_page_hands_to_its_islands(client):
    response = client.get("/404")
    assert response.status_code == 200
    policy = _policy(response)
    nonce = NONCE_META.search(response.content.decode()).group(1)
    assert policy == {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", f"'nonce-{nonce}'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-src": ["'self'", "https://login.work.weixin.qq.com"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
    }


def test_every_page_has_a_nonce_of_its_own(client):
    first, second = (NONCE_META.search(client.get("/404").content.decode()).group(1) for _ in range(2))
    assert first != second and len(first) >= 22


def test_pages_have_no_inline_script_and_no_inline_style_attribute(client):
    html = client.get("/login").content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts and all("src=" in tag or 'type="application/json"' in tag for tag in scripts), scripts
    assert " style=" not in html


def test_the_admin_pages_carry_the_strict_policy(client):
    response = client.get("/admin/login/")
    assert response.status_code == 200
    policy = _policy(response)
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]


def test_swagger_ui_loads_its_start_script_as_a_file_and_only_its_inline_style_is_allowed(client):
    page = client.get("/rest/docs/")
    assert page.status_code == 200
    policy = _policy(page)
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    scripts = re.findall(r"<script\b[^>]*>", page.content.decode())
    assert all("src=" in tag for tag in scripts), scripts
    script = client.get("/rest/docs/", {"script": ""})
    assert script.status_code == 200 and script["Content-Type"].startswith("application/javascript")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/rest/acct/loginInfo"),  # signed in: the user's own data
        ("get", "/rest/member/likeQuery?phone=5678"),
        ("get", "/rest/no/such/call"),  # the 404 envelope
        ("post", "/rest/auth/login"),  # an error answer (no credentials)
    ],
)
def test_every_api_answer_carries_no_store(chain, make_entry, method, path):
    client = api_client(entry=make_entry(chain["store"], codes=["ERP-HYGL-PAG-0002-0000"]))
    response = getattr(client, method)(path)
    assert "no-store" in response["Cache-Control"], (response.status_code, response.get("Cache-Control"))


def test_an_anonymous_refusal_carries_no_store_too(client):
    response = api_client().get("/rest/acct/loginInfo")
    assert response.status_code == 401
    assert "no-store" in response["Cache-Control"]


def test_the_public_schema_and_the_health_probe_may_be_cached(client):
    for path in ("/rest/schema/", "/rest/health"):
        assert "no-store" not in client.get(path).get("Cache-Control", ""), path
