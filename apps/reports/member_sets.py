"""The sets of members the member reports count and list (docs/api.md "Member reports"), defined
once so that a figure and the list it drills to are the same members.

- new: filed in one of the stores in the range (home store, `created_at`);
- visitors: had a visit (a paid member order, apps.billing.orders.member_visits) in one of the
  stores in the range, wherever they are filed;
- returning: visitors who had visited (any store) before the range; firstVisit: the other visitors;
- lapsed: members of the stores who have visited, but not in the `lapsed_days` up to the range's end;
- a lifecycle stage (STAGES, `with_stage`): members of the stores as at the range's end.

The counts read the member visit summaries (apps.reports.summaries: the visit days of each member,
store and day, and each member's first, second and last visit day; docs/decisions/0050), never the
orders: a chain's year is a few set-based joins. They are the orders' figures once the queue is
drained, which `members_fresh` does on the primary (a member's first visit may be at any store, so
every store's waiting days); the lists of members keep reading the orders where a page of them is
cheaper so (`visits`, `member_set`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, router, transaction
from django.db.models import (
    Case,
    CharField,
    Count,
    DateField,
    Exists,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.lookups import GreaterThanOrEqual, IsNull, LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from apps.billing.orders import member_visits
from apps.cards.member_figures import card_types_held, holds_card_type
from apps.core.lazy_text import StrOrPromise
from apps.members.models import Member
from apps.members.report_selectors import day_start, filed_between, members_of_stores
from apps.org.models import OrgUnit
from apps.reports.summaries.models import RECENT_VISITS, MemberVisitDay, MemberVisitSummary
from apps.reports.summaries.selectors import ensure_fresh, ensure_fresh_everywhere, first_whole_month

LAPSED_DAYS = 90
LAPSED_DAYS_MAX = 3650
# Visited, but not in the last AT_RISK_DAYS (and not lapsed yet): at risk.
AT_RISK_DAYS = 60
# Visit days in the YEAR_DAYS up to the range's end that make a member loyal (the visit summary keeps
# the first of a member's last RECENT_VISITS).
LOYAL_VISITS = RECENT_VISITS
YEAR_DAYS = 365

ALL, NEW, VISITORS, RETURNING, FIRST_VISIT, LAPSED = "members", "new", "visitors", "returning", "firstVisit", "lapsed"
SETS: tuple[tuple[str, StrOrPromise], ...] = (
    (ALL, _("Members of the stores")),
    (NEW, _("New members")),
    (VISITORS, _("Visiting members")),
    (RETURNING, _("Returning members")),
    (FIRST_VISIT, _("First-visit members")),
    (LAPSED, _("Lapsed members")),
)

# The lifecycle, in the funnel's order (docs/api.md "Member lifecycle").
STAGES: tuple[tuple[str, StrOrPromise], ...] = (
    ("prospect", _("Prospect (no purchase yet)")),
    ("firstPurchase", _("First purchase")),
    ("repeat", _("Repeat")),
    ("loyal", _("Loyal")),
    ("atRisk", _("At risk")),
    ("lapsed", _("Lapsed")),
    ("wonBack", _("Won back")),
)
STAGE_KEYS = tuple(key for key, _label in STAGES)
STAGE_PREFIX = "stage:"


@dataclass(frozen=True)
class Scope:
    stores: tuple[int, ...]
    date_from: date
    date_to: date
    lapsed_days: int = LAPSED_DAYS


def lapsed_days_of(extra: Mapping[str, str]) -> int:
    """The `lapsedDays` extra filter: whole days from 1 to LAPSED_DAYS_MAX, else the default."""
    raw = extra.get("lapsedDays", "")
    return int(raw) if raw.isdigit() and 1 <= int(raw) <= LAPSED_DAYS_MAX else LAPSED_DAYS


def visits(scope: Scope) -> QuerySet[Any]:
    return member_visits.visits(store_ids=scope.stores, date_from=scope.date_from, date_to=scope.date_to)


def members_fresh() -> None:
    """The member visit summaries brought up to every committed order (on the primary): a
    member's first, second and last visit may be at a store outside the report's."""
    ensure_fresh_everywhere()


def stores_fresh(scope: Scope) -> None:
    """The stores' visit days brought up to every committed order (on the primary)."""
    ensure_fresh(scope.stores)


FIRST_VISIT_OF_DAY = "visitor__first_visit"
SECOND_VISIT_OF_DAY = "visitor__second_visit"


