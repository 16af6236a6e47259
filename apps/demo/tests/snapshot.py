"""The demo chain (`seed_demo`) seeded once per test database and copied in for each test that asks.

Seeding takes a second or more and the browser tests need it every time; copying the seeded rows back
with `COPY … FROM STDIN` takes a few milliseconds. It is the template-database idea done inside the
test database itself, which the live server's connections keep open (so it cannot be dropped and
made again from a template between tests).

`DemoSnapshot.take` keeps every table's rows (`COPY … TO STDOUT`, binary) before and after
`seed_demo`, then puts the database back as it was. `restore` replaces whatever the tables hold with
the seeded rows, so every test meets the same demo chain with the same ids: in the transaction of a
`db` test, or committed for a `transaction=True` one. The rows go in as replication writes them
(`session_replication_role = replica`): they were valid when seeded, and the foreign keys and triggers
would only check them again. That needs a superuser (`can_copy`); with any other role each test seeds.

Sequences only move forward: to the seeded position or past it, never back below a row a committed
test left, since a sequence is not rolled back with the `db` test that moved it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection, transaction

from apps.core.tests.fast_flush import delete_as_replication, is_superuser

Rows = dict[str, bytes]


@dataclass(frozen=True)
class DemoSnapshot:
    seeded: Rows
    sequences: dict[str, int]

    @classmethod
    def take(cls) -> DemoSnapshot:
        before = _copy_out()
        call_command("seed_demo", verbosity=0)
        snapshot = cls(_copy_out(), _sequences())
        _copy_in(before, {})
        return snapshot

    def restore(self) -> None:
        _copy_in(self.seeded, self.sequences)


def can_copy() -> bool:
    """Whether this database role may write rows as replication does (a superuser)."""
    return is_superuser(connection)


def _tables(cursor: Any) -> list[str]:
    return sorted(connection.introspection.table_names(cursor, include_views=False))


def _copy_out() -> Rows:
    rows = {}
    with transaction.atomic(), connection.cursor() as cursor:
        for table in _tables(cursor):
            data = bytearray()
            with cursor.cursor.copy(f"COPY {connection.ops.quote_name(table)} TO STDOUT (FORMAT BINARY)") as copy:
                for chunk in copy:
                    data += chunk
            rows[table] = bytes(data)
    return rows


def _sequences() -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename), last_value FROM pg_sequences"
            " WHERE last_value IS NOT NULL"
        )
        return dict(cursor.fetchall())


def _copy_in(rows: Rows, sequences: dict[str, int]) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(delete_as_replication(connection.ops, _tables(cursor)))
        for table, data in rows.items():
            with cursor.cursor.copy(f"COPY {connection.ops.quote_name(table)} FROM STDIN (FORMAT BINARY)") as copy:
                copy.write(data)
        if sequences:
            cursor.execute(
                "SELECT setval(wanted.name::regclass, GREATEST(wanted.position, COALESCE(now.last_value, 1)))"
                " FROM unnest(%s::text[], %s::bigint[]) AS wanted(name, position)"
                " JOIN pg_sequences now"
                " ON quote_ident(now.schemaname) || '.' || quote_ident(now.sequencename) = wanted.name",
                [list(sequences), list(sequences.values())],
            )
    # The content types are now the seeded rows: a cache filled before must not name other ids.
    ContentType.objects.clear_cache()
