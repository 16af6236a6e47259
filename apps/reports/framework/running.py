"""Running a report for the API and for exports: the select answer (the filters a caller may use),
one page of show (sorted, paged, with the totals over every row and the chart series) and the rows
of an export, streamed. Every value leaves as its column's kind says: money as "199.00", other
decimals as text too (never a float), dates ISO."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db import connections
from django.db.models import Count, F, QuerySet, Sum, Window

from apps.catalog.choices import CategoryKind
from apps.catalog.selectors import categories
from apps.core.money import money_to_wire
from apps.core.pagination import PageRequest
from apps.org.choices import OrgUnitKind
from apps.org.selectors import org_levels, store_names
from apps.reports.framework.base import Column, ColumnKind, Report, ReportFilters, Series
from apps.reports.framework.filters import Caller, codes_of, default_range, own_employee_id
from apps.reports.framework.registry import report_for
from apps.staff.choices import EmployeeStatus
from apps.staff.selectors import employees

# Rows an export reads from the server-side cursor at a time.
EXPORT_CHUNK_ROWS = 2000


def wire_value(kind: ColumnKind, value: Any) -> Any:
    if value is None:
        return None
    if kind == "money":
        return money_to_wire(value)
    if kind == "count":
        return int(value)
    if kind in ("number", "percent"):
        return str(value) if isinstance(value, Decimal | float) else value
    if kind == "date" and isinstance(value, datetime):
        return value.date().isoformat()
    if kind == "date" and isinstance(value, date):
        return value.isoformat()
    if kind == "text" and not isinstance(value, str):
        return str(value)
    return value


def _y(value: Decimal | int) -> Any:
    return str(value) if isinstance(value, Decimal) else value


def column_wire(column: Column) -> dict[str, Any]:
    wire: dict[str, Any] = {
        "key": column.key,
        "label": str(column.label),
        "kind": column.kind,
        "total": column.total,
        "sortable": column.sortable,
    }
    if column.drill is not None:
        target = report_for(column.drill.report)
        wire["drill"] = {
            "report": column.drill.report,
            "route": target.route if target else None,
            "filters": dict(column.drill.filters),
        }
    if column.link is not None:
        wire["link"] = column.link
        wire["linkKey"] = column.link_key or column.key
    return wire


def series_wire(series: Series) -> dict[str, Any]:
    return {
        "key": series.key,
        "label": str(series.label),
        "chart": series.chart,
        "points": [{"x": x, "y": _y(y)} for x, y in series.points],
    }


def row_wire(columns: Sequence[Column], row: Mapping[str, Any]) -> dict[str, Any]:
    """The row's columns as their kinds write them, and the ids its links and drills read."""
    wire = {column.key: wire_value(column.kind, row.get(column.key)) for column in columns}
    for column in columns:
        for key in (column.link_key, *(column.drill.filters.values() if column.drill else ())):
            if key and key not in wire:
                wire[key] = row.get(key)
    return wire


def sorted_rows(rows: QuerySet[Any] | Sequence[Mapping[str, Any]], sort: str | None) -> Any:
    if sort is None:
        return rows
    key = sort.removeprefix("-")
    descending = sort.startswith("-")
    if isinstance(rows, QuerySet):
        # The report's own order breaks ties, so a page boundary is stable.
        field = F(key).desc(nulls_last=True) if descending else F(key).asc(nulls_last=True)
        return rows.order_by(field, *rows.query.order_by)
    present = [row for row in rows if row.get(key) is not None]
    missing = [row for row in rows if row.get(key) is None]
    return sorted(present, key=lambda row: row[key], reverse=descending) + missing


def _page(rows: Any, page: PageRequest) -> tuple[list[Mapping[str, Any]], int]:
    total = rows.count() if isinstance(rows, QuerySet) else len(rows)
    return list(rows[page.offset : page.offset + page.page_size]), total