def visit_days(scope: Scope) -> QuerySet[MemberVisitDay]:
    """The members' visit days at the stores in the range (a row per member, store and day, with
    its paid orders and spend): what `visits` holds, summed by member, store and day."""
    return MemberVisitDay.objects.filter(
        store_id__in=scope.stores, business_date__gte=scope.date_from, business_date__lte=scope.date_to
    )


def lapsed_q(scope: Scope, summary: str = "visit_summary__", member: str = "pk") -> Q:
    """A member of the stores (their visit summary's home store: members_of_stores' condition, kept
    with the summary) whose last visit up to the range's end was `lapsed_days` or more before it: a
    visit on or before the cut-off (their first), and none after it up to the range's end (their last
    is before the cut-off, or after the range's end with no visit day between: the one probe of
    member_visit_day_member, only for the members who visited after the range). Of a member
    (`summary`: the path to their visit summary, `member`: to their id), or of a visit summary
    (`summary=""`, `member="member_id"`)."""
    cutoff = scope.date_to - timedelta(days=scope.lapsed_days)
    came_back = MemberVisitDay.objects.filter(
        member_id=OuterRef(member), business_date__gt=cutoff, business_date__lte=scope.date_to
    )
    return Q(**{f"{summary}home_store_id__in": scope.stores, f"{summary}first_visit__lte": cutoff}) & (
        Q(**{f"{summary}last_visit__lte": cutoff})
        | Q(Q(**{f"{summary}last_visit__gt": scope.date_to}), ~Exists(came_back))
    )


def with_last_visit(members: QuerySet[Member], scope: Scope) -> QuerySet[Member]:
    """`last_visit_at_end`: the member's last visit up to the range's end, their summary's last visit
    when that is not after it (a probe of the orders only for the members who came back since)."""
    return members.annotate(
        last_visit_at_end=Case(
            When(visit_summary__last_visit__lte=scope.date_to, then=F("visit_summary__last_visit")),
            default=member_visits.last_visit(as_of=scope.date_to),
            output_field=DateField(),
        )
    )


def new_members(scope: Scope) -> QuerySet[Member]:
    return members_of_stores(scope.stores).filter(filed_between(scope.date_from, scope.date_to))


def lapsed_members(scope: Scope) -> QuerySet[Member]:
    """The stores' lapsed members: a store's are read from member_summary_store_last, and only theirs
    from the million members' rows."""
    members_fresh()
    return Member.objects.filter(lapsed_q(scope))


def lapsed_summaries(scope: Scope) -> QuerySet[MemberVisitSummary]:
    """The visit summaries of the stores' lapsed members (`lapsed_members`, without their rows)."""
    members_fresh()
    return MemberVisitSummary.objects.filter(lapsed_q(scope, summary="", member="member_id"))


def lapsed_by_home_store(scope: Scope) -> dict[int, int]:
    """home store -> lapsed members, counted from the visit summaries alone: a chain's count is one
    scan of them, not a hashed join with every member."""
    summaries = lapsed_summaries(scope)
    with probing(summaries.db):
        return dict(summaries.order_by().values_list("home_store_id").annotate(n=Count("*")))


def lapsed_by(scope: Scope, grouping: str) -> dict[Any, int]:
    """Lapsed members by `grouping` (VISITING_GROUPS: the store is their home store): their visit
    summaries joined to their source or labels (a member in each of their labels' groups, one
    without in None's), not to the members' table."""
    if grouping == "store":
        return lapsed_by_home_store(scope)
    group, join = VISITING_GROUPS[grouping]
    summaries_sql, params = lapsed_summaries(scope).order_by().values("member_id").query.sql_with_params()
    sql = f"SELECT {group}, count(*) FROM ({summaries_sql}) AS v(member_id) {join} GROUP BY 1"
    return dict(_fetch(sql, params, work_mem=MEMBERS_HASHED))


def member_set(scope: Scope, name: str) -> QuerySet[Member]:
    """The members of set `name` (SETS, or STAGE_PREFIX + a stage)."""
    if name.startswith(STAGE_PREFIX):
        return members_at_stage(members_as_at(scope), scope, name.removeprefix(STAGE_PREFIX))
    if name == ALL:
        return members_as_at(scope)
    if name == NEW:
        return new_members(scope)
    if name == LAPSED:
        return lapsed_members(scope)
    # From the visit days and the members' first visit (the orders' own figures once drained): a
    # chain's year of visitors is a semi-join of the members with the visit days, where a probe of
    # the orders for each of a million members took seconds to count.
    members_fresh()
    members = Member.objects.filter(Exists(visit_days(scope).filter(member_id=OuterRef("pk"))))
    if name == RETURNING:
        return members.filter(visit_summary__first_visit__lt=scope.date_from)
    if name == FIRST_VISIT:
        return members.filter(visit_summary__first_visit__gte=scope.date_from)
    return members


