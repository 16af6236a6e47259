"""Database constraint violations as domain errors, told apart by the constraint's name.

The database is the last word on invariants (a unique phone, one pending cancellation, no two
reservations of one nurse at a time); a service that may hit one says which domain error each
constraint means:

    with constraint_errors({"member_phone_unique": PhoneTaken}):
        member.save()

PostgreSQL names the violated constraint (psycopg's `diag.constraint_name`). SQLite names only the
columns of a unique index ("UNIQUE constraint failed: members_member.area_code, members_member.phone")
or the name of a check; the columns are matched against the unique constraints the models declare.
Both readings live here and nowhere else."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache

from django.apps import apps
from django.db import IntegrityError, transaction
from django.db.models import UniqueConstraint

from apps.core.errors import DomainError

_SQLITE_UNIQUE = "UNIQUE constraint failed: "
_SQLITE_CHECK = "CHECK constraint failed: "


@cache
def _unique_constraints_by_columns() -> dict[str, str]:
    """ "table.column, table.column" (SQLite's wording) -> constraint name, for every model."""
    names: dict[str, str] = {}
    for model in apps.get_models():
        table = model._meta.db_table
        for constraint in model._meta.constraints:
            if isinstance(constraint, UniqueConstraint) and constraint.fields:
                columns = [getattr(model._meta.get_field(name), "column", name) for name in constraint.fields]
                names[", ".join(f"{table}.{column}" for column in columns)] = constraint.name or ""
    return names


def violated_constraint(error: IntegrityError) -> str:
    """The name of the constraint `error` reports, or "" when the database does not say."""
    diag = getattr(error.__cause__, "diag", None)
    name = getattr(diag, "constraint_name", None)
    if name:
        return str(name)
    message = str(error)
    if message.startswith(_SQLITE_UNIQUE):
        return _unique_constraints_by_columns().get(message.removeprefix(_SQLITE_UNIQUE), "")
    if message.startswith(_SQLITE_CHECK):
        return message.removeprefix(_SQLITE_CHECK)
    return ""


@contextmanager
def constraint_errors(errors: Mapping[str, Callable[[], DomainError]]) -> Iterator[None]:
    """Runs the block in a savepoint; a violation of a constraint named in `errors` raises its domain
    error instead (the savepoint keeps an outer transaction usable). Any other violation passes on."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError as error:
        make_error = errors.get(violated_constraint(error))
        if make_error is None:
            raise
        raise make_error() from None
