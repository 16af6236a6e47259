"""What org asks of the accounts app without importing it (ARCHITECTURE: org sits below accounts,
and a lower app learns about a higher one only through a hook it defines).

Which units a user owns is accounts' answer (`AccountRoles`, registered by accounts in its
AppConfig.ready()): shop management reads it to know the owner's stores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from apps.core.hooks import Slot

if TYPE_CHECKING:
    from apps.org.models import OrgUnit


class AccountRoles(Protocol):
    def owner_units(self, *, user_id: int) -> list[OrgUnit]:
        """The active units where the user holds an owner-type role entry (spec §6 shop management)."""


_account_roles: Slot[AccountRoles] = Slot("account roles", registered_by="apps.accounts")
register_account_roles = _account_roles.register
account_roles = _account_roles.get
