"""The inventory's domain errors (contract §8; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class StockShort(DomainError):
    errcode = "STOCK-40901"
    status = 409
    default_message = gettext_lazy("not enough stock")
