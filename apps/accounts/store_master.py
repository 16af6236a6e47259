"""Shop-owner authorization (spec §2.4, §7.4 checkStoreMaster): the owner of a store types their
authorization code (at most 20 characters, masked) on a staff member's screen to approve."""

from __future__ import annotations

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils.translation import gettext as _

from apps.accounts.choices import AuditAction, RoleKind
from apps.accounts.errors import AuthorizationRefused
from apps.accounts.models import User, UserRole
from apps.accounts.session import ActingSession
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.org.models import OrgUnit

AUTHORIZATION_CODE_MAX = 20


def _check_code_text(code: str | None) -> str:
    code = (code or "").strip()
    if not code:
        raise InvalidInput(_("please enter the authorization code"), field="authorizationCode")
    if len(code) > AUTHORIZATION_CODE_MAX:
        raise InvalidInput(_("the authorization code has at most 20 characters"), field="authorizationCode")
    return code


def authorization_code_set(*, actor: Actor, user: User, code: str) -> None:
    code = _check_code_text(code)
    with transaction.atomic():
        user.authorization_code = make_password(code)
        user.save(update_fields=["authorization_code"])
        audit_record(actor=actor, action=AuditAction.AUTHORIZATION_CODE_SET, target=user)


def store_owners(store: OrgUnit) -> list[User]:
    """Owners of the store: owner-type role entries at the store or at a level above it."""
    ancestor_ids = [int(part) for part in store.path.strip("/").split("/") if part]
    entries = UserRole.objects.filter(hier_id__in=ancestor_ids, role__kind=RoleKind.OWNER, user__enabled=True)
    return [entry.user for entry in entries.select_related("user")]


def store_master_check(*, actor: Actor, session: ActingSession, store_id: int, code: str | None) -> dict[str, object]:
    """Passes when the code is the authorization code of one of the store's owners; every attempt
    is in the system log, as it stands in for a permission."""
    code = _check_code_text(code)
    if store_id not in session.store_ids:
        raise NotFound()
    store = OrgUnit.objects.get(pk=store_id)
    owner = next(
        (
            user
            for user in store_owners(store)
            if user.authorization_code and check_password(code, user.authorization_code)
        ),
        None,
    )
    audit_record(
        actor=actor,
        action=AuditAction.STORE_MASTER_CHECKED,
        target=store,
        detail={"passed": owner is not None, "owner": owner.login_name if owner else None},
    )
    if owner is None:
        raise AuthorizationRefused(_("the authorization code is not correct"))
    return {"passed": True, "ownerName": owner.nickname or owner.login_name}
