"""Reservations in Chromium (issue 6): the principal lands on today's board with the demo store's
reservations; a booking made on /newOrder shows on the board, is dragged to another nurse and cancelled
with a reason (tomorrow's booking offers no arrival); today's arrival is undone with a reason that the
history shows."""

from __future__ import annotations

import datetime
import re
from urllib.parse import urlparse

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from apps.booking.choices import RotaKind
from apps.booking.models import Reservation, RotaDay
from apps.booking.selectors import day_bounds
from apps.core.models import SystemLog
from apps.messaging.tests.browser import acknowledge_forced_notices, enter, fill_picker
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _principal(page):
    acknowledge_forced_notices("SY00002")
    enter(page, "2")


def test_the_principal_lands_on_a_working_board_for_today(page, demo, screenshot):
    _principal(page)
    assert urlparse(page.url).path == "/orderBoard"
    start, end = day_bounds(timezone.localdate())
    today = Reservation.objects.filter(store__code="S-SH-001", start__gte=start, start__lt=end)
    assert today.exists()
    visible = today.exclude(status="cancelled").first()
    page.get_by_test_id(f"reservation-block-{visible.pk}").wait_for()
    assert page.get_by_test_id("count-total").inner_text().strip().endswith(str(today.count()))
    screenshot(page, "order-board.png")


def test_book_see_drag_and_cancel(page, demo):
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    working = list(
        RotaDay.objects.filter(store__code="S-SH-001", date=tomorrow, kind=RotaKind.SHIFT)
        .select_related("employee")
        .order_by("employee_id")
    )
    first, second = working[0].employee, working[1].employee
    _principal(page)

    page.goto("/newOrder")
    page.get_by_role("radio", name="Walk-in").check()
    page.get_by_label("Name").fill("浏览器客人")
    page.get_by_label("Phone").fill("13755556666")
    page.get_by_label("Projects").click()
    page.get_by_role("option", name=re.compile("头皮深层清洁")).click()
    page.keyboard.press("Escape")
    page.get_by_label("Nurse").click()
    page.get_by_role("option", name=first.name, exact=True).click()
    fill_picker(page, "Date", tomorrow.isoformat())
    fill_picker(page, "Start time", "20:00")
    page.get_by_test_id("check-ok").wait_for()
    page.get_by_test_id("save-reservation").click()
    page.wait_for_url(re.compile(r"/orderBoard\?date=" + tomorrow.isoformat()))

    booked = Reservation.objects.get(name="浏览器客人")
    assert booked.nurse_id == first.pk and timezone.localtime(booked.start).hour == 20
    block = page.get_by_test_id(f"reservation-block-{booked.pk}")
    block.wait_for()
    assert block.get_attribute("data-nurse-id") == str(first.pk)

    block.drag_to(page.get_by_test_id(f"slot-{second.pk}-20:00"))
    page.locator(f"[data-testid=reservation-block-{booked.pk}][data-nurse-id='{second.pk}']").wait_for()
    page.wait_for_function(
        "id => !document.querySelector(`[data-testid=reservation-block-${id}][data-pending=true]`)", arg=booked.pk
    )
    booked.refresh_from_db()
    assert booked.nurse_id == second.pk and timezone.localtime(booked.start).hour == 20

    page.get_by_test_id(f"reservation-block-{booked.pk}").click()
    drawer = page.get_by_test_id("reservation-drawer")
    drawer.get_by_test_id("action-cancel").wait_for()
    # Arrival is for the reservation's day, a no-show for after its start: tomorrow's offers neither.
    assert drawer.get_by_test_id("action-arrival").count() == 0
    assert drawer.get_by_test_id("action-noShow").count() == 0

    drawer.get_by_test_id("action-cancel").click()
    dialog = page.get_by_role("dialog", name="Cancel reservation")
    dialog.get_by_test_id("cancel-confirm").click()
    dialog.get_by_text("Please choose a reason").wait_for()
    dialog.get_by_label("Reason").click()
    page.get_by_role("option", name="the customer cancelled").click()
    dialog.get_by_test_id("cancel-confirm").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function(
        "id => !document.querySelector(`[data-testid=reservation-block-${id}][data-status=booked]`)", arg=booked.pk
    )
    booked.refresh_from_db()
    assert booked.status == "cancelled" and booked.cancel_reason == "memberCancelled"
    assert [c.kind for c in booked.changes.order_by("id")] == ["created", "moved", "status"]


