"""Closed business days (daily closing; docs/decisions/0012-closed-days.md).

A store's business day is its local date (settings.TIME_ZONE). Once billing closes a day it writes a
ClosedDay row; from then on any order, tender, card ledger entry, points entry or staff credit dated
in that day of that store is refused twice over:

- in the services: every money-moving service calls `check_day_open` before it writes (409
  DAY-40901);
- in the database, by a BEFORE INSERT/UPDATE/DELETE trigger on each of those tables (`closed_day_trigger`)
  that raises an exception whose message starts with DAY-40901; the exception handler turns it into the
  same 409 answer (`closed_day_error`), so a raw query or a service that forgot the check is refused too.

A closing and the money transactions of its store take turns: each money write takes a
shared transaction lock on the store (`pg_advisory_xact_lock_shared`, in the check and in the trigger),
the closing an exclusive one (`lock_store_days`); a closing waits for payments in flight and sees them,
and a payment that starts during a closing waits and then finds the day closed."""

from __future__ import annotations

import re
from datetime import date, datetime

from django.conf import settings
from django.db import DatabaseError, connection, migrations
from django.utils import timezone

from apps.core.errors import DayClosed
from apps.core.models import ClosedDay

ERRCODE = DayClosed.errcode
# The first key of the advisory locks of closed days (the second is the store's id); migration core 0005
# writes it into core_business_day_closed.
LOCK_SPACE = 14_0901


def business_day(at: datetime | None = None) -> date:
    """The business day of a moment: its date in the stores' time zone."""
    return timezone.localdate(at)


def _lock(store_id: int, *, exclusive: bool) -> None:
    function = "pg_advisory_xact_lock" if exclusive else "pg_advisory_xact_lock_shared"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {function}(%s, %s)", [LOCK_SPACE, store_id])


def lock_store_days(store_id: int) -> None:
    """Taken by a closing or a reopening, in its transaction: waits for the store's money writes in flight."""
    _lock(store_id, exclusive=True)


def _open_in_this_transaction() -> set[tuple[int, date]] | None:
    """The (store, day) pairs this transaction found open: it holds their shared lock until it ends,
    so no closing can commit meanwhile and a payment's card and points writes need not ask again.
    Kept with the outermost atomic block, so the next transaction starts afresh."""
    blocks = getattr(connection, "atomic_blocks", None)
    if not blocks:
        return None
    memo = getattr(connection, "_open_business_days", None)
    if memo is None or memo[0] is not blocks[0]:
        memo = (blocks[0], set())
        connection._open_business_days = memo  # type: ignore[attr-defined]
    return memo[1]


def _closed_under_shared_lock(store_id: int, day: date) -> bool:
    """Whether the day is closed, asked after taking the store's shared lock: one round trip
    (core_business_day_closed, migration core 0005)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT core_business_day_closed(%s, %s)", [store_id, day])
        return bool(cursor.fetchone()[0])


def check_day_open(*, store_id: int | None, day: date) -> None:
    """Refuses (409 DAY-40901) a change of `store_id` dated `day` when that day is closed. Call it inside
    the use case's transaction, before writing."""
    if store_id is None:
        return
    seen = _open_in_this_transaction()
    if seen is not None and (store_id, day) in seen:
        return
    if _closed_under_shared_lock(store_id, day):
        raise DayClosed(data={"storeId": store_id, "date": day.isoformat()})
    if seen is not None:
        seen.add((store_id, day))


def mark_day_closed(*, store_id: int, day: date) -> None:
    """Written by billing's daily closing, in its transaction, after `lock_store_days`."""
    ClosedDay.objects.create(store_id=store_id, date=day)
    connection._open_business_days = None  # type: ignore[attr-defined]  # what this connection found open is not


def mark_day_open(*, store_id: int, day: date) -> None:
    """Written by billing's reopening of a closing, in its transaction, after `lock_store_days`."""
    ClosedDay.objects.filter(store_id=store_id, date=day).delete()


# What every closed-day trigger raises (closed_day_trigger below): the day, then the store.
_TRIGGER_MESSAGE = re.compile(rf"^{ERRCODE} the business day (\d{{4}}-\d{{2}}-\d{{2}}) of store (\d+) ")


def closed_day_error(error: BaseException) -> DayClosed | None:
    """The domain error a closed-day trigger's exception stands for, or None for any other error. It
    names the store and the day as the service's check does, so the refused person can ask for that
    day to be reopened."""
    if not isinstance(error, DatabaseError):
        return None
    message = str(error).lstrip()
    if not message.startswith(ERRCODE):
        return None
    named = _TRIGGER_MESSAGE.match(message)
    return DayClosed(data={"storeId": int(named[2]), "date": named[1]} if named else None)


def local_date_sql(column: str) -> str:
    """SQL for the business day of a timestamp column of the trigger's row (`{row}` is NEW or OLD)."""
    return f"({{row}}.{column} AT TIME ZONE '{settings.TIME_ZONE}')::date"


def closed_day_trigger(
    table: str,
    day_sql: str,
    *,
    store_column: str = "store_id",
    store_sql: str = "",
    allowed_update: str = "",
) -> migrations.RunSQL:
    """The migration operation that makes the database refuse a row of `table` dated in a closed day of
    its store: inserting it, changing it, changing it into one, deleting it. `day_sql` is the row's
    business day with `{row}` for NEW or OLD (a date column: "{row}.business_date"; a timestamp:
    `local_date_sql("created_at")`). The store is the row's `store_column`, or `store_sql` with
    `{row}` (a row dated by its parent: a subquery of the parent's store). `allowed_update`, a
    condition on OLD and NEW, names the one change a closed day still takes (a provider's late
    confirmation of a status): an UPDATE meeting it passes, under the store's shared lock all the same."""
    function = f"{table}_closed_day"
    unless = f"NOT (TG_OP = 'UPDATE' AND ({allowed_update})) AND " if allowed_update else ""

    def refused(row: str) -> str:
        day = day_sql.format(row=row)
        store = f"({store_sql.format(row=row)})" if store_sql else f"{row}.{store_column}"
        return f"""
    IF {store} IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock_shared({LOCK_SPACE}, {store}::integer);
        IF {unless}EXISTS (SELECT 1 FROM core_closedday WHERE store_id = {store} AND date = {day}) THEN
            RAISE EXCEPTION '{ERRCODE} the business day % of store % is closed ({table})', {day}, {store};
        END IF;
    END IF;"""

    return migrations.RunSQL(
        sql=f"""
CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN{refused("OLD")}
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN{refused("NEW")}
        RETURN NEW;
    END IF;
    RETURN OLD;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER {function} BEFORE INSERT OR UPDATE OR DELETE ON {table}
    FOR EACH ROW EXECUTE FUNCTION {function}();
""",
        reverse_sql=f"DROP TRIGGER IF EXISTS {function} ON {table}; DROP FUNCTION IF EXISTS {function}();",
    )
