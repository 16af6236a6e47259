"""Input rules of reservations and the rota, raised as InvalidInput with the field named. The pages
mirror the time-range rule (spec §5) with the same messages."""

from __future__ import annotations

from datetime import datetime, time

from django.utils.translation import gettext as _

from apps.booking.choices import DURATION_MAX_MINUTES, DURATION_MIN_MINUTES, REMARK_MAX_LENGTH
from apps.core.errors import InvalidInput
from apps.core.time_ranges import check_time_range as check_time_range  # the lists' shared rule, re-exported


def check_duration(minutes: int) -> int:
    if not DURATION_MIN_MINUTES <= minutes <= DURATION_MAX_MINUTES:
        raise InvalidInput(_("the duration must be 5 to 600 minutes"), field="duration")
    return minutes


def check_remark(remark: str | None, field: str = "remark") -> str:
    remark = (remark or "").strip()
    if len(remark) > REMARK_MAX_LENGTH:
        raise InvalidInput(_("at most 200 characters"), field=field)
    return remark


def parse_clock(value: str, field: str) -> time:
    try:
        return datetime.strptime(value, "%H:%M").time()
    except (TypeError, ValueError):
        raise InvalidInput(_("please enter a time as HH:MM"), field=field) from None


def check_intervals(intervals: list[dict[str, str]]) -> list[dict[str, str]]:
    """Temporarily-out intervals: HH:MM pairs, each ending after it starts, not overlapping."""
    parsed = sorted(
        (parse_clock(item.get("start", ""), "intervals"), parse_clock(item.get("end", ""), "intervals"))
        for item in intervals
    )
    for index, (start, end) in enumerate(parsed):
        following = parsed[index + 1] if index + 1 < len(parsed) else None
        if end <= start:
            raise InvalidInput(_("each time out must end after it starts"), field="intervals")
        if following is not None and following[0] < end:
            raise InvalidInput(_("times out cannot overlap"), field="intervals")
    return [{"start": f"{start:%H:%M}", "end": f"{end:%H:%M}"} for start, end in parsed]
