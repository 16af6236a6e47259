"""The message and task pages (spec §2.2, §5 route guard) as a browser opens them: signed in
through the session (POST /rest/auth/login, then POST /rest/acct/selectHierRole/{id}), each page
renders the shell island and its own island; the server guard sends everyone else away.

Needs the frontend built (`cd frontend && npm run build`): the pages' scripts come from Vite's
manifest."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from apps.accounts.tests.factories import PASSWORD
from apps.accounts.tests.helpers import LOGIN_URL
from apps.accounts.tests.page_helpers import page_context, script_of, sign_in

pytestmark = pytest.mark.django_db

MESSAGE_CODE = "XXZX-0001"
OTHER_CODE = "ERP-YUKB-PAG-0001-0000"
SHELL_ENTRY = "src/shell/TopBarIsland.tsx"
ENTRIES = {
    "/messageList": "src/pages/messaging/MessageListPage.tsx",
    "/messageDetail": "src/pages/messaging/MessageDetailPage.tsx",
    "/taskList": "src/pages/messaging/TaskListPage.tsx",
    "/taskDetail": "src/pages/messaging/TaskDetailPage.tsx",
}
MESSAGE_ROUTES = ("/messageList", "/messageDetail")
TASK_ROUTES = ("/taskList", "/taskDetail")


@pytest.fixture
def message_reader(chain, make_entry):
    return make_entry(chain["store"], codes=[MESSAGE_CODE, OTHER_CODE])


@pytest.fixture
def other_role(chain, make_entry):
    """A role with a menu, but not the message centre's code."""
    return make_entry(chain["store"], codes=[OTHER_CODE])


@pytest.mark.parametrize("route", [*MESSAGE_ROUTES, *TASK_ROUTES])
def test_a_role_with_the_code_gets_the_page_with_the_shell(client, message_reader, route):
    sign_in(client, message_reader)
    response = client.get(route, {"id": 1} if route.endswith("Detail") else {})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="shell-root"' in html and 'id="island-root"' in html
    assert f'src="{script_of(SHELL_ENTRY)}"' in html
    assert f'src="{script_of(ENTRIES[route])}"' in html
    context = page_context(response)
    assert context["route"] == route
    assert context["code"] == (MESSAGE_CODE if route in MESSAGE_ROUTES else None)
    assert context["signedIn"] is True
    assert set(ENTRIES) <= set(context["builtRoutes"])


@pytest.mark.parametrize("route", MESSAGE_ROUTES)
def test_without_the_code_the_visitor_stays_where_they_were_with_a_notice(client, other_role, route):
    sign_in(client, other_role)
    response = client.get(route, HTTP_REFERER="http://testserver/taskList?x=1", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    assert response["Location"] == "/taskList"
    # The notice travels with the session to the next page the browser opens.
    back = client.get("/taskList", HTTP_ACCEPT_LANGUAGE="en")
    assert back.status_code == 200
    assert page_context(back)["notices"] == ["no permission"]


def test_without_the_code_and_no_referer_the_visitor_goes_to_their_landing(client, other_role):
    sign_in(client, other_role)
    response = client.get("/messageList")
    assert response.status_code == 302
    assert response["Location"] == "/orderBoard"


@pytest.mark.parametrize("route", TASK_ROUTES)
def test_task_pages_need_no_code(client, other_role, route):
    sign_in(client, other_role)
    assert client.get(route).status_code == 200


@pytest.mark.parametrize("route", [*MESSAGE_ROUTES, *TASK_ROUTES])
def test_a_stranger_is_sent_to_sign_in(client, route):
    response = client.get(route)
    assert response.status_code == 302
    assert response["Location"] == f"/xxbLogin?{urlencode({'next': route})}"


def test_signed_in_without_a_role_goes_to_the_role_choice(client, message_reader):
    body = urlencode({"username": f"ERP:{message_reader.user.login_name}", "password": PASSWORD, "refresh": "true"})
    client.post(LOGIN_URL, body, content_type="application/x-www-form-urlencoded")
    response = client.get("/messageList")
    assert response.status_code == 302
    location = urlparse(response["Location"])
    assert location.path == "/xxbLogin"
    assert parse_qs(location.query)["next"] == ["/messageList"]


@pytest.mark.parametrize("route", [*MESSAGE_ROUTES, *TASK_ROUTES])
def test_an_empty_menu_goes_to_404(client, chain, make_entry, route):
    sign_in(client, make_entry(chain["store"], codes=[]))
    response = client.get(route)
    assert response.status_code == 302
    assert response["Location"] == "/404"
