"""The ledger audit (`manage.py audit_ledgers`): every balance the product keeps beside a ledger
(card balances and sessions, points, an order's paid amount) is recomputed from the ledger and
compared. Each app registers its own audits when it loads (AppConfig.ready), so this floor knows
none of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from apps.core.hooks import Registry


@dataclass(frozen=True)
class Difference:
    """A kept balance that its ledger does not add up to."""

    ledger: str
    record: str
    field: str
    kept: object
    recomputed: object

    def __str__(self) -> str:
        return f"{self.ledger}: {self.record} {self.field}: kept {self.kept}, ledger says {self.recomputed}"


LedgerAudit = Callable[[], Iterable[Difference]]

_audits: Registry[LedgerAudit] = Registry("ledger audit")
register_ledger_audit = _audits.register
ledger_audits = _audits.by_name


def audit_all() -> list[Difference]:
    return [difference for audit in ledger_audits().values() for difference in audit()]
