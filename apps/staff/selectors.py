"""Reads of staff: the staff list and an employee's detail (spec §2.2, §7.9)."""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any

from django.db.models import Count, Q, QuerySet

from apps.accounts.selectors import role_names_at_stores
from apps.core.phones import mask_phone
from apps.staff.choices import EmployeePosition, EmployeeStatus, SkillLevel
from apps.staff.models import Employee, EmployeePositionHistory, EmployeeServiceDuration
from apps.staff.rows import DurationRow, EmployeeDetailRow, EmployeeRow


def active_staff_counts(store_ids: list[int]) -> dict[int, int]:
    """Store id → its employees with status active (shop management's `activeStaff`), one query."""
    counts = (
        Employee.objects.filter(store_id__in=store_ids, status=EmployeeStatus.ACTIVE)
        .order_by()
        .values("store_id")
        .annotate(active=Count("id"))
        .values_list("store_id", "active")
    )
    return {store_id: 0 for store_id in store_ids} | dict(counts)


def employees_of(*, store_ids: frozenset[int]) -> QuerySet[Employee]:
    return Employee.objects.filter(store_id__in=store_ids)


def employee_search(
    *, store_ids: frozenset[int], keyword: str = "", position: str = "", status: str = ""
) -> QuerySet[Employee]:
    """The staff list's filters: a part of the name or phone, the position, the status. Active staff
    first, then by name."""
    rows = employees_of(store_ids=store_ids).select_related("store", "user")
    keyword = keyword.strip()
    if keyword:
        rows = rows.filter(Q(name__icontains=keyword) | Q(phone__contains=keyword))
    if position:
        rows = rows.filter(position=position)
    if status:
        rows = rows.filter(status=status)
    return rows.order_by("status", "name", "id")


def roles_at_stores(employees: list[Employee]) -> dict[tuple[int, int], list[str]]:
    """(user id, store id) → the names of the roles the user holds there, one query for a page."""
    user_ids = {employee.user_id for employee in employees if employee.user_id}
    if not user_ids:
        return {}
    store_ids = {employee.store_id for employee in employees}
    return role_names_at_stores(user_ids=user_ids, store_ids=store_ids)


def employee_row(employee: Employee, roles: dict[tuple[int, int], list[str]], *, masked: bool) -> EmployeeRow:
    return {
        "id": employee.pk,
        "storeId": employee.store_id,
        "storeName": employee.store.name,
        "name": employee.name,
        "areaCode": employee.area_code,
        "phone": mask_phone(employee.phone) if masked else employee.phone,
        "position": employee.position,
        "positionName": str(EmployeePosition(employee.position).label),
        "skillLevel": employee.skill_level,
        "skillLevelName": str(SkillLevel(employee.skill_level).label) if employee.skill_level else "",
        "hireDate": employee.hire_date,
        "status": employee.status,
        "statusName": str(EmployeeStatus(employee.status).label),
        "leftDate": employee.left_date,
        "userId": employee.user_id,
        "userAccount": employee.user.login_name if employee.user else "",
        "roles": roles.get((employee.user_id, employee.store_id), []) if employee.user_id else [],
        "createdAt": employee.created_at,
        "updatedAt": employee.updated_at,
    }


def employee_rows(employees: Any) -> list[EmployeeRow]:
    employees = list(employees)
    roles = roles_at_stores(employees)
    return [employee_row(employee, roles, masked=True) for employee in employees]


def employee_detail(*, employee: Employee) -> EmployeeDetailRow:
    roles = roles_at_stores([employee])
    durations: list[DurationRow] = [
        {
            "id": row.pk,
            "projectId": row.project_id,
            "category": row.category,
            "minutes": row.minutes,
            "updatedAt": row.updated_at,
        }
        for row in employee.service_durations.filter(is_active=True).order_by("id")
    ]
    return {**employee_row(employee, roles, masked=False), "durations": durations}


def active_staff(*, store_id: int) -> list[dict[str, object]]:
    """The store's active employees as `{id, name}`, by name (a picker of the store's staff)."""
    active = Employee.objects.filter(store_id=store_id, status=EmployeeStatus.ACTIVE).order_by("name", "id")
    return [{"id": employee_id, "name": name} for employee_id, name in active.values_list("id", "name")]


def active_employee_name(*, store_id: int, employee_id: int) -> str | None:
    """The name of the store's active employee `employee_id`, or None."""
    return (
        Employee.objects.filter(pk=employee_id, store_id=store_id, status=EmployeeStatus.ACTIVE)
        .values_list("name", flat=True)
        .first()
    )


def employees() -> QuerySet[Employee]:
    """Every employee with their store and account, for apps.core.scoping to pick one in scope."""
    return Employee.objects.select_related("store", "user")


def open_service_durations() -> QuerySet[EmployeeServiceDuration]:
    """The service durations still in force, with their employee (scoped by the employee's store)."""
    return EmployeeServiceDuration.objects.filter(is_active=True).select_related("employee")


def positions_held(employee_ids: Iterable[int], *, until: date) -> Callable[[int, date], str]:
    """(employee id, day) -> the position the employee held that day (EmployeePositionHistory), for
    days up to `until`; an employee without history answers the position held now."""
    ids = set(employee_ids)
    held: dict[int, tuple[list[date], list[str]]] = defaultdict(lambda: ([], []))
    rows = EmployeePositionHistory.objects.filter(employee_id__in=ids, valid_from__lte=until).order_by(
        "employee_id", "valid_from"
    )
    for employee_id, valid_from, position in rows.values_list("employee_id", "valid_from", "position"):
        days, positions = held[employee_id]
        days.append(valid_from)
        positions.append(position)
    now = dict(Employee.objects.filter(pk__in=ids - held.keys()).values_list("pk", "position"))

    def position_on(employee_id: int, day: date) -> str:
        if employee_id not in held:
            return now.get(employee_id, "")
        days, positions = held[employee_id]
        index = bisect_right(days, day) - 1
        return positions[max(index, 0)]

    return position_on
