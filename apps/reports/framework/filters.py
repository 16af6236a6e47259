"""The filters of show and export, parsed and checked once for every report: the stores within the
caller's scope (a store, a region's stores or the whole chain under the chosen level), the time
range with spec §5's messages, staff, category, segment, grouping, the report's own filters and
the sort. Another store's, region's or employee's id answers 404, as every other record does."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import serializers

from apps.catalog.choices import CategoryKind
from apps.catalog.selectors import categories
from apps.core.errors import InvalidInput, NotFound, PermissionRefused
from apps.core.fields import CharField, DateField, IntegerField, query_text
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.time_ranges import check_time_range
from apps.org.choices import OrgUnitKind
from apps.org.selectors import org_levels, store_ids_under
from apps.reports.framework.base import Column, Report, ReportFilters
from apps.staff.choices import EmployeeStatus
from apps.staff.selectors import employees

GROUPING_THEN, GROUPING_TODAY = "then", "today"
EXTRA_MAX_LENGTH = 100


@dataclass(frozen=True)
class Caller:
    """Who asks, as the acting session says: the account, the chosen level and its stores, the codes."""

    user_id: int
    hier_id: int | None
    store_ids: frozenset[int]
    codes: frozenset[str]

    @property
    def store_id(self) -> int | None:
        return self.hier_id if self.hier_id in self.store_ids else None

    @property
    def at_head_office(self) -> bool:
        return self.store_id is None


class ReportInputSerializer(serializers.Serializer[Any]):
    """The filters every report reads (the schema's parameters; a report's own come besides)."""

    # The wire names are the contract's; the serializer's fields are "from" and "to" by data key.
    storeId = IntegerField(required=False, min_value=1)
    regionId = IntegerField(required=False, min_value=1)
    staffId = IntegerField(required=False, min_value=1)
    categoryId = IntegerField(required=False, min_value=1)
    segment = CharField(required=False, max_length=32)
    grouping = serializers.ChoiceField(choices=[GROUPING_THEN, GROUPING_TODAY], required=False)
    sort = CharField(required=False, max_length=64, help_text="a column's key, or -key for descending")

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["from"] = DateField(required=False, help_text="YYYY-MM-DD, the first business day")
        fields["to"] = DateField(required=False, help_text="YYYY-MM-DD, the last business day (inclusive)")
        return fields


def codes_of(report: type[Report]) -> tuple[str, ...]:
    """The codes that read a report's figures: its page's code, else the business-report code."""
    return (report.page_code,) if report.page_code else (REPORT_FIGURES_CODE,)


def default_range(report: type[Report]) -> tuple[date, date]:
    """Ends today, `default_days` long (one day for an at-a-date report)."""
    today = timezone.localdate()
    if not report.uses_dates:
        return today, today
    return today - timedelta(days=max(report.default_days, 1) - 1), today


def own_employee_id(report: type[Report], caller: Caller) -> int | None:
    """None when the caller reads the report's figures; for an own-figures report read without its
    code, the caller's own employee at the chosen store (none: refused)."""
    if caller.codes.intersection(codes_of(report)):
        return None
    if not report.own_figures or caller.store_id is None:
        raise PermissionRefused()
    employee_id = (
        employees()
        .filter(user_id=caller.user_id, store_id=caller.store_id, status=EmployeeStatus.ACTIVE)
        .values_list("pk", flat=True)
        .first()
    )
    if employee_id is None:
        raise PermissionRefused()
    return employee_id


def _stores(report: type[Report], caller: Caller, store_id: int | None, region_id: int | None) -> tuple[int, ...]:
    if store_id is not None:
        if store_id not in caller.store_ids:
            raise NotFound()
        return (store_id,)
    if region_id is not None and "region" in report.filters:
        region = org_levels().filter(pk=region_id, kind=OrgUnitKind.REGION).first()
        under = store_ids_under(region) if region is not None else frozenset()
        # A region is the caller's when every store beneath it is (a store's staff see no region).
        if not under or not under <= caller.store_ids:
            raise NotFound()
        return tuple(sorted(under))
    if caller.store_id is not None:
        return (caller.store_id,)
    return tuple(sorted(caller.store_ids))


def _dates(report: type[Report], data: Mapping[str, Any]) -> tuple[date, date]:
    if not report.uses_dates:
        at = data.get("to") or timezone.localdate()
        return at, at
    return check_time_range(data.get("from"), data.get("to"), report.max_days, start_field="from", end_field="to")


def _extra(report: type[Report], params: Mapping[str, Any]) -> dict[str, str]:
    extra: dict[str, str] = {}
    for option in report.extra_filters:
        value = query_text(params, option.name, max_length=EXTRA_MAX_LENGTH, trim=True).strip()
        if not value:
            if option.required:
                raise InvalidInput(_("please choose %(filter)s") % {"filter": option.label}, field=option.name)
            continue
        if option.choices and value not in {choice for choice, _label in option.choices}:
            raise InvalidInput(_("choose one of the offered values"), field=option.name)
        extra[option.name] = value
    return extra


def _staff(stores: tuple[int, ...], staff_id: int | None) -> int | None:
    if staff_id is None:
        return None
    if not employees().filter(pk=staff_id, store_id__in=stores).exists():
        raise NotFound()
    return staff_id


def _category(category_id: int | None) -> int | None:
    if category_id is None:
        return None
    known = {category.pk for kind in CategoryKind.values for category in categories(kind)}
    if category_id not in known:
        raise NotFound()
    return category_id


def parse_filters(report: type[Report], caller: Caller, params: Mapping[str, Any]) -> ReportFilters:
    """The checked filters of a show or export call (module docstring); a bad one answers 400 on
    its field and changes nothing."""
    # An empty parameter is one not given: the page sends the form's empty fields as they are.
    given = {key: params.get(key) for key in params if params.get(key) not in ("", None)}
    serializer = ReportInputSerializer(data=given)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    own = own_employee_id(report, caller)
    if own is not None:
        # Own figures: at the chosen store, for the caller alone, whatever else was asked.
        stores: tuple[int, ...] = (caller.store_id,) if caller.store_id is not None else ()
        staff_id: int | None = own
    else:
        stores = _stores(report, caller, data.get("storeId"), data.get("regionId"))
        staff_id = _staff(stores, data.get("staffId")) if "staff" in report.filters else None
    date_from, date_to = _dates(report, data)
    segment = (data.get("segment") or None) if "segment" in report.filters else None
    if segment is not None and segment not in {choice for choice, _label in report.segments}:
        raise InvalidInput(_("choose one of the offered values"), field="segment")
    filters = ReportFilters(
        stores=stores,
        date_from=date_from,
        date_to=date_to,
        staff_id=staff_id,
        category_id=_category(data.get("categoryId")) if "category" in report.filters else None,
        segment=segment,
        extra=_extra(report, params),
        own_employee_id=own,
        regroup_today=data.get("grouping") == GROUPING_TODAY,
        user_id=caller.user_id,
        store_id=caller.store_id,
    )
    report().check(filters)
    return filters


def parse_sort(columns: list[Column], params: Mapping[str, Any]) -> str | None:
    """`sort=key` or `sort=-key` on a sortable column; None keeps the report's own order."""
    sort = query_text(params, "sort", max_length=64).strip()
    if not sort:
        return None
    key = sort.removeprefix("-")
    if key not in {column.key for column in columns if column.sortable}:
        raise InvalidInput(_("the list cannot be sorted by %(key)s") % {"key": key}, field="sort")
    return sort
