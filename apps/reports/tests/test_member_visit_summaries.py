"""The member reports read the member visit summaries (reports migration 0007, docs/decisions/0050)
and answer exactly what their definitions over the orders answer: on a mixed data set (members
filed at one store visiting another, two orders a day, a day at two stores, walk-ins, unpaid orders,
visits before, inside and after the range, labels and sources), every figure of MemberAnalysis,
CustomerAnalysis, CustomerMarketing and MemberOperation equals the one counted straight from the paid
member orders (`Oracle`, the reports' queries before the summaries). The summaries follow the orders
through the drain, are compared by the nightly check and the ledger audit, and are fixed there."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.models import Case, Count, Exists, F, Max, Min, OuterRef, Subquery, Sum, Value, When
from django.db.models.functions import TruncMonth

from apps.billing.choices import OrderStatus
from apps.billing.models import Order
from apps.billing.tests.factories import committed_order
from apps.cards.member_figures import holds_usable_card
from apps.cards.tests.factories import stored_value_card
from apps.core.ledgers import ledger_audits
from apps.core.models import SystemLog
from apps.members.choices import MemberStatus
from apps.members.models import Member, MemberLabel
from apps.members.report_selectors import members_of_stores
from apps.members.tests.factories import MemberFactory
from apps.reports import member_sets as sets
from apps.reports.choices import AuditAction
from apps.reports.definitions.members import HOLDER, NO_CARD
from apps.reports.framework import ReportFilters, reports
from apps.reports.models import MemberVisitDay, MemberVisitSummary, MonthVisitorDay
from apps.reports.summaries.drain import drain
from apps.reports.summaries.recompute import rebuild_member_summaries
from apps.reports.summaries.services import summaries_check
from apps.reports.tests.member_data import days_ago, visit

pytestmark = pytest.mark.django_db


@pytest.fixture
def stores(chain):
    return chain["store"], chain["other_store"]


@pytest.fixture
def mixed(stores):
    """Members whose visits make every figure differ from the next: returning and first-time, lapsed
    and back, second visits within 30, 60 and 90 days, visits after a past range's end."""
    a, b = stores
    gold, silver = MemberLabel.objects.create(name="gold"), MemberLabel.objects.create(name="silver")
    m = {
        "regular": MemberFactory(home_store=a, source="friend", gender="F", labels=[gold]),
        "roamer": MemberFactory(home_store=a, source="web", birthday=date(1990, 5, 1)),
        "lapsed": MemberFactory(home_store=b, labels=[gold, silver], gender="M"),
        "back": MemberFactory(home_store=a, birthday=date(1970, 1, 1)),
        "twice": MemberFactory(home_store=a, source="friend"),
        "b_only": MemberFactory(home_store=b),
        "two_stores": MemberFactory(home_store=b, source="web"),
        "prospect": MemberFactory(home_store=a),
        "late": MemberFactory(home_store=a, labels=[silver]),
    }
    for who, store, ago, price in [
        ("regular", a, 400, "80.00"),
        ("regular", a, 20, "100.00"),
        ("regular", a, 20, "30.00"),  # two orders on one day
        ("regular", b, 10, "55.50"),
        ("roamer", b, 25, "60.00"),  # first visit at the other store
        ("roamer", a, 5, "45.00"),
        ("lapsed", a, 100, "70.00"),
        ("back", a, 200, "90.00"),
        ("back", a, 150, "20.00"),
        ("back", a, 2, "40.00"),
        ("twice", a, 45, "10.00"),
        ("twice", a, 44, "12.00"),
        ("twice", b, 10, "14.00"),
        ("b_only", b, 3, "33.00"),
        ("two_stores", a, 60, "25.00"),
        ("two_stores", b, 60, "26.00"),
        ("two_stores", b, 1, "27.00"),
        ("late", a, 70, "15.00"),
        ("late", a, 0, "16.00"),
    ]:
        visit(store, m[who], days_ago(ago), price=price)
    visit(a, None, days_ago(3))  # a walk-in
    committed_order(store=a, member=m["prospect"])  # unpaid: no visit
    return m


