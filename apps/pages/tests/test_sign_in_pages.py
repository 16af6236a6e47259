"""The sign-in pages of spec §2.1 as Django serves them: each renders its built island (so the
suite runs after `cd frontend && npm run build`), open to anyone and without the top bar."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings

from apps.accounts.pages import PAGES
from apps.accounts.tests.factories import PASSWORD
from apps.accounts.tests.page_helpers import page_context
from apps.pages.serving import built_pages

pytestmark = pytest.mark.django_db

SIGN_IN_ROUTES = ["/login", "/xxbLogin", "/register", "/wxRegister", "/relogin"]
FRONTEND = Path(settings.BASE_DIR) / "frontend"


def built_manifest() -> dict:
    path = Path(settings.DJANGO_VITE["default"]["manifest_path"])
    if not path.exists():
        pytest.fail(f"no Vite manifest at {path}: run `cd frontend && npm run build` before the suite")
    return json.loads(path.read_text(encoding="utf-8"))


def entry_script(entry: str) -> str:
    chunk = built_manifest().get(entry)
    if chunk is None:
        pytest.fail(f"{entry} is not in the Vite manifest: run `cd frontend && npm run build` before the suite")
    return f'src="/static/dist/{chunk["file"]}"'


def test_the_sign_in_pages_are_public_pages_without_the_top_bar():
    assert [page.route for page in PAGES] == SIGN_IN_ROUTES
    for page in PAGES:
        assert page.public and not page.shell, page.route
        assert (FRONTEND / page.entry).is_file(), page.entry
    built = {page.route: page for page in built_pages()}
    for page in PAGES:
        assert built[page.route] == page


@pytest.mark.parametrize("page", PAGES, ids=[page.route for page in PAGES])
def test_each_sign_in_page_renders_its_island(client, page):
    response = client.get(page.route)
    assert response.status_code == 200
    html = response.content.decode()
    assert entry_script(page.entry) in html
    assert 'type="module"' in html
    assert 'id="island-root"' in html
    assert 'id="shell-root"' not in html
    assert "csrfmiddlewaretoken" in html
    context = json.loads(html.split('<script id="page-context" type="application/json">')[1].split("</script>")[0])
    assert context["route"] == page.route
    assert context["code"] is None


def test_the_sign_in_pages_follow_the_browser_language(client):
    assert '<html lang="en">' in client.get("/xxbLogin", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="zh-hans">' in client.get("/xxbLogin").content.decode()
    client.cookies["django_language"] = "en"
    assert '<html lang="en">' in client.get("/login").content.decode()


def test_the_sign_in_pages_take_their_query(client):
    for path in ("/login?code=abc&state=erp", "/login?ql=1", "/xxbLogin?u=x&p=y&uid=1&userId=2", "/wxRegister?code=c"):
        assert client.get(path).status_code == 200, path
    assert client.get("/xxbLogin", {"chooseRole": "1", "next": "/orderBoard"}).status_code == 200


def test_a_signed_in_visitor_still_gets_the_sign_in_pages_without_the_top_bar(client, chain, make_entry):
    entry = make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"])
    body = urlencode({"username": f"ERP:{entry.user.login_name}", "password": PASSWORD, "refresh": "true"})
    assert client.post("/rest/auth/login", body, content_type="application/x-www-form-urlencoded").status_code == 200
    # Signed in, no role yet: the role step lives on /xxbLogin, which must not bounce.
    response = client.get("/xxbLogin", {"chooseRole": "1"})
    assert response.status_code == 200
    chosen = client.post(f"/rest/acct/selectHierRole/{entry.pk}", {}, content_type="application/json")
    assert chosen.status_code == 200, chosen.content
    for route in SIGN_IN_ROUTES:
        response = client.get(route)
        assert response.status_code == 200, route
        assert 'id="shell-root"' not in response.content.decode(), route


def test_unknown_paths_still_show_the_404_page(client):
    for path in ("/no/such/page", "/loginx", "/xxbLogin/extra", "/Login"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert entry_script("src/pages/core/NotFoundPage.tsx") in response.content.decode(), path


def test_the_root_redirects_to_the_reservation_board(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/orderBoard"


def test_a_stranger_signs_in_with_enterprise_chat_once_it_is_set_up(client, settings):
    settings.WECOM_CORP_ID, settings.WECOM_AGENT_ID, settings.WECOM_SECRET = "ww1", "1000002", "secret"
    response = client.get("/orderBoard")
    assert response.status_code == 302
    assert response["Location"] == f"/login?{urlencode({'next': '/orderBoard'})}"
    assert page_context(client.get("/relogin"))["signInPage"] == "/login"


def test_without_enterprise_chat_the_root_and_relogin_lead_to_the_account_sign_in(client, settings):
    settings.SESSION_IDLE_MINUTES = 45
    response = client.get("/", follow=True)
    assert response.redirect_chain == [("/orderBoard", 302), (f"/xxbLogin?{urlencode({'next': '/orderBoard'})}", 302)]
    context = page_context(client.get("/relogin"))
    assert context["signInPage"] == "/xxbLogin"
    assert context["sessionIdleMinutes"] == 45
