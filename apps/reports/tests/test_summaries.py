"""The summaries (apps.reports.summaries): marked dirty by the writers' own transactions, drained into
the right figures from the facts the real checkout and refund write, and a drain never loses a
writer's change."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import transaction
from django.utils import timezone

from apps.billing.tests.checkout_factories import order_of, product, project
from apps.billing.till.checkout import order_pay
from apps.cards.tests.factories import CASHIER
from apps.catalog.tests.factories import ProjectFactory
from apps.inventory.tests.factories import stocked
from apps.reports.models import (
    CategoryDaySummary,
    DirtyStoreDay,
    StaffCategoryDaySummary,
    StaffDaySummary,
    StoreDaySummary,
    TenderDaySummary,
)
from apps.reports.summaries.drain import drain
from apps.reports.summaries.selectors import ensure_fresh, reads_primary, sales_trend, staff_day_figures, store_totals
from apps.reports.tests.summary_factories import cash, refunded, sold
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def nurse(store):
    return EmployeeFactory(store=store, name="张敏", position="nurse")


@pytest.fixture
def seller(store):
    return EmployeeFactory(store=store, name="吴佳怡", position="front_desk")


def test_a_paid_order_marks_its_store_day_dirty(store):
    sold(store, product("30.00"))
    assert list(DirtyStoreDay.objects.values_list("store_id", "business_date")) == [(store.pk, timezone.localdate())]


def test_a_rolled_back_order_leaves_no_dirty_day(store):
    order = order_of(store=store, lines=[product("30.00")])
    drain()  # the product's goods in (a stock move) marked the day before the order
    assert not DirtyStoreDay.objects.exists()
    with pytest.raises(RuntimeError), transaction.atomic():
        order_pay(actor=CASHIER, order_id=order.pk, tenders=[cash("30.00")])
        assert DirtyStoreDay.objects.exists()
        raise RuntimeError("the checkout failed after paying")
    assert not DirtyStoreDay.objects.exists()


def test_the_drain_computes_the_days_figures_from_the_checkout_and_the_refund(store, nurse, seller):
    care = ProjectFactory(name="头皮护理", price=D("298.00"))
    shampoo = stocked(store, "100", name="洗发水", price=D("80.00"))
    order = sold(
        store,
        project("298.00", item_id=care.pk, staff=[(nurse, "1")]),
        product("80.00", item_id=shampoo.pk, staff=[(seller, "1")]),
    )
    refunded(order, line_index=1)
    assert drain() == 1
    assert not DirtyStoreDay.objects.exists()
    day = StoreDaySummary.objects.get(store_id=store.pk)
    assert (day.business_date, day.region_id, day.orders, day.sessions_served, day.refunds) == (
        timezone.localdate(),
        store.parent_id,
        1,
        1,
        1,
    )
    assert (day.sales, day.service_amount, day.product_amount, day.refunded, day.net_sales) == (
        D("378.00"),
        D("298.00"),
        D("80.00"),
        D("80.00"),
        D("298.00"),
    )
    staff = {row.employee_id: row for row in StaffDaySummary.objects.all()}
    assert (staff[nurse.pk].position, staff[nurse.pk].service, staff[nurse.pk].sessions) == ("nurse", D("298.00"), 1)
    assert (staff[seller.pk].sale, staff[seller.pk].clawed_back, staff[seller.pk].net) == (
        D("80.00"),
        D("-80.00"),
        D("0.00"),
    )
    assert sorted(CategoryDaySummary.objects.values_list("item_type", "category_id", "qty", "amount")) == sorted(
        [("project", care.category_id, 1, D("298.00")), ("product", shampoo.category_id, 1, D("80.00"))]
    )
    by_category = {
        (row.employee_id, row.category_id): (row.service, row.sale, row.clawed_back, row.sessions, row.orders)
        for row in StaffCategoryDaySummary.objects.all()
    }
    assert by_category == {
        (nurse.pk, care.category_id): (D("298.00"), D("0.00"), D("0.00"), 1, 1),
        (seller.pk, shampoo.category_id): (D("0.00"), D("80.00"), D("-80.00"), 0, 1),
    }
    (cash_row,) = TenderDaySummary.objects.all()
    assert (cash_row.method, cash_row.tenders, cash_row.amount, cash_row.refunded) == (
        "cash",
        1,
        D("378.00"),
        D("80.00"),
    )


def test_the_selectors_read_the_drained_figures(store, nurse):
    sold(store, project("100.00", staff=[(nurse, "1")]))
    sold(store, project("50.00", staff=[(nurse, "1")]))
    today = timezone.localdate()
    assert ensure_fresh([store.pk]) == 1
    totals = store_totals(stores=[store.pk], date_from=today, date_to=today)
    assert (totals["orders"], totals["net_sales"], totals["new_members"]) == (2, D("150.00"), 0)
    (row,) = staff_day_figures(stores=[store.pk], date_from=today, date_to=today)
    assert (row["employee_id"], row["service"], row["orders"], row["sessions"]) == (nurse.pk, D("150.00"), 2, 2)
    trend = sales_trend(stores=[store.pk], date_from=today - timezone.timedelta(days=1), date_to=today)
    assert [point["value"] for point in trend] == [D("0"), D("150.00")]


def test_a_day_recomputed_twice_is_unchanged_and_an_emptied_day_loses_its_rows(store):
    sold(store, product("30.00"))
    drain()
    before = list(StoreDaySummary.objects.values())
    DirtyStoreDay.objects.create(
        store_id=store.pk, business_date=timezone.localdate(), txid=1, marked_at=timezone.now()
    )
    drain()
    assert [dict(row, id=None) for row in StoreDaySummary.objects.values()] == [dict(row, id=None) for row in before]
    yesterday = timezone.localdate() - timezone.timedelta(days=1)
    StoreDaySummary.objects.create(store_id=store.pk, business_date=yesterday, orders=3)
    DirtyStoreDay.objects.create(store_id=store.pk, business_date=yesterday, txid=1, marked_at=timezone.now())
    drain()
    assert not StoreDaySummary.objects.filter(business_date=yesterday).exists()


def test_without_a_replica_a_report_drains_and_reads_the_primary(store):
    sold(store, product("30.00"))
    assert reads_primary()
    assert ensure_fresh([store.pk]) == 1
