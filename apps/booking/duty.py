"""Whether a reservation's nurse is still on duty for it, by the rota. Read at the time of asking
(the board, a rota change), never stored, so it cannot go stale.

The rule: a reservation still to be served (booked or arrived) that has not ended and has a nurse
needs another nurse when, on the reservation's day in the store, the nurse's rota day is leave or a
day off, or a shift whose hours do not cover the reservation from start to end; or when the store
has planned that day (some employee has a rota day) and the nurse has none (a cleared day: the board
shows her no column). A store that planned nobody that day keeps no rota for it: nobody is off duty.
Clocking on and off is presence, not rota: leaving unexpectedly has its own call (abnormalLeft)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from apps.booking.choices import TO_SERVE_STATUSES, RotaKind
from apps.booking.models import Reservation, RotaDay


@dataclass(frozen=True)
class Duty:
    """One employee's rota day: its kind and, for a shift, its hours."""

    kind: str
    shift_start: time | None = None
    shift_end: time | None = None


class DayRota:
    """The rota of some days of a store: who does what, and which days are planned at all."""

    def __init__(self, rows: Iterable[tuple[int, date, str, time | None, time | None]]) -> None:
        self.duties: dict[tuple[int, date], Duty] = {}
        self.planned: set[date] = set()
        # Once, not per reservation: reaching the current zone costs more than converting to it.
        self.zone = timezone.get_current_timezone()
        for employee_id, day, kind, start, end in rows:
            self.duties[(employee_id, day)] = Duty(kind, start, end)
            self.planned.add(day)

    @classmethod
    def of(cls, store_id: int, days: Iterable[date]) -> DayRota:
        """One query."""
        rows = RotaDay.objects.filter(store_id=store_id, date__in=set(days)).values_list(
            "employee_id", "date", "kind", "shift_type__start", "shift_type__end"
        )
        return cls(rows)

    def off_duty(self, nurse_id: int, start: datetime, end: datetime) -> bool:
        local_start, local_end = start.astimezone(self.zone), end.astimezone(self.zone)
        day = local_start.date()
        duty = self.duties.get((nurse_id, day))
        if duty is None:
            return day in self.planned
        if duty.kind != RotaKind.SHIFT or duty.shift_start is None or duty.shift_end is None:
            return True
        if local_end.date() > day:
            return True
        return local_start.time() < duty.shift_start or local_end.time() > duty.shift_end

    def needs_another_nurse(self, values: Mapping[str, Any], now: datetime) -> bool:
        """`values`: a reservation's status, nurse_id, start and end."""
        return (
            values["nurse_id"] is not None
            and values["status"] in TO_SERVE_STATUSES
            and values["end"] > now
            and self.off_duty(values["nurse_id"], values["start"], values["end"])
        )


def to_serve(store_id: int, start: datetime, end: datetime) -> QuerySet[Reservation]:
    """The store's reservations with a nurse, still to be served and not over, starting in [start, end)."""
    return Reservation.objects.filter(
        store_id=store_id,
        status__in=TO_SERVE_STATUSES,
        nurse__isnull=False,
        start__gte=start,
        start__lt=end,
        end__gt=timezone.now(),
    )
