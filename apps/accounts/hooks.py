"""What accounts asks of the apps above it without importing them (ARCHITECTURE: a lower app learns
about a higher one only through a hook it defines).

A role entry granted at a store may be held by the account's link to an employee of that store, so
that the employee's leaving revokes it: whether it is, and what holding means, are the staff app's
rules (apps.staff.access), which staff registers here in its AppConfig.ready().
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from apps.core.hooks import Slot

if TYPE_CHECKING:
    from apps.accounts.models import UserRole

_role_entry_granted: Slot[Callable[[UserRole], None]] = Slot("role-entry receiver", registered_by="apps.staff")
register_role_entry_granted = _role_entry_granted.register


def role_entry_granted(entry: UserRole) -> None:
    """A new role entry was granted (inside the granting transaction)."""
    _role_entry_granted.get()(entry)