RANGES = [(29, 0), (60, 30), (364, 0), (120, 45)]
LAPSED = ["", "30"]


def filters(stores: tuple[int, ...], first: int, last: int, segment: str | None = None, **extra: str) -> ReportFilters:
    return ReportFilters(
        stores=stores,
        date_from=days_ago(first),
        date_to=days_ago(last),
        staff_id=None,
        category_id=None,
        segment=segment,
        extra=extra,
        own_employee_id=None,
        regroup_today=False,
        user_id=0,
        store_id=None,
    )


class Oracle:
    """The figures counted straight from the paid member orders, as the reports counted them before
    the summaries (a correlated first or last visit per order or member)."""

    def __init__(self, f: ReportFilters) -> None:
        self.f = f
        self.scope = sets.Scope(f.stores, f.date_from, f.date_to, sets.lapsed_days_of(f.extra))

    @staticmethod
    def first_visit(member: Any = None) -> Subquery:
        paid = Order.objects.filter(status=OrderStatus.PAID, member_id=member or OuterRef("pk"))
        return Subquery(paid.order_by().values("member_id").annotate(v=Min("business_date")).values("v")[:1])

    @staticmethod
    def last_visit(as_of: date) -> Subquery:
        paid = Order.objects.filter(status=OrderStatus.PAID, member_id=OuterRef("pk"), business_date__lte=as_of)
        return Subquery(paid.order_by().values("member_id").annotate(v=Max("business_date")).values("v")[:1])

    def visits(self) -> Any:
        return sets.visits(self.scope)

    def lapsed(self) -> Any:
        cutoff = self.f.date_to - timedelta(days=self.scope.lapsed_days)
        return members_of_stores(self.f.stores).annotate(last=self.last_visit(self.f.date_to)).filter(last__lte=cutoff)

    def analysis(self, visit_field: str, member_field: str) -> dict[str, dict[Any, int]]:
        before = Exists(
            Order.objects.filter(
                status=OrderStatus.PAID, member_id=OuterRef("member_id"), business_date__lt=self.f.date_from
            )
        )
        return {
            "newMembers": sets.count_by(sets.new_members(self.scope), member_field),
            "visitors": sets.count_by(self.visits(), visit_field, "member_id"),
            "returning": sets.count_by(self.visits().filter(before), visit_field, "member_id"),
            "lapsed": sets.count_by(self.lapsed(), member_field),
        }

    def customer_group(self) -> Any:
        by = self.f.extra.get("by", "segment")
        if by == "segment":
            return Case(When(first__lt=self.f.date_from, then=Value("returning")), default=Value("new"))
        if by == "cardHolder":
            holds = holds_usable_card(as_of=self.f.date_to, member=OuterRef("member_id"))
            return Case(When(holds, then=Value(HOLDER)), default=Value(NO_CARD))
        if by == "gender":
            return F("member__gender")
        if by == "ageBand":
            return sets.age_band(self.f.date_to, "member__birthday")
        return F("store_id")

    def customer_groups(self) -> dict[Any, tuple[int, int, Decimal]]:
        visits = self.visits().annotate(first=self.first_visit(OuterRef("member_id")))
        if self.f.segment == "new":
            visits = visits.filter(first__gte=self.f.date_from)
        elif self.f.segment == "returning":
            visits = visits.filter(first__lt=self.f.date_from)
        grouped = (
            visits.annotate(group=self.customer_group())
            .order_by()
            .values_list("group")
            .annotate(customers=Count("member_id", distinct=True), visits=Count("pk"), spend=Sum("payable"))
        )
        return {group: (customers, orders, spend) for group, customers, orders, spend in grouped}

    def marketing(self) -> dict[str, dict[str, Any]]:
        """month -> new and returning (customers, orders, spend), and the first-visit cohort."""
        pairs = (
            self.visits()
            .annotate(month=TruncMonth("business_date"))
            .order_by()
            .values_list("month", "member_id")
            .annotate(orders=Count("pk"), spend=Sum("payable"), first=self.first_visit(OuterRef("member_id")))
        )
        months: dict[str, dict[str, Any]] = defaultdict(
            lambda: {"new": [0, 0, Decimal("0")], "ret": [0, 0, Decimal("0")]}
        )
        for month, _member, orders, spend, first in pairs:
            side = "new" if first.strftime("%Y-%m") == month.strftime("%Y-%m") else "ret"
            months[month.strftime("%Y-%m")][side][0] += 1
            months[month.strftime("%Y-%m")][side][1] += orders
            months[month.strftime("%Y-%m")][side][2] += spend
        first_here = self.visits().filter(member_id=OuterRef("pk"), business_date=OuterRef("first"))
        after = Order.objects.filter(
            status=OrderStatus.PAID, member_id=OuterRef("pk"), business_date__gt=OuterRef("first")
        )
        cohort = (
            Member.objects.annotate(first=self.first_visit())
            .filter(first__gte=self.f.date_from, first__lte=self.f.date_to)
            .filter(Exists(first_here))
            .annotate(
                second=Subquery(after.order_by().values("member_id").annotate(v=Min("business_date")).values("v")[:1])
            )
        )
        for member in cohort:
            row = months[member.first.strftime("%Y-%m")]
            row.setdefault("cohort", []).append((member.second - member.first).days if member.second else None)
        return dict(months)

    def months(self) -> tuple[dict[str, int], dict[str, int]]:
        """By month ("YYYY-MM"): the visitors, and of them those who visited before the month."""
        months = self.visits().annotate(month=TruncMonth("business_date"))
        visitors = months.order_by().values_list("month").annotate(n=Count("member_id", distinct=True))
        returning = (
            months.annotate(first=self.first_visit(OuterRef("member_id")))
            .filter(first__lt=F("month"))
            .order_by()
            .values_list("month")
            .annotate(n=Count("member_id", distinct=True))
        )
        return (
            {month.isoformat()[:7]: n for month, n in visitors},
            {month.isoformat()[:7]: n for month, n in returning},
        )

    def served(self, monthly: bool) -> dict[tuple[int, str], int]:
        period = TruncMonth("business_date") if monthly else F("business_date")
        counted = (
            self.visits()
            .annotate(p=period)
            .order_by()
            .values_list("store_id", "p")
            .annotate(n=Count("member_id", distinct=True))
        )
        return {(store, p.isoformat()[: 7 if monthly else 10]): n for store, p, n in counted}


