"""Whether anyone may act in a level of the tree. Head office deactivates a store (`is_active`) or
disables it for debt (`debt_disabled`); either refuses every call made acting there, switching into
it, and renewing a token that acts there (apps.accounts: authentication, role choice, refresh).

The business status on the store information page (open or closed) is the store's own to set and
does not refuse anything: a store that closed for the day must be able to open again.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from apps.core.errors import DomainError
from apps.org.models import OrgUnit


class StoreDebtDisabled(DomainError):
    errcode = "SHOP-40301"
    status = 403
    default_message = _("this store is disabled for debt, please contact head office")


class StoreDeactivated(DomainError):
    errcode = "SHOP-40302"
    status = 403
    default_message = _("this store has been deactivated, please contact head office")


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
