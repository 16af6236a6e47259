"""Members in Chromium (issue 5): the member search dialog (type, Enter, results, a member of another
store, create from no result) and a person creating, finding, labelling and awarding points."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from apps.members.models import Member, PointsEntry
from apps.messaging.tests.browser import acknowledge_forced_notices, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open_dialog(page):
    page.goto("/MemberList")
    page.get_by_role("button", name="Find a member").click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.wait_for()
    return dialog


def _principal(page):
    acknowledge_forced_notices("SY00002")
    enter(page, "2")


def test_enter_finds_a_member_of_another_store_who_is_chosen_after_a_warning(page, demo, screenshot):
    other = Member.objects.filter(home_store__code="S-SH-002", area_code="0086").order_by("id").first()
    _principal(page)
    dialog = _open_dialog(page)
    dialog.get_by_label("Phone").fill(other.phone)
    dialog.get_by_label("Phone").press("Enter")
    masked = f"{other.phone[:3]}****{other.phone[-4:]}"
    row = dialog.get_by_role("row").filter(has_text=masked)
    row.wait_for()
    assert "青丝养护徐汇店" in row.inner_text() and other.name in row.inner_text()
    assert other.phone not in dialog.inner_text()
    screenshot(page, "member-search.png")
    row.click()
    dialog.get_by_role("button", name="Select").click()
    warning = page.get_by_role("dialog", name="Not a member of this store")
    warning.get_by_text(other.name).wait_for()
    warning.get_by_role("button", name="Yes").click()
    page.wait_for_url(re.compile(r"/personalAccount\?"))
    assert parse_qs(urlparse(page.url).query)["memId"] == [str(other.pk)]
    page.get_by_text(masked).first.wait_for()


def test_confirming_without_a_selection_and_an_empty_form_are_refused(page, demo):
    _principal(page)
    dialog = _open_dialog(page)
    dialog.get_by_role("button", name="Search").click()
    dialog.get_by_text("please enter valid query conditions").wait_for()
    dialog.get_by_role("button", name="Select").click()
    dialog.get_by_text("please select a member first").wait_for()


def test_a_person_creates_finds_labels_and_awards_points_to_a_member(page, demo):
    _principal(page)
    dialog = _open_dialog(page)
    dialog.get_by_label("Name").fill("测试新客")
    dialog.get_by_label("Phone").fill("13712345678")
    dialog.get_by_label("Phone").press("Enter")
    prompt = page.get_by_role("dialog", name="Create a member file")
    prompt.get_by_text("no member information, create a member file?").wait_for()
    prompt.get_by_role("button", name="Yes").click()
    form = page.get_by_role("dialog", name="New member")
    assert form.get_by_label("Name").input_value() == "测试新客"
    assert form.get_by_label("Phone").input_value() == "13712345678"
    form.get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(r"/personalAccount\?"))
    member = Member.objects.get(phone="13712345678")
    assert member.home_store.code == "S-SH-001"

    page.get_by_role("button", name="Edit labels").click()
    labels = page.get_by_role("dialog", name="Member labels")
    labels.get_by_role("combobox", name="Labels").click()
    page.get_by_role("option", name="价值 · VIP").click()
    page.keyboard.press("Escape")  # closes the menu, not the dialog
    labels.get_by_role("button", name="Save").click()
    labels.wait_for(state="hidden")
    page.get_by_text("VIP").first.wait_for()
    assert list(member.labels.values_list("name", flat=True)) == ["VIP"]

    page.get_by_role("button", name="Adjust points").first.click()
    adjust = page.get_by_role("dialog", name="Adjust points")
    adjust.get_by_label("Points").fill("50")
    adjust.get_by_label("Reason").fill("新客入会赠送")
    adjust.get_by_role("button", name="Adjust points").click()
    confirm = page.get_by_role("dialog", name="Confirm the adjustment")
    confirm.get_by_role("button", name="Yes").click()
    page.get_by_role("cell", name="新客入会赠送").wait_for()
    member.refresh_from_db()
    assert member.points == 50 and PointsEntry.objects.filter(member=member, change=50).exists()

    dialog = _open_dialog(page)
    dialog.get_by_label("Name").fill("测试新客")
    dialog.get_by_label("Name").press("Enter")
    dialog.get_by_role("row").filter(has_text="137****5678").wait_for()


def test_a_12_digit_phone_typed_in_the_member_form_is_refused_at_the_field_not_cut(page, demo):
    # Issue 12 §3: the field keeps every digit typed and says what is wrong; nothing is saved.
    saves: list[str] = []
    page.on("request", lambda r: saves.append(r.url) if r.url.endswith("/rest/member/stoSaveMember") else None)
    _principal(page)
    page.goto("/MemberList")
    page.get_by_role("button", name="New member").click()
    form = page.get_by_role("dialog", name="New member")
    form.get_by_label("Name").fill("十二位号码")
    phone = form.get_by_label("Phone")
    phone.press_sequentially("139123456789")
    assert phone.input_value() == "139123456789"
    form.get_by_text("At most 11 characters (12 typed)").wait_for()
    form.get_by_role("button", name="Save").click()
    form.get_by_text("At most 11 characters (12 typed)").wait_for()
    assert phone.get_attribute("aria-invalid") == "true"
    page.wait_for_load_state("networkidle")
    assert form.is_visible() and saves == []
    assert not Member.objects.filter(name="十二位号码").exists()


def test_a_list_in_chinese_shows_muis_own_texts_in_chinese(page, demo, live_server):
    """Issue 12 §5: the pagination's "Rows per page" and "1–10 of 46" come from MUI's locale of the
    chosen language, not its English defaults."""
    _principal(page)
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    page.goto("/MemberList")
    page.get_by_text("每页行数:").wait_for()
    page.get_by_text(re.compile(r"第 1 条到第 10 条，共 \d+ 条")).wait_for()
    assert "Rows per page" not in page.inner_text("body")
