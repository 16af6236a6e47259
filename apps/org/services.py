"""Writes of store information and staff. Each service runs in one transaction, locks the row it
changes and writes the system log with the fields it changed."""

from __future__ import annotations

from datetime import date, time
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import Actor, audit_record
from apps.core.errors import Conflict, InvalidInput, NotFound
from apps.org import rules
from apps.org.choices import AuditAction, EmployeePosition, EmployeeStatus, SkillLevel, StoreStatus
from apps.org.hooks import employee_account_link, project_exists
from apps.org.models import Employee, EmployeeServiceDuration, OrgUnit
from apps.org.selectors import borrow_out_candidates

# Wire name → model field of the store information a store may edit (spec §2.2 /storeBasicInfo).
STORE_FIELDS = {
    "name": "name",
    "provinceCode": "province_code",
    "cityCode": "city_code",
    "districtCode": "district_code",
    "address": "address",
    "phone": "phone",
    "openTime": "open_time",
    "closeTime": "close_time",
    "seats": "seats",
    "status": "status",
    "frontDeskCheckRequired": "front_desk_check_required",
}

EMPLOYEE_FIELDS = {
    "name": "name",
    "areaCode": "area_code",
    "phone": "phone",
    "position": "position",
    "skillLevel": "skill_level",
    "hireDate": "hire_date",
    "userId": "user_id",
}


def _wire(value: Any) -> Any:
    if isinstance(value, time):
        return value.strftime("%H:%M")
    if isinstance(value, date):
        return value.isoformat()
    return value


def _check_regions(province: str, city: str, district: str) -> None:
    """Either no region at all, or a province, one of its cities and one of that city's districts
    (GB/T 2260 codes of apps.masterdata)."""
    from apps.masterdata.models import Region  # masterdata sits beside org; read-only use

    codes = {"provinceCode": province, "cityCode": city, "districtCode": district}
    if not any(codes.values()):
        return
    for field, code in codes.items():
        if not code or not rules.REGION_CODE.match(code):
            raise InvalidInput(_("please choose the province, city and district"), field=field)
    parents = dict(Region.objects.filter(code__in=codes.values()).values_list("code", "parent_id"))
    if province not in parents or parents[province] is not None:
        raise InvalidInput(_("unknown province"), field="provinceCode")
    if parents.get(city, "") != province:
        raise InvalidInput(_("the city is not in that province"), field="cityCode")
    if parents.get(district, "") != city:
        raise InvalidInput(_("the district is not in that city"), field="districtCode")


def store_update(*, actor: Actor, store: OrgUnit, changes: dict[str, Any]) -> OrgUnit:
    """Spec §7.2 UpdateErpStore: edits the store information; only the fields sent change. Rules:
    phone format, opening before closing, seats or beds not negative, a consistent region, borrow-out
    targets among the other active stores. The system log records each changed field, old and new."""
    with transaction.atomic():
        store = OrgUnit.objects.stores().select_for_update().get(pk=store.pk)
        before = {wire: getattr(store, field) for wire, field in STORE_FIELDS.items()}
        after = {**before, **{wire: changes[wire] for wire in STORE_FIELDS if wire in changes}}
        after["name"] = (after["name"] or "").strip()
        if not after["name"]:
            raise InvalidInput(_("please enter the store name"), field="name")
        for wire in ("provinceCode", "cityCode", "districtCode", "address", "phone"):
            after[wire] = (after[wire] or "").strip()
        rules.check_store_phone(after["phone"])
        rules.check_opening_hours(after["openTime"], after["closeTime"])
        rules.check_seats(after["seats"])
        if after["status"] not in StoreStatus.values:
            raise InvalidInput(_("unknown store status"), field="status")
        _check_regions(after["provinceCode"], after["cityCode"], after["districtCode"])
        changed = {
            wire: [_wire(before[wire]), _wire(after[wire])] for wire in STORE_FIELDS if before[wire] != after[wire]
        }
        for wire in changed:
            setattr(store, STORE_FIELDS[wire], after[wire])
        if "borrowOutTargetIds" in changes:
            wanted = set(changes["borrowOutTargetIds"] or [])
            if store.pk in wanted:
                raise InvalidInput(_("a store cannot lend to itself"), field="borrowOutTargetIds")
            if not wanted <= {candidate.pk for candidate in borrow_out_candidates(store)}:
                raise InvalidInput(_("unknown store among the borrow-out targets"), field="borrowOutTargetIds")
            current = set(store.borrow_out_targets.values_list("id", flat=True))
            if current != wanted:
                store.borrow_out_targets.set(sorted(wanted))
                changed["borrowOutTargetIds"] = [sorted(current), sorted(wanted)]
        if changed:
            store.save()
            audit_record(actor=actor, action=AuditAction.STORE_UPDATED, target=store, detail={"changed": changed})
    return store


