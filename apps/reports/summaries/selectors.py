"""The summaries, read (see apps.reports.summaries for the selectors' contract). Each selector reads
only the summary tables (a year of a chain is a few hundred thousand rows, read by index), through
the database router: on a replica when there is one (apps.reports.routers). Reading on the primary,
a selector first drains the dirty days of its stores (`ensure_fresh`), so a report in a test or an
embedded deployment without beat is as fresh as the ledgers."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import DEFAULT_DB_ALIAS, router
from django.db.models import CharField, Count, DecimalField, Max, Min, Q, QuerySet, Sum
from django.db.models.functions import Cast, Concat, TruncMonth
from django.utils import timezone

from apps.billing.ledgers.goods_figures import GoodsFigures
from apps.catalog.models import Product
from apps.inventory.period_selectors import REASONS, LedgerFigures
from apps.org.models import OrgUnit
from apps.reports.summaries.drain import drain
from apps.reports.summaries.models import (
    CategoryDaySummary,
    DirtyStoreDay,
    MemberVisitDay,
    MonthVisitorDay,
    ProductDaySummary,
    StaffCategoryDaySummary,
    StaffDaySummary,
    StoreDaySummary,
    TenderDaySummary,
)
from apps.reports.summaries.recompute import STAFF_FIGURES, STORE_FIGURES
from apps.reports.summaries.rows import (
    CategoryFiguresRow,
    RegionFiguresRow,
    StaffFiguresRow,
    StoreDayFiguresRow,
    TenderFiguresRow,
    TrendPoint,
)
from apps.staff.models import Employee

ZERO = Decimal("0.00")
MONEY_FIGURES = frozenset(
    name for name in STORE_FIGURES if isinstance(StoreDaySummary._meta.get_field(name), DecimalField)
)


def reads_primary() -> bool:
    """Whether the summaries are read where they are written (no replica, or a pinned request)."""
    return (router.db_for_read(StoreDaySummary) or DEFAULT_DB_ALIAS) == DEFAULT_DB_ALIAS


def ensure_fresh(stores: Iterable[int]) -> int:
    """Drains the dirty days of `stores` when reading on the primary (a replica's reader cannot
    write; beat drains for it); answers how many store-days were recomputed. One indexed query
    when nothing is dirty."""
    store_list = list(stores)
    if not reads_primary() or not DirtyStoreDay.objects.filter(store_id__in=store_list).exists():
        return 0
    return drain(stores=store_list)


def ensure_fresh_everywhere() -> int:
    """`ensure_fresh` of every store: for the figures a member's visits at any store change (the
    member visit summary: first, second and last visit day)."""
    if not reads_primary() or not DirtyStoreDay.objects.exists():
        return 0
    return drain()


def summaries_as_of(stores: Iterable[int]) -> datetime:
    """When the summaries of `stores` last held every committed fact: now when none of their days
    waits in the queue, else when the oldest waiting change was written."""
    oldest = DirtyStoreDay.objects.filter(store_id__in=list(stores)).aggregate(oldest=Min("marked_at"))["oldest"]
    now = timezone.now()
    return min(oldest, now) if oldest is not None else now


def _range(queryset: QuerySet, stores: Iterable[int], date_from: date, date_to: date) -> QuerySet:  # type: ignore[type-arg]
    return queryset.filter(store_id__in=list(stores), business_date__gte=date_from, business_date__lte=date_to)


def regions_today(stores: Iterable[int]) -> dict[int, int | None]:
    """Each store's region now (its parent, when that is a region)."""
    return {
        row["pk"]: (row["parent_id"] if row["parent__kind"] == "region" else None)
        for row in OrgUnit.objects.filter(pk__in=list(stores)).values("pk", "parent_id", "parent__kind")
    }


