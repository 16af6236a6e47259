"""The customer reports (issue 29 §2; docs/api.md "Member reports"): customer analysis, new and
returning customer marketing, customer follow-up (who to call) and member operation figures. A
customer is a member with a visit (apps.billing.orders.member_visits); the sets are
apps.reports.member_sets'."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import (
    Case,
    CharField,
    F,
    IntegerField,
    OuterRef,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, TruncDate
from django.utils.translation import gettext_lazy as _

from apps.billing.orders.member_visits import last_visit
from apps.cards import member_figures as cards
from apps.core.lazy_text import StrOrPromise
from apps.members.models import Member
from apps.members.report_selectors import (
    birthday_between,
    gender_names,
    masked_phone_sql,
    members_of_stores,
    store_names,
    with_birthday_parts,
)
from apps.org.models import OrgUnit
from apps.reports import member_sets as sets
from apps.reports.definitions.members import (
    CARD_HOLDING,
    HOLDER,
    LAPSED_FILTER,
    MEMBER_LIST,
    NO_CARD,
    NONE,
    rows_once,
    scope_of,
)
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, Series, register_report
from apps.reports.summaries.selectors import (
    MEMBER_OPERATION_FIGURES,
    ensure_fresh,
    member_operation_days,
    member_operation_months,
    summaries_as_of,
)

ZERO = Decimal("0")
# A typed NULL: the totals row sums the column, and sum() of an untyped NULL is ambiguous.
NO_SESSIONS = Cast(Value(None), IntegerField())
CENT = Decimal("0.01")


def _money(value: Decimal | None) -> Decimal:
    return value if value is not None else ZERO


def _ratio(part: Decimal | int, whole: Decimal | int) -> Decimal | None:
    return (Decimal(part) / Decimal(whole)).quantize(CENT) if whole else None


def _month_key(month: Any) -> str:
    return (month.date() if hasattr(month, "date") else month).isoformat()[:7]


# --- customer analysis ----------------------------------------------------------------------------

ANALYSIS_BY: tuple[tuple[str, StrOrPromise], ...] = (
    ("segment", _("New or returning")),
    ("cardHolder", _("Card holder or not")),
    ("gender", _("Gender")),
    ("ageBand", _("Age band")),
    ("store", _("Store")),
)
CUSTOMER_SEGMENTS: tuple[tuple[str, StrOrPromise], ...] = (
    ("new", _("New customers")),
    ("returning", _("Returning customers")),
)


@register_report
class CustomerAnalysis(Report):
    """Visits, spend, average ticket and frequency of the stores' customers in the range, grouped
    by new or returning, card holder or not, gender, age band or store."""

    key = "CustomerAnalysis"
    route = "/customerAnalysis"
    title = _("Customer analysis")
    filters = frozenset({"store", "region", "segment"})
    segments = CUSTOMER_SEGMENTS
    extra_filters = (ExtraFilter("by", _("Group by"), choices=ANALYSIS_BY),)

    def by(self, f: ReportFilters) -> str:
        return f.extra.get("by", "segment")

    def columns(self, f: ReportFilters) -> list[Column]:
        by = self.by(f)
        narrowed = {"segment": {}, "store": {"storeId": "storeId"}}.get(by, {by: "group"})
        drill = Drill(MEMBER_LIST, {"set": "set", **narrowed})
        return [
            Column("name", dict(ANALYSIS_BY)[by]),
            Column("customers", _("Customers"), kind="count", drill=drill),
            Column("visits", _("Visits (orders)"), kind="count", total=True),
            Column("spend", _("Spend"), kind="money", total=True),
            Column("averageTicket", _("Average ticket"), kind="money"),
            Column("frequency", _("Visits per customer"), kind="number"),
        ]

    def _group(self, f: ReportFilters) -> Any:
        """What a customer (a member) is grouped by; None: the store visited, not the member."""
        by = self.by(f)
        if by == "segment":
            return Case(
                When(visit_summary__first_visit__lt=f.date_from, then=Value("returning")),
                default=Value("new"),
                output_field=CharField(),
            )
        if by == "cardHolder":
            return Case(
                When(cards.holds_usable_card(as_of=f.date_to), then=Value(HOLDER)),
                default=Value(NO_CARD),
                output_field=CharField(),
            )
        if by == "gender":
            return F("gender")
        if by == "ageBand":
            return sets.age_band(f.date_to)
        return None

    def _set(self, f: ReportFilters, group: Any) -> str:
        """The members a group's customers are: its segment's, else the segment filter's."""
        segment = group if self.by(f) == "segment" else f.segment
        return {"new": sets.FIRST_VISIT, "returning": sets.RETURNING}.get(segment or "", sets.VISITORS)

    def _names(self, f: ReportFilters) -> dict[Any, str]:
        by = self.by(f)
        if by == "segment":
            return {key: str(label) for key, label in CUSTOMER_SEGMENTS}
        if by == "cardHolder":
            return {key: str(label) for key, label in CARD_HOLDING}
        if by == "gender":
            return {"": str(_("not given")), **gender_names()}
        if by == "ageBand":
            return {band: band for _age, band in sets.AGE_BANDS} | {sets.UNKNOWN_AGE: str(_("unknown"))}
        return dict(store_names(f.stores))

    @rows_once
    def rows(self, f: ReportFilters) -> list[dict[str, Any]]:
        sets.members_fresh()
        members = Member.objects.all()
        if f.segment == "new":
            members = members.filter(visit_summary__first_visit__gte=f.date_from)
        elif f.segment == "returning":
            members = members.filter(visit_summary__first_visit__lt=f.date_from)
        scope = scope_of(f)
        if self.by(f) == "segment" and sets.whole_chain(scope):
            grouped = sets.chain_customers_by_segment(scope, f.segment)
        elif self.by(f) == "store" and sets.whole_chain(scope):
            grouped = sets.chain_customers_by_store(scope, f.segment)
        elif self.by(f) == "cardHolder" and sets.whole_chain(scope):
            non_holders = Member.objects.exclude(cards.holds_usable_card(as_of=f.date_to)).values("pk")
            grouped = [
                (HOLDER if holds else NO_CARD, customers, orders, spend)
                for holds, customers, orders, spend in sets.chain_customers_by_holding(scope, f.segment, non_holders)
            ]
        elif sets.whole_chain(scope):
            grouped = sets.chain_customers_by_member(scope, f.segment, Member.objects.all(), self._group(f))
        else:
            grouped = sets.customers_by(scope, members, self._group(f))
        names = self._names(f)
        rows = []
        for group, customers, orders, spend in grouped:
            rows.append(
                {
                    "name": names.get(group, str(group)),
                    "customers": customers,
                    "visits": orders,
                    "spend": _money(spend),
                    "averageTicket": (_money(spend) / orders).quantize(CENT) if orders else None,
                    "frequency": _ratio(orders, customers),
                    "set": self._set(f, group),
                    "storeId": group if self.by(f) == "store" else None,
                    "group": NONE if group == "" else group,
                }
            )
        return sorted(rows, key=lambda row: row["name"])


