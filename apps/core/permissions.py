"""Role-code permission (contract §5): every view declares the codes it needs, any one suffices."""

from __future__ import annotations

from typing import Any, Protocol, cast

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Model
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from apps.core.errors import NoRoleChosen, PermissionRefused
from apps.core.role_codes import PUBLIC, ROLE_CHOSEN, SIGNED_IN, Access


class RoleEntryLike(Protocol):
    """A chosen role entry: one role of one account at one level of the tree."""

    @property
    def pk(self) -> int: ...

    @property
    def role_id(self) -> int: ...

    @property
    def hier_id(self) -> int: ...

    @property
    def hier(self) -> Model:
        """The level itself (loaded with the session)."""
        ...


class ActingSessionLike(Protocol):
    """What authentication puts in `request.auth` (apps.accounts.session.ActingSession), as the apps
    below accounts read it: the account, the chosen role entry, its codes and stores."""

    @property
    def user_id(self) -> int: ...

    @property
    def has_role(self) -> bool: ...

    @property
    def codes(self) -> frozenset[str]: ...

    @property
    def hier_id(self) -> int | None: ...

    @property
    def store_ids(self) -> frozenset[int]: ...

    @property
    def chosen_entry(self) -> RoleEntryLike: ...


def session_of(request: Request) -> ActingSessionLike:
    """The acting session of a call that passed authentication, typed; a call without one is refused
    as unauthenticated (the permission check has refused it before a view asks)."""
    session = request.auth
    if session is None:
        raise NotAuthenticated()
    return cast(ActingSessionLike, session)


def declared_codes(view: Any) -> tuple[str, ...] | Access:
    codes = getattr(view, "required_codes", None)
    if codes is None:
        raise ImproperlyConfigured(f"{type(view).__name__} declares no required_codes")
    if isinstance(codes, Access):
        return codes
    if isinstance(codes, str) or not codes:
        raise ImproperlyConfigured(f"{type(view).__name__}.required_codes must be a non-empty tuple or a sentinel")
    return tuple(codes)


class HasRoleCode(BasePermission):
    def has_permission(self, request: Any, view: Any) -> bool:
        codes = declared_codes(view)
        if codes == PUBLIC:
            return True
        if not (request.user and request.user.is_authenticated):
            raise NotAuthenticated()
        if codes == SIGNED_IN:
            return True
        session: ActingSessionLike | None = request.auth
        if session is None or not session.has_role:
            # A session may say why its role is not in force (its store was closed since): say so.
            raise getattr(session, "refusal", None) or NoRoleChosen()
        if codes == ROLE_CHOSEN:
            return True
        if session.codes.isdisjoint(codes):
            raise PermissionRefused()
        return True