def report(key: str) -> Any:
    registered = reports.get(key)
    assert registered is not None
    return registered()


def store_sets(stores):
    a, b = stores
    return [(a.pk,), (a.pk, b.pk)]


def test_the_visit_summaries_hold_each_members_visit_days(stores, mixed):
    drain()
    a, _b = stores
    regular = MemberVisitDay.objects.get(member=mixed["regular"], store_id=a.pk, business_date=days_ago(20))
    assert (regular.orders, regular.spend) == (2, Decimal("130.00"))
    assert MemberVisitDay.objects.filter(member=mixed["two_stores"], business_date=days_ago(60)).count() == 2
    back = MemberVisitSummary.objects.get(member=mixed["back"])
    assert (back.first_visit, back.second_visit, back.last_visit) == (days_ago(200), days_ago(150), days_ago(2))
    assert not MemberVisitSummary.objects.filter(member=mixed["prospect"]).exists()
    assert MemberVisitDay.objects.filter(member__isnull=True).count() == 0


def test_a_summary_holds_the_visit_day_before_the_last_and_the_first_of_the_recent_ones(stores):
    a, b = stores
    regular = MemberFactory(home_store=a)
    for ago in (90, 80, 70, 60, 50, 40, 30):
        visit(a, regular, days_ago(ago))
    visit(b, regular, days_ago(40))  # a second store the same day is the same visit day
    fewer = MemberFactory(home_store=a)
    visit(a, fewer, days_ago(9))
    drain()

    kept = {s.member_id: (s.previous_visit, s.recent_visits_from) for s in MemberVisitSummary.objects.all()}
    assert kept == {regular.pk: (days_ago(40), days_ago(80)), fewer.pk: (None, None)}
    with connection.cursor() as cursor:
        rebuild_member_summaries(cursor)
    assert {s.member_id: (s.previous_visit, s.recent_visits_from) for s in MemberVisitSummary.objects.all()} == kept


