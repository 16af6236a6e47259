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


# -- goods out and loans between stores (apps.inventory.outbound) ------------------------------------


class LoanTargetRefused(DomainError):
    """A loan outbound names a store that is not one of the store's borrow-out targets."""

    errcode = "LOAN-40001"
    status = 400
    default_message = gettext_lazy("goods can be lent only to one of the store's borrow-out targets")


class LoanWrongSide(DomainError):
    """A store that sees the loan but is not the one that receives it asks to confirm its receipt."""

    errcode = "LOAN-40301"
    status = 403
    default_message = gettext_lazy("only the receiving store confirms the receipt")


class LoanNotInTransit(DomainError):
    """The loan (or loan return) was already received: a second confirmation changes nothing."""

    errcode = "LOAN-40901"
    status = 409
    default_message = gettext_lazy("this loan has already been received")


class LoanReturnTooMuch(DomainError):
    errcode = "LOAN-40902"
    status = 409
    default_message = gettext_lazy("more is given back than is still out on the loan")


class LoanNotReceived(DomainError):
    errcode = "LOAN-40903"
    status = 409
    default_message = gettext_lazy("a loan is given back only after its receipt was confirmed")


# -- goods in and ordering goods from head office (apps.inventory.receipts, goods_orders) ------------


class BarcodeUnknown(DomainError):
    """A scanned barcode no product of the catalogue carries (scancodestock)."""

    errcode = "STOCK-40401"
    status = 404
    default_message = gettext_lazy("no product has this barcode")


class GoodsOrderState(DomainError):
    """A goods order not in a state that allows this (receiving it twice, shipping a draft)."""

    errcode = "STOCK-40904"
    status = 409
    default_message = gettext_lazy("the goods order is not in a state that allows this")
