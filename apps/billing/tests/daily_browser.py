"""What the browser tests of the daily closing do on /dailyKnots again and again."""

from __future__ import annotations

import re


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