@pytest.mark.parametrize("grouping", ["store", "source", "label"])
def test_member_analysis_equals_its_count_over_the_orders(stores, mixed, grouping):
    analysis = report("MemberAnalysis")
    member_field, visit_field = {
        "store": ("home_store_id", "store_id"),
        "source": ("source", "member__source"),
        "label": ("labels", "member__labels"),
    }[grouping]
    compared = 0
    for chosen in store_sets(stores):
        for first, last in RANGES:
            for lapsed in LAPSED:
                f = filters(chosen, first, last, groupBy=grouping, **({"lapsedDays": lapsed} if lapsed else {}))
                expected = Oracle(f).analysis(visit_field, member_field)
                row_key = {"store": "storeId", "source": "source", "label": "labelId"}[grouping]
                got: dict[str, dict[Any, int]] = defaultdict(dict)
                for row in analysis.rows(f):
                    group = row[row_key]
                    group = {"none": "" if grouping == "source" else None}.get(group, group)
                    for figure in expected:
                        if row[figure]:
                            got[figure][group] = row[figure]
                for figure, counts in expected.items():
                    assert got[figure] == {k: v for k, v in counts.items() if v}, (figure, first, last, lapsed)
                    compared += sum(counts.values())
    assert compared > 50  # the data set gives every figure something to count


def test_member_analysis_totals_and_months_equal_their_counts_over_the_orders(stores, mixed):
    analysis = report("MemberAnalysis")
    for chosen in store_sets(stores):
        for first, last in RANGES:
            f = filters(chosen, first, last)
            oracle = Oracle(f)
            visitors = oracle.visits().values("member_id").distinct().count()
            before = Exists(
                Order.objects.filter(
                    status=OrderStatus.PAID, member_id=OuterRef("member_id"), business_date__lt=f.date_from
                )
            )
            returning = oracle.visits().filter(before).values("member_id").distinct().count()
            totals = analysis.totals(f)
            assert (totals["visitors"], totals["returning"], totals["lapsed"]) == (
                visitors,
                returning,
                oracle.lapsed().count(),
            )
            series = {s.key: dict(s.points) for s in analysis.series(f)}
            assert (series["visitors"], series["returning"]) == oracle.months()


@pytest.mark.parametrize("by", ["segment", "cardHolder", "gender", "ageBand", "store"])
def test_customer_analysis_equals_its_count_over_the_orders(stores, mixed, by):
    analysis = report("CustomerAnalysis")
    if by == "cardHolder":  # holders at both stores, beside members without a card
        stored_value_card(member=mixed["regular"])
        stored_value_card(member=mixed["two_stores"])
    for chosen in store_sets(stores):
        for first, last in RANGES:
            for segment in (None, "new", "returning"):
                f = filters(chosen, first, last, segment, by=by)
                expected = Oracle(f).customer_groups()
                names = analysis._names(f)
                got = {row["name"]: (row["customers"], row["visits"], row["spend"]) for row in analysis.rows(f)}
                assert got == {names.get(g, str(g)): v for g, v in expected.items()}, (by, first, last, segment)


