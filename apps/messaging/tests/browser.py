"""Steps the browser tests of every area share: signing in through the pages, clearing the
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


def enter(page, account: str, password: str = "Demo@12345", row: str | None = None, shell: bool = True) -> None:
    """Signs in through /xxbLogin and confirms a role; waits for the landing page."""
    page.goto("/xxbLogin")
    page.fill("input[name=account]", account)
    page.fill("input[name=password]", password)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="Choose a role").wait_for()
    if row:
        page.get_by_role("radio", name=re.compile(re.escape(row))).click()
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_function("() => window.location.pathname !== '/xxbLogin'")
    if shell:
        # By tag, not role: an open dialog (the forced notice) hides the bar from the a11y tree.
        page.locator("header").wait_for()


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
