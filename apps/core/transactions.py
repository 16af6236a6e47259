"""One transaction per use case, and no savepoint where nothing could use one.

A use case (a service writing several rows) runs in `use_case_atomic()`. Called by itself it is the
transaction; called inside another transaction it is, as Django's `atomic()` makes it, a savepoint,
so a caller that catches its error can go on. A command run under its idempotency key
(apps.core.idempotency) is different: any error there rolls the whole command back, and no caller
catches one half way, so its use cases need no savepoints of their own: each would cost two more
round trips to the database on the hottest paths (a checkout has three)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction

_in_command: ContextVar[bool] = ContextVar("in_command", default=False)


@contextmanager
def command_atomic() -> Iterator[None]:
    """The transaction of a whole command: whatever fails inside rolls all of it back."""
    marked = _in_command.set(True)
    try:
        with transaction.atomic():
            yield
    finally:
        _in_command.reset(marked)


def use_case_atomic() -> transaction.Atomic:
    """`transaction.atomic()` for a use case; inside a command, without a savepoint."""
    return transaction.atomic(savepoint=not _in_command.get())
