"""The order in which a use case takes its row locks, and what happens when two still deadlock.

Two transactions that lock the same rows in different orders wait for each other in a circle, and
PostgreSQL ends one of them with "deadlock detected". So every use case that moves money, sessions,
points or stock locks, in this order and only ever forward (docs/decisions/0027-lock-order.md):

1. the document it acts on: the order (`billing.Order`), a deposit's own order, a stocktake, a goods
   order, a stock document, a write-off, an approval request;
2. the member (`members.Member`, apps.members.services.member_lock), several in the order of their ids;
3. the member's cards (`cards.Card`, apps.cards.services.locked_in_order), in the order of their ids;
4. the intention deposits (`billing.Deposit`), in the order of their ids;
5. the stock balances (`inventory.StockBalance`), in the order of their product ids.

A lock takes only the rows of the model it is taken on: `select_for_update(of=("self",))` whenever
the query joins another table (`select_related`, a filter across a relation, a default ordering
across one). Without `of`, PostgreSQL locks the joined rows too: a refund that read its order's
store with the order held the store's row, and every payment of the store, whose inserts take a
key-share lock on the store they point at, then waited for it (issue 25 §1). And a lock on rows
that other rows point at (the models above and POINTED_AT) is `no_key=True` (FOR NO KEY UPDATE): it
keeps out every other lock of the same kind, as FOR UPDATE does, but lets an insert pointing at the
row through, so that a tender or a ledger entry written elsewhere never waits on it. The tests refuse
a lock breaking any of these (apps.core.tests.lock_guard, installed for every connection by the
root conftest).

A deadlock that happens all the same (a path this order does not cover, a lock the database takes
by itself) ends one transaction, which changed nothing: the API runs that request once more
(apps.core.api.base.ErpApi) and, if it deadlocks again, answers 409 SYS-40902 "try again", never a
500."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import OperationalError

# Models whose rows a use case locks, in the order they are locked (point 1 is every document: it
# comes first and is not listed). Labels, not imports: the core floor knows no app above it.
LOCK_ORDER: tuple[str, ...] = (
    "billing.Order",
    "members.Member",
    "cards.Card",
    "billing.Deposit",
    "inventory.StockBalance",
)

# Other models whose rows many others point at and which a use case may lock: the store.
POINTED_AT: tuple[str, ...] = ("org.OrgUnit",)

DEADLOCK_DETECTED = "40P01"


def is_deadlock(error: BaseException) -> bool:
    """Whether `error` is PostgreSQL ending this transaction to break a deadlock."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    return getattr(cause, "sqlstate", None) == DEADLOCK_DETECTED


_alone: ContextVar[bool] = ContextVar("running_alone", default=False)


@contextmanager
def running_alone() -> Iterator[None]:
    """For a setup command that runs many use cases in one transaction before anyone works
    (seed_demo): one after another they lock in the order of each, which is against LOCK_ORDER
    across the whole transaction but can wait on no one. The tests' guard lets it through."""
    marked = _alone.set(True)
    try:
        yield
    finally:
        _alone.reset(marked)


def runs_alone() -> bool:
    return _alone.get()
