"""The staff app's domain errors (docs/api.md lists every errcode). Staff's rules answer core's
VALID-40000 on the field concerned, 404 and 409; the one a database constraint raises is named here."""

from __future__ import annotations

from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput


class EmployeePhoneTaken(InvalidInput):
    """The store's active staff use a phone once (constraint employee_active_phone_once_per_store)."""

    def __init__(self) -> None:
        super().__init__(_("another active employee of the store has this phone"), field="phone")