def members_as_at(scope: Scope) -> QuerySet[Member]:
    """The stores' members filed by the range's end: the lifecycle's population."""
    return members_of_stores(scope.stores).filter(created_at__lt=day_start(scope.date_to + timedelta(days=1)))


def _stage(scope: Scope, last: Any, previous: Any, recent_from: Any) -> Case:
    """The lifecycle's rule over a member's last visit day up to the range's end, the visit day
    before it and the first of their last LOYAL_VISITS (expressions; None: no such day)."""
    as_of = scope.date_to
    return Case(
        When(IsNull(last, True), then=Value("prospect")),
        When(LessThanOrEqual(last, as_of - timedelta(days=scope.lapsed_days)), then=Value("lapsed")),
        When(LessThanOrEqual(last, as_of - timedelta(days=AT_RISK_DAYS)), then=Value("atRisk")),
        When(LessThanOrEqual(previous + timedelta(days=scope.lapsed_days), last), then=Value("wonBack")),
        When(GreaterThanOrEqual(recent_from, as_of - timedelta(days=YEAR_DAYS - 1)), then=Value("loyal")),
        When(IsNull(previous, False), then=Value("repeat")),
        default=Value("firstPurchase"),
        output_field=CharField(),
    )


def stage_of(scope: Scope) -> Case:
    """The lifecycle stage as at the range's end of the member a Member queryset's row is, the first
    rule that holds: no visit yet: prospect; last visit `lapsed_days` or more ago: lapsed;
    AT_RISK_DAYS or more ago: at risk; came back after a gap of `lapsed_days` or more: won back;
    LOYAL_VISITS visit days in the YEAR_DAYS up to the end: loyal; two visit days or more: repeat;
    else first purchase. Read from the member's visit summary when they have not visited since the
    range's end (a chain's members are one join), else from their visit days up to it (a day's row
    at its first store holds the day before it: MemberVisitDay.previous_visit)."""
    members_fresh()
    summary = "visit_summary__"
    as_kept = _stage(scope, F(f"{summary}last_visit"), F(f"{summary}previous_visit"), F(f"{summary}recent_visits_from"))
    days = MemberVisitDay.objects.filter(member_id=OuterRef("pk"), business_date__lte=scope.date_to).order_by()
    first_of_day = days.filter(Q(previous_visit__isnull=True) | Q(previous_visit__lt=F("business_date")))
    as_at_end = _stage(
        scope,
        _of_member(days, Max("business_date")),
        _of_member(days.filter(previous_visit__lt=F("business_date")), Max("previous_visit")),
        Subquery(first_of_day.order_by("-business_date").values("business_date")[LOYAL_VISITS - 1 : LOYAL_VISITS]),
    )
    return Case(
        When(**{f"{summary}last_visit__isnull": True}, then=Value("prospect")),
        When(**{f"{summary}last_visit__lte": scope.date_to}, then=as_kept),
        default=as_at_end,
        output_field=CharField(),
    )


def _of_member(days: QuerySet[MemberVisitDay], value: Any) -> Subquery:
    return Subquery(days.values("member_id").annotate(v=value).values("v")[:1], output_field=DateField())


def member_stages(members: QuerySet[Member], scope: Scope) -> dict[int, str]:
    """member id -> stage."""
    return dict(members.annotate(stage=stage_of(scope)).values_list("pk", "stage"))


def members_at_stage(members: QuerySet[Member], scope: Scope, stage: str) -> QuerySet[Member]:
    return members.alias(stage=stage_of(scope)).filter(stage=stage)


def stage_counts(members: QuerySet[Member], scope: Scope, group: str | None = None) -> dict[Any, dict[str, int]]:
    """group value -> stage -> members (no group: the one entry None). `group` is a member field path
    ("source", "labels", "home_store")."""
    grouped = {"grp": F(group)} if group else {}
    rows = members.annotate(stage=stage_of(scope)).order_by().values("stage", **grouped).annotate(n=Count("*"))
    with probing(members.db, jit=False):
        return _stage_matrix((row.get("grp"), row["stage"], row["n"]) for row in rows)


def _stage_matrix(counts: Iterable[tuple[Any, str, int]]) -> dict[Any, dict[str, int]]:
    """(group, stage, members) rows as group -> every stage -> members (0 where none)."""
    counted: dict[Any, dict[str, int]] = {}
    for group, stage, n in counts:
        counted.setdefault(group, {})[stage] = n
    return {group: {key: row.get(key, 0) for key in STAGE_KEYS} for group, row in counted.items()}


