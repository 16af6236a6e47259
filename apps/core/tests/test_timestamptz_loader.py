"""timestamptz values read by datetime.fromisoformat (apps.core.postgresql.timestamps): the same
instants and zone as Django's own loader gives in the UTC session Django keeps, the right instant in
any other session zone too, and values ISO cannot hold go to Django's loader and fail as they did."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import DataError, connection, transaction
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg.pq import Format

from apps.core.postgresql.timestamps import IsoTimestamptzLoader

pytestmark = pytest.mark.django_db

TIMESTAMPTZ_OID = 1184


def _read(literal: str, session_zone: str = "UTC") -> datetime:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT set_config('TimeZone', %s, true)", [session_zone])
        cursor.execute("SELECT %s::timestamptz", [literal])
        return cursor.fetchone()[0]


def _django_reads(literal: str, session_zone: str = "UTC") -> datetime:
    loader = type("DjangoLoader", (BaseTzLoader,), {"timezone": UTC})
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT set_config('TimeZone', %s, true)", [session_zone])
        cursor.cursor.adapters.register_loader("timestamptz", loader)
        cursor.execute("SELECT %s::timestamptz", [literal])
        return cursor.fetchone()[0]


def test_the_connection_reads_timestamptz_with_the_iso_loader():
    connection.ensure_connection()

    assert issubclass(connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT), IsoTimestamptzLoader)


@pytest.mark.parametrize(
    ("literal", "instant"),
    [
        ("2026-12-08 11:22:33.123456+08", datetime(2026, 12, 8, 3, 22, 33, 123456, tzinfo=UTC)),
        ("2026-06-30 23:59:59.5-05:30", datetime(2026, 7, 1, 5, 29, 59, 500000, tzinfo=UTC)),
        ("1900-01-01 00:00:00+00", datetime(1900, 1, 1, tzinfo=UTC)),
    ],
)
def test_a_time_reads_as_djangos_loader_reads_it_in_utc(literal, instant):
    read = _read(literal)

    assert read == instant == _django_reads(literal)
    assert read.tzinfo is UTC


@pytest.mark.parametrize(
    ("literal", "session_zone", "instant"),
    [
        ("2026-12-08 03:22:33+00", "Asia/Shanghai", datetime(2026, 12, 8, 3, 22, 33, tzinfo=UTC)),
        ("2026-06-30 23:59:59.5-05:30", "America/New_York", datetime(2026, 7, 1, 5, 29, 59, 500000, tzinfo=UTC)),
        # Before 1901 Shanghai's offset was local mean time, +08:05:43: written with its seconds.
        ("1900-01-01 00:00:00+00", "Asia/Shanghai", datetime(1900, 1, 1, tzinfo=UTC)),
    ],
)
def test_a_time_written_in_another_session_zone_reads_as_its_instant_in_utc(literal, session_zone, instant):
    # Django's own loader reads these wrong (it only relabels the zone); Django keeps the session in UTC.
    read = _read(literal, session_zone)

    assert read == instant and read.tzinfo is UTC


@pytest.mark.parametrize("literal", ["infinity", "0044-03-15 12:00:00+00 BC"])
def test_a_time_iso_cannot_hold_fails_as_djangos_loader_fails(literal):
    with pytest.raises(DataError) as ours:
        _read(literal)
    with pytest.raises(DataError) as djangos:
        _django_reads(literal)

    assert str(ours.value) == str(djangos.value)
