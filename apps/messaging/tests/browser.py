"""Steps the browser tests of every area share: signing in as the sign-in pages do, clearing the
demo's forced notice, which would otherwise cover the page, and typing into a date or time field."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from apps.accounts.models import User, UserRole
from apps.core.errors import NotFound
from apps.messaging.models import Message
from apps.messaging.services import messages_mark_read


def acknowledge_forced_notices(login_name: str) -> None:
    """The demo's forced notice would cover the page; tests not about it mark it read first."""
    user = User.objects.get(login_name=login_name)
    for entry in UserRole.objects.filter(user=user).select_related("hier"):
        visible = Message.objects.filter(mandatory=True).values_list("pk", flat=True)
        for message_id in visible:
            try:
                messages_mark_read(user=user, unit=entry.hier, message_ids=[message_id])
            except NotFound:  # a message this level does not see: nothing to acknowledge
                continue


def enter(
    page,
    account: str,
    password: str = "Demo@12345",
    row: str | None = None,
    shell: bool = True,
    at: str | None = None,
) -> None:
    """Signs in as the sign-in pages do and opens `at`, else the role's landing page.

    The pages' two calls (the login, then the role: the row naming `row`, else the one the server
    checks) go over the browser's own connection, so the session cookie lands in the browser, and
    what the role step keeps (frontend/src/api/session.ts) is kept the same way. Driving the pages
    themselves is apps/accounts/tests/test_browser_sign_in.py's job; here it cost two page loads a
    test, most of the browser tests' time."""
    signed_in = _data(
        page.request.post(
            "/rest/auth/login", form={"username": f"ERP:{account}", "password": password, "refresh": "true"}
        )
    )
    entry = _role_entry(signed_in["roles"], row)
    tokens = {"Authorization": f"Bearer {signed_in['access']}", "X-Account-Version": signed_in["accountVersion"]}
    session = _data(
        page.request.post(
            f"/rest/acct/selectHierRole/{entry['userRoleId']}", data={"storeId": entry["hierId"]}, headers=tokens
        )
    )
    # Storage belongs to the site: an empty page at its address, answered by the browser itself,
    # lets the script write it.
    page.route("**/signing-in", lambda route: route.fulfill(content_type="text/html", body=_EMPTY_PAGE))
    page.goto("/signing-in")
    page.unroute("**/signing-in")
    page.evaluate(
        """(info) => {
            window.localStorage.clear();
            for (const key of Object.keys(window.sessionStorage)) {
                if (!key.startsWith("erp.draft:")) window.sessionStorage.removeItem(key);
            }
            const { access, refresh, accountVersion } = info;
            window.localStorage.setItem("erp.tokens", JSON.stringify({ access, refresh, accountVersion }));
            window.localStorage.setItem("erp.session", JSON.stringify(info));
        }""",
        session,
    )
    page.goto(at or session["landing"])
    if shell:
        # By tag, not role: an open dialog (the forced notice) hides the bar from the a11y tree.
        page.locator("header").wait_for()


# With an icon of its own, so the browser asks the site for none.
_EMPTY_PAGE = '<!doctype html><link rel="icon" href="data:,">'


def _data(response) -> dict:
    body = response.json()
    assert response.ok and body.get("errcode") == "0", f"{response.url}: {response.status} {body}"
    return body["data"]


def _role_entry(entries: list[dict], row: str | None) -> dict:
    """The entry the role step would confirm: the one whose row names `row`, else the checked one."""
    if row is not None:
        named = [entry for entry in entries if row in f"{entry['hier']} | {entry['role']} {entry['description']}"]
        assert named, f"no role entry names {row!r}: {[(entry['hier'], entry['role']) for entry in entries]}"
        return named[0]
    return next((entry for entry in entries if entry.get("checked")), entries[0])


def fill_picker(scope, label: str, text: str) -> None:
    """Types a date ("YYYY-MM-DD") or a time ("HH:mm") into an MUI X date or time field, as a user does.

    The field is a group of sections (year, month, day; hours, minutes) named by its label, not a
    plain input, so ``fill`` cannot reach it: the digits are typed from the first section, and each
    section hands over to the next once full. The hidden input then holds the whole text.
    """
    group = scope.get_by_role("group", name=label, exact=True)
    group.get_by_role("spinbutton").first.click()
    group.page.keyboard.type(re.sub(r"\D", "", text))
    expect(group.locator("input")).to_have_value(text)
