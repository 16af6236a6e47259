"""The shell in Chromium: role switch, route guard, logout, forced notice, badges, manager link,
language (spec §2.3, §2.4, §4, §5; contract §4, §5)."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest

from apps.accounts.tests.factories import PASSWORD, RoleFactory, UserFactory, UserRoleFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.messaging.tests.factories import MessageFactory
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANDINGS = {"SY00001": "/shopManagement", "SY00002": "/orderBoard", "SY00003": "/orderBoard"}


def first_store() -> OrgUnit:
    return OrgUnit.objects.get(code="S-SH-001")


def open_account_menu(page) -> None:
    page.get_by_role("button", name=re.compile(r"^Account: ")).click()


def test_role_switch_asks_first_then_signs_in_to_the_other_store(page, demo, screenshot):
    acknowledge_forced_notices("SY00001")
    enter(page, "SY00001", row="青丝养护静安店")
    page.get_by_role("button", name="Account: 青丝养护静安店|老板").wait_for()
    open_account_menu(page)
    page.get_by_role("menuitem", name="Switch role").click()
    dialog = page.get_by_role("dialog", name="Switch role")
    dialog.get_by_role("radio", name=re.compile("青丝养护徐汇店")).click()
    screenshot(page, "role-dialog.png")
    dialog.get_by_role("button", name="Confirm").click()
    prompt = page.get_by_role("dialog", name="Switch role").filter(has_text="Switch to 青丝养护徐汇店 | 老板?")
    prompt.get_by_role("button", name="Yes").click()
    page.get_by_role("button", name="Account: 青丝养护徐汇店|老板").wait_for()
    assert urlparse(page.url).path == "/shopManagement"


def test_a_role_with_an_empty_menu_is_sent_to_404(page, demo):
    user = UserFactory(login_name="SY00050")
    UserRoleFactory(user=user, role=RoleFactory(name="No pages", kind="other", codes=[]), hier=first_store())
    page.expected_failures.update({(404, "/orderBoard"), (404, "/404")})
    enter(page, "SY00050", password=PASSWORD, shell=False, at="/messageList")
    page.wait_for_url("**/404")


def test_a_page_the_role_may_not_open_keeps_the_person_where_they_were(page, demo):
    acknowledge_forced_notices("SY00003")
    enter(page, "3", at="/messageList")
    page.get_by_role("heading", name="Messages").wait_for()
    page.get_by_role("button", name="Stock", exact=True).click()
    page.get_by_role("menuitem", name="Outbound records").click()
    page.get_by_role("alert").filter(has_text="no permission").wait_for()
    assert urlparse(page.url).path == "/messageList"


def test_logout_clears_the_session_and_goes_to_relogin(page, demo):
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    open_account_menu(page)
    page.get_by_role("menuitem", name="Log out").click()
    page.wait_for_url("**/relogin")
    page.get_by_text("You have left the back-office system").wait_for()
    assert page.evaluate("localStorage.length") == 0
    page.goto("/messageList")
    page.wait_for_url(re.compile(r"/xxbLogin\?next="))


def test_the_forced_notice_closes_only_after_its_countdown(page, demo):
    enter(page, "2")
    notice = page.get_by_role("dialog", name="系统升级公告")
    notice.wait_for()
    close = notice.get_by_role("button", name=re.compile(r"^Close"))
    assert close.is_disabled()
    page.keyboard.press("Escape")
    page.mouse.click(5, 5)
    assert notice.is_visible() and close.is_disabled()
    notice.get_by_role("button", name="Close", exact=True).wait_for(timeout=8000)
    notice.get_by_role("button", name="Close", exact=True).click()
    notice.wait_for(state="hidden")
    page.reload()
    page.locator("header").wait_for()
    page.wait_for_timeout(1500)
    assert page.get_by_role("dialog", name="系统升级公告").count() == 0


def test_the_message_badge_shows_99_plus_at_100_unread_and_a_message_can_be_read(page, demo, screenshot):
    acknowledge_forced_notices("SY00002")
    store = first_store()
    MessageFactory.create_batch(100, audience=[store], published=True)
    enter(page, "2")
    badge = page.get_by_role("link", name=re.compile(r"new messages"))
    badge.get_by_text("99+").wait_for()
    screenshot(page.get_by_role("banner"), "top-bar.png")
    badge.click()
    page.wait_for_url("**/messageList")
    page.get_by_role("link", name=re.compile(r"^Message \d+$")).first.click()
    page.wait_for_url(re.compile(r"/messageDetail\?id="))
    page.get_by_text("Hello stores").wait_for()


def test_the_manager_link_rewrites_the_host(page, demo):
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    with page.expect_response(lambda response: "/rest/acct/managerLink" in response.url) as answer:
        open_account_menu(page)
        page.get_by_role("menuitem", name="Manager login").click()
        page.get_by_role("button", name="Open in a new tab").click()
    url = answer.value.json()["data"]["url"]
    parsed = urlparse(url)
    assert parsed.path == "/xxbLogin"
    assert {"u", "p", "uid", "userId"} <= {pair.split("=")[0] for pair in parsed.query.split("&")}


def test_the_language_switch_changes_the_top_bar(page, demo):
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    page.get_by_role("button", name="Messages").or_(page.get_by_role("link", name="Messages")).first.wait_for()
    page.get_by_role("button", name="Language").click()
    page.get_by_role("menuitem", name="简体中文").click()
    page.get_by_role("button", name="库存", exact=True).wait_for()
    assert page.get_by_role("button", name="Stock", exact=True).count() == 0