def stage_counts_by_card_type(members: QuerySet[Member], scope: Scope) -> dict[int, dict[str, int]]:
    """card type -> stage -> members who hold a usable card of it (a member in each type they hold):
    the members' stages joined to their usable cards in one pass (2.9 s for a chain at §6's scale),
    where a count per type read the chain's stages once for each (6.4 s). A member is counted once
    per type in the aggregate: a distinct list of the cards' members and types first was built by each
    parallel worker apart (4.3 s)."""
    staged_sql, staged_params = (
        members.annotate(stage=stage_of(scope)).order_by().values_list("pk", "stage").query.sql_with_params()
    )
    held_sql, held_params = card_types_held(as_of=scope.date_to).query.sql_with_params()
    sql = (
        f"SELECT h.card_type_id, s.stage, count(DISTINCT s.member_id) FROM ({staged_sql}) AS s(member_id, stage) "
        f"JOIN ({held_sql}) AS h(member_id, card_type_id) ON h.member_id = s.member_id GROUP BY 1, 2"
    )
    return _stage_matrix(_fetch(sql, (*staged_params, *held_params), work_mem=MEMBERS_HASHED, jit=False))


def card_type_members(members: QuerySet[Member], card_type_id: int, as_of: date) -> QuerySet[Member]:
    return members.filter(holds_card_type(card_type_id=card_type_id, as_of=as_of))


# (the youngest age of the band, its key); a birthday unknown is "unknown".
AGE_BANDS = ((50, "50+"), (40, "40-49"), (30, "30-39"), (20, "20-29"), (0, "<20"))
UNKNOWN_AGE = "unknown"


def years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February in a year without one
        return day.replace(year=day.year - years, day=28)


def age_band(as_of: date, birthday: str = "birthday") -> Case:
    """The age band at `as_of` of the member a `birthday` field path names."""
    return Case(
        *(When(**{f"{birthday}__lte": years_before(as_of, age)}, then=Value(band)) for age, band in AGE_BANDS),
        default=Value(UNKNOWN_AGE),
        output_field=CharField(),
    )


def count_by(queryset: QuerySet[Any], group: str, member: str = "pk", *, one_row_each: bool = False) -> dict[Any, int]:
    """Distinct members of `queryset` by `group` (a field path). `one_row_each`: the queryset holds
    each member once per group (a member's own field, or each of their labels, and no other join
    that multiplies them), so rows are counted, hashed, not sorted for a distinct count."""
    with probing(queryset.db):
        return dict(queryset.order_by().values_list(group).annotate(n=Count(member, distinct=not one_row_each)))


@contextmanager
def probing(using: str | None = None, *, jit: bool = True) -> Iterator[None]:
    """The member figures' reads planned for data in memory (random_page_cost 1.1, for this
    transaction only): the visit days and summaries are small, hot and indexed, and PostgreSQL's
    default costs (a disk's) make a store's month hash the whole member summary (95,000 rows at
    scale 0.1) instead of probing the few members it visited by key; a chain's year still hashes.
    `jit=False`: without JIT compilation, for a query whose cost PostgreSQL overestimates (a stage's
    subqueries, run only for the members who visited after the range, are costed as if run for every
    member: 0.56 s of JIT in a 2.8 s count); a chain's scans of the visit days gain from it."""
    alias = using or summaries_database()
    with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
        cursor.execute("SET LOCAL random_page_cost = 1.1")
        if not jit:
            cursor.execute("SET LOCAL jit = off")
        yield


def summaries_database() -> str:
    """Where the member summaries are read: the replica when the router sends reports' reads there."""
    return router.db_for_read(MemberVisitDay) or DEFAULT_DB_ALIAS


# work_mem of a statement that hashes every member (a million ids and a group): in memory, not in batches on disk.
MEMBERS_HASHED = "256MB"


def _fetch(
    sql: str, params: Sequence[Any] | Mapping[str, Any], work_mem: str | None = None, *, jit: bool = True
) -> list[tuple[Any, ...]]:
    """The rows of `sql` on the summaries' database, planned as `probing` says (`work_mem`: for this
    statement's transaction, where a hash of every member must not spill to disk)."""
    alias = summaries_database()
    with probing(alias, jit=jit), connections[alias].cursor() as cursor:
        if work_mem is not None:
            cursor.execute("SELECT set_config('work_mem', %s, true)", [work_mem])
        cursor.execute(sql, params)
        return cursor.fetchall()