def test_an_arrival_is_undone_the_same_day_with_a_reason(page, demo):
    today = timezone.localdate()
    start = max(timezone.now() - datetime.timedelta(minutes=5), day_bounds(today)[0])
    end = start + datetime.timedelta(minutes=30)
    # Any nurse: the demo's nurses may all be busy right now.
    walk_in = Reservation.objects.create(
        store=OrgUnit.objects.get(code="S-SH-001"),
        nurse=None,
        name="撤销测试",
        phone="13755557777",
        start=start,
        end=end,
    )
    _principal(page)
    page.goto(f"/orderBoard?date={today.isoformat()}")
    page.get_by_test_id(f"reservation-block-{walk_in.pk}").click()
    drawer = page.get_by_test_id("reservation-drawer")
    drawer.get_by_test_id("action-arrival").click()
    drawer.get_by_test_id("detail-status").filter(has_text="Arrived").wait_for()

    drawer.get_by_test_id("action-undo").click()
    dialog = page.get_by_role("dialog", name="Undo status")
    dialog.get_by_test_id("undo-confirm").click()
    dialog.get_by_text("Please give a reason").wait_for()
    dialog.get_by_label("Reason").fill("点错了客人")
    dialog.get_by_test_id("undo-confirm").click()
    dialog.wait_for(state="hidden")
    drawer.get_by_test_id("detail-status").filter(has_text="Booked").wait_for()
    entry = drawer.get_by_test_id("history-entry-1")
    entry.filter(has_text="Arrived → Booked").wait_for()
    assert "点错了客人" in entry.inner_text()
    walk_in.refresh_from_db()
    assert walk_in.status == "booked"
    log = SystemLog.objects.get(action="reservation.status_undone", object_id=str(walk_in.pk))
    assert log.detail == {"from": "arrived", "to": "booked", "reason": "点错了客人"}


def test_dates_and_times_in_chinese_read_2026_11_23_and_24_hours(page, demo, live_server):
    """Issue 12 §3: in Chinese a date reads 2026-11-23, a year takes four digits only (the fifth and
    sixth go to the month) and a time is on the 24-hour clock, whatever the browser's own language."""
    _principal(page)
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    page.goto("/orderBoard?date=2026-11-23")
    day = page.get_by_role("group", name="日期", exact=True)
    expect(day.get_by_role("spinbutton")).to_have_text(["2026", "11", "23"])
    expect(day).to_contain_text("2026-11-23")

    day.get_by_role("spinbutton").first.click()
    page.keyboard.type("202612")
    expect(day.get_by_role("spinbutton")).to_have_text(["2026", "12", "23"])
    expect(day.locator("input")).to_have_value("2026-12-23")

    page.goto("/newOrder")
    fill_picker(page, "开始时间", "20:00")
    start = page.get_by_role("group", name="开始时间", exact=True)
    expect(start).to_contain_text("20:00")
    start.get_by_role("button", name=re.compile("选择时间")).click()
    clock = page.get_by_role("dialog")
    clock.wait_for()
    # A 12-hour clock would list 12 hours and a third list for AM/PM.
    hours = clock.get_by_role("listbox", name=re.compile("小时")).get_by_role("option")
    expect(hours).to_have_count(24)
    expect(hours.last).to_have_text("23")
    expect(clock.get_by_role("listbox")).to_have_count(2)
    expect(clock.get_by_role("listbox").last.get_by_role("option")).to_have_text(["00", "15", "30", "45"])
