"""Reads of reservations, the board, the history and the rota. The board costs a fixed number of
queries whatever the number of reservations (tests pin it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from typing import Any, overload

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from apps.booking.choices import (
    ACTIVE_STATUSES,
    BOOKABLE_POSITIONS,
    LAST_CONSUME_COUNT,
    PHONE_HISTORY_DAYS,
    CancelReason,
    ChangeKind,
    ReservationSource,
    ReservationStatus,
    RotaKind,
)
from apps.booking.duty import DayRota
from apps.booking.models import Presence, Reservation, ReservationChange, ReservationProject, RotaDay, ShiftType
from apps.booking.rows import (
    AccountInfoRow,
    BoardReservationRow,
    BoardRow,
    BookableProjectRow,
    ChangeRow,
    NurseRow,
    PeriodRow,
    PresenceRow,
    ProjectLineRow,
    ReservationDetailRow,
    ReservationRow,
    RotaRow,
    ShiftRow,
    ShiftTypeRow,
    StaffNameRow,
    TodayReservedRow,
)
from apps.catalog.models import TimePeriod
from apps.catalog.selectors import project_search
from apps.core.audit import operator_name
from apps.core.phones import mask_phone, shown_fragment_q
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeePosition, EmployeeStatus
from apps.staff.models import Employee

COUNT_KEYS = {
    ReservationStatus.BOOKED: "booked",
    ReservationStatus.ARRIVED: "arrived",
    ReservationStatus.IN_SERVICE: "inService",
    ReservationStatus.DONE: "done",
    ReservationStatus.NO_SHOW: "noShow",
    ReservationStatus.CANCELLED: "cancelled",
}


def choice_rows(choices: Any) -> list[dict[str, str]]:
    return [{"code": value, "name": str(label)} for value, label in choices.choices]


@overload
def _clock(value: time) -> str: ...
@overload
def _clock(value: time | None) -> str | None: ...
def _clock(value: time | None) -> str | None:
    return f"{value:%H:%M}" if value is not None else None


def day_bounds(day: date) -> tuple[datetime, datetime]:
    start = timezone.make_aware(datetime.combine(day, time.min))
    return start, timezone.make_aware(datetime.combine(day + timedelta(days=1), time.min))


class Labels:
    """The names of sources, statuses and cancellation reasons in the request's language, looked up
    once per answer instead of once per row (a board has hundreds of rows)."""

    def __init__(self) -> None:
        self.source = {value: str(label) for value, label in ReservationSource.choices}
        self.status = {value: str(label) for value, label in ReservationStatus.choices}
        self.cancel = {value: str(label) for value, label in CancelReason.choices} | {"": ""}


# The columns a reservation row is built from; values() rows, not model instances, because a
# store-day has hundreds of reservations and instances cost most of the board's time.
ROW_COLUMNS = (
    "id",
    "store_id",
    "member_id",
    "name",
    "phone",
    "area_code",
    "nurse_id",
    "start",
    "end",
    "source",
    "remark",
    "status",
    "cancel_reason",
    "forced",
    "billed_order_no",
    "created_at",
    "updated_at",
)


def _lines_by_reservation(ids: list[int]) -> dict[int, list[ProjectLineRow]]:
    lines: dict[int, list[ProjectLineRow]] = {}
    rows = ReservationProject.objects.filter(reservation_id__in=ids).order_by("id")
    for reservation_id, project_id, name, minutes in rows.values_list(
        "reservation_id", "project_id", "name", "minutes"
    ):
        lines.setdefault(reservation_id, []).append({"id": project_id, "name": name, "minutes": minutes})
    return lines


def _row(
    values: dict[str, Any], nurse_names: dict[int, str], lines: list[ProjectLineRow], labels: Labels
) -> ReservationRow:
    return {
        "id": values["id"],
        "storeId": values["store_id"],
        "memId": values["member_id"],
        "name": values["name"],
        "phone": mask_phone(values["phone"]),
        "areaCode": values["area_code"],
        "walkIn": values["member_id"] is None,
        "nurseId": values["nurse_id"],
        "nurseName": nurse_names.get(values["nurse_id"], "") if values["nurse_id"] else "",
        "projects": lines,
        "startTime": values["start"],
        "endTime": values["end"],
        "duration": int((values["end"] - values["start"]).total_seconds() // 60),
        "source": values["source"],
        "sourceName": labels.source.get(values["source"], ""),
        "remark": values["remark"],
        "status": values["status"],
        "statusName": labels.status.get(values["status"], ""),
        "cancelReason": values["cancel_reason"],
        "cancelReasonName": labels.cancel.get(values["cancel_reason"], ""),
        "forced": values["forced"],
        "billedOrderNo": values["billed_order_no"],
        "createdAt": values["created_at"],
        "updatedAt": values["updated_at"],
    }


def reservation_rows(reservations: Iterable[Reservation] | QuerySet[Reservation]) -> list[ReservationRow]:
    """Rows of reservations (a queryset or a page of one): three queries whatever their number."""
    values = (
        list(reservations.values(*ROW_COLUMNS))
        if isinstance(reservations, QuerySet)
        else [{column: getattr(r, column) for column in ROW_COLUMNS} for r in reservations]
    )
    return rows_of_values(values)


def rows_of_values(values: list[dict[str, Any]], nurse_names: dict[int, str] | None = None) -> list[ReservationRow]:
    if nurse_names is None:
        nurse_ids = {v["nurse_id"] for v in values if v["nurse_id"]}
        nurse_names = dict(Employee.objects.filter(pk__in=nurse_ids).values_list("id", "name")) if nurse_ids else {}
    lines = _lines_by_reservation([v["id"] for v in values]) if values else {}
    labels = Labels()
    return [_row(v, nurse_names, lines.get(v["id"], []), labels) for v in values]


def reservation_row(reservation: Reservation) -> ReservationRow:
    return reservation_rows([reservation])[0]


def counts_from(counted: dict[str, int]) -> dict[str, int]:
    """`{booked, arrived, inService, done, noShow, cancelled, total}` from a count per status."""
    counts = {key: counted.get(status, 0) for status, key in COUNT_KEYS.items()}
    counts["total"] = sum(counts.values())
    return counts


def counts_of(statuses: Iterable[str]) -> dict[str, int]:
    return counts_from(Counter(statuses))


def reservations() -> QuerySet[Reservation]:
    """Every reservation, for a view to pick one of the caller's stores (apps.core.scoping)."""
    return Reservation.objects.all()


