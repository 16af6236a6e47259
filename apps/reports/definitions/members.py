"""The member reports (issue 29 §2; docs/api.md "Member reports"): store member analysis
(SMSA-0001), the member lifecycle (MLCA-00001-0000) and its variants, member tags, and the member
list every figure of them drills to. The sets of members are apps.reports.member_sets'."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from django.db.models import Count, F, QuerySet, Value
from django.db.models.functions import TruncDate, TruncMonth
from django.utils.translation import gettext_lazy as _

from apps.billing.orders.member_visits import last_visit
from apps.cards.member_figures import card_type_names, holds_usable_card
from apps.core.lazy_text import StrOrPromise
from apps.members.models import Member
from apps.members.report_selectors import (
    filed_between,
    label_names,
    masked_phone_sql,
    members_of_stores,
    source_names,
    store_names,
)
from apps.reports import member_sets as sets
from apps.reports.definitions._shared import names_case
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, Series, register_report

T = TypeVar("T")
NONE = "none"  # the group of members with no source, or no label
MEMBER_LIST = "MemberList"

HOLDER, NO_CARD = "holder", "none"
CARD_HOLDING: tuple[tuple[str, StrOrPromise], ...] = (
    (HOLDER, _("Card holders")),
    (NO_CARD, _("No usable card")),
)
LAPSED_FILTER = ExtraFilter("lapsedDays", _("Days without a visit before a member counts as lapsed (default 90)"))


def scope_of(f: ReportFilters) -> sets.Scope:
    return sets.Scope(f.stores, f.date_from, f.date_to, sets.lapsed_days_of(f.extra))


def rows_once(compute: Callable[[Any, ReportFilters], T]) -> Any:
    """A list report's rows (or another figure of its filters) computed once per request: show asks
    for rows, totals and series of the same filters, and the framework makes one report object a
    request."""
    cache = f"_{compute.__name__}_cache"

    @functools.wraps(compute)
    def rows(self: Any, f: ReportFilters) -> T:
        cached = self.__dict__.get(cache)
        if cached is None or cached[0] != f:
            cached = (f, compute(self, f))
            self.__dict__[cache] = cached
        return cached[1]

    return rows


# --- the member list, where every figure drills to --------------------------------------------


@register_report
class MemberList(Report):
    """The members behind a figure: a set (SETS or a lifecycle stage), narrowed by source, label or
    card type; each row opens the member's account."""

    key = MEMBER_LIST
    route = "/memberList"
    title = _("Member list")
    filters = frozenset({"store", "region"})
    extra_filters = (
        ExtraFilter(
            "set",
            _("Members"),
            choices=(*sets.SETS, *((f"{sets.STAGE_PREFIX}{key}", label) for key, label in sets.STAGES)),
            required=True,
        ),
        ExtraFilter("source", _("Source")),
        ExtraFilter("labelId", _("Label")),
        ExtraFilter("cardTypeId", _("Card type")),
        ExtraFilter("gender", _("Gender")),
        ExtraFilter(
            "ageBand",
            _("Age band"),
            choices=(*((band, band) for _age, band in sets.AGE_BANDS), (sets.UNKNOWN_AGE, _("unknown"))),
        ),
        ExtraFilter("cardHolder", _("Card holder or not"), choices=CARD_HOLDING),
        LAPSED_FILTER,
    )

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("name", _("Name"), link="member", link_key="memId"),
            Column("maskedPhone", _("Phone"), sortable=False),
            Column("storeName", _("Home store")),
            Column("sourceName", _("Source")),
            Column("filedOn", _("Filed on"), kind="date"),
            Column("lastVisitAt", _("Last visit"), kind="date"),
        ]

    def page_apart(self, f: ReportFilters, sort: str | None) -> bool:
        # Its own order is the members' newest first (the primary key): a page probes members from
        # the newest until it has its rows, where a window count built the whole set's rows first.
        # Not a stage's: its members are one hashed join with their summaries either way.
        return sort is None and not f.extra["set"].startswith(sets.STAGE_PREFIX)

    def members(self, f: ReportFilters) -> QuerySet[Member]:
        scope = scope_of(f)
        sets.members_fresh()
        members = sets.member_set(scope, f.extra["set"])
        source = f.extra.get("source")
        if source:
            members = members.filter(source="" if source == NONE else source)
        label = f.extra.get("labelId", "")
        if label == NONE:
            members = members.filter(labels__isnull=True)
        elif label.isdigit():
            members = members.filter(labels=int(label))
        card_type = f.extra.get("cardTypeId", "")
        if card_type.isdigit():
            members = sets.card_type_members(members, int(card_type), f.date_to)
        gender = f.extra.get("gender")
        if gender:
            members = members.filter(gender="" if gender == NONE else gender)
        band = f.extra.get("ageBand")
        if band:
            members = members.annotate(age_band=sets.age_band(f.date_to)).filter(age_band=band)
        holding = f.extra.get("cardHolder")
        if holding:
            holds = holds_usable_card(as_of=f.date_to)
            members = members.filter(holds) if holding == HOLDER else members.exclude(holds)
        return members

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return (
            self.members(f)
            .order_by("-pk")
            .values(
                "name",
                memId=F("pk"),
                maskedPhone=masked_phone_sql(),
                storeName=F("home_store__name"),
                sourceName=names_case("source", source_names(), ""),
                filedOn=TruncDate("created_at"),
                lastVisitAt=last_visit(as_of=f.date_to),
            )
        )


