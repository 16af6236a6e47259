"""Validation rules of store information, shared by the services (the browser mirrors them in
frontend/src/pages/org/rules.ts)."""

from __future__ import annotations

import re
from datetime import time

from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput

# A store phone: a mainland mobile, a mainland landline with its 3- or 4-digit area prefix
# (021-62345678), or an 8-digit Hong Kong or Macao number.
STORE_PHONE = re.compile(r"^(1\d{10}|0\d{2,3}-?\d{7,8}|\d{8})$")
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