def arrived_of_day(store_id: int, day: date) -> QuerySet[Reservation]:
    """The store's reservations of `day` whose customer arrived and that are not finished (arrived or
    in service), earliest first, with their nurse: the daily closing asks which of them were billed."""
    start, end = day_bounds(day)
    return (
        Reservation.objects.filter(
            store_id=store_id,
            start__gte=start,
            start__lt=end,
            status__in=(ReservationStatus.ARRIVED, ReservationStatus.IN_SERVICE),
        )
        .select_related("nurse")
        .order_by("start", "id")
    )


def reservation_rows_by_start(reservation_ids: Iterable[int]) -> list[ReservationRow]:
    return reservation_rows(Reservation.objects.filter(pk__in=list(reservation_ids)).order_by("start"))


def stores() -> QuerySet[OrgUnit]:
    """The stores, for a view to pick the one a path names among the caller's (apps.core.scoping)."""
    return OrgUnit.objects.stores()


def bookable_project_rows(store_id: int) -> list[BookableProjectRow]:
    """The enabled projects of the store, by category and name, with their standard minutes."""
    projects = project_search(store_id=store_id, enabled=True).order_by("category__name", "name", "id")
    return [
        {
            "id": p.pk,
            "name": p.name,
            "duration": p.duration_minutes,
            "categoryName": p.category.name if p.category_id else "",
        }
        for p in projects
    ]


# --- the board ----------------------------------------------------------------------------------


def _periods(store: OrgUnit, day: date) -> list[PeriodRow]:
    """The store's time periods of that weekday (or every day); else the hours it is open."""
    periods = TimePeriod.objects.filter(store_id=store.pk).filter(Q(weekday=day.weekday()) | Q(weekday__isnull=True))
    rows = sorted({(p.start, p.end) for p in periods})
    if not rows and store.open_time and store.close_time:
        hour = datetime.combine(day, store.open_time)
        close = datetime.combine(day, store.close_time)
        while hour < close:
            following = min(hour + timedelta(hours=1), close)
            rows.append((hour.time(), following.time()))
            hour = following
    return [{"start": f"{start:%H:%M}", "end": f"{end:%H:%M}"} for start, end in rows]


