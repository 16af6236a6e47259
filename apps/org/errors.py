"""The org app's domain errors (docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from apps.core.errors import DomainError


class StoreDebtDisabled(DomainError):
    errcode = "SHOP-40301"
    status = 403
    default_message = _("this store is disabled for debt, please contact head office")


class StoreDeactivated(DomainError):
    errcode = "SHOP-40302"
    status = 403
    default_message = _("this store has been deactivated, please contact head office")
