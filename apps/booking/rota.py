"""The staff rota and presence: shift types, planned days (shift, leave, day off), copying last
week, clocking on and off, times temporarily out and leaving unexpectedly. Each write is logged."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.booking import rules, selectors
from apps.booking.choices import ROTA_MAX_DAYS, AuditAction, ReservationStatus, RotaKind
from apps.booking.duty import DayRota, to_serve
from apps.booking.errors import PresenceConflict, RotaStrandsReservations
from apps.booking.models import Presence, Reservation, RotaDay, ShiftType
from apps.booking.rows import StrandedRow
from apps.core.audit import Actor, audit_record
from apps.core.constraints import constraint_errors
from apps.core.errors import InvalidInput, NotFound
from apps.core.json_types import JsonObject
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeeStatus
from apps.staff.models import Employee

COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
CLEAR = "none"


def shift_type_save(
    *,
    actor: Actor,
    store: OrgUnit,
    shift: ShiftType | None,
    name: str,
    start: str,
    end: str,
    color: str = "",
    enabled: bool | None = None,
) -> ShiftType:
    """A new shift type, or changes to `shift`; `start` and `end` are "HH:MM"; `enabled` None keeps
    the shift's switch (a new one is enabled)."""
    name = (name or "").strip()
    if not name or len(name) > 10:
        raise InvalidInput(_("please enter a name of at most 10 characters"), field="name")
    starts, ends = rules.parse_clock(start, "start"), rules.parse_clock(end, "end")
    if ends <= starts:
        raise InvalidInput(_("the end must be after the start"), field="end")
    color = color or "#1976d2"
    if not COLOR.match(color):
        raise InvalidInput(_("please choose a colour"), field="color")
    with transaction.atomic():
        shift = shift or ShiftType(store=store)
        shift.name, shift.start, shift.end, shift.color = name, starts, ends, color
        shift.enabled = enabled if enabled is not None else (shift.enabled if shift.pk else True)
        with constraint_errors(
            {"shift_type_unique_name": lambda: InvalidInput(_("another shift type has this name"), field="name")}
        ):
            shift.save()
        audit_record(
            actor=actor,
            action=AuditAction.SHIFT_TYPE_SAVED,
            target=shift,
            detail={"name": name, "start": f"{starts:%H:%M}", "end": f"{ends:%H:%M}", "enabled": shift.enabled},
        )
    return shift


def _employees(store: OrgUnit, ids: set[int]) -> dict[int, Employee]:
    # Another store's employee answers 404 like every other store's record (contract §5).
    found = {e.pk: e for e in Employee.objects.filter(store=store, pk__in=ids)}
    if len(found) != len(ids):
        raise NotFound()
    return found


@dataclass(frozen=True)
class RotaEntry:
    """One day of one employee: a kind of day (RotaKind), its shift for a shift day, or CLEAR."""

    employee_id: int
    date: date
    kind: str
    shift_type_id: int | None = None

    def logged(self) -> JsonObject:
        # The system log keeps the words of the rota page.
        entry: JsonObject = {"employeeId": self.employee_id, "date": self.date.isoformat(), "kind": self.kind}
        if self.shift_type_id is not None:
            entry["shiftTypeId"] = self.shift_type_id
        return entry


class _StrandedCheck:
    """The reservations still to be served on some days of a store, and who was on duty for them
    before a rota change; after it, `stranded` answers those whose nurse the change took off duty
    (apps.booking.duty has the rule). Reservations already off duty before are not asked about again."""

    def __init__(self, store: OrgUnit, days: set[date]) -> None:
        self.store, self.days = store, days
        start, end = selectors.day_bounds(min(days))[0], selectors.day_bounds(max(days))[1]
        rows = to_serve(store.pk, start, end).values("id", "nurse_id", "status", "start", "end")
        self.now = timezone.now()
        self.candidates = [r for r in rows if timezone.localtime(r["start"]).date() in days]
        before = DayRota.of(store.pk, days)
        self.fine_before = [r for r in self.candidates if not before.needs_another_nurse(r, self.now)]

    def stranded(self) -> list[int]:
        after = DayRota.of(self.store.pk, self.days)
        return [r["id"] for r in self.fine_before if after.needs_another_nurse(r, self.now)]

    def refuse_unless(self, confirm: bool) -> list[int]:
        """The stranded reservations' ids; without `confirm`, raises RotaStrandsReservations (409),
        which rolls back the surrounding transaction: nothing is saved."""
        ids = self.stranded()
        if ids and not confirm:
            raise RotaStrandsReservations(_stranded_rows(ids))
        return ids


def _stranded_rows(ids: list[int]) -> list[StrandedRow]:
    return [
        {
            "id": row["id"],
            "date": timezone.localtime(row["startTime"]).date(),
            "startTime": row["startTime"],
            "name": row["name"],
            "projects": [line["name"] for line in row["projects"]],
            "nurseId": row["nurseId"],
            "nurseName": row["nurseName"],
        }
        for row in selectors.reservation_rows_by_start(ids)
    ]


