"""Whether anyone may act in a level of the tree. Head office deactivates a store (`is_active`) or
disables it for debt (`debt_disabled`); either refuses every call made acting there, switching into
it, and renewing a token that acts there (apps.accounts: authentication, role choice, refresh).

The business status on the store information page (open or closed) is the store's own to set and
does not refuse anything: a store that closed for the day must be able to open again.
"""

from __future__ import annotations

from apps.core.errors import DomainError
from apps.org.errors import StoreDeactivated, StoreDebtDisabled
from apps.org.models import OrgUnit


def store_refusal(unit: OrgUnit) -> DomainError | None:
    """The error a call acting in `unit` answers, or None when people may act there."""
    if not unit.is_active:
        return StoreDeactivated()
    if unit.debt_disabled:
        return StoreDebtDisabled()
    return None


def check_store_usable(unit: OrgUnit) -> None:
    refusal = store_refusal(unit)
    if refusal is not None:
        raise refusal