def store_day_figures(
    *, stores: Iterable[int], date_from: date, date_to: date, regroup_today: bool = False
) -> list[StoreDayFiguresRow]:
    """Each store-day of the range with figures, by day then store; `region_id` is the store's
    region on that day, or today's with `regroup_today`."""
    store_list = list(stores)
    today = regions_today(store_list) if regroup_today else {}
    rows = _range(StoreDaySummary.objects.all(), store_list, date_from, date_to).order_by("business_date", "store_id")
    return [
        StoreDayFiguresRow(
            store_id=row.store_id,
            business_date=row.business_date,
            region_id=today.get(row.store_id) if regroup_today else row.region_id,
            **{name: getattr(row, name) for name in STORE_FIGURES},  # type: ignore[typeddict-item]
        )
        for row in rows
    ]


def store_totals(*, stores: Iterable[int], date_from: date, date_to: date) -> dict[str, Decimal | int]:
    """The range's figures summed over `stores` (one aggregate query)."""
    sums = _range(StoreDaySummary.objects.all(), stores, date_from, date_to).aggregate(
        **{name: Sum(name) for name in STORE_FIGURES}
    )
    return {
        name: sums[name] if sums[name] is not None else (ZERO if name in MONEY_FIGURES else 0) for name in STORE_FIGURES
    }


def region_figures(
    *, stores: Iterable[int], date_from: date, date_to: date, regroup_today: bool = False
) -> list[RegionFiguresRow]:
    """The range's net sales, sales and orders by region: the region each store had on each day
    (a store moved last week keeps its earlier days under its old region), or, with
    `regroup_today`, the region each store has now."""
    totals: dict[int | None, RegionFiguresRow] = {}
    for row in store_day_figures(stores=stores, date_from=date_from, date_to=date_to, regroup_today=regroup_today):
        region = totals.setdefault(
            row["region_id"], RegionFiguresRow(region_id=row["region_id"], orders=0, sales=ZERO, net_sales=ZERO)
        )
        region["orders"] += row["orders"]
        region["sales"] += row["sales"]
        region["net_sales"] += row["net_sales"]
    return sorted(totals.values(), key=lambda row: (row["region_id"] is None, row["region_id"] or 0))


_DAY_CHARS = len("YYYY-MM-DD")


def staff_day_figures(
    *,
    stores: Iterable[int],
    date_from: date,
    date_to: date,
    employee_id: int | None = None,
    category_id: int | None = None,
    regroup_today: bool = False,
) -> list[StaffFiguresRow]:
    """Each employee's figures over the range (at every store of `stores` they worked in), by
    employee id; with `category_id`, only what they did with items of that category (as the items
    were categorised on the day). `position` is the one they held on their last day with figures
    in the range, or today's with `regroup_today`."""
    rows = _range(StaffDaySummary.objects.all(), stores, date_from, date_to)
    if employee_id is not None:
        rows = rows.filter(employee_id=employee_id)
    figures = rows
    if category_id is not None:
        figures = _range(StaffCategoryDaySummary.objects.filter(category_id=category_id), stores, date_from, date_to)
        if employee_id is not None:
            figures = figures.filter(employee_id=employee_id)
    # The position of an employee's last day in the range rides on the same aggregate: the greatest
    # "YYYY-MM-DD" || position of their days (one hashed pass, not a sort of every staff-day).
    last_day = Max(Concat(Cast("business_date", CharField()), "position", output_field=CharField()))
    sums = figures.order_by().values("employee_id").annotate(**{name: Sum(name) for name in STAFF_FIGURES})
    if category_id is None:
        sums = sums.annotate(last_day=last_day)
        positions = {row["employee_id"]: row["last_day"][_DAY_CHARS:] for row in sums}
    else:
        positions = {
            employee: last[_DAY_CHARS:]
            for employee, last in rows.order_by().values_list("employee_id").annotate(last_day=last_day)
        }
    if regroup_today:
        positions = dict(Employee.objects.filter(pk__in=list(positions)).values_list("pk", "position"))
    return [
        StaffFiguresRow(
            employee_id=row["employee_id"],
            position=positions.get(row["employee_id"], ""),
            **{name: row[name] for name in STAFF_FIGURES},  # type: ignore[typeddict-item]
        )
        for row in sorted(sums, key=lambda row: row["employee_id"])
    ]


