"""What the browser tests of the daily closing do on /dailyKnots again and again."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def carry_over_everything_open(page, reason: str) -> int:
    """Carries over, with `reason`, each item /dailyKnots lists as still open (the demo's reservations in
    service depend on the time of day); answers how many."""
    boxes = page.get_by_role("checkbox", name=re.compile(r"^Carry over "))
    count = boxes.count()
    for index in range(count):
        boxes.nth(index).check()
    reasons = page.get_by_label("Reason for carrying over")
    for index in range(count):
        reasons.nth(index).fill(reason)
    return count


def carried_over_when_refused(page, reason: str):
    """After "Close the day" was refused for the items still open: carries each over with `reason`, asks
    again and answers the confirmation dialog, which names how many are carried."""
    expect(
        page.get_by_text("Settle or carry over (with its reason) each item still open before closing.")
    ).to_be_visible()
    carried = carry_over_everything_open(page, reason)
    page.get_by_role("button", name="Close the day").click()
    dialog = page.get_by_role("dialog", name="Close the day?")
    expect(dialog).to_contain_text(f"{carried} open item(s) are carried over")
    return dialog
