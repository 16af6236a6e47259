"""The inventory's domain errors (contract §8; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class StockShort(DomainError):
    errcode = "STOCK-40901"
    status = 409
    default_message = gettext_lazy("not enough stock")


class StocktakeOpen(DomainError):
    errcode = "STOCK-40902"
    status = 409
    default_message = gettext_lazy("the store has a stocktake that is not finished yet")


class StocktakeState(DomainError):
    errcode = "STOCK-40903"
    status = 409
    default_message = gettext_lazy("the stocktake's status does not allow this")
