"""What accounts asks of the apps above it without importing them (ARCHITECTURE: a lower app learns
about a higher one only through a hook it defines).

A role entry granted at a store may be held by the account's link to an employee of that store, so
that the employee's leaving revokes it: whether it is, and what holding means, are the staff app's
rules (apps.staff.access), which staff registers here in its AppConfig.ready().
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.accounts.models import UserRole

_role_entry_granted: Callable[[UserRole], None] | None = None


def register_role_entry_granted(receiver: Callable[[UserRole], None]) -> None:
    global _role_entry_granted
    _role_entry_granted = receiver


def role_entry_granted(entry: UserRole) -> None:
    """A new role entry was granted (inside the granting transaction)."""
    if _role_entry_granted is None:  # staff is installed with accounts in every configuration of this project
        raise RuntimeError("no role-entry receiver registered (apps.staff not ready)")
    _role_entry_granted(entry)
