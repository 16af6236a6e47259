"""Whether a store's day lies in a closed commission period. Commission (floor 9) closes periods
from staff credits; billing writes the credits and cannot import it, so commission answers through
this slot (registered in its AppConfig.ready()). Every writer of a staff credit asks before writing:
a closed period's figures never change (issue 29 §3).

The asking holds a shared transaction lock on the store until the writer commits, and a closing
takes it exclusively (`lock_commission_periods`): a closing that starts while a credit is being
written waits and counts it, and a credit asked for after the closing began waits and is refused. A
check alone would let a payment of an old order that asked just before the closing commit its credit
into the month after the closing had read it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.db import connection

from apps.billing.errors import CommissionPeriodClosed
from apps.core.hooks import Slot

# The first key of the advisory locks of commission periods (the second is the store's id).
PERIOD_LOCK_SPACE = 29_0302

# (store id, business day) -> whether the day's commission period is closed.
commission_closed: Slot[Callable[[int, date], bool]] = Slot("commission period reader", registered_by="apps.commission")


def lock_commission_periods(store_id: int, *, exclusive: bool = False) -> None:
    """Taken in the caller's transaction: shared by a writer of the store's staff credits, exclusive
    by the closing of one of its periods."""
    function = "pg_advisory_xact_lock" if exclusive else "pg_advisory_xact_lock_shared"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {function}(%s, %s)", [PERIOD_LOCK_SPACE, store_id])


def check_commission_open(*, store_id: int, days: set[date] | frozenset[date]) -> None:
    """Refuses (409 ORD-40905) credits dated in a closed commission period; holds the store's
    periods open (a shared lock) until the caller's transaction ends."""
    lock_commission_periods(store_id)
    closed = commission_closed.get()
    for day in sorted(days):
        if closed(store_id, day):
            raise CommissionPeriodClosed()
