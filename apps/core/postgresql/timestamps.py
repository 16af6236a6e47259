"""Reading `timestamptz` values fast.

Django reads them with its own subclass of psycopg's loader (`BaseTzLoader`), to give each the
connection's zone (UTC). psycopg's C loader cannot be subclassed, so Django's runs psycopg's Python
parser: 3.4 µs a value. A board of 400 reservations reads 1,700 of them, about 6 ms of its answer
(docs/performance.md, issue 31, fourth round). PostgreSQL writes them in ISO form, which
`datetime.fromisoformat` reads in C: 0.2 µs. Anything it does not read (another DateStyle, `infinity`,
a year BC) goes to Django's loader as before, which answers or refuses it the same way."""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any

from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg.abc import AdaptContext


class IsoTimestamptzLoader(BaseTzLoader):
    def load(self, data: Any) -> datetime:
        try:
            return datetime.fromisoformat(bytes(data).decode()).astimezone(self.timezone)
        except ValueError:
            return super().load(data)


def register_iso_tzloader(zone: tzinfo, context: AdaptContext) -> None:
    """Django's `register_tzloader`, with the ISO reader: values in `zone` (never None, which would
    make `astimezone` use the machine's zone where Django drops the zone)."""
    loader = type("ZoneIsoTimestamptzLoader", (IsoTimestamptzLoader,), {"timezone": zone})
    context.adapters.register_loader("timestamptz", loader)
