"""Store scoping (contract §5): data is limited to the chosen store, or to the stores under a
head-office level. A record of another store is answered as if it did not exist (404)."""

from __future__ import annotations

from typing import Any, Protocol

from django.db.models import Model, QuerySet

from apps.core.errors import NoRoleChosen, NotFound


class ScopedSessionLike(Protocol):
    @property
    def store_ids(self) -> frozenset[int]: ...


def _store_ids(request: Any) -> frozenset[int]:
    session: ScopedSessionLike | None = getattr(request, "auth", None)
    if session is None or not getattr(session, "has_role", False):
        raise NoRoleChosen()
    return session.store_ids


def scoped_to_stores(queryset: QuerySet, request: Any, store_field: str = "store") -> QuerySet:
    """The rows of `queryset` that belong to the stores the chosen role acts in."""
    return queryset.filter(**{f"{store_field}_id__in": _store_ids(request)})


def get_in_scope(queryset: QuerySet, request: Any, store_field: str = "store", **lookup: Any) -> Model:
    """One row of the acting stores, or NotFound: another store's row looks like a missing one."""
    row = scoped_to_stores(queryset, request, store_field).filter(**lookup).first()
    if row is None:
        raise NotFound()
    return row
