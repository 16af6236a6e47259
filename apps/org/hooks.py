"""What staff changes ask of the accounts app without importing it (ARCHITECTURE: org sits below
accounts, and a lower app learns about a higher one only through a hook it defines).

An employee may be linked to a sign-in account (`Employee.user`). Who may link which account, which
of the account's role entries the link holds, and which of them go when the employee leaves are
accounts' rules (apps.accounts.access); accounts registers them here in its AppConfig.ready().

Which stores a user owns and which roles an account holds at a store are accounts' answers too
(`AccountRoles`, registered by accounts): shop management and the staff list read them.

An employee's service duration may name a catalogue project; whether one exists is the catalog app's
answer (floor 5, above org), which it registers here in its AppConfig.ready().
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from apps.core.audit import Actor

if TYPE_CHECKING:
    from apps.org.models import Employee, OrgUnit


class EmployeeAccountLink(Protocol):
    def check_change(self, *, caller_entry_id: int | None, store: OrgUnit, user_id: int, field: str) -> None:
        """Raises a domain error unless the caller may change the store access of account
        `user_id` (link it to an employee, unlink it, or mark its employee as left); the error
        names `field`."""

    def linked(self, *, actor: Actor, employee: Employee, previous_user_id: int | None) -> None:
        """The employee's account changed from `previous_user_id` to `employee.user_id`: the link
        now holds the new account's entries at the store, and no longer the previous one's."""

    def left(self, *, actor: Actor, employee: Employee) -> list[str]:
        """The employee left: revokes the role entries the link held; answers their role names."""


_link: EmployeeAccountLink | None = None


def register_employee_account_link(link: EmployeeAccountLink) -> None:
    global _link
    _link = link


def employee_account_link() -> EmployeeAccountLink:
    if _link is None:  # accounts is installed with org in every configuration of this project
        raise RuntimeError("no employee account link registered (apps.accounts not ready)")
    return _link


_project_exists: Callable[[int], bool] | None = None


def register_project_exists(check: Callable[[int], bool]) -> None:
    global _project_exists
    _project_exists = check


def project_exists(project_id: int) -> bool:
    """Whether catalogue project `project_id` exists (the catalog app's answer)."""
    if _project_exists is None:  # catalog is installed with org in every configuration of this project
        raise RuntimeError("no project check registered (apps.catalog not ready)")
    return _project_exists(project_id)


class AccountRoles(Protocol):
    def owner_units(self, *, user_id: int) -> list[OrgUnit]:
        """The active units where the user holds an owner-type role entry (spec §6 shop management)."""

    def role_names_at_stores(self, *, user_ids: set[int], store_ids: set[int]) -> dict[tuple[int, int], list[str]]:
        """(user id, store id) → the names of the roles the user holds there, in role order."""


_account_roles: AccountRoles | None = None


def register_account_roles(reader: AccountRoles) -> None:
    global _account_roles
    _account_roles = reader


def account_roles() -> AccountRoles:
    if _account_roles is None:  # accounts is installed with org in every configuration of this project
        raise RuntimeError("no account roles registered (apps.accounts not ready)")
    return _account_roles
