"""The rows staff's reads build, one TypedDict per output serializer (named after it, with `Row`
added): an employee in the list, with its service durations in the detail."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict


class EmployeeRow(TypedDict):
    """As EmployeeRowOutputSerializer writes it."""

    id: int
    storeId: int
    storeName: str
    name: str
    areaCode: str
    phone: str
    position: str
    positionName: str
    skillLevel: str
    skillLevelName: str
    hireDate: date
    status: str
    statusName: str
    leftDate: date | None
    userId: int | None
    userAccount: str
    roles: list[str]
    createdAt: datetime
    updatedAt: datetime


class DurationRow(TypedDict):
    """As DurationOutputSerializer writes it."""

    id: int
    projectId: int | None
    category: str
    minutes: int
    updatedAt: datetime


class EmployeeDetailRow(EmployeeRow):
    """As EmployeeDetailOutputSerializer writes it."""

    durations: list[DurationRow]
