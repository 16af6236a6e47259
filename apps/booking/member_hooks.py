"""Staff's answers to what members asks (apps.members.hooks): members and staff share a floor, and
booking, above both, connects them (registered in BookingConfig.ready())."""

from __future__ import annotations

from apps.staff.selectors import active_employee_name, active_staff


class StoreStaffReader:
    def active_staff(self, *, store_id: int) -> list[dict[str, object]]:
        return active_staff(store_id=store_id)

    def employee_name(self, *, store_id: int, employee_id: int) -> str | None:
        return active_employee_name(store_id=store_id, employee_id=employee_id)
