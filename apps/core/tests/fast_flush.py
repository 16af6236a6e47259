"""The flush after each transactional test, as DELETEs instead of one TRUNCATE.

Django empties the test database after every test that commits (`transaction=True`, the browser and
concurrency tests) with `TRUNCATE` of all 113 tables: PostgreSQL gives each table and index a new file,
about 0.3 s a test even when nothing was written. `DELETE FROM` of a table with a few rows is a
fraction of a millisecond, and the result is the same: empty tables, sequences left as they are
(Django's flush does not reset them either). Row-level rules do not apply to what a test left behind:
the deletes run as replication does (`session_replication_role = replica`), without foreign key
checks or the append-only and closed-day triggers, inside the flush's own transaction.

Content types and permissions stay, and the `post_migrate` that follows a flush skips the two
receivers that make them: they would insert the same rows again (hundreds, 800 flushes a run) and
read every app's (about 140 queries, 50 ms a flush), leaving dead rows for autovacuum. Kept, they also
keep their ids, which the content type cache holds. The other receivers (the page and button
resources) run as before.

That needs a superuser, as the test databases of `make test`, CI and the embedded server have; with
any other role the flush stays Django's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.management import create_permissions
from django.contrib.contenttypes.management import create_contenttypes
from django.core.management.commands import flush as flush_command
from django.db import connections
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.backends.postgresql.operations import DatabaseOperations
from django.db.models.signals import post_migrate

_django_sql_flush: Callable[..., list[str]] = DatabaseOperations.sql_flush
# The flush command's own name for it, by getattr: it is imported there from django.core.management.sql,
# which mypy does not count as the module's own attribute.
_django_emit_post_migrate: Callable[..., None] = getattr(flush_command, "emit_post_migrate_signal")  # noqa: B009
_PERMISSIONS_UID = "django.contrib.auth.management.create_permissions"

# Made by post_migrate from the installed apps alone, never by a test.
KEPT = frozenset({"django_content_type", "auth_permission"})


def _sql_flush(
    self: DatabaseOperations,
    style: Any,
    tables: Sequence[str],
    *,
    reset_sequences: bool = False,
    allow_cascade: bool = False,
) -> list[str]:
    if reset_sequences or not tables or not is_superuser(self.connection):
        return _django_sql_flush(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
    return [delete_as_replication(self, [table for table in tables if table not in KEPT])]


def _emit_post_migrate_after_flush(verbosity: int, interactive: bool, db: str, **kwargs: Any) -> None:
    if not is_superuser(connections[db]):
        _django_emit_post_migrate(verbosity, interactive, db, **kwargs)
        return
    post_migrate.disconnect(create_permissions, dispatch_uid=_PERMISSIONS_UID)
    post_migrate.disconnect(create_contenttypes)
    try:
        _django_emit_post_migrate(verbosity, interactive, db, **kwargs)
    finally:
        post_migrate.connect(create_contenttypes)
        post_migrate.connect(create_permissions, dispatch_uid=_PERMISSIONS_UID)


def delete_as_replication(ops: BaseDatabaseOperations, tables: Sequence[str]) -> str:
    """SQL that empties `tables` inside the current transaction, without foreign key checks or
    triggers (`session_replication_role = replica`, which needs a superuser)."""
    deletes = " ".join(f"DELETE FROM {ops.quote_name(table)};" for table in tables)
    return f"SET LOCAL session_replication_role = replica; {deletes}"


def is_superuser(connection: Any) -> bool:
    """Whether the connection's database role is a superuser (asked once per connection)."""
    known = getattr(connection, "_erp_is_superuser", None)
    if known is None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
            known = bool(cursor.fetchone()[0])
        connection._erp_is_superuser = known
    return known


def install() -> None:
    DatabaseOperations.sql_flush = _sql_flush  # type: ignore[method-assign,assignment]
    setattr(flush_command, "emit_post_migrate_signal", _emit_post_migrate_after_flush)  # noqa: B010
