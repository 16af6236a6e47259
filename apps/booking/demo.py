"""Demo rota and reservations (contract §6): shift types for both stores, the rota of this week and
the next, and a realistic week of reservations at the first store around today, so a principal who
signs in lands on a working board. Idempotent: a store that has reservations is left alone."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.utils import timezone

from apps.booking.choices import (
    BOOKABLE_POSITIONS,
    CancelReason,
    ChangeKind,
    ReservationSource,
    ReservationStatus,
    RotaKind,
)
from apps.booking.models import Reservation, ReservationChange, ReservationProject, RotaDay, ShiftType
from apps.catalog.models import Project
from apps.core.audit import SYSTEM_ACTOR
from apps.members.models import Member
from apps.org.demo import DemoChain
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeeStatus
from apps.staff.models import Employee

SHIFTS = (
    ("全天班", time(10), time(22), "#1565c0"),
    ("早班", time(10), time(18), "#2e7d32"),
    ("晚班", time(14), time(22), "#ef6c00"),
)
# Per nurse and day: (hour, minute, project codes); shifted by the nurse's index so columns differ.
DAY_PLAN = (
    (10, 0, ("X0002",)),
    (11, 30, ("X0001", "X0005")),
    (14, 0, ("X0003",)),
    (16, 30, ("X0006",)),
    (19, 0, ("X0005",)),
)
SOURCES = (ReservationSource.PHONE, ReservationSource.WECOM, ReservationSource.MEITUAN, ReservationSource.WALK_IN)


def _shift_types(store: OrgUnit) -> dict[str, ShiftType]:
    return {
        name: ShiftType.objects.get_or_create(
            store=store, name=name, defaults={"start": start, "end": end, "color": color}
        )[0]
        for name, start, end, color in SHIFTS
    }


def _nurses(store: OrgUnit) -> list[Employee]:
    return list(
        Employee.objects.filter(store=store, status=EmployeeStatus.ACTIVE, position__in=BOOKABLE_POSITIONS).order_by(
            "id"
        )
    )


def _rota(store: OrgUnit, nurses: list[Employee], shifts: dict[str, ShiftType], monday: date) -> None:
    """Two weeks: everyone on the full-day shift, each nurse off on one weekday (not today)."""
    today = timezone.localdate()
    for index, nurse in enumerate(nurses):
        for offset in range(14):
            day = monday + timedelta(days=offset)
            off = day.weekday() == (index + 2) % 7 and day != today
            RotaDay.objects.get_or_create(
                employee=nurse,
                date=day,
                defaults={
                    "store": store,
                    "kind": RotaKind.DAY_OFF if off else RotaKind.SHIFT,
                    "shift_type": None if off else shifts["全天班"],
                },
            )


def _status(start: datetime, now: datetime, seq: int) -> tuple[str, str]:
    if start >= now:
        return ReservationStatus.BOOKED, ""
    if start + timedelta(hours=1) > now:
        return ReservationStatus.IN_SERVICE, ""
    if seq % 11 == 0:
        return ReservationStatus.NO_SHOW, ""
    if seq % 7 == 0:
        return ReservationStatus.CANCELLED, CancelReason.MEMBER_CANCELLED
    return ReservationStatus.DONE, ""


def _reservations(store: OrgUnit, nurses: list[Employee], monday: date) -> None:
    projects = {p.code: p for p in Project.objects.all()}
    members = list(Member.objects.filter(home_store=store, status="active").order_by("id"))
    if not projects or not members:
        return
    now = timezone.now()
    today = timezone.localdate()
    seq = 0
    for offset in range(-3, 4):
        day = today + timedelta(days=offset)
        for index, nurse in enumerate(nurses):
            if RotaDay.objects.filter(employee=nurse, date=day, kind=RotaKind.DAY_OFF).exists():
                continue
            for hour, minute, codes in DAY_PLAN[index % 2 :: 1 + index % 2]:
                seq += 1
                start = timezone.make_aware(datetime.combine(day, time(hour, minute)))
                status, reason = _status(start, now, seq)
                demo_reservation(
                    store,
                    members[(seq * 7) % len(members)],
                    nurse,
                    [projects[code] for code in codes if code in projects],
                    start,
                    status=status,
                    source=SOURCES[seq % len(SOURCES)],
                    cancel_reason=reason,
                )


def demo_reservation(
    store: OrgUnit,
    member: Member,
    nurse: Employee,
    projects: list[Project],
    start: datetime,
    *,
    status: str,
    source: str,
    cancel_reason: str = "",
) -> Reservation:
    """A member's reservation of the projects with the nurse, written as it stands (no checks), with
    its booking in the history: the demo's board, and other apps' demo customers who booked."""
    reservation = Reservation.objects.create(
        store=store,
        member=member,
        name=member.name,
        area_code=member.area_code,
        phone=member.phone,
        nurse=nurse,
        start=start,
        end=start + timedelta(minutes=sum(p.duration_minutes for p in projects)),
        source=source,
        status=status,
        cancel_reason=cancel_reason,
    )
    ReservationProject.objects.bulk_create(
        ReservationProject(reservation=reservation, project=p, name=p.name, minutes=p.duration_minutes)
        for p in projects
    )
    ReservationChange.objects.create(
        reservation=reservation, kind=ChangeKind.CREATED, after={"status": status}, by_name=SYSTEM_ACTOR.login_name
    )
    return reservation


def seed_demo(chain: DemoChain) -> None:
    today = timezone.localdate()
    monday = today - timedelta(days=today.weekday())
    for index, store in enumerate(chain.stores):
        shifts = _shift_types(store)
        nurses = _nurses(store)
        _rota(store, nurses, shifts, monday)
        if index == 0 and not Reservation.objects.filter(store=store).exists():
            _reservations(store, nurses, monday)
