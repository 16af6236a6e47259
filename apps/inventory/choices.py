"""What a stock move is (the ledger's kinds) and what document it belongs to."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class MoveKind(models.TextChoices):
    """Why a product's stock in a store changed. The sign of a move's quantity says the direction;
    a kind says the reason, so reports can tell sales from use from loss."""

    RECEIPT = "receipt", _("goods in")
    SALE = "sale", _("sold")
    SALE_RETURN = "sale_return", _("sale refunded")
    # Refunded goods that came back damaged: written off at once, with the reason, after their
    # `sale_return` (apps.billing.ledgers.stock), so the loss is a figure of its own.
    RETURN_DAMAGED = "return_damaged", _("refunded goods written off as damaged")
    OWED_PICKUP = "owed_pickup", _("owed goods taken")
    STORE_USE = "store_use", _("in-store use")
    SERVICE_USE = "service_use", _("consumed by a service")
    LOAN_OUT = "loan_out", _("lent out")
    LOAN_IN = "loan_in", _("borrowed in")
    RETURN_OUT = "return_out", _("returned to supplier or head office")
    STOCKTAKE = "stocktake", _("stocktake adjustment")


class DocumentKind(models.TextChoices):
    """A stock document: what a person filled in and confirmed; its moves are in the ledger."""

    RECEIPT = "receipt", _("goods in")
    OUTBOUND = "outbound", _("goods out")
    LOAN = "loan", _("loan")
    LOAN_RETURN = "loan_return", _("loan return")


class DocumentType(models.TextChoices):
    """The type a records page filters by (spec /storageRecord, /outboundRecord)."""

    SUPPLIER = "supplier", _("from a supplier")
    HEAD_OFFICE = "head_office", _("from head office")
    LOAN_IN = "loan_in", _("borrowed in")
    STORE_USE = "store_use", _("in-store use")
    RETURN = "return", _("return")
    LOAN_OUT = "loan_out", _("loan outbound")


class DocumentStatus(models.TextChoices):
    DONE = "done", _("done")
    IN_TRANSIT = "in_transit", _("in transit")
    RECEIVED = "received", _("received")
    CANCELLED = "cancelled", _("cancelled")


# The approval centre's kind of a submitted stocktake's differences, and its subject type.
STOCKTAKE_APPROVAL_KIND = "stocktake"
STOCKTAKE_SUBJECT = "stocktake"


class StocktakeStatus(models.TextChoices):
    """A stocktake (盘点) is counted, submitted, then approved by the owner or sent back; counting,
    submitted and rejected are open (one open stocktake per store)."""

    COUNTING = "counting", _("counting")
    SUBMITTED = "submitted", _("submitted")
    APPROVED = "approved", _("approved")
    REJECTED = "rejected", _("rejected")
    CANCELLED = "cancelled", _("cancelled")


class StocktakeScope(models.TextChoices):
    STORE = "store", _("whole store")
    CATEGORIES = "categories", _("chosen categories")
    PRODUCTS = "products", _("chosen products")


class OutboundAction(models.TextChoices):
    """System-log actions of goods out and loans between stores (apps.inventory.outbound)."""

    OUTBOUND_CREATED = "inventory.outbound_created", _("took goods out of stock")
    LOAN_RECEIVED = "inventory.loan_received", _("confirmed the receipt of a loan")
    LOAN_RETURNED = "inventory.loan_returned", _("gave goods of a loan back")


class AuditAction(models.TextChoices):
    """The inventory's entries in the system log."""

    SAFETY_STOCK_SET = "inventory.safety_stock_set", _("set a safety stock")
    # The values below are the ones the log kept before they were named here (append-only log).
    RECEIPT_CREATED = "stock.receipt.create", _("received goods into stock")
    STOCKTAKE_APPROVED = "inventory.stocktake_approved", _("approved a stocktake")
    STOCKTAKE_REJECTED = "inventory.stocktake_rejected", _("sent a stocktake back")
    STOCKTAKE_WITHDRAWN = "inventory.stocktake_withdrawn", _("withdrew a stocktake")
    GOODS_ORDER_SAVED = "goods_order.save", _("saved a goods order")
    GOODS_ORDER_SUBMITTED = "goods_order.submit", _("submitted a goods order")
    GOODS_ORDER_CANCELLED = "goods_order.cancel", _("cancelled a goods order")
    GOODS_ORDER_CONFIRMED = "goods_order.confirm", _("confirmed a goods order")
    GOODS_ORDER_SHIPPED = "goods_order.ship", _("shipped a goods order")
    GOODS_ORDER_PAID = "goods_order.mark_paid", _("marked a goods order paid")
    GOODS_ORDER_RECEIVED = "goods_order.receive", _("received a goods order")


class GoodsOrderStatus(models.TextChoices):
    """A store's order of goods from head office (DHJL-*): built, submitted, confirmed and shipped by
    head office, received by the store as goods in; cancelled before it ships."""

    DRAFT = "draft", pgettext_lazy("goods order", "draft")
    SUBMITTED = "submitted", pgettext_lazy("goods order", "submitted")
    CONFIRMED = "confirmed", pgettext_lazy("goods order", "confirmed")
    SHIPPED = "shipped", pgettext_lazy("goods order", "shipped")
    RECEIVED = "received", pgettext_lazy("goods order", "received")
    CANCELLED = "cancelled", pgettext_lazy("goods order", "cancelled")


class GoodsOrderPayment(models.TextChoices):
    """Whether head office has the store's money for a goods order (head office marks it paid)."""

    UNPAID = "unpaid", pgettext_lazy("goods order", "unpaid")
    PAID = "paid", pgettext_lazy("goods order", "paid")
