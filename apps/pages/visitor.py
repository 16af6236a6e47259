"""What the page guard knows of a visitor, read from the browser session set at sign-in."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

from apps.accounts.authentication import SESSION_ACCOUNT_VERSION, SESSION_USER_ROLE
from apps.accounts.models import UserRole
from apps.accounts.role_code_cache import codes_of_role
from apps.accounts.selectors import landing_for
from apps.org.store_access import store_refusal


@dataclass(frozen=True)
class PageVisitor:
    """What the guard knows of the person opening a page, from the browser session."""

    signed_in: bool
    role_chosen: bool
    codes: frozenset[str]
    menu: tuple[str, ...]
    landing: str


_STRANGER = PageVisitor(signed_in=False, role_chosen=False, codes=frozenset(), menu=(), landing="/login")


def page_visitor(request: HttpRequest) -> PageVisitor:
    user = request.user
    if not user.is_authenticated or request.session.get(SESSION_ACCOUNT_VERSION) != user.account_version:
        return _STRANGER
    entry_id = request.session.get(SESSION_USER_ROLE)
    entry = UserRole.objects.select_related("role", "hier").filter(pk=entry_id, user=user).first() if entry_id else None
    if entry is None or store_refusal(entry.hier) is not None:
        return PageVisitor(signed_in=True, role_chosen=False, codes=frozenset(), menu=(), landing="/xxbLogin")
    codes = codes_of_role(entry.role_id)
    return PageVisitor(
        signed_in=True,
        role_chosen=True,
        codes=frozenset(codes["menu"]) | frozenset(codes["btn"]),
        menu=codes["menu"],
        landing=landing_for(entry),
    )
