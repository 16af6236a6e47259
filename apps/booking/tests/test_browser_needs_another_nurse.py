"""Issue 12 §2 in Chromium: the principal puts a nurse with a reservation on leave, the rota page
names the reservation and asks; saved anyway, the board marks it as needing another nurse and the
drawer moves it to a nurse on duty in one step."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from apps.booking.choices import BOOKABLE_POSITIONS, RotaKind
from apps.booking.models import Reservation, RotaDay
from apps.booking.tests.factories import ReservationFactory, ShiftTypeFactory
from apps.catalog.tests.factories import ProjectFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeeStatus
from apps.staff.models import Employee

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_leave_over_a_reservation_is_confirmed_then_reassigned_from_the_board(page, demo):
    store = OrgUnit.objects.get(code="S-SH-001")
    today = timezone.localdate()
    # Next week's Wednesday: in the future, one "Next week" away on the rota page.
    day = today - datetime.timedelta(days=today.weekday()) + datetime.timedelta(days=9)
    first, second = Employee.objects.filter(
        store=store, status=EmployeeStatus.ACTIVE, position__in=BOOKABLE_POSITIONS
    ).order_by("id")[:2]
    whole_day = ShiftTypeFactory(store=store, name="测试全天", start=datetime.time(9), end=datetime.time(21))
    for nurse in (first, second):
        RotaDay.objects.update_or_create(
            employee=nurse, date=day, defaults={"store": store, "kind": RotaKind.SHIFT, "shift_type": whole_day}
        )
    # Only our reservation for these two nurses that day, so the dialog and the board are ours to read.
    Reservation.objects.filter(nurse__in=(first, second), start__date=day).delete()
    booked = ReservationFactory(
        store=store,
        nurse=first,
        name="改派测试",
        start=timezone.make_aware(datetime.datetime.combine(day, datetime.time(11))),
        projects=[ProjectFactory(name="改派测试项目", duration_minutes=60)],
    )

    acknowledge_forced_notices("SY00002")
    page.expected_failures.add((409, "/rest/schedule/rota/save"))
    enter(page, "2", at="/schedule")
    page.get_by_role("button", name="Next week").click()
    page.get_by_test_id(f"schedule-cell-{first.pk}-{day.isoformat()}").click()
    page.get_by_role("menuitem", name="Leave").click()
    page.get_by_test_id("schedule-save").click()

    dialog = page.get_by_role("dialog", name="Nurses would go off duty")
    row = dialog.get_by_test_id(f"stranded-{booked.pk}")
    row.wait_for()
    text = row.inner_text()
    assert "11:00" in text and "改派测试" in text and "改派测试项目" in text and first.name in text
    assert RotaDay.objects.get(employee=first, date=day).kind == RotaKind.SHIFT  # nothing saved yet
    dialog.get_by_test_id("schedule-stranded-confirm").click()
    dialog.wait_for(state="hidden")
    page.get_by_test_id("schedule-unsaved").wait_for(state="hidden")
    assert RotaDay.objects.get(employee=first, date=day).kind == RotaKind.LEAVE

    page.goto(f"/orderBoard?date={day.isoformat()}")
    block = page.get_by_test_id(f"reservation-block-{booked.pk}")
    block.wait_for()
    assert block.get_attribute("data-needs-another-nurse") == "true"
    assert "Needs another nurse" in block.inner_text()
    block.click()
    drawer = page.get_by_test_id("reservation-drawer")
    drawer.get_by_test_id("action-reassign").click()
    reassign = page.get_by_role("dialog", name="Assign another nurse")
    reassign.get_by_label("Nurse").click()
    page.get_by_role("option", name=second.name, exact=True).click()
    reassign.get_by_test_id("reassign-confirm").click()
    reassign.wait_for(state="hidden")
    page.locator(
        f"[data-testid=reservation-block-{booked.pk}][data-nurse-id='{second.pk}']:not([data-needs-another-nurse])"
    ).wait_for()
    booked.refresh_from_db()
    assert booked.nurse_id == second.pk and timezone.localtime(booked.start).hour == 11