def _count_and_totals(rows: QuerySet[Any], columns: Sequence[Column]) -> tuple[int, dict[str, Any] | None]:
    """The rows' count and the default totals (Report.totals: each total=True column summed) in one
    aggregate query over the rows, instead of a count and then the report's totals over the rows
    built again."""
    keys = [column.key for column in columns if column.total]
    # Aliased apart from the annotations they sum: an aggregate may not reuse their names.
    sums = rows.order_by().aggregate(counted_rows=Count("*"), **{f"total_{key}": Sum(key) for key in keys})
    return sums["counted_rows"], ({key: sums[f"total_{key}"] for key in keys} if keys else None)


# The window columns a page read alone carries (named apart from any column key, lowerCamel).
_COUNT_OVER = "window_rows"
_TOTAL_OVER = "window_total_"


def _page_count_and_totals(
    rows: QuerySet[Any], columns: Sequence[Column], sort: str | None, page: PageRequest
) -> tuple[list[Mapping[str, Any]], int, dict[str, Any] | None]:
    """One page, the rows' count and the default totals in one query: the count and the sums ride
    on the page's rows as window aggregates over every row (COUNT(*) OVER (), SUM(x) OVER ()), so
    the rows are joined and filtered once, not once for the page and again for the count (the
    page's per-row subqueries still run for its rows only: PostgreSQL evaluates them after the
    LIMIT). A page past the last row carries nothing: the count and totals are then read apart."""
    keys = [column.key for column in columns if column.total]
    windowed = sorted_rows(rows, sort).annotate(
        **{_COUNT_OVER: Window(Count("*"))}, **{f"{_TOTAL_OVER}{key}": Window(Sum(key)) for key in keys}
    )
    window = list(windowed[page.offset : page.offset + page.page_size])
    if not window:
        if page.offset == 0:
            return window, 0, ({key: None for key in keys} if keys else None)
        total, totals = _count_and_totals(rows, columns)
        return window, total, totals
    first = window[0]
    return window, first[_COUNT_OVER], ({key: first[f"{_TOTAL_OVER}{key}"] for key in keys} if keys else None)


def _windowable(rows: QuerySet[Any]) -> bool:
    """Whether window aggregates over the rows give count() and the sums: not over grouped rows (a
    sum of a sum is refused), nor DISTINCT or combined ones (the window would count before them)."""
    query = rows.query
    return query.group_by is None and not query.distinct and not query.combinator


def _summed(rows: Sequence[Mapping[str, Any]], columns: Sequence[Column]) -> dict[str, Any] | None:
    """Report.totals over a list of rows already built."""
    keys = [column.key for column in columns if column.total]
    if not keys:
        return None
    return {key: sum((row.get(key) or 0 for row in rows), start=0) for key in keys}


def show(report: Report, f: ReportFilters, *, sort: str | None, page: PageRequest) -> dict[str, Any]:
    columns = report.columns(f)
    # The rows are built once: the default totals are summed over them, not over rows(f) again.
    rows = report.rows(f)
    default_totals = type(report).totals is Report.totals
    totals: Mapping[str, Any] | None
    if isinstance(rows, QuerySet) and default_totals and _windowable(rows) and not report.page_apart(f, sort):
        window, total, totals = _page_count_and_totals(rows, columns, sort, page)
    elif isinstance(rows, QuerySet) and default_totals:
        total, totals = _count_and_totals(rows, columns)
        window = list(sorted_rows(rows, sort)[page.offset : page.offset + page.page_size])
    else:
        window, total = _page(sorted_rows(rows, sort), page)
        totals = report.totals(f) if isinstance(rows, QuerySet) or not default_totals else _summed(rows, columns)
    by_key = {column.key: column for column in columns}
    return {
        "asOf": report.as_of(f),
        "columns": [column_wire(column) for column in columns],
        "list": [row_wire(columns, row) for row in window],
        "total": total,
        "totals": (
            {key: wire_value(by_key[key].kind if key in by_key else "number", value) for key, value in totals.items()}
            if totals is not None
            else None
        ),
        "series": [series_wire(series) for series in report.series(f)],
    }


