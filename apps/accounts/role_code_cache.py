"""The codes of a role, cached.

The permission check of every call reads them from this process's memory, keyed by the role's
`codes_version`, which the acting entry's query brings with the role and a trigger moves on with any
change of the codes: no cache round trip, no SQL, and never older codes than the row says
(`codes_in_force`). Lists of many roles read them through the shared cache (`codes_of_roles`), which
changes to a role's resources clear (apps.accounts.signals)."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache

from apps.accounts.choices import ResourceKind
from apps.accounts.models import Role

_CACHE_SECONDS = 60 * 60


def _key(role_id: int) -> str:
    return f"accounts:role-codes:v1:{role_id}"


def codes_of_role(role_id: int) -> dict[str, tuple[str, ...]]:
    """{"menu": page codes, "btn": button codes} of a role."""
    return codes_of_roles([role_id])[role_id]


def codes_of_roles(role_ids: Iterable[int]) -> dict[int, dict[str, tuple[str, ...]]]:
    """codes_of_role for several roles at once: one cache read, and one query for all the roles
    not cached (a list of role entries must not cost a query per role)."""
    wanted = list(dict.fromkeys(role_ids))
    cached = cache.get_many([_key(role_id) for role_id in wanted])
    found = {role_id: cached[_key(role_id)] for role_id in wanted if _key(role_id) in cached}
    missing = [role_id for role_id in wanted if role_id not in found]
    if missing:
        grouped: dict[int, tuple[list[str], list[str]]] = {role_id: ([], []) for role_id in missing}
        rows = (
            Role.resources.through.objects.filter(role_id__in=missing)
            .order_by("resource__code")
            .values_list("role_id", "resource__code", "resource__kind")
        )
        for role_id, code, kind in rows:
            grouped[role_id][0 if kind == ResourceKind.PAGE else 1].append(code)
        fresh = {role_id: {"menu": tuple(menu), "btn": tuple(btn)} for role_id, (menu, btn) in grouped.items()}
        cache.set_many({_key(role_id): codes for role_id, codes in fresh.items()}, _CACHE_SECONDS)
        found.update(fresh)
    return found


# Each role's codes in this process: (codes_version, codes). As many entries as there are roles.
_in_memory: dict[int, tuple[int, frozenset[str]]] = {}


def codes_in_force(role: Role) -> frozenset[str]:
    """Every code (pages and buttons) of `role`, as loaded with the acting entry: from this process's
    memory while its codes_version is the one remembered, else read once from the database. Codes
    read after the version was are never older than it, so remembering them under it is safe. A
    version 0 is a role never given codes, or a row read before its codes were given (a role just
    made, in the same process): both are read from the database, never remembered."""
    held = _in_memory.get(role.pk)
    if role.codes_version and held is not None and held[0] == role.codes_version:
        return held[1]
    codes = frozenset(Role.resources.through.objects.filter(role_id=role.pk).values_list("resource__code", flat=True))
    if role.codes_version:
        _in_memory[role.pk] = (role.codes_version, codes)
    return codes


def forget_role_codes(role_ids: list[int]) -> None:
    cache.delete_many([_key(role_id) for role_id in role_ids])
