"""Store scoping (contract §5): data is limited to the chosen store, or to the stores under a
head-office level. A record of another store is answered as if it did not exist (404).

Views reach a row of the caller's stores through these and nowhere else: `get_in_scope` for a row
that belongs to a store, `store_in_scope` for the store a path or parameter names. The acting
session is read through `scope_of`, typed by apps.core.permissions.ActingSessionLike (core imports no
app; the session itself is apps.accounts.session.ActingSession)."""

from __future__ import annotations

from typing import Any, TypeVar, cast

from django.db.models import Model, QuerySet

from apps.core.errors import DomainError, NoRoleChosen, NotFound
from apps.core.permissions import ActingSessionLike

M = TypeVar("M", bound=Model)


def scope_of(request: Any) -> ActingSessionLike:
    """The acting session of a call with a chosen role (typed as apps.core.permissions reads it);
    without one the call is refused."""
    session = getattr(request, "auth", None)
    if session is None or not session.has_role:
        raise NoRoleChosen()
    return cast(ActingSessionLike, session)


def scoped_to_stores(queryset: QuerySet[M], request: Any, store_field: str = "store") -> QuerySet[M]:
    """The rows of `queryset` that belong to the stores the chosen role acts in."""
    return queryset.filter(**{f"{store_field}_id__in": scope_of(request).store_ids})


def get_in_scope(queryset: QuerySet[M], request: Any, store_field: str = "store", **lookup: Any) -> M:
    """One row of the acting stores, or NotFound: another store's row looks like a missing one."""
    return get_or_not_found(scoped_to_stores(queryset, request, store_field), **lookup)


def get_or_not_found(queryset: QuerySet[M], **lookup: Any) -> M:
    """One row of a chain-wide read (a member file, which any store may read), or NotFound."""
    row = queryset.filter(**lookup).first()
    if row is None:
        raise NotFound()
    return row


def chosen_store_id(request: Any) -> int | None:
    """The chosen level when it is a store, else None (a head-office level acts for the chain)."""
    session = scope_of(request)
    return session.hier_id if session.hier_id in session.store_ids else None


def named_store_id(request: Any, store_id: int | None) -> int | None:
    """The store a call names (path or parameter) when the chosen role acts in it, else NotFound;
    without one, the chosen store (None at a head-office level)."""
    if store_id is None:
        return chosen_store_id(request)
    if store_id not in scope_of(request).store_ids:
        raise NotFound()
    return store_id


def store_in_scope(
    stores: QuerySet[M], request: Any, store_id: int | None = None, *, when_none: DomainError | None = None
) -> M:
    """The store row of `stores` a call names, or the chosen store when it names none (see
    named_store_id). A call that names none at a head-office level answers `when_none` (NotFound
    unless given)."""
    acting = named_store_id(request, store_id)
    if acting is None:
        raise when_none or NotFound()
    store = stores.filter(pk=acting).first()
    if store is None:
        raise NotFound()
    return store


def level_in_scope(units: QuerySet[M], request: Any, unit_id: int | None) -> M:
    """The level a call acts for: the chosen one (a store, or a level above stores; the session's own
    row, no query) unless the call names another, which must be a store beneath the chosen level,
    else NotFound. `units` is a queryset of the tree's levels."""
    session = scope_of(request)
    if unit_id is None or unit_id == session.hier_id:
        return cast(M, session.chosen_entry.hier)
    if unit_id not in session.store_ids:
        raise NotFound()
    return get_or_not_found(units, pk=unit_id)