def rota_save(*, actor: Actor, store: OrgUnit, entries: list[RotaEntry], confirm: bool = False) -> int:
    """Sets the given days; kind "none" clears a day. All or nothing. When the change takes a nurse
    off duty for reservations still to be served, nothing is saved unless `confirm`: then the system
    log names those reservations, which keep their nurse and show on the board as needing another."""
    if not entries:
        return 0
    employees = _employees(store, {entry.employee_id for entry in entries})
    shifts = {s.pk: s for s in ShiftType.objects.filter(store=store, enabled=True)}
    days = [entry.date for entry in entries]
    if (max(days) - min(days)).days > ROTA_MAX_DAYS:
        raise InvalidInput(_("selected time exceeds range"), field="entries")
    with transaction.atomic():
        check = _StrandedCheck(store, set(days))
        for entry in entries:
            employee, day, kind = employees[entry.employee_id], entry.date, entry.kind
            if kind == CLEAR:
                RotaDay.objects.filter(employee=employee, date=day).delete()
                continue
            if kind not in RotaKind.values:
                raise InvalidInput(_("unknown kind of day"), field="entries")
            shift = None
            if kind == RotaKind.SHIFT:
                shift_id = entry.shift_type_id
                shift = shifts.get(shift_id) if shift_id is not None else None
                if shift is None:
                    raise InvalidInput(_("please choose a shift"), field="entries")
            RotaDay.objects.update_or_create(
                employee=employee, date=day, defaults={"store": store, "kind": kind, "shift_type": shift}
            )
        stranded = check.refuse_unless(confirm)
        audit_record(
            actor=actor,
            action=AuditAction.ROTA_SAVED,
            target=store,
            detail={"entries": [entry.logged() for entry in entries], "strandedReservations": stranded},
        )
    return len(entries)


def rota_copy_last_week(*, actor: Actor, store: OrgUnit, week_start: date, confirm: bool = False) -> int:
    """Replaces the week from `week_start` (a Monday) with the week before it, for every employee.
    Like rota_save, it asks first (RotaStrandsReservations) when that takes nurses off duty."""
    if week_start.weekday() != 0:
        raise InvalidInput(_("the week starts on a Monday"), field="weekStart")
    previous = week_start - timedelta(days=7)
    with transaction.atomic():
        check = _StrandedCheck(store, {week_start + timedelta(days=n) for n in range(7)})
        RotaDay.objects.filter(store=store, date__gte=week_start, date__lt=week_start + timedelta(days=7)).delete()
        source = RotaDay.objects.filter(
            store=store, date__gte=previous, date__lt=week_start, employee__status=EmployeeStatus.ACTIVE
        )
        copies = [
            RotaDay(
                store=store,
                employee_id=day.employee_id,
                date=day.date + timedelta(days=7),
                kind=day.kind,
                shift_type_id=day.shift_type_id,
            )
            for day in source
        ]
        RotaDay.objects.bulk_create(copies)
        stranded = check.refuse_unless(confirm)
        audit_record(
            actor=actor,
            action=AuditAction.ROTA_COPIED,
            target=store,
            detail={"weekStart": week_start.isoformat(), "days": len(copies), "strandedReservations": stranded},
        )
    return len(copies)


def store_employee(store: OrgUnit, employee_id: int) -> Employee:
    employee = Employee.objects.filter(pk=employee_id, store=store, status=EmployeeStatus.ACTIVE).first()
    if employee is None:
        raise NotFound()
    return employee


def _today_presence(employee: Employee) -> Presence:
    presence, _created = Presence.objects.select_for_update().get_or_create(
        employee=employee, date=timezone.localdate(), defaults={"store_id": employee.store_id}
    )
    return presence


def on_work(*, actor: Actor, employee: Employee) -> Presence:
    with transaction.atomic():
        presence = _today_presence(employee)
        if presence.on_work_at is not None and presence.off_work_at is None:
            raise PresenceConflict()
        presence.on_work_at, presence.off_work_at = timezone.now(), None
        presence.abnormal_left, presence.abnormal_reason = False, ""
        presence.save()
        audit_record(actor=actor, action=AuditAction.ON_WORK, target=employee, detail={})
    return presence


def off_work(*, actor: Actor, employee: Employee) -> Presence:
    with transaction.atomic():
        presence = _today_presence(employee)
        if presence.on_work_at is None or presence.off_work_at is not None:
            raise PresenceConflict(_("the employee is not clocked on"))
        presence.off_work_at = timezone.now()
        presence.save(update_fields=["off_work_at"])
        audit_record(actor=actor, action=AuditAction.OFF_WORK, target=employee, detail={})
    return presence


def temp_out_set(*, actor: Actor, employee: Employee, intervals: list[dict[str, str]]) -> Presence:
    clean = rules.check_intervals(intervals)
    with transaction.atomic():
        presence = _today_presence(employee)
        presence.temp_out = clean
        presence.save(update_fields=["temp_out"])
        audit_record(actor=actor, action=AuditAction.TEMP_OUT, target=employee, detail={"intervals": clean})
    return presence


def abnormal_left(*, actor: Actor, employee: Employee, reason: str) -> list[Reservation]:
    """The employee leaves unexpectedly: clocked off now. Answers their booked reservations for the
    rest of today, which the desk has to move."""
    reason = rules.check_remark(reason, "reason")
    now = timezone.now()
    with transaction.atomic():
        presence = _today_presence(employee)
        presence.off_work_at = now
        presence.abnormal_left, presence.abnormal_reason = True, reason
        presence.save()
        stranded = list(
            Reservation.objects.filter(
                nurse=employee,
                status__in=(ReservationStatus.BOOKED, ReservationStatus.ARRIVED),
                start__date=timezone.localdate(),
                end__gt=now,
            ).order_by("start")
        )
        audit_record(
            actor=actor,
            action=AuditAction.ABNORMAL_LEFT,
            target=employee,
            detail={"reason": reason, "reservations": [r.pk for r in stranded]},
        )
    return stranded
