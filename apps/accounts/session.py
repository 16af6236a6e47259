"""The acting session: who is signed in and, once chosen, in which role and at which level.

Authentication builds one per request and DRF keeps it in `request.auth`; the permission check,
store scoping and the system log read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from apps.accounts.models import User, UserRole
from apps.accounts.role_codes import codes_of_role
from apps.core.errors import DomainError
from apps.org.selectors import store_ids_under


@dataclass
class ActingSession:
    user: User
    user_role: UserRole | None = None
    token: Any = None
    claims: dict[str, Any] = field(default_factory=dict)
    # Why the chosen role entry is not in force: head office deactivated its store or disabled it for
    # debt since it was chosen (apps.org.store_access). `user_role` is then None, so calls that need
    # a role answer this error (apps.core.permissions) and the person can still choose another.
    refusal: DomainError | None = None

    @property
    def has_role(self) -> bool:
        return self.user_role is not None

    @property
    def role_name(self) -> str:
        return self.user_role.role.name if self.user_role else ""

    @property
    def hier_id(self) -> int | None:
        return self.user_role.hier_id if self.user_role else None

    @property
    def hier_name(self) -> str:
        return self.user_role.hier.name if self.user_role else ""

    @cached_property
    def codes(self) -> frozenset[str]:
        if self.user_role is None:
            return frozenset()
        codes = codes_of_role(self.user_role.role_id)
        return frozenset(codes["menu"]) | frozenset(codes["btn"])

    @cached_property
    def store_ids(self) -> frozenset[int]:
        if self.user_role is None:
            return frozenset()
        return store_ids_under(self.user_role.hier)