def sales_trend(
    *,
    stores: Iterable[int],
    date_from: date,
    date_to: date,
    employee_id: int | None = None,
    category_id: int | None = None,
) -> list[TrendPoint]:
    """Net sales by day over the range (every day, 0 where nothing sold): of the stores, of one
    employee (their net figures), of one category (what its items sold, as categorised then), or
    of one employee in one category."""
    if employee_id is not None and category_id is not None:
        queryset = _range(
            StaffCategoryDaySummary.objects.filter(employee_id=employee_id, category_id=category_id),
            stores,
            date_from,
            date_to,
        )
        field = "net"
    elif employee_id is not None:
        queryset = _range(StaffDaySummary.objects.filter(employee_id=employee_id), stores, date_from, date_to)
        field = "net"
    elif category_id is not None:
        queryset = _range(CategoryDaySummary.objects.filter(category_id=category_id), stores, date_from, date_to)
        field = "amount"
    else:
        queryset = _range(StoreDaySummary.objects.all(), stores, date_from, date_to)
        field = "net_sales"
    by_day = dict(
        queryset.order_by().values("business_date").annotate(value=Sum(field)).values_list("business_date", "value")
    )
    days = (date_to - date_from).days + 1
    return [
        TrendPoint(business_date=day, value=by_day.get(day, ZERO))
        for day in (date_from + timedelta(days=offset) for offset in range(days))
    ]


def category_figures(
    *, stores: Iterable[int], date_from: date, date_to: date, item_types: Iterable[str] | None = None
) -> list[CategoryFiguresRow]:
    """Quantity and amount by item type and the category each item had on the day it sold."""
    rows = _range(CategoryDaySummary.objects.all(), stores, date_from, date_to)
    if item_types is not None:
        rows = rows.filter(item_type__in=list(item_types))
    return [
        CategoryFiguresRow(
            item_type=row["item_type"], category_id=row["category_id"], qty=row["qty"], amount=row["amount"]
        )
        for row in rows.order_by("item_type", "category_id")
        .values("item_type", "category_id")
        .annotate(qty=Sum("qty"), amount=Sum("amount"))
    ]


def tender_figures(*, stores: Iterable[int], date_from: date, date_to: date) -> list[TenderFiguresRow]:
    """Takings by method over the range: tenders, amount taken and amount refunded."""
    return [
        TenderFiguresRow(method=row["method"], tenders=row["tenders"], amount=row["amount"], refunded=row["refunded"])
        for row in _range(TenderDaySummary.objects.all(), stores, date_from, date_to)
        .order_by("method")
        .values("method")
        .annotate(tenders=Sum("tenders"), amount=Sum("amount"), refunded=Sum("refunded"))
    ]


def chain_product_figures(
    *, date_from: date, date_to: date, product_id: int | None = None, category_id: int | None = None
) -> tuple[dict[int, LedgerFigures], dict[int, GoodsFigures]]:
    """Every store's ledger and goods by product over the days, from the chain's product-day
    summary: as apps.inventory.period_selectors.ledger_by_product and
    apps.billing.ledgers.goods_figures.goods_by_product answer for all the stores. The stock at the
    start is the net of every day before it (the ledger starts from nothing), at the end that and
    the days' net. One aggregate over the product-days up to `date_to`."""
    rows = ProductDaySummary.objects.filter(business_date__lte=date_to)
    if product_id is not None:
        rows = rows.filter(product_id=product_id)
    if category_id is not None:
        rows = rows.filter(product_id__in=Product.objects.filter(category_id=category_id).values("pk"))
    within = Q(business_date__gte=date_from)
    sums = (
        rows.order_by()
        .values("product_id")
        .annotate(
            before=Sum("net", filter=~within, default=ZERO),
            moves=Sum("moves", filter=within, default=0),
            **{name: Sum(name, filter=within, default=ZERO) for name in _PRODUCT_DAY_SUMS},
        )
    )
    ledger: dict[int, LedgerFigures] = {}
    goods: dict[int, GoodsFigures] = {}
    rows_summed: list[dict[str, Any]] = [dict(row) for row in sums]  # ** annotations: beyond the stubs
    for row in rows_summed:
        opening = row["before"]
        closing = opening + row["net"]
        if opening or closing or row["moves"]:
            # The summary's columns are REASONS' sums, "sales" kept as `sales_moved`.
            moved = {reason: row["sales_moved" if reason == "sales" else reason] for reason in REASONS}
            ledger[row["product_id"]] = LedgerFigures.of_moves(opening=opening, closing=closing, moved=moved)
        if row["sold"] or row["given"] or row["refunded_back"]:
            goods[row["product_id"]] = GoodsFigures(sold=row["sold"], given=row["given"], refunded=row["refunded_back"])
    return ledger, goods