def _member_drill(*filters: tuple[str, str]) -> Drill:
    return Drill(MEMBER_LIST, dict(filters))


# --- store member analysis (SMSA-0001) ----------------------------------------------------------

GROUPINGS: tuple[tuple[str, StrOrPromise], ...] = (
    ("store", _("Store")),
    ("source", _("Source")),
    ("label", _("Label")),
)
# groupBy -> (the row key its drill names, the drill's target filter)
_GROUP_KEYS = {"store": ("storeId", "storeId"), "source": ("source", "source"), "label": ("labelId", "labelId")}
_ANALYSIS_SETS = (
    ("newMembers", sets.NEW, _("New members")),
    ("visitors", sets.VISITORS, _("Visiting members")),
    ("returning", sets.RETURNING, _("Returning members")),
    ("firstVisits", sets.FIRST_VISIT, _("First-visit members")),
    ("lapsed", sets.LAPSED, _("Lapsed members")),
)


def _set_key(name: str) -> str:
    """The row key holding the constant a drill passes as `set` (drills name row keys, not values)."""
    return "set" + name.replace(":", "_")


@dataclass(frozen=True)
class _Filed:
    """Members filed: by group, and (month, members) pairs (a month may come more than once)."""

    by_group: dict[Any, int]
    by_month: list[tuple[Any, int]]


