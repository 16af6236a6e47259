"""Product consumption's figures (issue 29 §2): what the orders, refunds and services of the days
say left the shelf, against what the stock ledger moved, with the data made by the till's own
services (an order paid, a refund, a service served, a stocktake)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from unittest import mock

import pytest
from django.utils import timezone

from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.catalog.tests.factories import ProjectConsumableFactory, ProjectFactory
from apps.inventory.choices import MoveKind
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.tests.factories import KEEPER, stocked
from apps.members.tests.factories import MemberFactory
from apps.reports.stock_figures import consumption_rows

pytestmark = pytest.mark.django_db


def paid(store, member, *lines):
    order = committed_order(store=store, member=member, lines=list(lines))
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    return order


def yesterday():
    return mock.patch("django.utils.timezone.now", return_value=timezone.now() - timedelta(days=1))


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def member(store):
    return MemberFactory(home_store=store)


def figures(store, product, day=None, **kwargs):
    day = day or timezone.localdate()
    rows = consumption_rows(store_ids=[store.pk], date_from=day, date_to=day, **kwargs)
    return {row["productId"]: row for row in rows}.get(product.pk)


def test_sold_given_and_refunded_goods_come_from_the_orders_and_the_stock_from_the_ledger(store, member):
    with yesterday():
        shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("50.00"), cost=Decimal("20.00"))
        paid(store, member, line("product", shampoo, qty=2))
    order = paid(
        store, member, line("product", shampoo, qty=3), line("product", shampoo, gift=True, gift_reason="老客")
    )
    sold_line = order.lines.get(gift=False)
    order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(sold_line.pk, qty=1)], reason="不想要了")
    # The count finds one bottle fewer than the ledger holds.
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.STOCKTAKE,
        document_kind="stocktake",
        document_id=1,
        lines=[MoveLine(shampoo.pk, Decimal("-1"))],
    )

    row = figures(store, shampoo)

    assert row["openingStock"] == Decimal("8")
    assert (row["sold"], row["given"], row["refundedBack"]) == (Decimal("3"), Decimal("1"), Decimal("1"))
    assert row["closingStock"] == Decimal("4")
    assert row["goodsIn"] == Decimal("0")
    # 4 left the shelf by the ledger; the orders explain 3 + 1 − 1 = 3: one is missing, worth its cost.
    assert row["difference"] == Decimal("1")
    assert row["differenceValue"] == Decimal("20.00")
    assert (row["productName"], row["categoryName"]) == ("控油洗发水", shampoo.category.name)


def test_a_service_uses_its_consumables_in_use_units_from_the_ledger(store, member):
    with yesterday():
        serum = stocked(store, "1000", name="精华液", use_unit="ml", use_per_unit=Decimal("500"), cost=Decimal("100"))
    project = ProjectFactory(price=Decimal("298.00"))
    ProjectConsumableFactory(project=project, product=serum, quantity=Decimal("20"))

    paid(store, member, line("project", project, qty=2))

    row = figures(store, serum)
    assert row["unit"] == "ml"
    assert row["consumedByProjects"] == Decimal("40")
    assert (row["openingStock"], row["closingStock"]) == (Decimal("1000"), Decimal("960"))
    assert row["difference"] == Decimal("0")
    assert row["differenceValue"] == Decimal("0.00")


def test_goods_received_in_the_days_are_stock_to_work_with_not_a_difference(store, member):
    shampoo = stocked(store, "12")
    row = figures(store, shampoo)
    assert (row["openingStock"], row["goodsIn"], row["closingStock"], row["difference"]) == (
        Decimal("0"),
        Decimal("12"),
        Decimal("12"),
        Decimal("0"),
    )


def test_another_stores_sales_and_stock_are_not_counted(chain, store, member):
    other = chain["other_store"]
    shampoo = stocked(store, "10")
    stocked(other, "30", product=shampoo)
    paid(other, MemberFactory(home_store=other), line("product", shampoo, qty=5))

    row = figures(store, shampoo)
    assert (row["sold"], row["closingStock"]) == (Decimal("0"), Decimal("10"))
    day = timezone.localdate()
    both = consumption_rows(store_ids=[store.pk, other.pk], date_from=day, date_to=day)
    assert {r["productId"]: r["sold"] for r in both}[shampoo.pk] == Decimal("5")


def test_the_product_and_category_filters_keep_only_theirs(store, member):
    shampoo = stocked(store, "10")
    conditioner = stocked(store, "10")
    day = timezone.localdate()
    only = consumption_rows(store_ids=[store.pk], date_from=day, date_to=day, product_id=shampoo.pk)
    assert [row["productId"] for row in only] == [shampoo.pk]
    by_category = consumption_rows(
        store_ids=[store.pk], date_from=day, date_to=day, category_id=conditioner.category_id
    )
    assert [row["productId"] for row in by_category] == [conditioner.pk]


def test_an_earlier_day_does_not_see_todays_moves(store, member):
    shampoo = stocked(store, "10")
    paid(store, member, line("product", shampoo, qty=3))
    assert figures(store, shampoo, day=timezone.localdate() - timedelta(days=1)) is None


def test_a_days_stock_leaves_out_what_moved_after_it_and_a_quiet_product_keeps_its_stock(store, member):
    with yesterday():
        shampoo = stocked(store, "10")
    paid(store, member, line("product", shampoo, qty=3))
    before = figures(store, shampoo, day=timezone.localdate() - timedelta(days=1))
    assert (before["openingStock"], before["goodsIn"], before["sold"], before["closingStock"]) == (0, 10, 0, 10)
    today = figures(store, shampoo)
    assert (today["openingStock"], today["goodsIn"], today["sold"], today["closingStock"]) == (10, 0, 3, 7)
    assert today["difference"] == 0
    # A day after it with nothing moved: the stock held is still shown.
    quiet = figures(store, shampoo, day=timezone.localdate() + timedelta(days=1))
    assert (quiet["openingStock"], quiet["closingStock"], quiet["difference"]) == (7, 7, 0)


def test_every_stores_figures_from_the_chains_product_days_equal_the_ledger_and_the_orders(chain, store, member):
    """Two stores: goods in, sales of a product and of a product package (with a gift), a refund,
    a service's consumables, in-store use and a stocktake, yesterday and today. For every store of
    the chain the report reads the product-day summary; its figures equal what the moves, orders and
    refunds say, product by product, for yesterday, today and both."""
    from apps.billing.ledgers.goods_figures import goods_by_product
    from apps.catalog.tests.factories import ProductPackageFactory, ProductPackageLineFactory
    from apps.inventory.period_selectors import ledger_by_product
    from apps.org.choices import OrgUnitKind
    from apps.org.models import OrgUnit
    from apps.reports.stock_figures import day_start
    from apps.reports.summaries.selectors import chain_product_figures, ensure_fresh

    other = chain["other_store"]
    with yesterday():
        shampoo = stocked(store, "40", name="洗发水", price=Decimal("50.00"))
        serum = stocked(store, "2000", name="精华液", use_unit="ml", use_per_unit=Decimal("500"))
        stocked(other, "25", product=shampoo)
        stocked(other, "1000", product=serum)
        paid(store, member, line("product", shampoo, qty=2))
    package = ProductPackageFactory(price=Decimal("120.00"))
    ProductPackageLineFactory(package=package, product=shampoo, quantity=2)
    ProductPackageLineFactory(package=package, product=serum, quantity=1)
    project = ProjectFactory(price=Decimal("298.00"))
    ProjectConsumableFactory(project=project, product=serum, quantity=Decimal("20"))
    order = paid(
        store, member, line("product", shampoo, qty=3), line("product", shampoo, gift=True, gift_reason="老客")
    )
    order_refund(
        actor=CASHIER,
        order_id=order.lines.get(gift=False).order_id,
        lines=[LineAsked(order.lines.get(gift=False).pk, qty=1)],
        reason="不想要了",
    )
    neighbour = MemberFactory(home_store=other)
    paid(other, neighbour, line("productPackage", package, qty=2), line("project", project, qty=3))
    record_moves(
        actor=KEEPER,
        store=other,
        kind=MoveKind.STOCKTAKE,
        document_kind="stocktake",
        document_id=1,
        lines=[MoveLine(shampoo.pk, Decimal("-1"))],
    )
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.STORE_USE,
        document_kind="storeUse",
        document_id=1,
        lines=[MoveLine(serum.pk, Decimal("-15"))],
    )

    every_store = list(OrgUnit.objects.filter(kind=OrgUnitKind.STORE).values_list("pk", flat=True))
    ensure_fresh(every_store)
    today = timezone.localdate()
    for first, last in ((today - timedelta(days=1),) * 2, (today, today), (today - timedelta(days=1), today)):
        ledger = ledger_by_product(
            store_ids=every_store, start=day_start(first), end=day_start(last + timedelta(days=1))
        )
        goods = goods_by_product(store_ids=every_store, date_from=first, date_to=last)
        assert chain_product_figures(date_from=first, date_to=last) == (ledger, goods)
        assert ledger and goods
