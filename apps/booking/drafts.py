"""A reservation draft: the checked input of saveOrUpdate, check and forceUpdate, and the problems
`check` finds in it (nurse busy or off duty, outside opening hours, member booked, in the past)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypedDict, Unpack

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.booking import rules
from apps.booking.choices import (
    ACTIVE_STATUSES,
    BOOKABLE_POSITIONS,
    WALK_IN_NAME_MAX_LENGTH,
    ProblemCode,
    ReservationSource,
)
from apps.booking.duty import DayRota
from apps.booking.models import Presence, Reservation
from apps.catalog.models import Project
from apps.catalog.selectors import project_search
from apps.core.errors import InvalidInput
from apps.members import rules as member_rules
from apps.members.models import Member
from apps.members.selectors import member_in_chain
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeeStatus
from apps.staff.models import Employee, EmployeeServiceDuration

# A start this far back still counts as now (the desk books the customer standing in front of it).
PAST_GRACE = timedelta(minutes=10)


@dataclass
class Draft:
    store: OrgUnit
    member: Member | None
    name: str
    area_code: str
    phone: str
    nurse: Employee | None
    projects: list[Project]
    start: datetime
    end: datetime
    source: str
    remark: str
    minutes_by_project: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Problem:
    code: str
    message: str

    @classmethod
    def of(cls, code: ProblemCode) -> Problem:
        return cls(code, str(code.label))

    def to_wire(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


def bookable_nurse(store: OrgUnit, nurse_id: int | None) -> Employee | None:
    if nurse_id is None:
        return None
    nurse = Employee.objects.filter(
        pk=nurse_id, store=store, status=EmployeeStatus.ACTIVE, position__in=BOOKABLE_POSITIONS
    ).first()
    if nurse is None:
        raise InvalidInput(_("unknown nurse"), field="nurseId")
    return nurse


def bookable_projects(store: OrgUnit, project_ids: list[int]) -> list[Project]:
    wanted = list(dict.fromkeys(project_ids or []))
    if not wanted:
        raise InvalidInput(_("please choose at least one project"), field="projectIds")
    projects = {p.pk: p for p in project_search(store_id=store.pk, enabled=True).filter(pk__in=wanted)}
    if len(projects) != len(wanted):
        raise InvalidInput(_("unknown or unavailable project"), field="projectIds")
    return [projects[pk] for pk in wanted]


def project_minutes(projects: list[Project], nurse: Employee | None) -> dict[int, int]:
    """Each project's minutes: the nurse's own service duration where one is set (by project, then
    by its category), else the project's."""
    own: dict[Any, int] = {}
    if nurse is not None:
        for row in EmployeeServiceDuration.objects.filter(employee=nurse, is_active=True):
            own[row.project_id or f"category:{row.category}"] = row.minutes
    return {
        p.pk: own.get(p.pk) or own.get(f"category:{p.category.name if p.category_id else ''}") or p.duration_minutes
        for p in projects
    }


class ReservationFields(TypedDict, total=False):
    """A reservation as the board sends it: a member, or a walk-in's name and phone; the projects, the
    nurse (none: any nurse), the start and the minutes (none: the projects' own)."""

    member_id: int | None
    name: str
    area_code: str
    phone: str
    project_ids: list[int]
    nurse_id: int | None
    start: datetime | None
    duration: int | None
    source: str
    remark: str


def _who(fields: ReservationFields) -> tuple[Member | None, str, str, str]:
    member_id = fields.get("member_id")
    if member_id is not None:
        member = member_in_chain(member_id)
        if member is None or member.status != "active":
            raise InvalidInput(_("unknown member"), field="memId")
        return member, member.name, member.area_code, member.phone
    name = (fields.get("name") or "").strip()
    if not name:
        raise InvalidInput(_("please choose a member or enter the walk-in's name"), field="name")
    if len(name) > WALK_IN_NAME_MAX_LENGTH:
        raise InvalidInput(_("the name can have at most 20 characters"), field="name")
    area_code, phone = member_rules.check_phone(fields.get("area_code") or "0086", fields.get("phone"))
    return None, name, area_code, phone


def draft_from(store: OrgUnit, **fields: Unpack[ReservationFields]) -> Draft:
    """The checked draft of a reservation at `store`; bad input raises InvalidInput (400)."""
    member, name, area_code, phone = _who(fields)
    nurse = bookable_nurse(store, fields.get("nurse_id"))
    projects = bookable_projects(store, fields.get("project_ids") or [])
    minutes_by_project = project_minutes(projects, nurse)
    start = fields.get("start")
    if start is None:
        raise InvalidInput(_("please choose the start time"), field="startTime")
    minutes = fields.get("duration") or sum(minutes_by_project.values())
    rules.check_duration(minutes)
    source = fields.get("source") or ""
    if source and source not in ReservationSource.values:
        raise InvalidInput(_("unknown source"), field="source")
    return Draft(
        store=store,
        member=member,
        name=name,
        area_code=area_code,
        phone=phone,
        nurse=nurse,
        projects=projects,
        start=start,
        end=start + timedelta(minutes=minutes),
        source=source,
        remark=rules.check_remark(fields.get("remark")),
        minutes_by_project=minutes_by_project,
    )


def _overlapping(start: datetime, end: datetime, exclude_id: int | None) -> Any:
    rows = Reservation.objects.filter(status__in=ACTIVE_STATUSES, start__lt=end, end__gt=start)
    return rows.exclude(pk=exclude_id) if exclude_id else rows


def _local(moment: datetime) -> datetime:
    return timezone.localtime(moment)


def _off_duty(nurse: Employee, start: datetime, end: datetime) -> bool:
    """Off duty by the rota (the one rule of apps.booking.duty, which the board's "needs another
    nurse" mark also follows), or clocked off before the end."""
    day = _local(start).date()
    if DayRota.of(nurse.store_id, [day]).off_duty(nurse.pk, start, end):
        return True
    presence = Presence.objects.filter(employee=nurse, date=day).first()
    if presence is not None and presence.off_work_at is not None and presence.off_work_at < end:
        return True
    return False


def _outside_hours(store: OrgUnit, start: datetime, end: datetime) -> bool:
    if store.open_time is None or store.close_time is None:
        return False
    local_start, local_end = _local(start), _local(end)
    if local_end.date() > local_start.date():
        return True
    return local_start.time() < store.open_time or local_end.time() > store.close_time


def problems_of(draft: Draft, *, reservation_id: int | None = None) -> list[Problem]:
    """What stands against saving the draft, in the order the desk should read them."""
    problems: list[Problem] = []
    if reservation_id is None and draft.start < timezone.now() - PAST_GRACE:
        problems.append(Problem.of(ProblemCode.IN_PAST))
    overlapping = _overlapping(draft.start, draft.end, reservation_id)
    if draft.nurse is not None and overlapping.filter(nurse=draft.nurse).exists():
        problems.append(Problem.of(ProblemCode.NURSE_BUSY))
    if draft.nurse is not None and _off_duty(draft.nurse, draft.start, draft.end):
        problems.append(Problem.of(ProblemCode.NURSE_OFF_DUTY))
    if _outside_hours(draft.store, draft.start, draft.end):
        problems.append(Problem.of(ProblemCode.OUTSIDE_HOURS))
    same_person = Q(member=draft.member) if draft.member else Q(area_code=draft.area_code, phone=draft.phone)
    if overlapping.filter(same_person).exists():
        problems.append(Problem.of(ProblemCode.MEMBER_BOOKED))
    return problems