def test_customer_marketing_equals_its_count_over_the_orders(stores, mixed):
    marketing = report("CustomerMarketing")
    for chosen in store_sets(stores):
        for first, last in RANGES:
            f = filters(chosen, first, last)
            expected = Oracle(f).marketing()
            rows = {row["month"]: row for row in marketing.rows(f)}
            assert set(rows) == {month for month, row in expected.items() if row["new"][0] or row["ret"][0]}
            for month, row in rows.items():
                new, ret, cohort = expected[month]["new"], expected[month]["ret"], expected[month].get("cohort", [])
                assert (row["newCustomers"], row["newOrders"], row["newSpend"]) == tuple(new)
                assert (row["returningCustomers"], row["returningOrders"], row["returningSpend"]) == tuple(ret)
                for days in (30, 60, 90):
                    came = sum(1 for gap in cohort if gap is not None and gap <= days)
                    assert row[f"secondVisit{days}"] == sets.percent(came, len(cohort)), (month, days)


@pytest.mark.parametrize("period", ["day", "month"])
def test_member_operation_serves_the_members_the_orders_count(stores, mixed, period):
    operation = report("MemberOperation")
    for chosen in store_sets(stores):
        for first, last in RANGES:
            f = filters(chosen, first, last, period=period)
            expected = Oracle(f).served(period == "month")
            got = {(row["storeId"], row["period"]): row["membersServed"] for row in operation.rows(f)}
            assert {k: v for k, v in got.items() if v} == expected


def test_a_member_moved_to_another_order_moves_their_first_visit(stores, mixed):
    """An order's member changed after it was paid: both members' summaries follow at the drain."""
    drain()
    order = Order.objects.get(member=mixed["lapsed"], business_date=days_ago(100))
    Order.objects.filter(pk=order.pk).update(member=mixed["b_only"])
    drain()
    assert not MemberVisitSummary.objects.filter(member=mixed["lapsed"]).exists()
    moved = MemberVisitSummary.objects.get(member=mixed["b_only"])
    assert (moved.first_visit, moved.second_visit, moved.last_visit) == (days_ago(100), days_ago(3), days_ago(3))
    assert list(ledger_audits()["summaries"]()) == []


def test_the_audit_and_the_nightly_check_find_a_wrong_member_summary_and_the_check_fixes_it(stores, mixed):
    drain()
    assert list(ledger_audits()["summaries"]()) == []
    # The nightly check looks at the members who visited in its last days: "late" came today.
    MemberVisitSummary.objects.filter(member=mixed["late"]).update(second_visit=days_ago(30))
    (found,) = list(ledger_audits()["summaries"]())
    assert found.record == f"member {mixed['late'].pk}" and found.field == "reports_membervisitsummary"
    (difference,) = summaries_check()
    assert difference.member_id == mixed["late"].pk
    assert MemberVisitSummary.objects.get(member=mixed["late"]).second_visit == days_ago(0)
    assert list(ledger_audits()["summaries"]()) == []
    assert SystemLog.objects.filter(action=AuditAction.SUMMARIES_CORRECTED).exists()


def test_a_wrong_visit_day_is_a_store_day_difference(stores, mixed):
    a, _b = stores
    drain()
    MemberVisitDay.objects.filter(member=mixed["late"], store_id=a.pk, business_date=days_ago(0)).update(orders=5)
    (found,) = list(ledger_audits()["summaries"]())
    assert found.field == "reports_membervisitday" and found.record == f"store {a.pk} {days_ago(0).isoformat()}"


def test_a_day_waiting_in_the_queue_is_not_a_difference(stores, mixed):
    a, _b = stores
    drain()
    visit(a, mixed["prospect"], days_ago(7))  # marked, not drained
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM reports_dirtystoreday")
        assert cursor.fetchone()[0] > 0
    assert list(ledger_audits()["summaries"]()) == []
    f = filters((a.pk,), 29, 0)
    assert report("MemberAnalysis").totals(f)["visitors"] == Oracle(f).visits().values("member_id").distinct().count()
    with connection.cursor() as cursor:  # the report drained the queue before counting
        cursor.execute("SELECT count(*) FROM reports_dirtystoreday")
        assert cursor.fetchone()[0] == 0


