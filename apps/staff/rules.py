"""Validation rules of staff, shared by the services (the browser mirrors them in
frontend/src/pages/staff/rules.ts)."""

from __future__ import annotations

import re
from datetime import date

from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput
from apps.staff.choices import EMPLOYEE_NAME_MAX_LENGTH, AreaCode

MAINLAND_MOBILE = re.compile(r"^1\d{10}$")
HK_MACAO_PHONE = re.compile(r"^\d{8}$")


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
