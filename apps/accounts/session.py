"""The acting session: who is signed in and, once chosen, in which role and at which level.

Authentication builds one per request and DRF keeps it in `request.auth`; the permission check,
store scoping and the system log read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

from apps.accounts.models import User, UserRole
from apps.accounts.role_code_cache import codes_in_force
from apps.core.errors import DomainError, NoRoleChosen
from apps.core.json_types import JsonObject
from apps.org.selectors import store_ids_under


@dataclass
class ActingSession:
    user: User
    user_role: UserRole | None = None
    token: Any = None
    claims: JsonObject = field(default_factory=dict)
    # Why the chosen role entry is not in force: head office deactivated its store or disabled it for
    # debt since it was chosen (apps.org.store_access). `user_role` is then None, so calls that need
    # a role answer this error (apps.core.permissions) and the person can still choose another.
    refusal: DomainError | None = None

    @property
    def user_id(self) -> int:
        return self.user.pk

    @property
    def has_role(self) -> bool:
        return self.user_role is not None

    @property
    def chosen_entry(self) -> UserRole:
        """The chosen role entry of a call that needs one (the permission check refused it without)."""
        if self.user_role is None:
            raise self.refusal or NoRoleChosen()
        return self.user_role

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
        return codes_in_force(self.user_role.role)

    @cached_property
    def store_ids(self) -> frozenset[int]:
        if self.user_role is None:
            return frozenset()
        return store_ids_under(self.user_role.hier)


def session_of(request: Request) -> ActingSession:
    """The acting session of a call that passed authentication, typed (DRF types `request.auth` as
    any credential); a call without one is refused as unauthenticated."""
    session = request.auth
    if not isinstance(session, ActingSession):
        raise NotAuthenticated()
    return session


def signed_in_user(request: Request) -> User:
    """The account of a call that passed authentication, typed (not the anonymous user)."""
    user = request.user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user


def user_signed_in_now(request: Request) -> User:
    """The account a sign-in call has just logged into the Django request (django.contrib.auth.login
    in services.sign_in_user), typed; DRF's `request.user` still holds the call's anonymous caller."""
    user = request._request.user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user
