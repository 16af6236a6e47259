"""The codes of a role, cached: the permission check reads them on every request without SQL.
Changes to a role's resources clear the entry (apps.accounts.signals)."""

from __future__ import annotations

from django.core.cache import cache

from apps.accounts.choices import ResourceKind
from apps.accounts.models import Resource

_CACHE_SECONDS = 60 * 60


def _key(role_id: int) -> str:
    return f"accounts:role-codes:v1:{role_id}"


def codes_of_role(role_id: int) -> dict[str, tuple[str, ...]]:
    """{"menu": page codes, "btn": button codes} of a role."""
    cached = cache.get(_key(role_id))
    if cached is not None:
        return cached
    menu: list[str] = []
    btn: list[str] = []
    for code, kind in Resource.objects.filter(roles__id=role_id).order_by("code").values_list("code", "kind"):
        (menu if kind == ResourceKind.PAGE else btn).append(code)
    codes = {"menu": tuple(menu), "btn": tuple(btn)}
    cache.set(_key(role_id), codes, _CACHE_SECONDS)
    return codes


def forget_role_codes(role_ids: list[int]) -> None:
    cache.delete_many([_key(role_id) for role_id in role_ids])
