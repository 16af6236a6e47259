"""Who may change whose access: the "role above me" rule.

Rank of what an account holds at a store (highest first):

- HEAD_OFFICE: an entry at a level above the store that covers it (its region or the head office),
  whatever the role's kind, and any account with head-office admin access (`is_staff`);
- OWNER: an owner-type entry at the store;
- PRINCIPAL: a principal-type entry at the store (store manager, deputy manager);
- STAFF: any other entry at the store (store-employee login, material-builder administrator, other).

The caller's rank is that of the role entry they act in, at the store concerned. A call that changes
another account's access at a store (links it to an employee, unlinks it, marks its employee as left)
is refused when that account holds anything there ranking above the caller. Equal ranks may act on
each other: a store manager keeps the deputy manager's employee record.

The staff app asks this check before an employee link changes an account's access; which entries
the link holds, and which go when the employee leaves, are staff's rules (apps.staff.access).
"""

from __future__ import annotations

from enum import IntEnum

from django.utils.translation import gettext as _

from apps.accounts.choices import RoleKind
from apps.accounts.models import User, UserRole
from apps.core.errors import InvalidInput, PermissionRefused
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit


class AccessRank(IntEnum):
    STAFF = 1
    PRINCIPAL = 2
    OWNER = 3
    HEAD_OFFICE = 4


_KIND_RANK: dict[str, AccessRank] = {RoleKind.OWNER: AccessRank.OWNER, RoleKind.PRINCIPAL: AccessRank.PRINCIPAL}


def entry_rank(*, kind: str, hier_kind: str) -> AccessRank:
    """The rank of one role entry at a store it covers (an entry above store level covers it from above)."""
    if hier_kind != OrgUnitKind.STORE:
        return AccessRank.HEAD_OFFICE
    return _KIND_RANK.get(kind, AccessRank.STAFF)


def acts_as_owner(entry: UserRole) -> bool:
    """Whether the role entry one acts in ranks as the owner of its store or above (head office): it
    reads what only the owner is told (the owner's tasks)."""
    return entry_rank(kind=entry.role.kind, hier_kind=entry.hier.kind) >= AccessRank.OWNER


def _covering_ids(store: OrgUnit) -> list[int]:
    # `path` is the chain of ids from the head office down to the unit ("/1/4/9/").
    return [int(part) for part in store.path.strip("/").split("/") if part] or [store.pk]


def rank_at(*, user_id: int, store: OrgUnit) -> AccessRank | None:
    """The highest rank the account holds at `store` (None: nothing there)."""
    if User.objects.filter(pk=user_id, is_staff=True).exists():
        return AccessRank.HEAD_OFFICE
    held = UserRole.objects.filter(user_id=user_id, hier_id__in=_covering_ids(store)).values_list(
        "role__kind", "hier__kind"
    )
    ranks = [entry_rank(kind=kind, hier_kind=hier_kind) for kind, hier_kind in held]
    return max(ranks, default=None)


def check_access_change(*, caller_entry_id: int | None, store: OrgUnit, user_id: int, field: str) -> None:
    """The one check of every call that changes another account's access at a store: the account
    must exist and hold nothing there above the caller's role entry (400 VALID-40000 on `field`)."""
    caller = (
        UserRole.objects.select_related("role", "hier").filter(pk=caller_entry_id).first()
        if caller_entry_id is not None
        else None
    )
    if caller is None:
        raise PermissionRefused()
    if not User.objects.filter(pk=user_id).exists():
        raise InvalidInput(_("unknown user account"), field=field)
    mine = entry_rank(kind=caller.role.kind, hier_kind=caller.hier.kind)
    theirs = rank_at(user_id=user_id, store=store)
    if theirs is not None and theirs > mine:
        raise InvalidInput(_("this account holds a role above yours at this store"), field=field)
