"""Django's PostgreSQL backend, with two changes: the health check of a persistent connection, and
`timestamptz` values read by `datetime.fromisoformat` (apps.core.postgresql.timestamps).

Django checks a kept connection before a request's first query by sending `SELECT 1`: a round trip
on every request, as long as the lookup it guards on a member search (docs/performance.md, "The till
at the database's speed", third round). A connection the server ended (a restart, an idle timeout,
`pg_terminate_backend`, a pooler recycling it) has something to read on its socket while it sits idle
between requests: the server's last message, or the end of the stream. So the check polls the socket
without waiting; only when there is something to read does `SELECT 1` decide, as before. A link that
fails silently (a cable pulled) is found by neither until the query's own timeout, as before."""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base as postgresql
from psycopg import pq

from apps.core.postgresql.timestamps import register_iso_tzloader


class DatabaseWrapper(postgresql.DatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        params = super().get_connection_params()
        if self.timezone is not None:  # USE_TZ: Django's loader gives the zone, which ours does too
            register_iso_tzloader(self.timezone, params["context"])
        return params

    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        if connection.pgconn.transaction_status != pq.TransactionStatus.IDLE:
            return super().is_usable()
        try:
            # poll, not select: a process with a thousand files open is no reason to check by query.
            waiting = select.poll()
            waiting.register(connection.pgconn.socket, select.POLLIN)
            readable = waiting.poll(0)
        except (OSError, ValueError):  # no socket to poll: let the query decide
            return super().is_usable()
        return super().is_usable() if readable else True