def test_the_follow_up_lists_the_lapsed_the_orders_give_with_their_last_visit(stores, mixed):
    follow_up = report("CustomerFollowUp")
    for chosen in store_sets(stores):
        for first, last in RANGES:
            for lapsed in LAPSED:
                f = filters(chosen, first, last, **({"lapsedDays": lapsed} if lapsed else {}))
                expected = dict(Oracle(f).lapsed().values_list("pk", "last"))
                got = {row["memId"]: row["lastVisitAt"] for row in follow_up.rows(f)}
                assert got == expected, (first, last, lapsed)


def test_both_stores_are_the_whole_chain_so_the_counts_above_also_read_the_chain_wide_scan(stores):
    """The oracle tests run each figure for one store (the store-set reads) and for both, which are
    every store of the test chain: the chain-wide scan of the visit days' history columns."""
    a, b = stores
    assert sets.whole_chain(sets.Scope((a.pk, b.pk), days_ago(29), days_ago(0)))
    assert not sets.whole_chain(sets.Scope((a.pk,), days_ago(29), days_ago(0)))


def test_each_visit_day_holds_its_members_history_and_a_wrong_one_is_found_and_fixed(stores, mixed):
    a, b = stores
    drain()
    rows = {
        (row.store_id, row.business_date): row
        for row in MemberVisitDay.objects.filter(member=mixed["two_stores"]).order_by("business_date", "store_id")
    }
    first_a, first_b, last_b = rows[(a.pk, days_ago(60))], rows[(b.pk, days_ago(60))], rows[(b.pk, days_ago(1))]
    assert (first_a.first_visit, first_a.second_visit) == (days_ago(60), days_ago(1))
    assert (first_a.previous_visit, first_a.previous_visit_here) == (None, None)
    # The same day at the other store: its previous visit is that day (visits by day, then store).
    assert (first_b.previous_visit, first_b.previous_visit_here) == (days_ago(60), None)
    assert (last_b.previous_visit, last_b.previous_visit_here) == (days_ago(60), days_ago(60))

    MemberVisitDay.objects.filter(pk=last_b.pk).update(previous_visit_here=None)
    (found,) = list(ledger_audits()["summaries"]())
    assert found.record == f"member {mixed['two_stores'].pk}" and '"previousHere" : null' in found.kept
    summaries_check()
    assert MemberVisitDay.objects.get(pk=last_b.pk).previous_visit_here == days_ago(60)
    assert list(ledger_audits()["summaries"]()) == []


def test_a_member_moved_or_cancelled_counts_where_their_file_is_now_and_a_wrong_store_is_found(stores, mixed):
    """The chain's lapsed members are counted from the visit summaries' home store, which the
    member's own change keeps (reports migration 0014's trigger): a move counts them at the new
    store, a cancellation nowhere, as members_of_stores does."""
    a, b = stores
    drain()
    Member.objects.filter(pk=mixed["lapsed"].pk).update(home_store=a)
    Member.objects.filter(pk=mixed["back"].pk).update(status=MemberStatus.CANCELLED)
    assert MemberVisitSummary.objects.get(member=mixed["lapsed"]).home_store_id == a.pk
    assert MemberVisitSummary.objects.get(member=mixed["back"]).home_store_id is None
    analysis = report("MemberAnalysis")
    compared = 0
    for first, last in RANGES:
        for lapsed in LAPSED:
            f = filters((a.pk, b.pk), first, last, **({"lapsedDays": lapsed} if lapsed else {}))
            expected = {k: v for k, v in Oracle(f).analysis("store_id", "home_store_id")["lapsed"].items() if v}
            assert {row["storeId"]: row["lapsed"] for row in analysis.rows(f) if row["lapsed"]} == expected
            compared += sum(expected.values())
            for store in (a, b):  # a store's lapsed list, read from its summaries' index
                one = filters((store.pk,), first, last, **({"lapsedDays": lapsed} if lapsed else {}))
                listed = {row["memId"] for row in report("CustomerFollowUp").rows(one)}
                assert listed == set(Oracle(one).lapsed().values_list("pk", flat=True))
    assert compared > 0
    assert list(ledger_audits()["summaries"]()) == []

    MemberVisitSummary.objects.filter(member=mixed["lapsed"]).update(home_store_id=b.pk)
    (found,) = list(ledger_audits()["summaries"]())
    assert found.record == f"member {mixed['lapsed'].pk}" and f'"home_store_id":{b.pk}' in found.kept.replace(" ", "")


