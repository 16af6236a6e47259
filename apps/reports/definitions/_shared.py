"""What the reports share: the day bounds of a range, a day-by-day series that shows a day without
sales as 0 rather than leaving a gap in the line, the order and member columns, a code's name in SQL."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Case, CharField, Value, When
from django.utils import timezone

from apps.core.lazy_text import StrOrPromise
from apps.reports.framework import Column

# A list of single sold lines over a year, chain-wide, is millions of rows to count and page:
# the line-level reports stop at a quarter (the summaries carry the year: StaffPerformance).
DETAIL_MAX_DAYS = 92


def names_case(field: str, names: Mapping[Any, str], default: StrOrPromise) -> Case:
    """A code field's name in SQL (`names`: code -> name), so a queryset of rows sorts and pages by it."""
    return Case(
        *(When(**{field: code}, then=Value(name)) for code, name in names.items()),
        default=Value(str(default)),
        output_field=CharField(),
    )


def day_bounds(date_from: date, date_to: date) -> tuple[datetime, datetime]:
    """[start of `date_from`, start of the day after `date_to`) in the server's time zone."""
    start = timezone.make_aware(datetime.combine(date_from, time.min))
    return start, timezone.make_aware(datetime.combine(date_to + timedelta(days=1), time.min))


def every_day(
    date_from: date, date_to: date, figures: Iterable[tuple[date, Decimal]]
) -> list[tuple[str, Decimal | int]]:
    by_day = dict(figures)
    days = (date_to - date_from).days + 1
    return [
        (day.isoformat(), by_day.get(day, Decimal("0.00")))
        for day in (date_from + timedelta(days=n) for n in range(days))
    ]


def order_column(label: StrOrPromise) -> Column:
    """The order number, opening the order's details."""
    return Column("orderNo", label, link="order", link_key="orderId")


def member_column(label: StrOrPromise) -> Column:
    """The member's name, opening her account."""
    return Column("memberName", label, link="member", link_key="memberId")


def id_or_nothing(value: str | None) -> int | None:
    """An id filter as given: none when empty; text that is no id matches nothing (id 0)."""
    if not value:
        return None
    return int(value) if value.isdigit() and len(value) < 19 else 0
