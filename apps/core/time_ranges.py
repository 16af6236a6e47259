"""The time range of a list (spec §5 "Time range"), checked the same way by every list that asks for
one (reservation history, the rota, the system log), with the spec's messages on the field named."""

from __future__ import annotations

from datetime import date, timedelta

from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput


def check_time_range(
    start: date | None, end: date | None, max_days: int, *, start_field: str = "dateFrom", end_field: str = "dateTo"
) -> tuple[date, date]:
    """Both ends required, the end not before the start, at most `max_days` between them (the limit
    is each list's own: the spec does not give it)."""
    if start is None:
        raise InvalidInput(_("please enter start time"), field=start_field)
    if end is None:
        raise InvalidInput(_("please enter end time"), field=end_field)
    if end < start:
        raise InvalidInput(_("please choose a suitable end time"), field=end_field)
    if (end - start).days > max_days:
        raise InvalidInput(_("selected time exceeds range"), field=end_field)
    return start, end


def month_bounds(month: date) -> tuple[date, date]:
    """The first and the last day of the month of `month`."""
    first = month.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return first, following - timedelta(days=1)