def test_a_late_visit_elsewhere_earlier_in_the_month_moves_the_chains_month_visitor_to_that_day(stores, mixed):
    """A chain's visitors of a month are summed from each store-day's first visits of the month
    (MonthVisitorDay): a visit posted later at another store, earlier in the same month, makes it the
    member's first of the month in the chain, and the store-day that had it loses it (it stays their
    first of the month at its own store)."""
    a, b = stores
    month = (days_ago(0).replace(day=1) - timedelta(days=60)).replace(day=1)
    member = MemberFactory(home_store=a)
    visit(a, member, month + timedelta(days=20))
    drain()
    first = MonthVisitorDay.objects.filter(store_id=a.pk, business_date=month + timedelta(days=20))
    figures = ("visitors", "returning_visitors", "store_visitors")
    assert list(first.values_list(*figures)) == [(1, 0, 1)]
    visit(b, member, month + timedelta(days=5))
    # Only the other store's days: the visit's new product's category history marks every day its
    # kind of item sold on, this store's too, which would recompute the day this test is about.
    drain(stores=[b.pk])
    # Still the member's first visit of the month at this store, no longer in the chain.
    assert list(first.values_list(*figures)) == [(0, 0, 1)]
    moved = MonthVisitorDay.objects.filter(store_id=b.pk, business_date=month + timedelta(days=5))
    assert list(moved.values_list(*figures)) == [(1, 0, 1)]
    assert list(ledger_audits()["summaries"]()) == []
    analysis, operation = report("MemberAnalysis"), report("MemberOperation")
    # From a month's first day (no opening part-month) and from within it, to today and to mid-month.
    for date_from, date_to in [
        (month, days_ago(0)),
        (month + timedelta(days=10), days_ago(0)),
        (month, month + timedelta(days=12)),
    ]:
        f = filters((a.pk, b.pk), (days_ago(0) - date_from).days, (days_ago(0) - date_to).days)
        series = {s.key: dict(s.points) for s in analysis.series(f)}
        assert (series["visitors"], series["returning"]) == Oracle(f).months(), (date_from, date_to)
        # A store's members served by month: its days' first visits of the month at the store.
        by_month = filters(f.stores, (days_ago(0) - date_from).days, (days_ago(0) - date_to).days, period="month")
        served = {(row["storeId"], row["period"]): row["membersServed"] for row in operation.rows(by_month)}
        assert {k: v for k, v in served.items() if v} == Oracle(by_month).served(True), (date_from, date_to)


def test_a_wrong_month_visitor_count_is_found_by_the_audit_and_fixed_by_the_nightly_check(stores, mixed):
    a, _b = stores
    drain()
    today = MonthVisitorDay.objects.get(store_id=a.pk, business_date=days_ago(0))
    MonthVisitorDay.objects.filter(pk=today.pk).update(visitors=today.visitors + 1)
    (found,) = list(ledger_audits()["summaries"]())
    assert found.field == "reports_monthvisitorday" and found.record == f"store {a.pk} {days_ago(0).isoformat()}"
    assert [d.table for d in summaries_check()] == ["reports_monthvisitorday"]
    assert MonthVisitorDay.objects.get(store_id=a.pk, business_date=days_ago(0)).visitors == today.visitors
    assert list(ledger_audits()["summaries"]()) == []
    assert SystemLog.objects.filter(action=AuditAction.SUMMARIES_CORRECTED, detail__has_key="monthVisitors").exists()
