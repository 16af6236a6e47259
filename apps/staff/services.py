"""Writes of staff: employees and their service durations. Each service runs in one transaction,
locks the row it changes and writes the system log with the fields it changed."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.access import check_access_change
from apps.catalog.models import Project
from apps.core.audit import Actor, audit_record
from apps.core.constraints import constraint_errors
from apps.core.errors import Conflict, InvalidInput, NotFound
from apps.org.models import OrgUnit
from apps.staff import rules
from apps.staff.access import employee_left, employee_linked
from apps.staff.choices import AuditAction, EmployeePosition, EmployeeStatus, SkillLevel
from apps.staff.errors import EmployeePhoneTaken
from apps.staff.models import Employee, EmployeeServiceDuration

# Model field → the name the system log (and a rule's error) gives it: the page's field names.
EMPLOYEE_FIELDS = {
    "name": "name",
    "area_code": "areaCode",
    "phone": "phone",
    "position": "position",
    "skill_level": "skillLevel",
    "hire_date": "hireDate",
    "user_id": "userId",
}


def _wire(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value


def _employee_clean(
    *,
    name: str,
    area_code: str,
    phone: str,
    position: str,
    skill_level: str,
    hire_date: date | None,
    user_id: int | None,
    today: date,
) -> dict[str, Any]:
    """The employee's fields by model field name, or the first broken rule."""
    clean_name = rules.check_employee_name(name)
    clean_phone = rules.check_employee_phone(area_code, phone)
    if position not in EmployeePosition.values:
        raise InvalidInput(_("please choose a position"), field="position")
    if (skill_level or "") not in ["", *SkillLevel.values]:
        raise InvalidInput(_("unknown skill level"), field="skillLevel")
    if hire_date is None:
        raise InvalidInput(_("please enter the hire date"), field="hireDate")
    rules.check_hire_date(hire_date, today)
    return {
        "name": clean_name,
        "area_code": area_code,
        "phone": clean_phone,
        "position": position,
        "skill_level": skill_level or "",
        "hire_date": hire_date,
        "user_id": user_id,
    }


def _check_user(store: OrgUnit, user_id: int | None, employee_id: int | None) -> None:
    if user_id is None:
        return
    taken = Employee.objects.filter(store=store, user_id=user_id, status=EmployeeStatus.ACTIVE)
    if employee_id is not None:
        taken = taken.exclude(pk=employee_id)
    if taken.exists():
        raise InvalidInput(_("this user account belongs to another employee of the store"), field="userId")


def _check_link_change(*, caller_entry_id: int | None, store: OrgUnit, accounts: tuple[int | None, ...]) -> None:
    """Linking or unlinking an account changes its access at the store: each account (the new and the
    previous) must hold no role above the caller's there."""
    for account_id in (uid for uid in accounts if uid is not None):
        check_access_change(caller_entry_id=caller_entry_id, store=store, user_id=account_id, field="userId")


def _fields_set(employee: Employee, clean: dict[str, Any], *, created: bool) -> dict[str, list[Any]]:
    """Sets the employee's cleaned fields (unsaved) and answers what changed, [before, after] by the
    system log's field names; a new employee logs every field."""
    before = {field: getattr(employee, field) for field in EMPLOYEE_FIELDS}
    for field, value in clean.items():
        setattr(employee, field, value)
    return {
        logged: [_wire(before[field]), _wire(getattr(employee, field))]
        for field, logged in EMPLOYEE_FIELDS.items()
        if created or before[field] != getattr(employee, field)
    }


def employee_save(
    *,
    actor: Actor,
    caller_entry_id: int | None,
    store: OrgUnit,
    employee: Employee | None,
    name: str,
    area_code: str,
    phone: str,
    position: str,
    skill_level: str = "",
    hire_date: date | None,
    user_id: int | None = None,
) -> Employee:
    """Creates (employee None) or edits an employee of `store`. Rules: name required, at most 20
    characters; an 11-digit mainland mobile, or an 8-digit Hong Kong or Macao number with its area
    code; a hire date not in the future; a phone used once among the store's active staff. Linking
    or unlinking an account changes its access, so both the new and the previous account must hold
    no role above the caller's there (the accounts app's rule, apps.accounts.access)."""
    clean = _employee_clean(
        name=name,
        area_code=area_code,
        phone=phone,
        position=position,
        skill_level=skill_level,
        hire_date=hire_date,
        user_id=user_id,
        today=timezone.localdate(),
    )
    with transaction.atomic():
        if employee is not None:
            employee = Employee.objects.select_for_update().get(pk=employee.pk)
            if employee.left_date and clean["hire_date"] > employee.left_date:
                raise InvalidInput(_("the hire date cannot be after the leaving date"), field="hireDate")
        previous_user_id = employee.user_id if employee else None
        if user_id != previous_user_id:
            _check_link_change(caller_entry_id=caller_entry_id, store=store, accounts=(user_id, previous_user_id))
        _check_user(store, user_id, employee.pk if employee else None)
        created = employee is None
        if employee is None:
            employee = Employee(store=store)
        changed = _fields_set(employee, clean, created=created)
        if not changed:
            return employee
        with constraint_errors({"employee_active_phone_once_per_store": EmployeePhoneTaken}):
            employee.save()
        if employee.user_id != previous_user_id:
            employee_linked(actor=actor, employee=employee, previous_user_id=previous_user_id)
        audit_record(
            actor=actor,
            action=AuditAction.EMPLOYEE_CREATED if created else AuditAction.EMPLOYEE_UPDATED,
            target=employee,
            detail={"changed": changed},
        )
    return employee


