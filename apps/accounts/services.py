"""Sign-in, role choice and switch, sign-out, registration, quick shortcuts and role grants.

Each use case validates with the spec's messages, runs in one transaction where it writes, and
writes the system log.
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.contrib.auth import login as django_login
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _
from guardian.shortcuts import assign_perm, remove_perm
from rest_framework_simplejwt.tokens import AccessToken

from apps.accounts import tokens
from apps.accounts.authentication import SESSION_ACCOUNT_VERSION, SESSION_USER_ROLE
from apps.accounts.choices import (
    MAX_QUICK_SHORTCUTS,
    STORE_EMPLOYEE_USER_ROLE_ID,
    AuditAction,
    ResourceKind,
    RoleKind,
    SignInWay,
)
from apps.accounts.errors import AccountTaken, LoginLocked, WrongCredentials
from apps.accounts.hooks import role_entry_granted
from apps.accounts.lockout import lockout_message
from apps.accounts.models import LoginRecord, QuickShortcut, Resource, Role, User, UserRole, new_session_nonce
from apps.accounts.rows import LoginRow, RoleSwitchRow, SessionUserInfoRow, TokensRow
from apps.accounts.selectors import (
    ACT_IN_STORE,
    role_entries_of,
    role_entry_rows,
    session_user_info,
    signed_in_user,
    stores_user_may_act_in,
)
from apps.accounts.session import ActingSession
from apps.accounts.sign_in_rules import account_from_login_username, check_password, check_registration
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound, PermissionRefused
from apps.core.page_registry import PAGES, page_for
from apps.core.role_codes import BUTTON_CODES
from apps.org.models import OrgUnit
from apps.org.store_access import check_store_usable

SWITCHING_KINDS = (RoleKind.OWNER, RoleKind.PRINCIPAL)


def sign_in(*, request: HttpRequest, actor: Actor, username: str | None, password: str | None) -> LoginRow:
    """Contract §4.1. A locked account/address pair is refused before its password is looked at
    (django-axes) and nothing else changes; a good sign-in also opens the browser session."""
    account = account_from_login_username(username)
    password = check_password(password)
    user = authenticate(request=request, username=account, password=password)
    if getattr(request, "axes_locked_out", False):
        raise LoginLocked(lockout_message(request, {"username": account}))
    if user is None:
        raise WrongCredentials()
    return sign_in_user(request=request, actor=actor, user=user, way=SignInWay.PASSWORD)


def sign_in_user(*, request: HttpRequest, actor: Actor, user: User, way: str) -> LoginRow:
    """What every way in (password, enterprise chat, manager link, quick login) does once it knows
    the user: opens the browser session, issues tokens, writes the system log with the way, and
    answers the login user info of contract §4.1. `enabled` gates every way in."""
    if not user.enabled:
        raise WrongCredentials(_("this account is disabled"))
    with transaction.atomic():
        django_login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        request.session[SESSION_ACCOUNT_VERSION] = user.account_version
        issued = tokens.issue_tokens(user=user)
        audit_record(actor=_as(actor, user), action=AuditAction.LOGIN, target=user, detail={"way": str(way)})
    entries = role_entries_of(user)
    stores = stores_user_may_act_in(user)
    return {
        **signed_in_user(user),
        "roles": role_entry_rows(entries, chosen=None),
        "stores": [{"id": store.pk, "name": store.name} for store in stores],
        **_tokens(issued),
    }


def _tokens(issued: dict[str, str]) -> TokensRow:
    """The three tokens issue_tokens answers, by name."""
    return {"access": issued["access"], "refresh": issued["refresh"], "accountVersion": issued["accountVersion"]}


def _as(actor: Actor, user: User) -> Actor:
    return Actor(user_id=user.pk, login_name=user.login_name, ip_address=actor.ip_address)


def role_entry_resolve(*, user: User, wire_id: int, store_id: int | None = None) -> UserRole:
    """The user's role entry by the userRoleId the client holds. -1 names the store-employee-type
    login (spec §3); when the user has that login in several stores, `storeId` picks one."""
    entries = UserRole.objects.select_related("role", "hier").filter(user=user, hier__is_active=True)
    if wire_id == STORE_EMPLOYEE_USER_ROLE_ID:
        candidates = [entry for entry in entries.filter(role__kind=RoleKind.STORE_EMPLOYEE)]
        if store_id is not None:
            candidates = [entry for entry in candidates if entry.hier_id == store_id]
        if len(candidates) > 1:
            raise InvalidInput(_("please choose the store to sign in to"), field="storeId")
        entry = candidates[0] if candidates else None
    else:
        entry = entries.exclude(role__kind=RoleKind.STORE_EMPLOYEE).filter(pk=wire_id).first()
    if entry is None:
        raise NotFound(_("role entry not found"))
    entry.user = user
    return entry


def _act_in(*, request: HttpRequest, actor: Actor, entry: UserRole, action: str) -> SessionUserInfoRow:
    if not entry.user.has_perm(ACT_IN_STORE, entry.hier):
        raise PermissionRefused()
    check_store_usable(entry.hier)
    with transaction.atomic():
        issued = tokens.issue_tokens(user=entry.user, user_role=entry)
        if request.session.get(SESSION_ACCOUNT_VERSION) == entry.user.account_version:
            request.session[SESSION_USER_ROLE] = entry.pk
        acting = Actor(
            user_id=entry.user_id,
            login_name=entry.user.login_name,
            role_name=entry.role.name,
            store_id=entry.hier_id,
            store_name=entry.hier.name,
            ip_address=actor.ip_address,
        )
        audit_record(actor=acting, action=action, target=entry, detail={"previousRole": actor.role_name})
    return {**session_user_info(entry), **_tokens(issued)}


def role_choose(
    *, request: HttpRequest, actor: Actor, user: User, wire_id: int, store_id: int | None = None
) -> SessionUserInfoRow:
    """Contract §4.4: choose one role entry; new tokens carry the role and its level."""
    entry = role_entry_resolve(user=user, wire_id=wire_id, store_id=store_id)
    return _act_in(request=request, actor=actor, entry=entry, action=AuditAction.ROLE_CHOSEN)


def store_switch(
    *, request: HttpRequest, actor: Actor, user_id: int, current_role_id: int | None, store: OrgUnit
) -> SessionUserInfoRow:
    """Spec §7.2 storeModify: the owner moves into one of their stores. Answers what choosing a
    role answers (role_choose): the user's entry at that store, the same role as now when they hold
    it there, else an owner-type one. A store disabled for debt or deactivated refuses
    (apps.org.store_access)."""
    check_store_usable(store)
    entries = list(
        UserRole.objects.filter(user_id=user_id, hier=store)
        .exclude(role__kind=RoleKind.STORE_EMPLOYEE)
        .select_related("role")
    )
    entries.sort(key=lambda entry: (entry.role_id != current_role_id, entry.role.kind != RoleKind.OWNER, entry.pk))
    if not entries:
        raise NotFound(_("you hold no role in this store"))
    user = User.objects.get(pk=user_id)
    return role_choose(request=request, actor=actor, user=user, wire_id=entries[0].pk, store_id=store.pk)


def employee_sign_in(
    *, request: HttpRequest, actor: Actor, user: User, role_name: str, store_id: int
) -> SessionUserInfoRow:
    """Store-employee login by role name (spec §7.4): the store-employee entry of that store."""
    entry = (
        UserRole.objects.select_related("role", "hier")
        .filter(user=user, role__name=role_name, hier_id=store_id, role__kind=RoleKind.STORE_EMPLOYEE)
        .first()
    )
    if entry is None:
        raise NotFound(_("role entry not found"))
    entry.user = user
    return _act_in(request=request, actor=actor, entry=entry, action=AuditAction.ROLE_CHOSEN)


def role_switch(
    *,
    request: HttpRequest,
    actor: Actor,
    session: ActingSession,
    phone: str | None,
    role_id: int | None,
    store_id: int | None,
    user_id: int | None,
) -> RoleSwitchRow:
    """The ERP token of spec §4 role switch. All four facts are needed ("role information
    incomplete, cannot switch"); managers and principals may switch, others get no switch (§6)."""
    if not phone or role_id is None or store_id is None or user_id is None:
        raise InvalidInput(_("role information incomplete, cannot switch"))
    user = session.user
    if user_id != user.pk or (user.phone and phone != user.phone):
        raise PermissionRefused()
    if session.user_role is None or session.user_role.role.kind not in SWITCHING_KINDS:
        raise PermissionRefused(_("role switching is for managers and principals"))
    entry = UserRole.objects.select_related("role", "hier").filter(user=user, role_id=role_id, hier_id=store_id).first()
    if entry is None:
        raise NotFound(_("role entry not found"))
    entry.user = user
    info = _act_in(request=request, actor=actor, entry=entry, action=AuditAction.ROLE_SWITCHED)
    return {"success": True, "result": {"token": info["access"], **info}}


def sign_out(*, request: HttpRequest, actor: Actor, access: AccessToken | None, refresh: str | None) -> None:
    """Contract §4.5: ends the browser session and revokes the tokens presented. A new session
    nonce ends the account's quick-login cookies, a copy kept elsewhere included."""
    if access is not None:
        tokens.revoke_access(access)
    if refresh:
        tokens.revoke_refresh(refresh)
    if actor.user_id is not None:
        User.objects.filter(pk=actor.user_id).update(session_nonce=new_session_nonce())
        audit_record(actor=actor, action=AuditAction.LOGOUT)
    request.session.flush()


def login_record_create(
    *,
    actor: Actor,
    user: User,
    user_name: str | None = None,
    role_name: str | None = None,
    store_name: str | None = None,
    reported_ip: str | None = None,
    reported_ip_location: str | None = None,
) -> LoginRecord:
    """What the browser reports after a sign-in, beside the address we saw; each text is cut to fit
    its column (the report is the browser's word, not a rule to refuse on)."""

    def fit(value: str | None, limit: int) -> str:
        return (value or "")[:limit]

    return LoginRecord.objects.create(
        user=user,
        login_name=user.login_name,
        user_name=fit(user_name, 50),
        role_name=fit(role_name, 50),
        store_name=fit(store_name, 100),
        reported_ip=fit(reported_ip, 64),
        reported_ip_location=fit(reported_ip_location, 100),
        seen_ip=actor.ip_address,
    )


def account_register(*, actor: Actor, account: str | None, password: str | None) -> User:
    """Register (spec §5): account and password each at least six characters. The account has no
    role until head office grants one."""
    account, password = check_registration(account, password)
    try:
        with transaction.atomic():
            user = User.objects.create_user(account, password)
            audit_record(actor=_as(actor, user), action=AuditAction.ACCOUNT_CREATED, target=user)
    except IntegrityError:
        raise AccountTaken() from None
    return user


def user_password_change(*, actor: Actor, user: User, password: str) -> None:
    """A new password ends every session: refresh tokens are blacklisted here, access tokens carry
    the old password stamp so they stop at the next request, and a new session nonce ends the
    quick-login cookies."""
    with transaction.atomic():
        user.set_password(password)
        user.rotate_session_nonce()
        user.save(update_fields=["password", "session_nonce"])
        tokens.revoke_all_refresh_tokens(user)
        audit_record(actor=actor, action=AuditAction.PASSWORD_CHANGED, target=user)


def user_enabled_change(*, actor: Actor, user: User, enabled: bool) -> None:
    """Head office switches an account on or off. Disabling ends what it signed in with: its refresh
    tokens and, through a new session nonce, its quick-login cookies, so switching it back on does
    not revive them. (Access tokens and sessions stop at the next call, which checks `enabled`.)"""
    with transaction.atomic():
        user.enabled = enabled
        fields = ["enabled"]
        if not enabled:
            user.rotate_session_nonce()
            fields.append("session_nonce")
            tokens.revoke_all_refresh_tokens(user)
        user.save(update_fields=fields)
        audit_record(actor=actor, action=AuditAction.ENABLED_CHANGED, target=user, detail={"enabled": enabled})


def quick_shortcuts_save(
    *,
    actor: Actor,
    session: ActingSession,
    role_id: int | None,
    routers: list[str],
    store_id: int | None,
    user_id: int | None,
) -> list[str]:
    """At most 10 shortcuts (spec §5), each a page the chosen role may open, in a store it acts in."""
    entry = session.user_role
    if entry is None or user_id != session.user.pk or role_id != entry.role_id:
        raise PermissionRefused()
    if store_id not in session.store_ids:
        raise NotFound()
    routes = list(dict.fromkeys(routers))
    if len(routes) > MAX_QUICK_SHORTCUTS:
        raise InvalidInput(_("at most 10 quick shortcuts can be chosen"), field="routers")
    for route in routes:
        page = page_for(route)
        if page is None or (page.code is not None and page.code not in session.codes):
            raise InvalidInput(_("%(route)s is not a page this role may open") % {"route": route}, field="routers")
    with transaction.atomic():
        # Two saves at once would both delete, then both insert and collide on the unique
        # positions: the role entry's row lock makes them take turns.
        UserRole.objects.select_for_update().filter(pk=entry.pk).first()
        QuickShortcut.objects.filter(user_role=entry, store_id=store_id).delete()
        QuickShortcut.objects.bulk_create(
            QuickShortcut(user_role=entry, store_id=store_id, router=route, position=position)
            for position, route in enumerate(routes)
        )
        audit_record(actor=actor, action=AuditAction.QUICKS_SAVED, target=entry, detail={"routers": routes})
    return routes


def user_role_grant(*, actor: Actor, user: User, role: Role, hier: OrgUnit, description: str = "") -> UserRole:
    """Grants a role at a level and the django-guardian permission to act there. A role below the
    owner's granted at a store where the account is linked to an active employee is held by that
    link, so the employee's leaving revokes it (the staff app's rule, through apps.accounts.hooks)."""
    with transaction.atomic():
        entry, created = UserRole.objects.get_or_create(
            user=user, role=role, hier=hier, defaults={"description": description}
        )
        assign_perm(ACT_IN_STORE, user, hier)
        if created:
            role_entry_granted(entry)
            audit_record(actor=actor, action=AuditAction.USER_ROLE_GRANTED, target=entry)
    return entry


def user_role_revoke(*, actor: Actor, entry: UserRole) -> None:
    with transaction.atomic():
        audit_record(actor=actor, action=AuditAction.USER_ROLE_REVOKED, target=entry)
        user, hier = entry.user, entry.hier
        entry.delete()
        if not UserRole.objects.filter(user=user, hier=hier).exists():
            remove_perm(ACT_IN_STORE, user, hier)


def resources_sync() -> int:
    """Every page code of the registry and every button code exists as a resource (run after
    each migrate), so head office can give any of them to a role in the admin."""
    wanted: dict[str, tuple[str, str, str]] = {}
    for page in PAGES:
        if page.code and page.code not in wanted:
            wanted[page.code] = (ResourceKind.PAGE, page.title_zh, page.route)
    for button in BUTTON_CODES:
        wanted[button.code] = (ResourceKind.BUTTON, button.name_zh, "")
    existing = set(Resource.objects.filter(code__in=wanted).values_list("code", flat=True))
    missing = [
        Resource(code=code, kind=kind, name=name, route=route)
        for code, (kind, name, route) in wanted.items()
        if code not in existing
    ]
    Resource.objects.bulk_create(missing)
    return len(missing)