_PRODUCT_DAY_SUMS = (
    "goods_in",
    "sales_moved",
    "consumed",
    "store_use",
    "written_off",
    "stocktake",
    "net",
    "sold",
    "given",
    "refunded_back",
)


# The store-day figures MemberOperation shows, by the names it shows them under.
MEMBER_OPERATION_FIGURES = {
    "membersServed": "members_served",
    "newMembers": "new_members",
    "cardsSold": "cards_sold",
    "toppedUp": "card_topped_up",
    "storedValueSpent": "card_value_spent",
    "sessionsServed": "card_sessions_used",
    "pointsGiven": "points_given",
    "pointsUsed": "points_used",
}
_ANY_MEMBER_OPERATION = Q()
for _column in MEMBER_OPERATION_FIGURES.values():
    _ANY_MEMBER_OPERATION |= ~Q(**{_column: 0})


def member_operation_days(*, stores: Iterable[int], date_from: date, date_to: date) -> QuerySet[StoreDaySummary]:
    """The store-days of the range with a member operation figure (MEMBER_OPERATION_FIGURES), for
    the report to page, sort and sum in SQL; members served is per day (a member counts once a day)."""
    return _range(StoreDaySummary.objects.all(), stores, date_from, date_to).filter(_ANY_MEMBER_OPERATION)


def first_whole_month(day: date) -> date:
    """The first day of the first month that starts on or after `day`: where a range from `day`
    stops having an opening part-month (the month visitors' sums apply from there)."""
    month = day.replace(day=1)
    return month if day == month else (month + timedelta(days=31)).replace(day=1)


def member_operation_months(
    *, stores: Iterable[int], date_from: date, date_to: date
) -> list[tuple[int, date, dict[str, Decimal | int]]]:
    """(store, month's first day, figures by MEMBER_OPERATION_FIGURES' names) of each store-month
    with a figure, summed from the store-days but for members served: the store-days count a member
    once a day, the month once (their first visit of the month at the store, MonthVisitorDay; in a
    range's opening part-month, distinct over its visit days: the first may be before the range)."""
    store_list = list(stores)
    summed = (
        member_operation_days(stores=store_list, date_from=date_from, date_to=date_to)
        .annotate(month=TruncMonth("business_date"))
        .order_by()
        .values_list("store_id", "month")
        .annotate(*(Sum(column) for name, column in MEMBER_OPERATION_FIGURES.items() if name != "membersServed"))
    )
    whole_from = first_whole_month(date_from)
    opening = _range(MemberVisitDay.objects.all(), store_list, date_from, min(date_to, whole_from - timedelta(days=1)))
    served = dict(
        ((store, month), n)
        for store, month, n in opening.order_by()
        .values_list("store_id", "month")
        .annotate(n=Count("member_id", distinct=True))
    )
    for store, month, n in (
        _range(MonthVisitorDay.objects.all(), store_list, whole_from, date_to)
        .annotate(month=TruncMonth("business_date"))
        .order_by()
        .values_list("store_id", "month")
        .annotate(n=Sum("store_visitors"))
    ):
        served[(store, month)] = n
    names = [name for name in MEMBER_OPERATION_FIGURES if name != "membersServed"]
    return [
        (store, month, {"membersServed": served.get((store, month), 0), **dict(zip(names, sums, strict=True))})
        for store, month, *sums in summed
    ]