def employee_leave(*, actor: Actor, caller_entry_id: int | None, employee: Employee, left_date: date) -> Employee:
    """An employee leaves: status left with the date, and the role entries their account link holds
    at the store are revoked (each revocation is in the system log too); an owner's entry or one
    above the store is never the link's. An account holding a role above the caller's there is
    refused, as for linking."""
    with transaction.atomic():
        employee = Employee.objects.select_for_update().get(pk=employee.pk)
        if employee.status == EmployeeStatus.LEFT:
            raise Conflict(_("this employee has already left"))
        if employee.user_id is not None:
            check_access_change(
                caller_entry_id=caller_entry_id, store=employee.store, user_id=employee.user_id, field="id"
            )
        rules.check_left_date(left_date, employee.hire_date, timezone.localdate())
        employee.status = EmployeeStatus.LEFT
        employee.left_date = left_date
        employee.save(update_fields=["status", "left_date", "updated_at"])
        revoked = employee_left(actor=actor, employee=employee)
        audit_record(
            actor=actor,
            action=AuditAction.EMPLOYEE_LEFT,
            target=employee,
            detail={"leftDate": left_date.isoformat(), "revokedRoles": revoked},
        )
    return employee


def duration_save(
    *, actor: Actor, employee: Employee, project_id: int | None, category: str, minutes: int
) -> EmployeeServiceDuration:
    """Spec §7.9 saveDurationInfo: the employee's time for a project or a category (one of the two),
    1 to 600 minutes. Saving again for the same project or category changes the active row."""
    category = (category or "").strip()
    if (project_id is None) == (not category):
        raise InvalidInput(_("choose either a project or a category"), field="projectId")
    if not 1 <= minutes <= 600:
        raise InvalidInput(_("minutes must be from 1 to 600"), field="minutes")
    if project_id is not None and not Project.objects.filter(pk=project_id).exists():
        raise InvalidInput(_("no such project"), field="projectId")
    with transaction.atomic():
        Employee.objects.select_for_update().filter(pk=employee.pk).first()
        if employee.status == EmployeeStatus.LEFT:
            raise Conflict(_("this employee has left"))
        rows = EmployeeServiceDuration.objects.filter(employee=employee, is_active=True)
        row = (rows.filter(project_id=project_id) if project_id is not None else rows.filter(category=category)).first()
        old = row.minutes if row else None
        if row is None:
            row = EmployeeServiceDuration.objects.create(
                employee=employee,
                project_id=project_id,
                category=category if project_id is None else "",
                minutes=minutes,
            )
        elif row.minutes != minutes:
            row.minutes = minutes
            row.save(update_fields=["minutes", "updated_at"])
        else:
            return row
        audit_record(
            actor=actor,
            action=AuditAction.DURATION_SAVED,
            target=row,
            detail={
                "employeeId": employee.pk,
                "projectId": project_id,
                "category": row.category,
                "minutes": [old, minutes],
            },
        )
    return row


def duration_close(*, actor: Actor, duration: EmployeeServiceDuration) -> EmployeeServiceDuration:
    """Spec §7.9 closeDurationInfo: the duration stops applying; the row stays for the record."""
    with transaction.atomic():
        duration = EmployeeServiceDuration.objects.select_for_update().get(pk=duration.pk)
        if not duration.is_active:
            raise NotFound()
        duration.is_active = False
        duration.save(update_fields=["is_active", "updated_at"])
        audit_record(
            actor=actor,
            action=AuditAction.DURATION_CLOSED,
            target=duration,
            detail={"employeeId": duration.employee_id, "minutes": duration.minutes},
        )
    return duration