def export_rows(report: Report, f: ReportFilters, *, sort: str | None) -> Iterator[Mapping[str, Any]]:
    """Every row, streamed: a queryset through a server-side cursor, EXPORT_CHUNK_ROWS at a time."""
    rows = sorted_rows(report.rows(f), sort)
    if isinstance(rows, QuerySet):
        return _without_jit(rows)
    return iter(rows)


def _without_jit(rows: QuerySet[Any]) -> Iterator[Mapping[str, Any]]:
    """The rows with PostgreSQL's JIT compilation off: an export's query over a whole range costs
    past jit_above_cost, and compiling it took 3.7 s of a 9 s query that runs once (EXPLAIN ANALYZE
    of a 100,000-line SalesDetail); the store-month pages cost far below it."""
    connection = connections[rows.db]
    with connection.cursor() as cursor:
        cursor.execute("SET jit = off")
    try:
        yield from rows.iterator(chunk_size=EXPORT_CHUNK_ROWS)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET jit")


def export_count(report: Report, f: ReportFilters) -> int:
    rows = report.rows(f)
    return rows.count() if isinstance(rows, QuerySet) else len(rows)


def select(report_class: type[Report], caller: Caller) -> dict[str, Any]:
    """The filters the caller may use on the report, its columns and its default range."""
    own = own_employee_id(report_class, caller)
    start, end = default_range(report_class)
    store_ids = frozenset({caller.store_id}) if own is not None and caller.store_id else caller.store_ids
    stores = store_names(store_ids=store_ids)
    filters = ReportFilters(
        stores=tuple(store["id"] for store in stores),
        date_from=start,
        date_to=end,
        staff_id=own,
        category_id=None,
        segment=None,
        extra={},
        own_employee_id=own,
        regroup_today=False,
        user_id=caller.user_id,
        store_id=caller.store_id,
    )
    answer: dict[str, Any] = {
        "key": report_class.key,
        "route": report_class.route,
        "title": str(report_class.title),
        "codes": list(codes_of(report_class)),
        "ownFigures": own is not None,
        "usesDates": report_class.uses_dates,
        "filters": sorted(report_class.filters),
        "stores": stores,
        "maxDays": report_class.max_days,
        "defaultRange": {"from": start.isoformat(), "to": end.isoformat()},
        "extra": [
            {
                "name": option.name,
                "label": str(option.label),
                "required": option.required,
                "choices": [{"value": value, "label": str(label)} for value, label in option.choices],
            }
            for option in report_class.extra_filters
        ],
        "columns": [column_wire(column) for column in report_class().columns(filters)],
    }
    if "region" in report_class.filters:
        answer["regions"] = _regions(caller) if own is None else []
    if "staff" in report_class.filters:
        staff = employees().filter(store_id__in=store_ids, status=EmployeeStatus.ACTIVE)
        if own is not None:
            staff = staff.filter(pk=own)
        answer["staff"] = [
            {"id": pk, "name": name, "storeId": store_id}
            for pk, name, store_id in staff.order_by("name", "id").values_list("pk", "name", "store_id")
        ]
    if "category" in report_class.filters:
        answer["categories"] = [
            {"id": category.pk, "name": category.name, "kind": category.kind}
            for kind in CategoryKind.values
            for category in categories(kind)
        ]
    if "segment" in report_class.filters:
        answer["segments"] = [{"value": value, "label": str(label)} for value, label in report_class.segments]
    return answer


def _regions(caller: Caller) -> list[dict[str, Any]]:
    """The regions every store of which the caller acts in (a store's staff see none)."""
    if not caller.at_head_office or caller.hier_id is None:
        return []
    level = org_levels().filter(pk=caller.hier_id).first()
    if level is None:
        return []
    return [
        {"id": pk, "name": name}
        for pk, name in org_levels()
        .filter(kind=OrgUnitKind.REGION, path__startswith=level.path)
        .order_by("path")
        .values_list("pk", "name")
    ]
