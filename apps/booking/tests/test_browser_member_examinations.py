"""/examiningDetail in Chromium: from a member's account the principal records a scalp and hair
examination with a photo, and the photo is shown back through the page's session."""

from __future__ import annotations

import re

import pytest

from apps.booking.tests.test_member_examinations_api import png_bytes
from apps.members.models import Examination, Member
from apps.messaging.tests.browser import acknowledge_forced_notices, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _choose(page, test_id: str, option: str) -> None:
    page.get_by_test_id(test_id).click()
    page.get_by_role("option", name=option, exact=True).click()


def test_the_principal_records_an_examination_with_a_photo(page, demo, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    store_id = page.evaluate("() => JSON.parse(window.localStorage.getItem('erp.session')).storeId")
    member = Member.objects.filter(home_store_id=store_id, status="active").order_by("id").first()
    page.goto(f"/personalAccount?memId={member.pk}")
    page.get_by_test_id("account-examinations").click()
    page.wait_for_url(re.compile(r"/examiningDetail\?memId="))
    page.get_by_text("No examinations yet").wait_for()

    page.get_by_test_id("examination-new").click()
    form = page.get_by_test_id("examination-form")
    form.wait_for()
    page.get_by_test_id("examination-examiner").click()
    page.get_by_role("option").first.click()
    _choose(page, "examination-scalpType", "Oily")
    for field in ("oiliness", "sensitivity", "dandruff", "hairLoss"):
        _choose(page, f"examination-{field}", "Mild")
    _choose(page, "examination-hairDensity", "Medium")
    _choose(page, "examination-hairThickness", "Fine")
    form.get_by_test_id("examination-recommendation").fill("oil-control course")
    form.get_by_test_id("examination-photo-input").set_input_files(
        files=[{"name": "crown.png", "mimeType": "image/png", "buffer": png_bytes()}]
    )
    form.get_by_text("crown.png").wait_for()
    form.get_by_test_id("examination-save").click()

    examination_row = page.get_by_test_id(re.compile(r"examination-row-\d+"))
    examination_row.wait_for()
    assert "oil-control course" in examination_row.inner_text()
    examination = Examination.objects.get(member=member)
    photo_id = examination.photos.get().pk
    examination_row.click()
    page.wait_for_function(
        f"() => document.querySelector('img[alt=\"Examination photo {photo_id}\"]')?.naturalWidth > 0"
    )
