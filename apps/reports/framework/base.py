"""What a report is (docs/decisions, "report framework"): its columns, its rows for checked filters,
its totals, its chart series and how fresh its figures are. The framework parses and checks the
filters, pages, sorts and exports; a report only answers for filters already within the caller's
scope."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any, ClassVar, Literal, TypeAlias

from django.db.models import QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.lazy_text import StrOrPromise

ColumnKind = Literal["text", "money", "count", "number", "percent", "date", "datetime"]
# Where a link cell opens: /orderDetails?orderId=, /personalAccount?memId=, /refundDetail?id=.
LinkKind = Literal["order", "member", "refund"]
ChartKind = Literal["line", "bar", "pie", "funnel"]
FilterName = Literal["store", "region", "staff", "category", "segment"]

# The member segments a report filtered by segment offers unless it names its own.
MEMBER_SEGMENTS: tuple[tuple[str, StrOrPromise], ...] = (
    ("new", _("New customers")),
    ("returning", _("Returning customers")),
    ("lapsed", _("Lapsed customers")),
)


@dataclass(frozen=True)
class Drill:
    """A click on the figure opens report `report` with `filters` (target filter name -> the row
    key holding its value); the time range and the store scope always carry over."""

    report: str
    filters: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Column:
    key: str  # the row key (lowerCamel), also the wire key
    label: StrOrPromise
    kind: ColumnKind = "text"
    total: bool = False  # summed in the totals row, over all rows, not the page
    drill: Drill | None = None
    link: LinkKind | None = None
    link_key: str | None = None  # the row key holding the id the link opens (e.g. "orderId")
    sortable: bool = True


@dataclass(frozen=True)
class Series:
    key: str
    label: StrOrPromise
    points: list[tuple[str, Decimal | int]]  # (x, y); x an ISO date or month, or a category's name
    chart: ChartKind = "line"


@dataclass(frozen=True)
class ExtraFilter:
    """A report's own filter, offered by select and parsed by show and export."""

    name: str  # the query parameter, lowerCamel
    label: StrOrPromise
    choices: tuple[tuple[str, StrOrPromise], ...] = ()  # empty: free text or an id
    required: bool = False


@dataclass(frozen=True)
class ReportFilters:
    """The filters as the framework parsed and checked them, before the report sees them."""

    stores: tuple[int, ...]  # within the caller's scope: the named store, a region's, or all of them
    date_from: date
    date_to: date  # inclusive; business days
    staff_id: int | None
    category_id: int | None
    segment: str | None
    extra: Mapping[str, str]
    own_employee_id: int | None  # set when the caller may see only their own figures
    regroup_today: bool  # grouping=today: regrouped by today's region, category and role
    user_id: int
    store_id: int | None  # the caller's chosen store (None at a head-office level)


Rows: TypeAlias = "QuerySet[Any] | Sequence[Mapping[str, Any]]"


class Report(ABC):
    key: ClassVar[str]
    route: ClassVar[str]
    title: ClassVar[StrOrPromise]
    # The spec's page code where it gives one; otherwise REPORT_FIGURES_CODE applies.
    page_code: ClassVar[str | None] = None
    max_days: ClassVar[int] = 366
    default_days: ClassVar[int] = 30
    filters: ClassVar[frozenset[str]] = frozenset({"store"})
    extra_filters: ClassVar[tuple[ExtraFilter, ...]] = ()
    # A caller without the report's code sees only their own rows (f.own_employee_id).
    own_figures: ClassVar[bool] = False
    # False: an "at a date" report (reads `to` only, default today) or an undated one.
    uses_dates: ClassVar[bool] = True
    segments: ClassVar[tuple[tuple[str, StrOrPromise], ...]] = MEMBER_SEGMENTS

    def check(self, f: ReportFilters) -> None:
        """Refuses filters the report cannot serve (InvalidInput on the filter), when they are parsed:
        before a figure is read, and before an export is queued (not in its task)."""
        return None  # most reports serve every filter the framework accepts

    def page_apart(self, f: ReportFilters, sort: str | None) -> bool:
        """Whether a page of a queryset's rows is read apart from their count and totals (two
        queries) rather than with them as window aggregates over every row (one). Apart, a page
        whose order an index gives stops after its rows, and the count reads no row's figures; a
        window makes PostgreSQL build every row before the first page comes out."""
        return False  # most pages cost what their rows cost: one query reads them once

    @abstractmethod
    def columns(self, f: ReportFilters) -> list[Column]: ...

    @abstractmethod
    def rows(self, f: ReportFilters) -> Rows:
        """Ordered rows whose keys are the column keys: a .values() QuerySet annotated to the column
        keys, or a list. The framework pages it (LIMIT/OFFSET and count()), sorts it and streams it
        for exports (QuerySet.iterator: a server-side cursor)."""

    def totals(self, f: ReportFilters) -> Mapping[str, Any] | None:
        """The sum of each total=True column over all of rows(f): one aggregate query for a
        queryset. Override to read a summary instead."""
        keys = [column.key for column in self.columns(f) if column.total]
        if not keys:
            return None
        rows = self.rows(f)
        if isinstance(rows, QuerySet):
            # Aliased apart from the annotations they sum: an aggregate may not reuse their names.
            sums = rows.order_by().aggregate(**{f"total_{key}": Sum(key) for key in keys})
            return {key: sums[f"total_{key}"] for key in keys}
        return {key: sum((row.get(key) or 0 for row in rows), start=0) for key in keys}

    def series(self, f: ReportFilters) -> list[Series]:
        return []

    def as_of(self, f: ReportFilters) -> datetime:
        """When the figures were fresh: now for reports read from the ledgers; a summary-backed
        report says when its summaries were last brought up to date."""
        return timezone.now()