# --- new and returning customer marketing -----------------------------------------------------------


@register_report
class CustomerMarketing(Report):
    """Month by month: new customers (their first visit ever in that month) against returning ones,
    their orders, spend and share, and how many new customers came a second time within 30, 60 and
    90 days of the first (as far as those days have passed)."""

    key = "CustomerMarketing"
    route = "/customerMarketing"
    title = _("New and returning customer marketing")
    filters = frozenset({"store", "region"})
    default_days = 90

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("month", _("Month")),
            Column(
                "newCustomers",
                _("New customers"),
                kind="count",
                total=True,
                drill=Drill(MEMBER_LIST, {"from": "periodFrom", "to": "periodTo", "set": "setFirstVisit"}),
            ),
            Column("newOrders", _("New customers' orders"), kind="count", total=True),
            Column("newSpend", _("New customers' spend"), kind="money", total=True),
            Column(
                "returningCustomers",
                _("Returning customers"),
                kind="count",
                drill=Drill(MEMBER_LIST, {"from": "periodFrom", "to": "periodTo", "set": "setReturning"}),
            ),
            Column("returningOrders", _("Returning customers' orders"), kind="count", total=True),
            Column("returningSpend", _("Returning customers' spend"), kind="money", total=True),
            Column("newShare", _("New customers' share of spend (%)"), kind="percent"),
            Column("secondVisit30", _("Second visit within 30 days (%)"), kind="percent"),
            Column("secondVisit60", _("Second visit within 60 days (%)"), kind="percent"),
            Column("secondVisit90", _("Second visit within 90 days (%)"), kind="percent"),
        ]

    @rows_once
    def rows(self, f: ReportFilters) -> list[dict[str, Any]]:
        sets.members_fresh()
        rows = []
        for month, *figures in sets.marketing_months(scope_of(f)):
            new_customers, new_orders, new_spend, old_customers, old_orders, old_spend, *cohort = figures
            new_spend, old_spend = _money(new_spend), _money(old_spend)
            first_here, *came_back = cohort
            key = _month_key(month)
            rows.append(
                {
                    "month": key,
                    **_period_range(key, f),
                    "setFirstVisit": sets.FIRST_VISIT,
                    "setReturning": sets.RETURNING,
                    "newCustomers": new_customers,
                    "newOrders": new_orders or 0,
                    "newSpend": new_spend,
                    "returningCustomers": old_customers,
                    "returningOrders": old_orders or 0,
                    "returningSpend": old_spend,
                    "newShare": sets.percent(new_spend, new_spend + old_spend),
                    **{
                        f"secondVisit{days}": sets.percent(back, first_here)
                        for days, back in zip((30, 60, 90), came_back, strict=True)
                    },
                }
            )
        return sorted(rows, key=lambda row: row["month"])

    def series(self, f: ReportFilters) -> list[Series]:
        rows = self.rows(f)
        return [
            Series("newSpend", _("New customers' spend"), [(row["month"], row["newSpend"]) for row in rows], "bar"),
            Series(
                "returningSpend",
                _("Returning customers' spend"),
                [(row["month"], row["returningSpend"]) for row in rows],
                "bar",
            ),
        ]