def _employee_clean(data: dict[str, Any], today: date) -> dict[str, Any]:
    clean = dict(data)
    clean["name"] = rules.check_employee_name(data.get("name", ""))
    clean["phone"] = rules.check_employee_phone(data.get("areaCode", ""), data.get("phone", ""))
    if data.get("position") not in EmployeePosition.values:
        raise InvalidInput(_("please choose a position"), field="position")
    if (data.get("skillLevel") or "") not in ["", *SkillLevel.values]:
        raise InvalidInput(_("unknown skill level"), field="skillLevel")
    clean["skillLevel"] = data.get("skillLevel") or ""
    if data.get("hireDate") is None:
        raise InvalidInput(_("please enter the hire date"), field="hireDate")
    rules.check_hire_date(data["hireDate"], today)
    return clean


def _check_user(store: OrgUnit, user_id: int | None, employee_id: int | None) -> None:
    if user_id is None:
        return
    taken = Employee.objects.filter(store=store, user_id=user_id, status=EmployeeStatus.ACTIVE)
    if employee_id is not None:
        taken = taken.exclude(pk=employee_id)
    if taken.exists():
        raise InvalidInput(_("this user account belongs to another employee of the store"), field="userId")


def employee_save(
    *, actor: Actor, caller_entry_id: int | None, store: OrgUnit, employee: Employee | None, data: dict[str, Any]
) -> Employee:
    """Creates (employee None) or edits an employee of `store`. Rules: name required, at most 20
    characters; an 11-digit mainland mobile, or an 8-digit Hong Kong or Macao number with its area
    code; a hire date not in the future; a phone used once among the store's active staff. Linking
    or unlinking an account changes its access, so both the new and the previous account must hold
    no role above the caller's there (the accounts app's rule, through apps.org.hooks)."""
    today = timezone.localdate()
    clean = _employee_clean(data, today)
    link = employee_account_link()
    with transaction.atomic():
        if employee is not None:
            employee = Employee.objects.select_for_update().get(pk=employee.pk)
            if employee.left_date and clean["hireDate"] > employee.left_date:
                raise InvalidInput(_("the hire date cannot be after the leaving date"), field="hireDate")
        previous_user_id = employee.user_id if employee else None
        if clean.get("userId") != previous_user_id:
            for user_id in (uid for uid in (clean.get("userId"), previous_user_id) if uid is not None):
                link.check_change(caller_entry_id=caller_entry_id, store=store, user_id=user_id, field="userId")
        _check_user(store, clean.get("userId"), employee.pk if employee else None)
        created = employee is None
        if employee is None:
            employee = Employee(store=store)
        before = {wire: getattr(employee, field) for wire, field in EMPLOYEE_FIELDS.items()}
        for wire, field in EMPLOYEE_FIELDS.items():
            setattr(employee, field, clean.get(wire))
        changed = {
            wire: [_wire(before[wire]), _wire(getattr(employee, field))]
            for wire, field in EMPLOYEE_FIELDS.items()
            if created or before[wire] != getattr(employee, field)
        }
        if not changed:
            return employee
        try:
            with transaction.atomic():
                employee.save()
        except IntegrityError:
            raise InvalidInput(_("another active employee of the store has this phone"), field="phone") from None
        if employee.user_id != previous_user_id:
            link.linked(actor=actor, employee=employee, previous_user_id=previous_user_id)
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
    link = employee_account_link()
    with transaction.atomic():
        employee = Employee.objects.select_for_update().get(pk=employee.pk)
        if employee.status == EmployeeStatus.LEFT:
            raise Conflict(_("this employee has already left"))
        if employee.user_id is not None:
            link.check_change(
                caller_entry_id=caller_entry_id, store=employee.store, user_id=employee.user_id, field="id"
            )
        rules.check_left_date(left_date, employee.hire_date, timezone.localdate())
        employee.status = EmployeeStatus.LEFT
        employee.left_date = left_date
        employee.save(update_fields=["status", "left_date", "updated_at"])
        revoked = link.left(actor=actor, employee=employee)
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
    if project_id is not None and not project_exists(project_id):
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
