"""/memberLiftcycle in Chromium, in English and in Chinese (issue 29 "done means"): the principal
opens the member lifecycle and sees its stages as a funnel and in the grid, in the page's language."""

from __future__ import annotations

import pytest

from apps.accounts.models import UserRole
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.reports.tests.member_data import lifecycle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("language", "loyal", "won_back", "title"),
    [("en", "Loyal", "Won back", "Members by stage"), ("zh-hans", "忠诚", "已召回", "各阶段会员")],
)
def test_the_lifecycle_funnel_renders_in_the_pages_language(page, demo, live_server, language, loyal, won_back, title):
    stores = UserRole.objects.filter(user__login_name="SY00002").values_list("hier_id", flat=True)
    for store in OrgUnit.objects.filter(pk__in=stores, kind="store"):
        lifecycle(store)
    acknowledge_forced_notices("SY00002")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])

    enter(page, "2", at="/memberLiftcycle")

    funnel = page.get_by_test_id("report-chart-stages")
    funnel.get_by_role("heading", name=title).wait_for()
    funnel.locator("text").filter(has_text=loyal).first.wait_for()
    grid = page.get_by_test_id("report-grid")
    grid.get_by_text(won_back, exact=True).wait_for()
    assert grid.get_by_role("row").count() >= 8  # the header and the seven stages
