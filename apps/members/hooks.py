"""What members asks of the staff app without importing it (ARCHITECTURE: members and staff share a
floor, and neither imports the other). An examination's examiner is an employee of the store; who
that is, is staff's answer, given through `StoreStaff`. Booking, which sits above both and already
pairs members with the staff who serve them, registers staff's reader in its AppConfig.ready()."""

from __future__ import annotations

from typing import Protocol

from apps.core.hooks import Slot


class StoreStaff(Protocol):
    def active_staff(self, *, store_id: int) -> list[dict[str, object]]:
        """The store's active employees as `{id, name}`, by name."""

    def employee_name(self, *, store_id: int, employee_id: int) -> str | None:
        """The name of the store's active employee `employee_id`, or None when there is none."""


_store_staff: Slot[StoreStaff] = Slot("store staff", registered_by="apps.booking")
register_store_staff = _store_staff.register
store_staff = _store_staff.get
