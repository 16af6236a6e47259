"""The settlement's part of `manage.py audit_ledgers` (issue 30):

- every cross-store card use (a stored-value spend, sessions used, a top-up taken in a store other
  than the card's) has its clearing entry, and every clearing of a card entry points to a real one;
- no reversal gives back more than its entry cleared;
- every statement equals its entries (the pair's entries of its day, netted and counted), which
  also holds a locked statement to what it was when made (its figures never change: trigger);
- a paid statement belongs to a paid month, and a month's settlement equals its statements.

Each check is one query over the whole ledger."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db import connection

from apps.cards.choices import EntryKind
from apps.cards.models import CardEntry
from apps.core.ledgers import Difference
from apps.settlement.choices import StatementStatus
from apps.settlement.models import MonthSettlement, SettlementEntry, Statement

LEDGER = "settlement"
CLEARED_USES = (EntryKind.SPEND, EntryKind.SESSIONS_USED, EntryKind.TOP_UP)
E = SettlementEntry._meta.db_table
S = Statement._meta.db_table
M = MonthSettlement._meta.db_table
C = CardEntry._meta.db_table

_USES_WITHOUT_CLEARING = f"""
SELECT c.id FROM {C} c
WHERE c.kind = ANY(%s) AND c.store_id <> c.card_store_id
  AND c.created_at >= (SELECT min(created_at) FROM settlement_ruleversion)
  AND NOT EXISTS (SELECT 1 FROM {E} e WHERE e.card_entry_id = c.id AND e.reverses_id IS NULL)
ORDER BY c.id LIMIT 100
"""
_CLEARING_WITHOUT_USE = f"""
SELECT e.id FROM {E} e
WHERE e.card_entry_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM {C} c WHERE c.id = e.card_entry_id)
ORDER BY e.id LIMIT 100
"""
_OVER_REVERSED = f"""
SELECT o.id, o.amount, o.amount + sum(r.amount) FROM {E} o JOIN {E} r ON r.reverses_id = o.id
GROUP BY o.id, o.amount HAVING o.amount + sum(r.amount) < 0 OR o.value + sum(r.value) < 0
ORDER BY o.id LIMIT 100
"""
# Every statement against its entries, and every day-pair with entries but no statement on a day
# that has statements (a day is made whole or not at all).
_STATEMENTS = f"""
WITH sums AS (
    SELECT day, store_low, store_high,
           sum(CASE WHEN payer_id = store_low THEN amount ELSE -amount END) AS net, count(*) AS n
    FROM {E} GROUP BY day, store_low, store_high
)
SELECT s.id, sums.day, sums.store_low, sums.store_high,
       s.amount, s.from_store_id, s.entries, sums.net, sums.n
FROM {S} s FULL JOIN sums
  ON sums.day = s.day AND sums.store_low = s.store_low_id AND sums.store_high = s.store_high_id
WHERE (s.id IS NULL AND EXISTS (SELECT 1 FROM {S} made WHERE made.day = sums.day))
   OR (s.id IS NOT NULL AND (
        s.entries <> coalesce(sums.n, 0)
        OR s.amount <> abs(coalesce(sums.net, 0))
        OR s.from_store_id <> CASE WHEN coalesce(sums.net, 0) >= 0 THEN s.store_low_id ELSE s.store_high_id END))
ORDER BY s.id LIMIT 100
"""
_MONTHS = f"""
SELECT m.id, m.amount, m.statements, m.status,
       abs(coalesce(sum(CASE WHEN s.from_store_id = m.store_low_id THEN s.amount ELSE -s.amount END), 0)),
       count(s.id), bool_and(s.status = %(paid)s)
FROM {M} m LEFT JOIN {S} s ON s.month_settlement_id = m.id
GROUP BY m.id
HAVING m.amount <> abs(coalesce(sum(CASE WHEN s.from_store_id = m.store_low_id THEN s.amount ELSE -s.amount END), 0))
    OR m.statements <> count(s.id)
    OR (m.status = %(paid)s) <> coalesce(bool_and(s.status = %(paid)s), false)
ORDER BY m.id LIMIT 100
"""


def _rows(sql: str, params: list[Any] | dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def settlement_differences() -> Iterator[Difference]:
    for (card_entry_id,) in _rows(_USES_WITHOUT_CLEARING, [list(CLEARED_USES)]):
        yield Difference(LEDGER, f"card entry {card_entry_id}", "clearing", "none", "a cross-store use clears")
    for (entry_id,) in _rows(_CLEARING_WITHOUT_USE):
        yield Difference(LEDGER, f"entry {entry_id}", "card entry", "missing", "the use it clears")
    for entry_id, amount, left in _rows(_OVER_REVERSED):
        yield Difference(
            LEDGER, f"entry {entry_id}", "reversed", f"{amount} less {amount - left}", "at most the amount"
        )
    for statement_id, day, low, high, amount, from_id, entries, net, count in _rows(_STATEMENTS):
        record = f"statement {statement_id}" if statement_id else f"{day} stores {low}/{high}"
        yield Difference(
            LEDGER, record, "amount, direction, entries", (amount, from_id, entries), (net, "by sign", count or 0)
        )
    for month_id, amount, statements, status, net, count, _all_paid in _rows(_MONTHS, {"paid": StatementStatus.PAID}):
        yield Difference(
            LEDGER,
            f"month settlement {month_id}",
            "amount, statements, status",
            (amount, statements, status),
            (net, count),
        )
