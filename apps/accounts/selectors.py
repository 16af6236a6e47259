"""Reads of accounts: role entries, the stores a user may act in, the session user info."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils.translation import get_language
from guardian.shortcuts import get_objects_for_user

from apps.accounts.authentication import acting_session, load_acting
from apps.accounts.choices import LANDING_MATERIAL_BUILDER, LANDING_OWNER, LANDING_STORE, RoleKind
from apps.accounts.models import QuickShortcut, User, UserRole
from apps.accounts.role_code_cache import codes_of_role, codes_of_roles
from apps.accounts.rows import QuickChoiceRow, QuickRow, RoleEntryRow, SessionUserFields, SignedInUserFields
from apps.accounts.session import ActingSession
from apps.core.page_registry import PAGES, Page, page_for
from apps.org.models import OrgUnit
from apps.org.selectors import stores_under_units

ACT_IN_STORE = "org.act_in_store"


def page_title(page: Page) -> str:
    return page.title_en if (get_language() or "").startswith("en") else page.title_zh


def role_entries_of(user: User) -> list[UserRole]:
    """The user's role entries with role, level and quick shortcuts: two queries."""
    shortcuts = QuickShortcut.objects.order_by("position")
    entries = list(
        UserRole.objects.filter(user=user, hier__is_active=True)
        .select_related("role", "hier")
        .prefetch_related(Prefetch("quick_shortcuts", queryset=shortcuts))
        .order_by("id")
    )
    for entry in entries:
        entry.user = user
    return entries


def role_entry_row(entry: UserRole, *, checked: bool) -> RoleEntryRow:
    """Spec §3 role entry. The password (`userpwd`) is never sent: see docs/api.md."""
    quicks: list[QuickRow] = []
    for shortcut in entry.quick_shortcuts.all():
        page = page_for(shortcut.router)
        if page is not None and shortcut.store_id == entry.hier_id:
            quicks.append({"name": page_title(page), "rsrc": page.route})
    return {
        "hierId": entry.hier_id,
        "hier": entry.hier.name,
        "role": entry.role.name,
        "roleId": entry.role_id,
        "roleKind": entry.role.kind,
        "userRoleId": entry.wire_id,
        "description": entry.description or entry.role.description,
        "userAccount": entry.user.login_name,
        "isLoginUser": True,
        "userId": entry.user_id,
        "allRsrc": list(codes_of_role(entry.role_id)["menu"]),
        "quicks": quicks,
        "checked": checked,
    }


def role_entry_rows(entries: list[UserRole], *, chosen: UserRole | None) -> list[RoleEntryRow]:
    """Exactly one row is checked: the chosen entry, else the first (spec §4 login flow)."""
    checked_pk = chosen.pk if chosen is not None else (entries[0].pk if entries else None)
    codes_of_roles(entry.role_id for entry in entries)  # caches every role's codes in one query
    return [role_entry_row(entry, checked=entry.pk == checked_pk) for entry in entries]


def stores_user_may_act_in(user: User) -> list[OrgUnit]:
    """The stores at or beneath every level where the user holds `act_in_store` (django-guardian)."""
    units = list(get_objects_for_user(user, ACT_IN_STORE, klass=OrgUnit, accept_global_perms=False))
    return stores_under_units(units)


def landing_for(entry: UserRole) -> str:
    """Contract §4.4: owners land on shop management, the material-builder administrator on
    ordering goods, everyone else on the reservation board."""
    if entry.role.kind == RoleKind.MATERIAL_BUILDER_ADMIN:
        return LANDING_MATERIAL_BUILDER
    if entry.role.kind == RoleKind.OWNER and not entry.is_store_employee_login:
        return LANDING_OWNER
    return LANDING_STORE


def signed_in_user(user: User) -> SignedInUserFields:
    """The user's part of every sign-in answer and of the session user info."""
    return {
        "loginName": user.login_name,
        "nickname": user.nickname,
        "createdDate": user.created_date,
        "enabled": user.enabled,
        "userId": user.pk,
    }


def session_user_info(entry: UserRole) -> SessionUserFields:
    """Spec §3 session user info for a chosen role entry (tokens are added by the service)."""
    codes = codes_of_role(entry.role_id)
    return {
        **signed_in_user(entry.user),
        "storeId": entry.hier_id,
        "storeName": entry.hier.name,
        "roleId": entry.role_id,
        "roleName": entry.role.name,
        "userRoleId": entry.wire_id,
        "isOwner": entry.role.kind == RoleKind.OWNER and not entry.is_store_employee_login,
        "isMaterialBuilderAdmin": entry.role.kind == RoleKind.MATERIAL_BUILDER_ADMIN,
        "header_text": f"{entry.hier.name}|{entry.role.name}",
        "menu": list(codes["menu"]),
        "btn": list(codes["btn"]),
        "landing": landing_for(entry),
    }


def quick_shortcut_choices(entry: UserRole, store: OrgUnit, menu: frozenset[str]) -> list[QuickChoiceRow]:
    """Pages the role may open, saved ones first in their order, each marked `checked`."""
    saved = list(
        QuickShortcut.objects.filter(user_role=entry, store=store).order_by("position").values_list("router", flat=True)
    )
    allowed = [page for page in PAGES if page.code is None or page.code in menu]
    by_route = {page.route: page for page in allowed}
    ordered = [by_route[route] for route in saved if route in by_route]
    ordered += [page for page in allowed if page.route not in saved]
    return [{"name": page_title(page), "router": page.route, "checked": page.route in saved} for page in ordered]


class AccountRolesReader:
    """What org asks of accounts through apps.org.hooks.AccountRoles (org sits below accounts)."""

    def owner_units(self, *, user_id: int) -> list[OrgUnit]:
        return [
            entry.hier
            for entry in UserRole.objects.select_related("hier").filter(
                user_id=user_id, role__kind=RoleKind.OWNER, hier__is_active=True
            )
        ]


def role_names_at_stores(*, user_ids: set[int], store_ids: set[int]) -> dict[tuple[int, int], list[str]]:
    """(user id, store id) → the names of the roles the user holds there, in role order (the staff list)."""
    found: dict[tuple[int, int], list[str]] = {}
    entries = UserRole.objects.filter(user_id__in=user_ids, hier_id__in=store_ids).values_list(
        "user_id", "hier_id", "role__name"
    )
    for user_id, hier_id, role_name in entries.order_by("role_id"):
        found.setdefault((user_id, hier_id), []).append(role_name)
    return found


def user_ids_matching(text: str) -> QuerySet[User, Any]:
    """The ids of the accounts whose login name or name contains `text` (a "who" filter), as a
    subquery."""
    return User.objects.filter(Q(login_name__icontains=text) | Q(nickname__icontains=text)).values("id")


def user_names(*, user_ids: set[int]) -> dict[int, str]:
    """Each account's name (nickname) by id; accounts without one are left out."""
    return dict(User.objects.filter(pk__in=user_ids).exclude(nickname="").values_list("id", "nickname"))


def acting_session_of(*, user_id: int, user_role_id: int | None) -> tuple[User, ActingSession] | None:
    """The session a call of this user acting in this role entry would have now, as authentication
    builds it (the store's deactivation and debt checked afresh), for work done later on a person's
    behalf (the download centre's task); None once the user is gone or disabled."""
    acting = load_acting(user_id, user_role_id)
    if acting.user is None or not acting.user.enabled:
        return None
    return acting.user, acting_session(acting.user, acting.entry)
