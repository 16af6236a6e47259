"""The role entries an employee's account link holds (the link is `Employee.user`).

An employee link holds the account's entries at the employee's store below the owner rank: the ones
the account has when it is linked, and the ones granted there while it stays linked. When the
employee leaves, exactly those are revoked; an owner-type entry or an entry above the store is
never the link's, so it survives whatever happens to an employee record.

Who may change an account's access at all is accounts' rule (apps.accounts.access
.check_access_change), which the staff services ask first.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet

from apps.accounts.choices import RoleKind
from apps.accounts.models import UserRole
from apps.accounts.services import user_role_revoke
from apps.core.audit import Actor
from apps.org.choices import OrgUnitKind
from apps.staff.choices import EmployeeStatus
from apps.staff.models import Employee, LinkedRoleEntry


def _linkable(entries: QuerySet[UserRole]) -> QuerySet[UserRole]:
    # The link never holds an owner-type entry: ownership is not employment.
    return entries.exclude(role__kind=RoleKind.OWNER)


def employee_linked(*, actor: Actor, employee: Employee, previous_user_id: int | None) -> None:
    """The employee link now holds the new account's entries at the store below the owner rank; the
    previous account's entries stay granted, held by no link (head office's to revoke)."""
    with transaction.atomic():
        LinkedRoleEntry.objects.filter(employee=employee).delete()
        if employee.user_id is not None and employee.status == EmployeeStatus.ACTIVE:
            entries = list(_linkable(UserRole.objects.filter(user_id=employee.user_id, hier_id=employee.store_id)))
            # An entry is held by one link at most: this one takes it over.
            LinkedRoleEntry.objects.filter(role_entry__in=entries).delete()
            LinkedRoleEntry.objects.bulk_create(
                LinkedRoleEntry(employee=employee, role_entry=entry) for entry in entries
            )


def employee_left(*, actor: Actor, employee: Employee) -> list[str]:
    """Revokes the entries the employee link held (each revocation is logged); answers their role names."""
    revoked: list[str] = []
    entries = UserRole.objects.select_related("user", "role", "hier").filter(employee_link__employee=employee)
    for entry in entries.order_by("id"):
        revoked.append(entry.role.name)
        user_role_revoke(actor=actor, entry=entry)
    return revoked


def hold_if_linked(entry: UserRole) -> None:
    """A role entry was just granted (apps.accounts.hooks): one below the owner's at a store where the
    account is linked to an active employee is held by that link."""
    if entry.hier.kind != OrgUnitKind.STORE or entry.role.kind == RoleKind.OWNER:
        return
    holder = Employee.objects.filter(
        store_id=entry.hier_id, user_id=entry.user_id, status=EmployeeStatus.ACTIVE
    ).first()
    if holder is not None:
        LinkedRoleEntry.objects.create(employee=holder, role_entry=entry)