# Visitors and returning visitors (first visit before the range, or for a month before the month) by
# group, by month and in all, from one pass over the visit days: each (group, member), (month,
# member) and member once (GROUPING SETS), then counted. GROUPING(g, month) names the set: 1 the
# groups, 2 the months, 3 the whole.
_VISITING_SQL = """
SELECT t.sets, t.g, t.month, count(*),
    count(*) FILTER (WHERE t.first < CASE WHEN t.sets = 2 THEN t.month ELSE %(from)s END)
FROM (
    SELECT GROUPING(x.g, x.month) AS sets, x.g, x.month, x.member_id, x.first
    FROM (
        SELECT {group} AS g, v.month, v.member_id,
            s.first_visit AS first
        FROM reports_membervisitday v JOIN reports_membervisitsummary s ON s.member_id = v.member_id {join}
        WHERE v.store_id = ANY(%(stores)s) AND v.business_date >= %(from)s AND v.business_date <= %(to)s
    ) AS x
    GROUP BY GROUPING SETS ((x.g, x.member_id, x.first), (x.month, x.member_id, x.first), (x.member_id, x.first))
) AS t
GROUP BY t.sets, t.g, t.month
"""
# What a visit day's member is grouped by: the store visited, or the member's source or labels (a
# member in each of their labels' groups, a member without one in None's).
VISITING_GROUPS = {
    "store": ("v.store_id", ""),
    "source": ("m.source", "JOIN members_member m ON m.id = v.member_id"),
    "label": ("ml.memberlabel_id", "LEFT JOIN members_member_labels ml ON ml.member_id = v.member_id"),
}


@dataclass(frozen=True)
class Visiting:
    """Distinct visitors and, of them, returning ones: (visitors, returning) by group, by month (the
    month's first day; returning: visited before the month) and in all."""

    by_group: dict[Any, tuple[int, int]]
    by_month: dict[date, tuple[int, int]]
    total: tuple[int, int]


# The same for every store of the chain grouped by store, from the range's visit days that are their
# member's first at their store in the range (their previous visit there is before it): a member
# counts at each store they visited, on their first day there. Such a day is also its member's first
# in the chain in the range when their previous visit anywhere is before the range (every such day is
# one of these), and they are returning when they have one. The months come from the month visitors
# of their days (MonthVisitorDay: a member's first visit day of the month), except the range's
# opening part-month, whose members count on their first day in the range: the rows before
# `whole_from` (the first month that starts in the range), counted apart.
_CHAIN_VISITING_SQL = """
SELECT v.store_id, v.business_date < %(whole_from)s,
    count(*),
    count(*) FILTER (WHERE v.first_visit < %(from)s),
    count(*) FILTER (WHERE v.previous_visit IS NULL OR v.previous_visit < %(from)s),
    count(*) FILTER (WHERE v.previous_visit < %(from)s),
    count(*) FILTER (WHERE (v.previous_visit IS NULL OR v.previous_visit < %(from)s) AND v.first_visit < v.month)
FROM reports_membervisitday v
WHERE v.business_date >= %(from)s AND v.business_date <= %(to)s
    AND (v.previous_visit_here IS NULL OR v.previous_visit_here < %(from)s)
GROUP BY 1, 2
"""
_CHAIN_MONTHS_SQL = """
SELECT date_trunc('month', d.business_date::timestamp)::date, sum(d.visitors), sum(d.returning_visitors)
FROM reports_monthvisitorday d
WHERE d.business_date >= %(whole_from)s AND d.business_date <= %(to)s
GROUP BY 1
"""


def whole_chain(scope: Scope) -> bool:
    """Whether the scope's stores are every store of the chain (the chain-wide reads apply)."""
    return set(scope.stores) >= set(OrgUnit.objects.stores().values_list("pk", flat=True))


def _chain_visiting(scope: Scope) -> Visiting:
    opening_month = scope.date_from.replace(day=1)
    params = {"from": scope.date_from, "to": scope.date_to, "whole_from": first_whole_month(scope.date_from)}
    by_group: dict[Any, tuple[int, int]] = {}
    opening = total = (0, 0)
    for store, in_opening, here, here_back, in_range, range_back, month_back in _fetch(_CHAIN_VISITING_SQL, params):
        visitors, returning = by_group.get(store, (0, 0))
        by_group[store] = (visitors + here, returning + here_back)
        total = (total[0] + in_range, total[1] + range_back)
        if in_opening:
            opening = (opening[0] + in_range, opening[1] + month_back)
    by_month = {month: (n, back) for month, n, back in _fetch(_CHAIN_MONTHS_SQL, params) if n}
    if opening[0]:
        by_month[opening_month] = opening
    return Visiting(by_group, by_month, total)