@register_report
class MemberAnalysis(Report):
    key = "MemberAnalysis"
    route = "/storeMemberAnalysis"
    title = _("Store member analysis")
    page_code = "SMSA-0001"
    filters = frozenset({"store", "region"})
    extra_filters = (ExtraFilter("groupBy", _("Group by"), choices=GROUPINGS), LAPSED_FILTER)

    def grouping(self, f: ReportFilters) -> str:
        return f.extra.get("groupBy", "store")

    def columns(self, f: ReportFilters) -> list[Column]:
        row_key, target = _GROUP_KEYS[self.grouping(f)]
        return [
            Column("name", dict(GROUPINGS)[self.grouping(f)]),
            *(
                Column(
                    key,
                    label,
                    kind="count",
                    total=True,
                    drill=_member_drill((target, row_key), ("set", _set_key(name)), ("lapsedDays", "lapsedDays")),
                )
                for key, name, label in _ANALYSIS_SETS
            ),
        ]

    def _member_field(self, grouping: str) -> str:
        """The field of a member a grouping counts the members filed by (the visitors and the lapsed:
        sets.VISITING_GROUPS)."""
        return {"store": "home_store_id", "source": "source", "label": "labels"}[grouping]

    @rows_once
    def _visiting(self, f: ReportFilters) -> sets.Visiting:
        """Rows, totals and series ask for the visitors of the same filters: one pass gives all."""
        sets.members_fresh()
        return sets.visiting(scope_of(f), self.grouping(f))

    @rows_once
    def _filed(self, f: ReportFilters) -> _Filed:
        """The members filed in the range by group and by month: one count by both where a member is
        in one group (their store, their source), two counts by labels (a member in each of theirs)."""
        grouping = self.grouping(f)
        member_field = self._member_field(grouping)
        new = sets.new_members(scope_of(f)).order_by()
        by_month = new.annotate(month=TruncMonth("created_at")).values_list("month")
        # count(*), not of the key: the filed index holds every column read, the key is not one of them.
        if grouping == "label":
            return _Filed(sets.count_by(new, member_field, one_row_each=True), list(by_month.annotate(n=Count("*"))))
        by_group: dict[Any, int] = {}
        months: list[tuple[Any, int]] = []
        for group, month, n in by_month.values_list(member_field, "month").annotate(n=Count("*")):
            by_group[group] = by_group.get(group, 0) + n
            months.append((month, n))
        return _Filed(by_group, months)

    def _names(self, f: ReportFilters, grouping: str) -> dict[Any, str]:
        if grouping == "store":
            return dict(store_names(f.stores))
        if grouping == "source":
            return {"": str(_("not given")), **source_names()}
        return {None: str(_("no label")), **label_names()}

    @rows_once
    def rows(self, f: ReportFilters) -> list[dict[str, Any]]:
        scope = scope_of(f)
        grouping = self.grouping(f)
        visiting = self._visiting(f).by_group
        figures = {
            "newMembers": self._filed(f).by_group,
            "visitors": {group: visitors for group, (visitors, _returning) in visiting.items()},
            "returning": {group: returning for group, (_visitors, returning) in visiting.items() if returning},
            "lapsed": sets.lapsed_by(scope, grouping),
        }
        names = self._names(f, grouping)
        counted = {key for counts in figures.values() for key in counts}
        # A code no longer in its master list still counts, under its code.
        groups = [key for key in names if key in counted] + sorted(counted - names.keys(), key=str)
        if grouping == "store":
            groups = sorted(names, key=lambda key: names[key])
        row_key = _GROUP_KEYS[grouping][0]
        rows = []
        for group in groups:
            visitors, returning = figures["visitors"].get(group, 0), figures["returning"].get(group, 0)
            rows.append(
                {
                    "name": names.get(group, ""),
                    row_key: NONE if group in ("", None) else group,
                    "newMembers": figures["newMembers"].get(group, 0),
                    "visitors": visitors,
                    "returning": returning,
                    "firstVisits": visitors - returning,
                    "lapsed": figures["lapsed"].get(group, 0),
                    "lapsedDays": str(scope.lapsed_days),
                    **{_set_key(name): name for _key, name, _label in _ANALYSIS_SETS},
                }
            )
        return rows

    def totals(self, f: ReportFilters) -> Mapping[str, Any]:
        """Each member once, however many stores they visited or labels they carry: a member is filed
        at one store with one source, so the filed and lapsed add up by store or source, not by label;
        by label, the filed add up by month and the lapsed by home store."""
        visitors, returning = self._visiting(f).total
        if self.grouping(f) == "label":
            filed = {
                "newMembers": sum(n for _month, n in self._filed(f).by_month),
                "lapsed": sum(sets.lapsed_by_home_store(scope_of(f)).values()),
            }
        else:
            filed = {key: sum(row[key] for row in self.rows(f)) for key in ("newMembers", "lapsed")}
        return {**filed, "visitors": visitors, "returning": returning, "firstVisits": visitors - returning}

    def series(self, f: ReportFilters) -> list[Series]:
        new = self._filed(f).by_month
        monthly = self._visiting(f).by_month
        visitors = [(month, n) for month, (n, _returning) in monthly.items()]
        returning = [(month, n) for month, (_visitors, n) in monthly.items() if n]
        return [
            Series("newMembers", _("New members"), _monthly(new), chart="bar"),
            Series("visitors", _("Visiting members"), _monthly(visitors), chart="bar"),
            Series("returning", _("Returning members"), _monthly(returning), chart="bar"),
        ]


def _monthly(counts: Any) -> list[tuple[str, Decimal | int]]:
    by_month: dict[str, int] = {}
    for month, n in counts:
        key = (month.date() if hasattr(month, "date") else month).isoformat()[:7]
        by_month[key] = by_month.get(key, 0) + n
    return sorted(by_month.items())


# --- the member lifecycle (MLCA-00001-0000) and its variants --------------------------------------


@register_report
class MemberLifecycle(Report):
    """How many of the stores' members are at each stage of the lifecycle on a day (`to`)."""

    key = "MemberLifecycle"
    route = "/memberLiftcycle"
    title = _("Member lifecycle")
    page_code = "MLCA-00001-0000"
    filters = frozenset({"store", "region"})
    extra_filters = (LAPSED_FILTER,)
    uses_dates = False

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("stageName", _("Stage"), sortable=False),
            Column(
                "members",
                _("Members"),
                kind="count",
                total=True,
                drill=_member_drill(("set", "set"), ("lapsedDays", "lapsedDays")),
            ),
            Column("share", _("Share (%)"), kind="percent"),
        ]

    @rows_once
    def rows(self, f: ReportFilters) -> list[dict[str, Any]]:
        scope = scope_of(f)
        counts = sets.stage_counts(sets.members_as_at(scope), scope)[None]
        everyone = sum(counts.values())
        return [
            {
                "stage": key,
                "stageName": str(label),
                "members": counts[key],
                "share": sets.percent(counts[key], everyone),
                "set": f"{sets.STAGE_PREFIX}{key}",
                "lapsedDays": str(scope.lapsed_days),
            }
            for key, label in sets.STAGES
        ]

    def series(self, f: ReportFilters) -> list[Series]:
        return [
            Series(
                "stages",
                _("Members by stage"),
                [(row["stageName"], row["members"]) for row in self.rows(f)],
                chart="funnel",
            )
        ]