def _shift_row(shift: ShiftType | None) -> ShiftRow | None:
    if shift is None:
        return None
    return {"name": shift.name, "start": _clock(shift.start), "end": _clock(shift.end), "color": shift.color}


def _nurse_row(employee: Employee, rota: RotaDay | None, presence: Presence | None) -> NurseRow:
    clocked_on = presence is not None and presence.on_work_at is not None and presence.off_work_at is None
    return {
        "id": employee.pk,
        "name": employee.name,
        "position": employee.position,
        "positionName": str(EmployeePosition(employee.position).label),
        "rotaKind": rota.kind if rota else None,
        "shift": _shift_row(rota.shift_type if rota else None),
        "onDuty": clocked_on or (rota is not None and rota.kind == RotaKind.SHIFT and presence is None),
        "onWorkAt": presence.on_work_at if presence else None,
        "offWorkAt": presence.off_work_at if presence else None,
        "abnormalLeft": presence.abnormal_left if presence else False,
        "tempOut": presence.temp_out if presence else [],
    }


def _hours(shift: ShiftType | None) -> tuple[time | None, time | None]:
    return (shift.start, shift.end) if shift else (None, None)


def rota_of_day(store: OrgUnit, day: date) -> dict[int, RotaDay]:
    return {r.employee_id: r for r in RotaDay.objects.filter(store_id=store.pk, date=day).select_related("shift_type")}


def nurses_of_day(
    store: OrgUnit, day: date, busy_ids: set[int] | None = None, rota: dict[int, RotaDay] | None = None
) -> list[NurseRow]:
    """The nurses on the rota with a shift or clocked on that day, and any with a reservation; a store
    with no rota for that day shows all its bookable staff. Three queries (two given `rota`)."""
    employees = list(
        Employee.objects.filter(store_id=store.pk, position__in=BOOKABLE_POSITIONS)
        .filter(Q(status=EmployeeStatus.ACTIVE) | Q(pk__in=busy_ids or set()))
        .order_by("position", "name", "id")
    )
    rota = rota_of_day(store, day) if rota is None else rota
    presence = {p.employee_id: p for p in Presence.objects.filter(store_id=store.pk, date=day)}
    planned = bool(rota) or bool(presence)
    rows = []
    for employee in employees:
        entry, present = rota.get(employee.pk), presence.get(employee.pk)
        working = (entry is not None and entry.kind == RotaKind.SHIFT) or (
            present is not None and present.on_work_at is not None
        )
        if not planned or working or employee.pk in (busy_ids or set()):
            rows.append(_nurse_row(employee, entry, present))
    return rows


def board(store: OrgUnit, day: date) -> BoardRow:
    """Eight queries with the authentication's one: store (the caller's), reservations, their
    projects, employees, rota, presence, periods."""
    start, end = day_bounds(day)
    values = list(
        Reservation.objects.filter(store_id=store.pk, start__gte=start, start__lt=end)
        .order_by("start", "id")
        .values(*ROW_COLUMNS)
    )
    busy = {v["nurse_id"] for v in values if v["nurse_id"] is not None}
    rota = rota_of_day(store, day)
    nurses = nurses_of_day(store, day, busy, rota)
    names = {nurse["id"]: nurse["name"] for nurse in nurses}
    # Read from the rota now, never stored: a later rota change shows at the next refresh.
    duty = DayRota((r.employee_id, r.date, r.kind, *_hours(r.shift_type)) for r in rota.values())
    now = timezone.now()
    rows: list[BoardReservationRow] = [
        {**row, "needsAnotherNurse": duty.needs_another_nurse(value, now)}
        for row, value in zip(rows_of_values(values, names), values, strict=True)
    ]
    return {
        "date": day,
        "openTime": _clock(store.open_time),
        "closeTime": _clock(store.close_time),
        "nurses": nurses,
        "periods": _periods(store, day),
        "reservations": rows,
        "counts": counts_of(v["status"] for v in values),
    }