# Every store of the chain's visitors by a group of the member (their source, or each of their
# labels): a visit day is its member's first in the range when their previous visit is before it,
# and the member is returning when they have one (it is then before the range).
_CHAIN_VISITORS_BY_SQL = """
SELECT {group}, count(*), count(*) FILTER (WHERE v.previous_visit IS NOT NULL)
FROM reports_membervisitday v {join}
WHERE v.business_date >= %(from)s AND v.business_date <= %(to)s
    AND (v.previous_visit IS NULL OR v.previous_visit < %(from)s)
GROUP BY 1
"""


def visiting(scope: Scope, grouping: str) -> Visiting:
    """The stores' visitors in the range by `grouping` (VISITING_GROUPS), by month and in all."""
    if whole_chain(scope):
        chain = _chain_visiting(scope)
        if grouping == "store":
            return chain
        group, join = VISITING_GROUPS[grouping]
        rows = _fetch(
            _CHAIN_VISITORS_BY_SQL.format(group=group, join=join),
            {"from": scope.date_from, "to": scope.date_to},
            work_mem=MEMBERS_HASHED,
        )
        return Visiting({g: (n, back) for g, n, back in rows}, chain.by_month, chain.total)
    group, join = VISITING_GROUPS[grouping]
    rows = _fetch(
        _VISITING_SQL.format(group=group, join=join),
        {"stores": list(scope.stores), "from": scope.date_from, "to": scope.date_to},
    )
    by_group = {g: (n, back) for sets, g, _month, n, back in rows if sets == 1}
    by_month = {month: (n, back) for sets, _g, month, n, back in rows if sets == 2}
    total = next(((n, back) for sets, _g, _month, n, back in rows if sets == 3), (0, 0))
    return Visiting(by_group, by_month, total)


# By month of the range: new customers (first visit ever in that month) and returning ones, their
# orders and spend; of the new, those whose first visit was at the stores (their earliest visit day
# there that month is their first) and how many of them came again (their second visit day, any
# store) within 30, 60 and 90 days. Per member and month first (hashed, the visit days alone), then
# joined to the members' summaries and counted by month: one pass over the visit days.
_MARKETING_SQL = """
SELECT a.month,
    count(*) FILTER (WHERE side.new), sum(a.orders) FILTER (WHERE side.new), sum(a.spend) FILTER (WHERE side.new),
    count(*) FILTER (WHERE NOT side.new), sum(a.orders) FILTER (WHERE NOT side.new),
    sum(a.spend) FILTER (WHERE NOT side.new),
    count(*) FILTER (WHERE side.here),
    count(*) FILTER (WHERE side.here AND s.second_visit <= s.first_visit + 30),
    count(*) FILTER (WHERE side.here AND s.second_visit <= s.first_visit + 60),
    count(*) FILTER (WHERE side.here AND s.second_visit <= s.first_visit + 90)
FROM (
    SELECT v.month, v.member_id, sum(v.orders) AS orders,
        sum(v.spend) AS spend, min(v.business_date) AS earliest
    FROM reports_membervisitday v
    WHERE v.store_id = ANY(%s) AND v.business_date >= %s AND v.business_date <= %s
    GROUP BY 1, 2
) AS a
JOIN reports_membervisitsummary s ON s.member_id = a.member_id
CROSS JOIN LATERAL (
    SELECT date_trunc('month', s.first_visit::timestamp)::date = a.month AS new, a.earliest = s.first_visit AS here
) AS side
GROUP BY a.month
"""


