"""Sign-in through the pages in Chromium (spec §2.1, §4 login flow; contract §4, §6)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

METRICS = Path(__file__).resolve().parents[3] / "bench" / "out" / "browser-metrics.json"

DEMO_LANDINGS = [
    ("1", "SY00001", "/shopManagement"),
    ("2", "SY00002", "/orderBoard"),
    ("3", "SY00003", "/orderBoard"),
    ("4", "SY00004", "/bookProdLstNew"),
]


def sign_in(page, account: str, password: str = "Demo@12345") -> None:
    page.goto("/xxbLogin")
    page.fill("input[name=account]", account)
    page.fill("input[name=password]", password)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="Choose a role").wait_for()


def choose_role(page, row_text: str | None = None) -> None:
    if row_text:
        page.get_by_role("radio", name=re.compile(re.escape(row_text))).click()
    page.get_by_role("button", name="Confirm").click()


@pytest.mark.parametrize(("typed", "account", "landing"), DEMO_LANDINGS, ids=[a for _, a, _ in DEMO_LANDINGS])
def test_each_demo_account_signs_in_and_lands_by_role(page, demo, typed, account, landing):
    # /bookProdLstNew comes with the ordering issue; until then it answers the 404 page in the shell.
    if landing == "/bookProdLstNew":
        page.expected_failures.add((404, landing))
    sign_in(page, typed)
    radios = page.get_by_role("radio")
    assert radios.count() >= 1
    assert page.locator("[role=radio][aria-checked=true]").count() == 1
    choose_role(page)
    page.wait_for_url(f"**{landing}")
    session = json.loads(page.evaluate("localStorage.getItem('erp.session')"))
    assert session["loginName"] == account and session["landing"] == landing
    page.get_by_text(session["header_text"]).wait_for()


def test_wrong_password_shows_the_servers_message_and_stays(page, demo):
    page.expected_failures.add((401, "/rest/auth/login"))
    page.goto("/xxbLogin")
    page.fill("input[name=account]", "2")
    page.fill("input[name=password]", "wrong-password")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text("incorrect account or password").wait_for()
    page.get_by_text("re-login or try again").wait_for()
    assert page.url.endswith("/xxbLogin")


def test_the_browser_applies_the_sign_in_rules_before_asking_the_server(page, demo):
    page.goto("/xxbLogin")
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url) if "/rest/auth/login" in request.url else None)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text("please enter account name").wait_for()
    page.fill("input[name=account]", "SYYG001")
    page.fill("input[name=password]", "x")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text("managers please log in with phone number").wait_for()
    assert requests == []


def test_a_stranger_opening_the_root_is_sent_to_sign_in(page, demo):
    page.goto("/")
    page.wait_for_url(re.compile(r"/xxbLogin\?next="))


def test_relogin_page_says_the_person_left(page, demo):
    page.goto("/relogin")
    page.get_by_text("You have left the back-office system").wait_for()
    page.get_by_role("link", name="Log in again").or_(page.get_by_role("button", name="Log in again")).click()
    page.wait_for_url("**/xxbLogin**")


def test_sign_in_page_renders_fast_and_is_pictured(page, demo, screenshot):
    page.goto("/xxbLogin")
    page.get_by_role("button", name="Sign in").wait_for()
    # The paint entry is recorded a moment after the first frame: wait for it rather than race it.
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
    paint = page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0].startTime")
    navigation = page.evaluate("() => performance.getEntriesByType('navigation')[0].toJSON()")
    METRICS.parent.mkdir(parents=True, exist_ok=True)
    METRICS.write_text(
        json.dumps(
            {
                "xxbLogin_first_contentful_paint_ms": paint,
                "xxbLogin_dom_content_loaded_ms": navigation["domContentLoadedEventEnd"],
            },
            indent=2,
        )
    )
    # A figure for docs/performance.md, not a timed assertion: it is only checked to exist.
    assert paint > 0
    screenshot(page, "sign-in.png")
    sign_in(page, "1")
    screenshot(page, "role-step.png")