def day_counts(store: OrgUnit, day: date) -> dict[str, int]:
    start, end = day_bounds(day)
    rows = Reservation.objects.filter(store_id=store.pk, start__gte=start, start__lt=end)
    return record_counts(rows)


# --- history ------------------------------------------------------------------------------------


def records(
    *,
    store_ids: frozenset[int],
    day_from: date,
    day_to: date,
    nurse_id: int | None = None,
    status: str = "",
    source: str = "",
    phone: str = "",
    phone_view: bool = False,
    member_id: int | None = None,
) -> QuerySet[Reservation]:
    start, _ = day_bounds(day_from)
    _, end = day_bounds(day_to)
    rows = Reservation.objects.filter(store_id__in=store_ids, start__gte=start, start__lt=end)
    if nurse_id is not None:
        rows = rows.filter(nurse_id=nurse_id)
    if status:
        rows = rows.filter(status=status)
    if source:
        rows = rows.filter(source=source)
    if phone and not phone_view:
        # Without the phone-view code only what the mask shows (apps.core.phones): a longer end
        # would give away hidden digits one search at a time.
        rows = rows.filter(shown_fragment_q(phone))
    elif phone:
        rows = rows.filter(phone=phone) if len(phone) >= 8 else rows.filter(phone__endswith=phone)
    if member_id is not None:
        rows = rows.filter(member_id=member_id)
    return rows.order_by("-start", "-id")


def record_counts(rows: QuerySet[Reservation]) -> dict[str, int]:
    return counts_from(dict(rows.order_by().values_list("status").annotate(n=Count("id"))))


def history_rows(reservation: Reservation) -> list[ChangeRow]:
    return [
        {
            "at": change.at,
            "by": operator_name(change.by_name),
            "kind": change.kind,
            "kindName": str(ChangeKind(change.kind).label),
            "before": change.before,
            "after": change.after,
        }
        for change in ReservationChange.objects.filter(reservation=reservation).order_by("id")
    ]


def reservation_detail(reservation: Reservation) -> ReservationDetailRow:
    return {**reservation_row(reservation), "history": history_rows(reservation)}


def by_phone(*, store_ids: frozenset[int], area_code: str, phone: str) -> list[ReservationRow]:
    since = timezone.now() - timedelta(days=PHONE_HISTORY_DAYS)
    rows = Reservation.objects.filter(store_id__in=store_ids, area_code=area_code, phone=phone, start__gte=since)
    return reservation_rows(rows.order_by("start"))


def upcoming_of_member(member_id: int, store_ids: frozenset[int]) -> list[ReservationRow]:
    rows = Reservation.objects.filter(
        member_id=member_id, store_id__in=store_ids, status__in=ACTIVE_STATUSES, end__gte=timezone.now()
    )
    return reservation_rows(rows.order_by("start")[:10])


def booking_summary(member: Any, store_id: int | None, store_ids: frozenset[int]) -> AccountInfoRow:
    """accountInfo: who the customer is at a glance, and what they have booked already."""
    from apps.members.selectors import member_file

    file = member_file(member, store_id)
    return {
        "memId": file["memId"],
        "name": file["name"],
        "phone": file["phone"],
        "points": file["points"],
        "labels": file["labels"],
        "lastVisitAt": file["lastVisitAt"],
        "upcoming": upcoming_of_member(member.pk, store_ids),
    }


def last_finished_of_member(member_id: int, store_ids: frozenset[int]) -> list[ReservationRow]:
    rows = Reservation.objects.filter(member_id=member_id, store_id__in=store_ids, status=ReservationStatus.DONE)
    return reservation_rows(rows.order_by("-start")[:LAST_CONSUME_COUNT])


def todays_reservation_to_bill(*, store_id: int, member_id: int) -> int | None:
    """The member's one reservation of today at the store still to be served and not billed: the one
    a group-buy coupon served for the member is for. None when there is none, or several (the desk
    then names it)."""
    start, end = day_bounds(timezone.localdate())
    found = list(
        Reservation.objects.filter(
            store_id=store_id,
            member_id=member_id,
            start__gte=start,
            start__lt=end,
            status__in=ACTIVE_STATUSES,
            billed_order_no="",
        ).values_list("pk", flat=True)[:2]
    )
    return found[0] if len(found) == 1 else None


