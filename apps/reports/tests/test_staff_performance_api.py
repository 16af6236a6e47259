"""员工门店业绩 through HTTP (/rest/businessReportStaffPerformance/…): each staff member's figures from
the summaries (drained on the primary as the report runs), the totals, the daily net-sales trend,
the drill to the sales details by staffId, own figures for an employee, and the regrouping by
today's position, labelled."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.tests.checkout_factories import product, project
from apps.catalog.tests.factories import ProjectFactory
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.reports.tests.summary_factories import refunded, sold
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

SHOW = "/rest/businessReportStaffPerformance/show"


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def nurse(store):
    return EmployeeFactory(store=store, name="张敏", position="nurse")


@pytest.fixture
def seller(store):
    return EmployeeFactory(store=store, name="吴佳怡", position="front_desk")


@pytest.fixture
def owner(store, make_entry):
    return api_client(entry=make_entry(store, codes=[REPORT_FIGURES_CODE]))


@pytest.fixture
def care(db):
    return ProjectFactory(name="头皮护理")


@pytest.fixture
def sales(store, nurse, seller, care):
    """The nurse served a 298.00 and a 100.00 project; the seller sold an 80.00 product, then refunded."""
    sold(store, project("298.00", item_id=care.pk, staff=[(nurse, "1")]))
    second = sold(
        store, project("100.00", item_id=care.pk, staff=[(nurse, "1")]), product("80.00", staff=[(seller, "1")])
    )
    refunded(second, line_index=1)


def show(client, **params):
    today = timezone.localdate()
    query = {"from": (today - timedelta(days=6)).isoformat(), "to": today.isoformat(), **params}
    return assert_envelope(client.get(SHOW, query, HTTP_ACCEPT_LANGUAGE="en"), status=200)


def test_the_owner_reads_each_staff_members_figures_totals_and_trend(store, nurse, seller, owner, sales):
    data = show(owner)
    rows = {row["staffId"]: row for row in data["list"]}
    assert [row["staffId"] for row in data["list"]] == [nurse.pk, seller.pk]  # by net, highest first
    nurse_row, seller_row = rows[nurse.pk], rows[seller.pk]
    assert (nurse_row["serviceAmount"], nurse_row["sessions"], nurse_row["orders"], nurse_row["net"]) == (
        "398.00",
        2,
        2,
        "398.00",
    )
    assert (nurse_row["staffName"], nurse_row["position"]) == ("张敏", "care therapist")
    assert (seller_row["productSales"], seller_row["clawedBack"], seller_row["net"]) == ("80.00", "-80.00", "0.00")
    assert data["totals"]["serviceAmount"] == "398.00" and data["totals"]["net"] == "398.00"
    net = next(column for column in data["columns"] if column["key"] == "net")
    assert net["drill"]["report"] == "SalesDetail" and net["drill"]["filters"] == {"staffId": "staffId"}
    (trend,) = data["series"]
    assert trend["key"] == "netSales" and len(trend["points"]) == 7
    assert trend["points"][-1] == {"x": timezone.localdate().isoformat(), "y": "398.00"}
    assert trend["points"][0]["y"] == "0.00"
    assert data["asOf"]


def test_a_staff_filter_reads_that_staff_members_figures_and_trend(nurse, seller, owner, sales):
    data = show(owner, staffId=seller.pk)
    assert [row["staffId"] for row in data["list"]] == [seller.pk]
    assert data["series"][0]["points"][-1]["y"] == "0.00"


def test_a_category_narrows_the_figures_to_its_items(nurse, owner, sales, care):
    data = show(owner, categoryId=care.category_id)
    assert [(row["staffId"], row["serviceAmount"], row["orders"]) for row in data["list"]] == [(nurse.pk, "398.00", 2)]
    assert data["totals"]["productSales"] == "0.00"


def test_an_employee_reads_only_their_own_figures(store, nurse, seller, sales, make_entry):
    entry = make_entry(store, codes=["BTN-UNRELATED"], kind="store_employee")
    seller.user = entry.user
    seller.save()
    data = show(api_client(entry=entry), staffId=nurse.pk)
    assert [row["staffId"] for row in data["list"]] == [seller.pk]


def test_grouping_today_shows_todays_position_labelled(store, nurse, owner):
    sold(store, project("298.00", staff=[(nurse, "1")]), day=timezone.localdate() - timedelta(days=1))
    nurse.position = "store_manager"
    nurse.save()
    then = show(owner)
    today = show(owner, grouping="today")
    assert then["list"][0]["position"] == "care therapist"
    assert today["list"][0]["position"] == "store manager"
    label = next(column["label"] for column in today["columns"] if column["key"] == "position")
    assert label == "Position (today)"
