"""A member rates a visit through the receipt's link and the front desk sees it (issue 29 "done
means"), in Chromium: a paid visit of the first demo store, its receipt's link opened by a stranger
(no sign-in) who rates it in English; then the principal opens the order's details, where the panel
shows the rating, and the review report, whose row for the nurse counts it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from apps.evaluations import links
from apps.evaluations.models import Evaluation
from apps.evaluations.tests.factories import paid_visit
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.staff.tests.factories import EmployeeFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_rates_a_visit_through_the_receipts_link_and_the_desk_sees_it(page, demo, live_server):
    store = OrgUnit.objects.get(code="S-SH-001")
    nurse = EmployeeFactory.create(store=store, name="评价护理师")
    order = paid_visit(store, nurse=nurse)
    link = links.link_path(order.pk)

    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page.goto(link)
    expect(page.get_by_role("heading", name=store.name)).to_be_visible()
    expect(page.get_by_text("Nurse: 评价护理师")).to_be_visible()
    form = page.get_by_role("form", name=f"Rate your visit to {store.name}")
    form.locator("label", has_text=re.compile(r"^4 Stars$")).first.click()
    form.locator("label", has_text=re.compile(r"^5 Stars$")).last.click()
    form.get_by_label("Comment").fill("Gentle and careful")
    form.get_by_role("button", name="Submit").click()
    expect(page.get_by_text("Thank you for your evaluation!")).to_be_visible()
    evaluation = Evaluation.objects.get(order=order)
    assert (evaluation.service_score, evaluation.nurse_score, evaluation.nurse_id) == (4, 5, nurse.pk)

    # The same link again: rated, no form.
    page.goto(link)
    expect(page.get_by_text("This visit has already been rated, thank you.")).to_be_visible()

    acknowledge_forced_notices("SY00002")
    enter(page, "SY00002", at=f"/orderDetails?orderId={order.pk}")
    panel = page.locator("section", has=page.get_by_role("heading", name="Evaluation", exact=True))
    expect(panel).to_contain_text("Gentle and careful")
    expect(panel).to_contain_text("Evaluation link")

    # The review report (XMDPJ-0001) of the last 30 days: the nurse's row counts the rating.
    page.goto("/XMDReviewReport")
    row = page.get_by_test_id("report-grid").get_by_role("row").filter(has_text="评价护理师")
    expect(row).to_contain_text("100.00%")
    expect(row).to_contain_text("4.00")
    expect(row).to_contain_text("5.00")
