"""Validation rules of store information and staff, shared by the services (the browser mirrors
them in frontend/src/pages/org/rules.ts and frontend/src/pages/staff/rules.ts)."""

from __future__ import annotations

import re
from datetime import date, time

from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput
from apps.org.choices import EMPLOYEE_NAME_MAX_LENGTH, AreaCode

# A store phone: a mainland mobile, a mainland landline with its 3- or 4-digit area prefix
# (021-62345678), or an 8-digit Hong Kong or Macao number.
STORE_PHONE = re.compile(r"^(1\d{10}|0\d{2,3}-?\d{7,8}|\d{8})$")
MAINLAND_MOBILE = re.compile(r"^1\d{10}$")
HK_MACAO_PHONE = re.compile(r"^\d{8}$")
REGION_CODE = re.compile(r"^\d{6}$")


def check_store_phone(phone: str) -> None:
    if phone and not STORE_PHONE.match(phone):
        raise InvalidInput(_("please enter a valid phone number"), field="phone")


def check_opening_hours(open_time: time | None, close_time: time | None) -> None:
    if (open_time is None) != (close_time is None):
        raise InvalidInput(_("please enter both the opening and the closing time"), field="closeTime")
    if open_time is not None and close_time is not None and open_time >= close_time:
        raise InvalidInput(_("the opening time must be before the closing time"), field="closeTime")


def check_seats(seats: int | None) -> None:
    if seats is not None and seats < 0:
        raise InvalidInput(_("seats or beds cannot be negative"), field="seats")


def check_employee_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise InvalidInput(_("please enter the employee's name"), field="name")
    if len(name) > EMPLOYEE_NAME_MAX_LENGTH:
        raise InvalidInput(_("the name can have at most 20 characters"), field="name")
    return name


def check_employee_phone(area_code: str, phone: str) -> str:
    phone = (phone or "").strip()
    if area_code == AreaCode.MAINLAND:
        if not MAINLAND_MOBILE.match(phone):
            raise InvalidInput(_("please enter an 11-digit mobile number starting with 1"), field="phone")
    elif area_code in (AreaCode.HONG_KONG, AreaCode.MACAO):
        if not HK_MACAO_PHONE.match(phone):
            raise InvalidInput(_("please enter an 8-digit Hong Kong or Macao number"), field="phone")
    else:
        raise InvalidInput(_("please choose an area code"), field="areaCode")
    return phone


def check_hire_date(hire_date: date, today: date) -> None:
    if hire_date > today:
        raise InvalidInput(_("the hire date cannot be in the future"), field="hireDate")


def check_left_date(left_date: date, hire_date: date, today: date) -> None:
    if left_date > today:
        raise InvalidInput(_("the leaving date cannot be in the future"), field="leftDate")
    if left_date < hire_date:
        raise InvalidInput(_("the leaving date cannot be before the hire date"), field="leftDate")
