"""A walk-in whose phone is a member's, in Chromium (issue 12 §3): the reservation form names the member
and one click books the member instead."""

from __future__ import annotations

import pytest

from apps.members.models import Member
from apps.messaging.tests.browser import acknowledge_forced_notices, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_walk_in_with_a_members_phone_is_offered_the_member(page, demo):
    member = Member.objects.filter(home_store__code="S-SH-001", area_code="0086").order_by("id").first()
    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/newOrder")
    page.get_by_role("radio", name="Walk-in").check()
    page.get_by_label("Name").fill("到店客人")
    page.get_by_label("Phone").fill(member.phone)
    notice = page.get_by_test_id("phone-is-member")
    notice.get_by_text(f"This phone belongs to the member {member.name}.").wait_for()
    notice.get_by_role("button", name="Book the member instead").click()
    masked = f"{member.phone[:3]}****{member.phone[-4:]}"
    selected = page.get_by_test_id("selected-member")
    selected.get_by_text(member.name).wait_for()
    assert masked in selected.inner_text()
    assert page.get_by_role("radio", name="Member").is_checked()
    page.get_by_test_id("member-summary").wait_for()