def today_reserved(store_id: int) -> list[TodayReservedRow]:
    """The store's reservations of today still to be served (a billed one is done, so not listed)."""
    start, end = day_bounds(timezone.localdate())
    rows = (
        Reservation.objects.filter(store_id=store_id, start__gte=start, start__lt=end, status__in=ACTIVE_STATUSES)
        .select_related("nurse")
        .order_by("start", "id")
    )
    return [
        {
            "id": r.pk,
            "memId": r.member_id,
            "name": r.name,
            "phone": mask_phone(r.phone),
            "areaCode": r.area_code,
            "startTime": r.start,
            "nurseId": r.nurse_id,
            "nurseName": r.nurse.name if r.nurse else "",
        }
        for r in rows
    ]


# --- rota ---------------------------------------------------------------------------------------


def on_duty_counts(store_ids: Iterable[int], day: date) -> dict[int, int]:
    """Shop management's "on duty today": per store, the employees with a shift on the rota or clocked
    on (and not off) that day. A store with neither for that day is left out: it keeps no rota."""
    ids = list(store_ids)
    working: dict[int, set[int]] = {}
    planned: set[int] = set()
    for store_id, employee_id, kind in RotaDay.objects.filter(store_id__in=ids, date=day).values_list(
        "store_id", "employee_id", "kind"
    ):
        planned.add(store_id)
        if kind == RotaKind.SHIFT:
            working.setdefault(store_id, set()).add(employee_id)
    for store_id, employee_id, on_at, off_at in Presence.objects.filter(store_id__in=ids, date=day).values_list(
        "store_id", "employee_id", "on_work_at", "off_work_at"
    ):
        planned.add(store_id)
        if on_at is not None and off_at is None:
            working.setdefault(store_id, set()).add(employee_id)
        elif off_at is not None:
            working.get(store_id, set()).discard(employee_id)
    return {store_id: len(working.get(store_id, set())) for store_id in planned}


def shift_types(store_id: int) -> QuerySet[ShiftType]:
    return ShiftType.objects.filter(store_id=store_id)


def shift_type_rows(store_id: int) -> list[ShiftTypeRow]:
    return [
        {
            "id": s.pk,
            "name": s.name,
            "start": _clock(s.start),
            "end": _clock(s.end),
            "color": s.color,
            "enabled": s.enabled,
        }
        for s in ShiftType.objects.filter(store_id=store_id).order_by("start", "id")
    ]


def rota_view(store: OrgUnit, day_from: date, day_to: date, *, user_id: int | None = None) -> RotaRow:
    """The store's rota; `myEmployeeId` is the caller's own employee there (their shifts are
    highlighted), or None."""
    employees = list(
        Employee.objects.filter(store_id=store.pk, status=EmployeeStatus.ACTIVE).order_by("position", "name")
    )
    days = RotaDay.objects.filter(store_id=store.pk, date__gte=day_from, date__lte=day_to).order_by(
        "date", "employee_id"
    )
    return {
        "employees": [
            {
                "id": e.pk,
                "name": e.name,
                "position": e.position,
                "positionName": str(EmployeePosition(e.position).label),
            }
            for e in employees
        ],
        "days": [
            {"employeeId": d.employee_id, "date": d.date, "kind": d.kind, "shiftTypeId": d.shift_type_id} for d in days
        ],
        "myEmployeeId": next((e.pk for e in employees if user_id is not None and e.user_id == user_id), None),
    }


def staff_names(store_id: int) -> list[StaffNameRow]:
    employees = Employee.objects.filter(store_id=store_id, status=EmployeeStatus.ACTIVE).order_by("position", "name")
    return [
        {"id": e.pk, "name": e.name, "position": e.position, "positionName": str(EmployeePosition(e.position).label)}
        for e in employees
    ]


def presence_row(presence: Presence) -> PresenceRow:
    """An employee's presence today: clocked on and off, out for a while, or gone before the end."""
    return {
        "employeeId": presence.employee_id,
        "date": presence.date,
        "onWorkAt": presence.on_work_at,
        "offWorkAt": presence.off_work_at,
        "tempOut": presence.temp_out,
        "abnormalLeft": presence.abnormal_left,
    }
