"""Database constraint violations as domain errors, told apart by the constraint's name.

The database is the last word on invariants (a unique phone, one pending cancellation, no two
reservations of one nurse at a time); a service that may hit one says which domain error each
constraint means:

    with constraint_errors({"member_phone_unique": PhoneTaken}):
        member.save()

PostgreSQL names the violated constraint (psycopg's `diag.constraint_name`); that reading lives here
and nowhere else."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

from django.db import IntegrityError, transaction

from apps.core.errors import DomainError


def violated_constraint(error: IntegrityError) -> str:
    """The name of the constraint `error` reports, or "" when the database does not say."""
    diag = getattr(error.__cause__, "diag", None)
    name = getattr(diag, "constraint_name", None)
    return str(name) if name else ""


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
