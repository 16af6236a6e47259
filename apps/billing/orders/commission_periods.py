"""Whether a store's day lies in a closed commission period. Commission (floor 9) closes periods
from staff credits; billing writes the credits and cannot import it, so commission answers through
this slot (registered in its AppConfig.ready()). Every writer of a staff credit asks before writing:
a closed period's figures never change (issue 29 §3)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from apps.billing.errors import CommissionPeriodClosed
from apps.core.hooks import Slot

# (store id, business day) -> whether the day's commission period is closed.
commission_closed: Slot[Callable[[int, date], bool]] = Slot("commission period reader", registered_by="apps.commission")


def check_commission_open(*, store_id: int, days: set[date] | frozenset[date]) -> None:
    """Refuses (409 ORD-40905) credits dated in a closed commission period."""
    closed = commission_closed.get()
    for day in sorted(days):
        if closed(store_id, day):
            raise CommissionPeriodClosed()