VARIANTS: tuple[tuple[str, StrOrPromise], ...] = (
    ("store", _("Store")),
    ("source", _("Source")),
    ("label", _("Label")),
    ("cardType", _("Card type")),
)
_VARIANT_KEYS = {"store": "storeId", "source": "source", "label": "labelId", "cardType": "cardTypeId"}


@register_report
class MemberLifecycleVariants(Report):
    """The lifecycle's stages as a matrix: a row per store, source, label or card type held."""

    key = "MemberLifecycleVariants"
    route = "/memberLifecycleVariants"
    title = _("Member lifecycle variants")
    filters = frozenset({"store", "region"})
    extra_filters = (ExtraFilter("variant", _("Variant"), choices=VARIANTS), LAPSED_FILTER)
    uses_dates = False

    def variant(self, f: ReportFilters) -> str:
        return f.extra.get("variant", "store")

    def columns(self, f: ReportFilters) -> list[Column]:
        row_key = _VARIANT_KEYS[self.variant(f)]
        return [
            Column("name", dict(VARIANTS)[self.variant(f)]),
            *(
                Column(
                    key,
                    label,
                    kind="count",
                    total=self.variant(f) in ("store", "source"),
                    drill=_member_drill(
                        (row_key, row_key),
                        ("set", _set_key(f"{sets.STAGE_PREFIX}{key}")),
                        ("lapsedDays", "lapsedDays"),
                    ),
                )
                for key, label in sets.STAGES
            ),
            Column("members", _("Members"), kind="count", total=self.variant(f) in ("store", "source")),
        ]

    def rows(self, f: ReportFilters) -> list[dict[str, Any]]:
        scope = scope_of(f)
        variant = self.variant(f)
        members = sets.members_as_at(scope)
        if variant == "cardType":
            matrix: dict[Any, dict[str, int]] = dict(sets.stage_counts_by_card_type(members, scope))
            names: dict[Any, str] = dict(card_type_names(matrix))
        else:
            field = {"store": "home_store", "source": "source", "label": "labels"}[variant]
            matrix = sets.stage_counts(members, scope, field)
            if variant == "store":
                names = dict(store_names(f.stores))
            elif variant == "source":
                names = {"": str(_("not given")), **source_names()}
            else:
                names = {None: str(_("no label")), **label_names()}
        row_key = _VARIANT_KEYS[variant]
        rows = []
        for group in sorted(matrix, key=lambda key: names.get(key, "")):
            counts = matrix[group]
            rows.append(
                {
                    "name": names.get(group, ""),
                    row_key: NONE if group in ("", None) else group,
                    **{key: counts.get(key, 0) for key in sets.STAGE_KEYS},
                    "members": sum(counts.values()),
                    "lapsedDays": str(scope.lapsed_days),
                    **{_set_key(f"{sets.STAGE_PREFIX}{key}"): f"{sets.STAGE_PREFIX}{key}" for key in sets.STAGE_KEYS},
                }
            )
        return rows


# --- member tags ---------------------------------------------------------------------------------


@register_report
class MemberTags(Report):
    """Members per label per store, and how many of them were filed in the range (a label's
    attachment to a member is not dated: "new" is the labelled members filed in the range)."""

    key = "MemberTags"
    route = "/memberTagReport"
    title = _("Member tags")
    filters = frozenset({"store", "region"})

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("labelName", _("Label")),
            Column("storeName", _("Store")),
            Column(
                "members",
                _("Members"),
                kind="count",
                total=True,
                drill=_member_drill(("labelId", "labelId"), ("storeId", "storeId"), ("set", "setAll")),
            ),
            Column(
                "newMembers",
                _("Filed in the range"),
                kind="count",
                total=True,
                drill=_member_drill(("labelId", "labelId"), ("storeId", "storeId"), ("set", "setNew")),
            ),
        ]

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        scope = scope_of(f)
        filed = filed_between(f.date_from, f.date_to)
        return (
            sets.members_as_at(scope)
            .filter(labels__isnull=False)
            .order_by()
            .values(labelId=F("labels"), storeId=F("home_store_id"))
            .annotate(
                labelName=F("labels__name"),
                storeName=F("home_store__name"),
                members=Count("pk"),
                newMembers=Count("pk", filter=filed),
                setAll=Value(sets.ALL),
                setNew=Value(sets.NEW),
            )
            .order_by("labelName", "storeName", "labelId", "storeId")
        )

    def series(self, f: ReportFilters) -> list[Series]:
        counts = (
            members_of_stores(f.stores)
            .filter(labels__isnull=False)
            .order_by()
            .values_list("labels__name")
            .annotate(n=Count("pk"))
            .order_by("-n", "labels__name")
        )
        return [Series("labels", _("Members by label"), [(name, n) for name, n in counts], chart="pie")]