# --- customer follow-up: who to call ------------------------------------------------------------

REASONS: tuple[tuple[str, StrOrPromise], ...] = (
    ("lapsed", _("Lapsed: no visit for the lapsed days up to the range's end")),
    ("sessions", _("Package sessions left unused")),
    ("expiring", _("Cards expiring in the range")),
    ("birthday", _("Birthdays in the range")),
)

# Where a session never used sorts: before any use.
NEVER_USED = datetime(1, 1, 1, tzinfo=UTC)


@register_report
class CustomerFollowUp(Report):
    """The members to call, for one reason at a time; each row opens the member's account. The
    range is the window of birthdays and card expiry; lapsed and unused sessions are as at its end."""

    key = "CustomerFollowUp"
    route = "/customerFollowUp"
    title = _("Customer follow-up")
    filters = frozenset({"store", "region"})
    extra_filters = (ExtraFilter("reason", _("Reason"), choices=REASONS), LAPSED_FILTER)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("name", _("Name"), link="member", link_key="memId"),
            Column("maskedPhone", _("Phone"), sortable=False),
            Column("storeName", _("Home store")),
            Column("detail", _("What")),
            Column("dueOn", _("Date"), kind="date"),
            Column("sessionsLeft", _("Sessions left"), kind="count", total=True),
            Column("lastVisitAt", _("Last visit"), kind="date"),
        ]

    def page_apart(self, f: ReportFilters, sort: str | None) -> bool:
        # Birthdays come in an index's order (member_birthday_order), and the sessions of a chain's
        # members in a sort of the sessions alone: a page stops after its rows. A window count would
        # make PostgreSQL build every row first (and misjudge it as stopping early: 5 s chain-wide).
        return sort is None and f.extra.get("reason") in ("birthday", "sessions")

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        """One reason's members; only package sessions have sessions left (the others' are a typed
        NULL, whose total is none). The count and the total ride on the page as window aggregates,
        but for the reasons `page_apart` names."""
        reason = f.extra.get("reason", "lapsed")
        if reason == "sessions":
            return self._member_values(
                cards.sessions_left(member_store_ids=f.stores, as_of=f.date_to),
                "card__member__",
                f.date_to,
                detail=F("project__name"),
                dueOn=TruncDate("last_used_at"),
                sessionsLeft=F("left"),
                # Never used first; an expression no index gives, so that a store's page is read
                # from its members' cards, not by walking every session in that order.
            ).order_by(Coalesce("last_used_at", Value(NEVER_USED)), "pk")
        if reason == "expiring":
            return self._member_values(
                cards.cards_expiring(member_store_ids=f.stores, date_from=f.date_from, date_to=f.date_to),
                "member__",
                f.date_to,
                detail=F("card_type__name"),
                dueOn=F("expires_on"),
                sessionsLeft=NO_SESSIONS,
            ).order_by("dueOn", "memId")
        if reason == "birthday":
            members = with_birthday_parts(members_of_stores(f.stores)).filter(birthday_between(f.date_from, f.date_to))
            return self._member_values(
                members,
                "",
                f.date_to,
                detail=Value(""),
                dueOn=F("birthday"),
                sessionsLeft=NO_SESSIONS,
            ).order_by("birthday_month", "birthday_day", "memId")
        sets.members_fresh()
        return self._member_values(
            sets.with_last_visit(sets.lapsed_members(scope_of(f)), scope_of(f)),
            "",
            f.date_to,
            detail=Value(""),
            dueOn=F("last_visit_at_end"),
            lastVisitAt=F("last_visit_at_end"),
            sessionsLeft=NO_SESSIONS,
        ).order_by(F("lastVisitAt").asc(nulls_first=True), "memId")

    def _member_values(self, rows: QuerySet[Any], member: str, as_of: date, **extra: Any) -> QuerySet[Any]:
        """The row's member fields, reached through `member` (a path prefix to the member); the last
        visit is the member's last paid order up to `as_of`, as the member reports count visits."""
        names = {"name": F(f"{member}name")} if member else {}
        if "lastVisitAt" not in extra:
            member_id = OuterRef(f"{member.removesuffix('__')}_id" if member else "pk")
            extra["lastVisitAt"] = last_visit(as_of=as_of, member=member_id)
        return rows.values(
            *([] if member else ["name"]),
            memId=F(f"{member}pk" if member else "pk"),
            maskedPhone=masked_phone_sql(f"{member}phone"),
            storeName=F(f"{member}home_store__name"),
            **names,
            **extra,
        )


