"""The rows booking's reads build, one TypedDict per output serializer (named after it, with `Row`
added): reservations, the board, history, rota and presence."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict

from apps.core.json_types import JsonObject


class ProjectLineRow(TypedDict):
    """As ProjectLineOutputSerializer writes it."""

    id: int
    name: str
    minutes: int


class ReservationRow(TypedDict):
    """As ReservationOutputSerializer writes it."""

    id: int
    storeId: int
    memId: int | None
    name: str
    phone: str
    areaCode: str
    walkIn: bool
    nurseId: int | None
    nurseName: str
    projects: list[ProjectLineRow]
    startTime: datetime
    endTime: datetime
    duration: int
    source: str
    sourceName: str
    remark: str
    status: str
    statusName: str
    cancelReason: str
    cancelReasonName: str
    forced: bool
    billedOrderNo: str
    createdAt: datetime
    updatedAt: datetime


class BoardReservationRow(ReservationRow):
    """As BoardReservationOutputSerializer writes it."""

    needsAnotherNurse: bool


class ChangeRow(TypedDict):
    """As ChangeOutputSerializer writes it."""

    at: datetime
    by: str
    kind: str
    kindName: str
    before: JsonObject  # the fields a change touched, as logged
    after: JsonObject


class ReservationDetailRow(ReservationRow):
    """As ReservationDetailOutputSerializer writes it."""

    history: list[ChangeRow]


class IntervalRow(TypedDict):
    """A while out during the day (IntervalSerializer), as the presence keeps it."""

    start: str
    end: str


class ShiftRow(TypedDict):
    """As ShiftOutputSerializer writes it."""

    name: str
    start: str
    end: str
    color: str


class NurseRow(TypedDict):
    """As NurseOutputSerializer writes it."""

    id: int
    name: str
    position: str
    positionName: str
    rotaKind: str | None
    shift: ShiftRow | None
    onDuty: bool
    onWorkAt: datetime | None
    offWorkAt: datetime | None
    abnormalLeft: bool
    tempOut: list[IntervalRow]


class PeriodRow(TypedDict):
    """As PeriodOutputSerializer writes it."""

    start: str
    end: str


class BoardRow(TypedDict):
    """As BoardOutputSerializer writes it."""

    date: date
    openTime: str | None
    closeTime: str | None
    nurses: list[NurseRow]
    periods: list[PeriodRow]
    reservations: list[BoardReservationRow]
    counts: dict[str, int]  # by CountsOutputSerializer's keys (counts_from)


class StaffNameRow(TypedDict):
    """As StaffNameOutputSerializer writes it."""

    id: int
    name: str
    position: str
    positionName: str


class BookableProjectRow(TypedDict):
    """As BookableProjectOutputSerializer writes it."""

    id: int
    name: str
    duration: int
    categoryName: str


class LabelRow(TypedDict):
    """As LabelOutputSerializer writes it."""

    id: int
    name: str
    color: str


class AccountInfoRow(TypedDict):
    """As AccountInfoOutputSerializer writes it."""

    memId: int
    name: str
    phone: str
    points: int
    labels: list[LabelRow]
    lastVisitAt: datetime | None
    upcoming: list[ReservationRow]


class TodayReservedRow(TypedDict):
    """As TodayReservedOutputSerializer writes it."""

    id: int
    memId: int | None
    name: str
    phone: str
    areaCode: str
    startTime: datetime
    nurseId: int | None
    nurseName: str


class PresenceRow(TypedDict):
    """As PresenceOutputSerializer writes it."""

    employeeId: int
    date: date
    onWorkAt: datetime | None
    offWorkAt: datetime | None
    tempOut: list[IntervalRow]
    abnormalLeft: bool


class ShiftTypeRow(TypedDict):
    """As ShiftTypeOutputSerializer writes it."""

    id: int
    name: str
    start: str
    end: str
    color: str
    enabled: bool


class RotaDayRow(TypedDict):
    """As RotaDayOutputSerializer writes it."""

    employeeId: int
    date: date
    kind: str
    shiftTypeId: int | None


class RotaRow(TypedDict):
    """As RotaOutputSerializer writes it."""

    employees: list[StaffNameRow]
    days: list[RotaDayRow]
    myEmployeeId: int | None


class StrandedRow(TypedDict):
    """A reservation a rota change would leave without its nurse (RES-40906's `data.reservations`)."""

    id: int
    date: date
    startTime: datetime
    name: str
    projects: list[str]
    nurseId: int | None
    nurseName: str