# The same for every store of the chain, from one scan of the range's visit days (their history
# columns): a member is counted at their first visit day of the month in the range; they are new
# that month when their first visit is in it (it is never after the visit: on or after the month's
# first day), and their first visit was "at the stores" when it is in the range. The returning
# customers' orders and spend are the month's less the new ones' (numeric sums are the scan's cost).
_CHAIN_MARKETING_SQL = """
SELECT y.month, y.new_customers, y.new_orders, y.new_spend, y.returning_customers,
    y.orders - COALESCE(y.new_orders, 0), y.spend - COALESCE(y.new_spend, 0),
    y.here, y.back_30, y.back_60, y.back_90
FROM (
    SELECT x.month,
        count(*) FILTER (WHERE x.new AND x.first_in_month) AS new_customers,
        sum(x.orders) FILTER (WHERE x.new) AS new_orders, sum(x.spend) FILTER (WHERE x.new) AS new_spend,
        count(*) FILTER (WHERE NOT x.new AND x.first_in_month) AS returning_customers,
        sum(x.orders) AS orders, sum(x.spend) AS spend,
        count(*) FILTER (WHERE x.here) AS here,
        count(*) FILTER (WHERE x.here AND x.second_visit <= x.first_visit + 30) AS back_30,
        count(*) FILTER (WHERE x.here AND x.second_visit <= x.first_visit + 60) AS back_60,
        count(*) FILTER (WHERE x.here AND x.second_visit <= x.first_visit + 90) AS back_90
    FROM (
        SELECT v.month, v.orders, v.spend, v.first_visit, v.second_visit, v.first_visit >= v.month AS new,
            v.previous_visit IS NULL OR v.previous_visit < greatest(v.month, %(from)s) AS first_in_month,
            v.first_visit >= greatest(v.month, %(from)s)
                AND (v.previous_visit IS NULL OR v.previous_visit < greatest(v.month, %(from)s)) AS here
        FROM reports_membervisitday v
        WHERE v.business_date >= %(from)s AND v.business_date <= %(to)s
    ) AS x
    GROUP BY x.month
) AS y
"""


def marketing_months(scope: Scope) -> list[tuple[Any, ...]]:
    """(month, new customers, their orders, spend, returning customers, their orders, spend, new
    customers first seen at the stores, of them back within 30, 60, 90 days) per month of the range
    with a visit; a sum over no member is None."""
    if whole_chain(scope):
        return _fetch(_CHAIN_MARKETING_SQL, {"from": scope.date_from, "to": scope.date_to})
    return _fetch(_MARKETING_SQL, (list(scope.stores), scope.date_from, scope.date_to))


# Each customer's orders and spend at the stores in the range (per store too, when grouped by it),
# hashed per member before anything is joined to them: a member's groups are read once, not once a
# visit day.
_CUSTOMERS_SQL = """
SELECT {group}, count(*), sum(a.orders), sum(a.spend)
FROM (
    SELECT v.member_id, {store} AS store_id, sum(v.orders) AS orders, sum(v.spend) AS spend
    FROM reports_membervisitday v
    WHERE v.store_id = ANY(%s) AND v.business_date >= %s AND v.business_date <= %s
    GROUP BY 1, 2
) AS a
JOIN ({members}) AS g(member_id, grp) ON g.member_id = a.member_id
GROUP BY 1
"""


def customers_by(scope: Scope, members: QuerySet[Member], group: Any) -> list[tuple[Any, int, int, Decimal | None]]:
    """(group value, customers, orders, spend) of the members of `members` who visited the stores in
    the range: by `group` (an expression over a member), or by the store visited (None)."""
    chosen = members.order_by().annotate(grp=group if group is not None else Value(None, output_field=IntegerField()))
    members_sql, members_params = chosen.values_list("pk", "grp").query.sql_with_params()
    sql = _CUSTOMERS_SQL.format(
        group="g.grp" if group is not None else "a.store_id",
        store="NULL::bigint" if group is not None else "v.store_id",
        members=members_sql,
    )
    return [tuple(row) for row in _fetch(sql, (list(scope.stores), scope.date_from, scope.date_to, *members_params))]


# The customers of every store of the chain by segment (returning: first visit before the range),
# from one scan of the range's visit days: a member counts at their first visit day in the range.
_CHAIN_SEGMENTS_SQL = """
SELECT CASE WHEN v.first_visit < %(from)s THEN 'returning' ELSE 'new' END,
    count(*) FILTER (WHERE v.previous_visit IS NULL OR v.previous_visit < %(from)s), sum(v.orders), sum(v.spend)
FROM reports_membervisitday v
WHERE v.business_date >= %(from)s AND v.business_date <= %(to)s {segment}
GROUP BY 1
"""
_SEGMENT_OF_VISIT = {"new": "AND v.first_visit >= %(from)s", "returning": "AND v.first_visit < %(from)s"}


def chain_customers_by_segment(scope: Scope, segment: str | None) -> list[tuple[Any, int, int, Decimal | None]]:
    """(segment, customers, orders, spend) of every store of the chain in the range, as
    customers_by gives them grouped by new or returning (of one segment when `segment` names it)."""
    sql = _CHAIN_SEGMENTS_SQL.format(segment=_SEGMENT_OF_VISIT.get(segment or "", ""))
    return [tuple(row) for row in _fetch(sql, {"from": scope.date_from, "to": scope.date_to})]