# --- member operation figures ----------------------------------------------------------------------

PERIODS: tuple[tuple[str, StrOrPromise], ...] = (("day", _("By day")), ("month", _("By month")))


@register_report
class MemberOperation(Report):
    """Per store and day (or month): members served, new members, cards sold, stored value topped
    up and spent, package sessions served, points given and used. Read from the store-day summaries
    (the card and points ledgers' entries and the member visits of each store-day)."""

    key = "MemberOperation"
    route = "/memberOperation"
    title = _("Member operation figures")
    filters = frozenset({"store", "region"})
    extra_filters = (ExtraFilter("period", _("Period"), choices=PERIODS),)

    def columns(self, f: ReportFilters) -> list[Column]:
        # The row's own day or month, not the page's range.
        period = {"from": "periodFrom", "to": "periodTo", "storeId": "storeId"}
        served_drill = Drill(MEMBER_LIST, {**period, "set": "setVisitors"})
        new_drill = Drill(MEMBER_LIST, {**period, "set": "setNew"})
        return [
            Column("period", _("Day") if f.extra.get("period", "day") == "day" else _("Month")),
            Column("storeName", _("Store")),
            Column("membersServed", _("Members served"), kind="count", total=True, drill=served_drill),
            Column("newMembers", _("New members"), kind="count", total=True, drill=new_drill),
            Column("cardsSold", _("Cards sold"), kind="count", total=True),
            Column("toppedUp", _("Stored value topped up"), kind="money", total=True),
            Column("storedValueSpent", _("Stored value spent"), kind="money", total=True),
            Column("sessionsServed", _("Package sessions served"), kind="count", total=True),
            Column("pointsGiven", _("Points given"), kind="count", total=True),
            Column("pointsUsed", _("Points used"), kind="count", total=True),
        ]

    def as_of(self, f: ReportFilters) -> datetime:
        return summaries_as_of(f.stores)

    def _monthly(self, f: ReportFilters) -> bool:
        return f.extra.get("period", "day") == "month"

    @rows_once
    def rows(self, f: ReportFilters) -> QuerySet[Any] | list[dict[str, Any]]:
        """By day, the store-day summaries paged, sorted and summed in SQL (a chain's year is every
        store's every day); by month, their sums with members served counted once a month."""
        ensure_fresh(f.stores)
        if self._monthly(f):
            return self._month_rows(f)
        day = Cast("business_date", CharField())
        return (
            member_operation_days(stores=f.stores, date_from=f.date_from, date_to=f.date_to)
            .annotate(
                period=day,
                periodFrom=day,
                periodTo=day,
                storeId=F("store_id"),
                storeName=Subquery(OrgUnit.objects.filter(pk=OuterRef("store_id")).values("name")[:1]),
                setVisitors=Value(sets.VISITORS),
                setNew=Value(sets.NEW),
                **{name: F(column) for name, column in MEMBER_OPERATION_FIGURES.items()},
            )
            .order_by("-business_date", "-storeName", "-store_id")
            .values(
                "period",
                "periodFrom",
                "periodTo",
                "storeId",
                "storeName",
                "setVisitors",
                "setNew",
                *MEMBER_OPERATION_FIGURES,
            )
        )

    def _month_rows(self, f: ReportFilters) -> list[dict[str, Any]]:
        names = store_names(f.stores)
        rows = []
        for store_id, month, figures in member_operation_months(
            stores=f.stores, date_from=f.date_from, date_to=f.date_to
        ):
            when = _period_key(month, monthly=True)
            rows.append(
                {
                    "period": when,
                    **_period_range(when, f),
                    "storeId": store_id,
                    "storeName": names.get(store_id, ""),
                    **{name: figures[name] or 0 for name in MEMBER_OPERATION_FIGURES},
                    "setVisitors": sets.VISITORS,
                    "setNew": sets.NEW,
                }
            )
        for row in rows:
            for name in ("toppedUp", "storedValueSpent"):
                row[name] = Decimal(row[name]).quantize(CENT)
        return sorted(rows, key=lambda row: (row["period"], row["storeName"]), reverse=True)

    def series(self, f: ReportFilters) -> list[Series]:
        """Members served and new members by period, the stores added up (by month, a member who
        visited two stores counts at each, as the rows do)."""
        if self._monthly(f):
            served: dict[str, Decimal | int] = {}
            new: dict[str, Decimal | int] = {}
            for row in self._month_rows(f):
                served[row["period"]] = served.get(row["period"], 0) + row["membersServed"]
                new[row["period"]] = new.get(row["period"], 0) + row["newMembers"]
            return [
                Series("membersServed", _("Members served"), sorted(served.items())),
                Series("newMembers", _("New members"), sorted(new.items())),
            ]
        by_day = (
            member_operation_days(stores=f.stores, date_from=f.date_from, date_to=f.date_to)
            .order_by("business_date")
            .values_list("business_date")
            .annotate(served=Sum("members_served"), new=Sum("new_members"))
        )
        days = [(day.isoformat(), served, new) for day, served, new in by_day]
        return [
            Series("membersServed", _("Members served"), [(day, served) for day, served, _new in days]),
            Series("newMembers", _("New members"), [(day, new) for day, _served, new in days]),
        ]


def _period_range(period: str, f: ReportFilters) -> dict[str, str]:
    """The days of a row's period ("2026-11-05" or "2026-11") within the report's range."""
    if len(period) > 7:
        return {"periodFrom": period, "periodTo": period}
    start = date.fromisoformat(f"{period}-01")
    end = (start + timedelta(days=31)).replace(day=1) - timedelta(days=1)
    return {"periodFrom": max(start, f.date_from).isoformat(), "periodTo": min(end, f.date_to).isoformat()}


def _period_key(when: Any, monthly: bool) -> str:
    day = when.date() if hasattr(when, "date") else when
    return day.isoformat()[:7] if monthly else day.isoformat()
