"""The Content-Security-Policy in Chromium: MUI's styles carry the nonce, and the Django admin and
Swagger UI still work under the policy. The `page` fixture fails on any console error, and Chromium
reports every CSP violation as one."""

from __future__ import annotations

import pytest

from apps.accounts.tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_islands_styles_carry_the_nonce_of_the_pages_policy(page):
    response = page.goto("/xxbLogin")
    assert "style-src 'self' 'nonce-" in response.headers["content-security-policy"]
    page.locator("input[name=account]").wait_for()
    styles = page.evaluate("Array.from(document.querySelectorAll('style[data-emotion]'), (tag) => Boolean(tag.nonce))")
    assert styles and all(styles)


def test_a_violation_is_a_console_error_which_the_page_fixture_would_catch(browser, live_server):
    """The guard of the browser tests works: an inline style attribute under the policy is reported."""
    context = browser.new_context(base_url=live_server.url)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.goto("/xxbLogin")
        page.locator("input[name=account]").wait_for()
        page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color: red\">x</p>')")
        page.wait_for_timeout(300)
    finally:
        context.close()
    assert any("Content Security Policy" in text for text in errors), errors


def test_the_django_admin_works_under_the_policy(page):
    page.expected_failures.add((404, "/favicon.ico"))  # the admin's pages name no icon; the browser asks anyway
    staff = UserFactory(is_staff=True, is_superuser=True)
    page.goto("/admin/login/")
    page.fill("input[name=username]", staff.login_name)
    page.fill("input[name=password]", PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url("**/admin/")
    page.goto("/admin/core/systemlog/")
    page.locator("#changelist").wait_for()


def test_swagger_ui_works_under_the_policy(page):
    page.goto("/rest/docs/")
    page.locator(".swagger-ui .info .title").wait_for()
    page.locator(".opblock").first.wait_for()