# The customers of every store of the chain by the store visited, from one scan of the range's visit
# days: a member counts at a store on their first visit day there in the range.
_CHAIN_STORES_SQL = """
SELECT v.store_id,
    count(*) FILTER (WHERE v.previous_visit_here IS NULL OR v.previous_visit_here < %(from)s), sum(v.orders),
    sum(v.spend)
FROM reports_membervisitday v
WHERE v.business_date >= %(from)s AND v.business_date <= %(to)s {segment}
GROUP BY 1
"""


def chain_customers_by_store(scope: Scope, segment: str | None) -> list[tuple[Any, int, int, Decimal | None]]:
    """(store, customers, orders, spend) of every store of the chain in the range, as customers_by
    gives them grouped by the store visited (of one segment when `segment` names it)."""
    sql = _CHAIN_STORES_SQL.format(segment=_SEGMENT_OF_VISIT.get(segment or "", ""))
    return [tuple(row) for row in _fetch(sql, {"from": scope.date_from, "to": scope.date_to})]


# The customers of every store of the chain by a group of the member, from one scan of the range's
# visit days joined to the members' groups ({join}; {group}: a row's group): a member counts on their
# first visit day in the range, every day adds its orders and spend. The members' side is hashed
# once and shared by the parallel workers (work_mem: a million members must not spill to disk).
_CHAIN_JOINED_SQL = """
SELECT {group}, count(*) FILTER (WHERE v.previous_visit IS NULL OR v.previous_visit < %s), sum(v.orders), sum(v.spend)
FROM reports_membervisitday v {join}
WHERE v.business_date >= %s AND v.business_date <= %s {segment}
GROUP BY 1
"""
# _SEGMENT_OF_VISIT with positional parameters, beside a queryset's SQL.
_SEGMENT_OF_DAY = {key: where.replace("%(from)s", "%s") for key, where in _SEGMENT_OF_VISIT.items()}


def _chain_customers_joined(
    scope: Scope, segment: str | None, group: str, join: str, join_params: Sequence[Any]
) -> list[tuple[Any, int, int, Decimal | None]]:
    where = _SEGMENT_OF_DAY.get(segment or "", "")
    sql = _CHAIN_JOINED_SQL.format(group=group, join=join, segment=where)
    params = (scope.date_from, *join_params, scope.date_from, scope.date_to, *([scope.date_from] if where else []))
    return [tuple(row) for row in _fetch(sql, params, work_mem=MEMBERS_HASHED)]


def chain_customers_by_member(
    scope: Scope, segment: str | None, members: QuerySet[Member], group: Any
) -> list[tuple[Any, int, int, Decimal | None]]:
    """(group value, customers, orders, spend) of every store of the chain in the range, as
    customers_by gives them by `group` (an expression over a member; of one segment when `segment`
    names it)."""
    members_sql, params = members.order_by().annotate(grp=group).values_list("pk", "grp").query.sql_with_params()
    join = f"JOIN ({members_sql}) AS g(member_id, grp) ON g.member_id = v.member_id"
    return _chain_customers_joined(scope, segment, "g.grp", join, params)


def chain_customers_by_holding(
    scope: Scope, segment: str | None, non_holders: QuerySet[Any]
) -> list[tuple[bool, int, int, Decimal | None]]:
    """(holds a card, customers, orders, spend) of every store of the chain in the range, as
    customers_by gives them by whether the member holds a usable card; `non_holders` are the members
    who hold none (values("pk")). The holders' figures are the whole chain's less the others': a hash
    of the quarter of the members without a card is probed by the year's visit days in half the time
    a hash of the holders took (1.07 + 0.32 s against 2.09 s at §6's scale)."""
    non_sql, params = non_holders.order_by().query.sql_with_params()
    join = f"JOIN ({non_sql}) AS n(member_id) ON n.member_id = v.member_id"
    everyone = _chain_customers_joined(scope, segment, "true", "", ())
    without = _chain_customers_joined(scope, segment, "false", join, params)
    _all, customers, orders, spend = everyone[0] if everyone else (True, 0, 0, None)
    _none, no_card_customers, no_card_orders, no_card_spend = without[0] if without else (False, 0, 0, None)
    held = (
        True,
        customers - no_card_customers,
        orders - no_card_orders,
        (spend or Decimal(0)) - (no_card_spend or Decimal(0)),
    )
    # A group the visit days have no row of has no row, as a grouped count gives none.
    return [row for row in (held, (False, no_card_customers, no_card_orders, no_card_spend)) if row[2]]


def percent(part: int | Decimal, whole: int | Decimal) -> Decimal | None:
    """part / whole as a percentage with 2 places (12.50 is 12.5 %), None when whole is 0."""
    if not whole:
        return None
    return (Decimal(part) * 100 / Decimal(whole)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
