"""The kept connection's health check (apps.core.postgresql.base): no round trip while the
connection is well; a connection the server ended is found and replaced before the request's query."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.db import connection

from apps.core.testing import raw_connection

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_connection_after():
    yield
    connection.close()  # a test that ended the server's side leaves the next one a new connection


def _last_statement_of(backend_pid: int) -> str:
    with raw_connection() as observer:
        row = observer.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", (backend_pid,)).fetchone()
    assert row is not None
    return row[0]


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_well_connection_is_found_usable_without_a_statement() -> None:
    pid = _backend_pid()

    assert connection.is_usable()
    assert _last_statement_of(pid) == "SELECT pg_backend_pid()"


def test_a_connection_the_server_ended_is_found_unusable() -> None:
    pid = _backend_pid()
    with raw_connection() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        admin.execute("SELECT pg_sleep(0.2)")  # the server's goodbye reaches the socket

    assert not connection.is_usable()


def test_the_request_after_the_server_ended_the_connection_runs_on_a_new_one() -> None:
    wrapper = cast(Any, connection)  # the stubs do not declare the health check's flags
    assert wrapper.health_check_enabled  # settings: CONN_HEALTH_CHECKS
    pid = _backend_pid()
    with raw_connection() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        admin.execute("SELECT pg_sleep(0.2)")
    wrapper.health_check_done = False  # as at a request's start (close_old_connections)

    assert _backend_pid() != pid
