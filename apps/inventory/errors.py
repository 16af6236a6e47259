"""The inventory's domain errors (contract §8; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class StockShort(DomainError):
    errcode = "STOCK-40901"
    status = 409
    default_message = gettext_lazy("not enough stock")


class BarcodeUnknown(DomainError):
    """A scanned barcode no product of the catalogue carries (scancodestock)."""

    errcode = "STOCK-40401"
    status = 404
    default_message = gettext_lazy("no product has this barcode")


class GoodsOrderState(DomainError):
    """A goods order not in a state that allows this (receiving it twice, shipping a draft)."""

    errcode = "STOCK-40902"
    status = 409
    default_message = gettext_lazy("the goods order is not in a state that allows this")
