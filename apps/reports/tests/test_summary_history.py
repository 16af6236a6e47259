"""History keeps its context (issue 29 §1): a sale counts for the region its store had, the category
its item had and the position its employee held on the business day; `regroup_today` regroups
by today's values."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.billing.models import Order
from apps.billing.tests.checkout_factories import product, project
from apps.catalog.models import ItemCategoryHistory
from apps.catalog.tests.factories import ProjectCategoryFactory, ProjectFactory
from apps.org.models import StoreRegionHistory
from apps.org.tests.factories import RegionFactory
from apps.reports.summaries.drain import drain
from apps.reports.summaries.selectors import category_figures, region_figures, staff_day_figures
from apps.reports.tests.summary_factories import sold
from apps.staff.models import EmployeePositionHistory
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

D = Decimal


def sold_on(day, store, *lines):
    """A sale paid today and filed under an earlier business day (as a day reopened would take it)."""
    order = sold(store, *lines)
    Order.objects.filter(pk=order.pk).update(business_date=day)
    return order


def test_a_store_moved_to_another_region_keeps_last_months_figures_under_the_old_one(chain):
    store, east = chain["store"], chain["region"]
    west = RegionFactory(parent=chain["head_office"], name="West")
    today = timezone.localdate()
    last_month = today - timedelta(days=30)
    sold_on(last_month, store, product("100.00"))
    drain()
    store.parent = west
    store.save()
    sold(store, product("40.00"))
    drain()
    assert list(StoreRegionHistory.objects.filter(store=store).values_list("region_id", "valid_from")) == [
        (east.pk, StoreRegionHistory.objects.filter(store=store).earliest("valid_from").valid_from),
        (west.pk, today),
    ]
    then = region_figures(stores=[store.pk], date_from=last_month, date_to=today)
    assert [(row["region_id"], row["net_sales"]) for row in then] == [(east.pk, D("100.00")), (west.pk, D("40.00"))]
    now = region_figures(stores=[store.pk], date_from=last_month, date_to=today, regroup_today=True)
    assert [(row["region_id"], row["net_sales"]) for row in now] == [(west.pk, D("140.00"))]


def test_a_move_today_recomputes_todays_rows_under_the_new_region(chain):
    store = chain["store"]
    west = RegionFactory(parent=chain["head_office"], name="West")
    sold(store, product("40.00"))
    drain()
    store.parent = west
    store.save()
    drain()
    today = timezone.localdate()
    assert [row["region_id"] for row in region_figures(stores=[store.pk], date_from=today, date_to=today)] == [west.pk]


def test_a_project_moved_to_another_category_keeps_its_past_sales_under_the_old_one(chain):
    store = chain["store"]
    care = ProjectFactory(name="头皮护理")
    old_category, new_category = care.category, ProjectCategoryFactory(name="养发")
    today = timezone.localdate()
    yesterday = today - timedelta(days=1)
    sold_on(yesterday, store, project("100.00", item_id=care.pk))
    drain()
    care.category = new_category
    care.save()
    sold(store, project("60.00", item_id=care.pk))
    drain()
    assert ItemCategoryHistory.objects.filter(item_type="project", item_id=care.pk).count() == 2
    figures = category_figures(stores=[store.pk], date_from=yesterday, date_to=today, item_types=["project"])
    assert sorted((row["category_id"], row["amount"]) for row in figures) == sorted(
        [(old_category.pk, D("100.00")), (new_category.pk, D("60.00"))]
    )


def test_a_nurse_promoted_keeps_her_past_figures_under_her_old_position(chain):
    store = chain["store"]
    nurse = EmployeeFactory(store=store, position="nurse")
    yesterday = timezone.localdate() - timedelta(days=1)
    sold_on(yesterday, store, project("100.00", staff=[(nurse, "1")]))
    drain()
    nurse.position = "store_manager"
    nurse.save()
    drain()
    assert EmployeePositionHistory.objects.filter(employee=nurse).count() == 2
    (then,) = staff_day_figures(stores=[store.pk], date_from=yesterday, date_to=yesterday)
    (now,) = staff_day_figures(stores=[store.pk], date_from=yesterday, date_to=yesterday, regroup_today=True)
    assert (then["position"], now["position"]) == ("nurse", "store_manager")


def test_a_range_over_a_promotion_shows_the_position_of_the_last_day_with_figures(chain):
    store = chain["store"]
    nurse = EmployeeFactory(store=store, position="nurse")
    care = ProjectFactory(name="头皮护理")
    today = timezone.localdate()
    yesterday = today - timedelta(days=1)
    sold_on(yesterday, store, project("100.00", item_id=care.pk, staff=[(nurse, "1")]))
    drain()
    nurse.position = "store_manager"
    nurse.save()
    sold(store, project("60.00", item_id=care.pk, staff=[(nurse, "1")]))
    drain()
    (both,) = staff_day_figures(stores=[store.pk], date_from=yesterday, date_to=today)
    (in_category,) = staff_day_figures(
        stores=[store.pk], date_from=yesterday, date_to=today, category_id=care.category_id
    )
    (before,) = staff_day_figures(stores=[store.pk], date_from=yesterday, date_to=yesterday)
    assert (both["position"], both["service"]) == ("store_manager", D("160.00"))
    assert (in_category["position"], in_category["service"]) == ("store_manager", D("160.00"))
    assert before["position"] == "nurse"
