"""The stock ledger: every change of a product's stock in a store is one append-only move, and the
live stock of a store and product is a balance row that changes only together with its move, in one
transaction, under the balance row's lock (services.record_moves).

Quantities count the product's use unit (a millilitre of a 500 ml bottle); a product used whole has
a use unit of one stock unit. Documents (receipts, outbounds, loans, stocktakes, orders, refunds)
are referred to by kind and id, so the ledger needs no foreign key to each of them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from apps.core.append_only import AppendOnlyModel
from apps.core.lazy_text import StrOrPromise
from apps.core.model_fields import created_at_field, updated_at_field, user_field, user_name_field
from apps.inventory.choices import (
    DocumentKind,
    DocumentStatus,
    DocumentType,
    GoodsOrderPayment,
    GoodsOrderStatus,
    MoveKind,
    StocktakeScope,
    StocktakeStatus,
)

ZERO = Decimal("0")


# The field's set and get types follow `null=` in options, which a signature cannot say.
def quantity_field(verbose_name: StrOrPromise, **options: Any) -> models.DecimalField[Any, Any]:
    """A quantity in the product's use unit: up to a thousandth (15.5 ml), up to 10¹³."""
    return models.DecimalField(verbose_name, max_digits=16, decimal_places=3, **options)


class StockBalance(models.Model):
    """The live stock of one product in one store: the sum of its moves, kept for fast reading."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.PROTECT, related_name="+"
    )
    quantity = quantity_field(_("quantity"), default=ZERO)
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("stock balance")
        verbose_name_plural = _("stock balances")
        ordering = ["store", "product"]
        constraints = [models.UniqueConstraint(fields=["store", "product"], name="stock_balance_one_per_product")]

    def __str__(self) -> str:
        return f"{self.store_id}/{self.product_id}: {self.quantity}"


class StockMove(AppendOnlyModel):
    """One change of a product's stock in a store, with the stock after it."""

    store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+", db_index=False
    )
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.PROTECT, related_name="+", db_index=False
    )
    kind = models.CharField(_("kind"), max_length=16, choices=MoveKind.choices)
    quantity = quantity_field(_("quantity"))
    quantity_after = quantity_field(_("quantity after"))
    # The product's cost per stock unit when the move was made: what a loss or a use was worth.
    unit_cost = models.DecimalField(_("unit cost"), max_digits=12, decimal_places=2, default=ZERO)
    document_kind = models.CharField(_("document kind"), max_length=24)
    document_id = models.BigIntegerField(_("document"))
    batch_no = models.CharField(_("batch"), max_length=40, blank=True)
    expiry_date = models.DateField(_("expiry date"), null=True, blank=True)
    # The other store of a loan.
    other_store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("other store"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    operator = user_field(_("operator"), reverse_accessor=True)
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("stock move")
        verbose_name_plural = _("stock moves")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(quantity=0), name="stock_move_not_zero"),
            models.CheckConstraint(
                condition=Q(kind__in=[choice.value for choice in MoveKind]), name="stock_move_kind_valid"
            ),
        ]
        indexes = [
            # A product's history in a store, newest first; also the audit's "after" chain.
            models.Index(fields=["store", "product", "-id"], name="stock_move_product_newest"),
            models.Index(fields=["document_kind", "document_id"], name="stock_move_document"),
            # Use over a period (suggested order quantities, the consumption report). It carries what
            # the period sums read, so a store's months are read from the index alone (the ledger is
            # append-only: its pages are all-visible once vacuumed) and not from heap pages spread
            # over every store's moves, most of them on disk at 20 million moves.
            models.Index(
                fields=["store", "created_at"], include=["product", "kind", "quantity"], name="stock_move_store_period"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.product_id} {self.quantity}"


class StockDocument(models.Model):
    """A goods-in, goods-out or loan document of a store, its lines, and who confirmed it. Its moves
    carry `document_kind="document"` and its id. A loan is one document seen by both stores: it
    leaves `store` in transit and arrives at `other_store` when that store confirms receipt."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    # Set from the id once the row exists (services.document_number); unique among the set ones.
    number = models.CharField(_("number"), max_length=32, unique=True, null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=16, choices=DocumentKind.choices)
    type = models.CharField(_("type"), max_length=16, choices=DocumentType.choices)
    status = models.CharField(_("status"), max_length=16, choices=DocumentStatus.choices, default=DocumentStatus.DONE)
    other_store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("other store"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    supplier = models.CharField(_("supplier"), max_length=100, blank=True)
    # The head-office goods order a receipt receives, or the loan a loan return gives back.
    source_id = models.BigIntegerField(_("source"), null=True, blank=True)
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    created_by = user_field(_("created by"), reverse_accessor=True)
    created_by_name = user_name_field(_("created by (name)"))
    created_at = created_at_field()
    received_by_name = user_name_field(_("received by (name)"))
    received_at = models.DateTimeField(_("received"), null=True, blank=True)

    class Meta:
        verbose_name = _("stock document")
        verbose_name_plural = _("stock documents")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=[choice.value for choice in DocumentKind]), name="stock_document_kind_valid"
            ),
            models.CheckConstraint(
                condition=Q(type__in=[choice.value for choice in DocumentType]), name="stock_document_type_valid"
            ),
            models.CheckConstraint(
                condition=Q(status__in=[choice.value for choice in DocumentStatus]), name="stock_document_status_valid"
            ),
        ]
        indexes = [
            models.Index(fields=["store", "kind", "-id"], name="stock_document_store_newest"),
            models.Index(
                fields=["other_store", "status"],
                name="stock_document_other_store",
                condition=Q(other_store__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.number or f"document {self.pk}"


class StockDocumentLine(models.Model):
    """One product of a document, in stock units as a person counts them (quantity) and in use
    units as the ledger moves them (use_quantity = quantity × the product's use_per_unit)."""

    document = models.ForeignKey(StockDocument, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.PROTECT, related_name="+"
    )
    quantity = quantity_field(_("quantity"))
    use_quantity = quantity_field(_("quantity in use units"))
    unit_cost = models.DecimalField(_("unit cost"), max_digits=12, decimal_places=2, default=ZERO)
    batch_no = models.CharField(_("batch"), max_length=40, blank=True)
    expiry_date = models.DateField(_("expiry date"), null=True, blank=True)
    # A loan's line: how much of it has come back.
    returned = quantity_field(_("returned"), default=ZERO)

    class Meta:
        verbose_name = _("document line")
        verbose_name_plural = _("document lines")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(quantity__gt=0), name="stock_document_line_quantity"),
            models.CheckConstraint(
                condition=Q(returned__gte=0) & Q(returned__lte=models.F("quantity")),
                name="stock_document_line_returned",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.product_id} × {self.quantity}"


class SafetyStock(models.Model):
    """The least a store should hold of a product, in stock units; without a row the product's
    `default_safety_stock` applies."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.CASCADE, related_name="+"
    )
    quantity = quantity_field(_("safety stock"))
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("safety stock")
        verbose_name_plural = _("safety stocks")
        ordering = ["store", "product"]
        constraints = [
            models.UniqueConstraint(fields=["store", "product"], name="safety_stock_one_per_product"),
            models.CheckConstraint(condition=Q(quantity__gte=0), name="safety_stock_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.store_id}/{self.product_id} ≥ {self.quantity}"


# A stocktake still being worked on: counted, submitted, or sent back to be counted again.
STOCKTAKE_OPEN = (StocktakeStatus.COUNTING, StocktakeStatus.SUBMITTED, StocktakeStatus.REJECTED)


class Stocktake(models.Model):
    """A count (盘点) of a store's goods against a snapshot of its live stock taken when it started
    (the freeze). Approval turns each line's difference (counted − snapshot) into a stock move of
    kind stocktake applied on top of the live stock, so moves made during the count are kept; the
    moves carry `document_kind="stocktake"` and its id. One open stocktake per store."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    number = models.CharField(_("number"), max_length=32, unique=True, null=True, blank=True)
    scope = models.CharField(_("scope"), max_length=16, choices=StocktakeScope.choices, default=StocktakeScope.STORE)
    # The chosen categories' or products' names, as they were at the freeze (for the list).
    scope_names = models.CharField(_("scope (names)"), max_length=200, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=StocktakeStatus.choices, default=StocktakeStatus.COUNTING
    )
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    reject_reason = models.CharField(_("reason sent back"), max_length=200, blank=True)
    created_by = user_field(_("created by"))
    created_by_name = user_name_field(_("created by (name)"))
    created_at = created_at_field()
    counted_by_name = user_name_field(_("counted by"))
    submitted_by_name = user_name_field(_("submitted by"))
    submitted_at = models.DateTimeField(_("submitted"), null=True, blank=True)
    decided_by_name = user_name_field(_("approved or rejected by"))
    decided_at = models.DateTimeField(_("approved or rejected"), null=True, blank=True)

    class Meta:
        verbose_name = _("stocktake")
        verbose_name_plural = _("stocktakes")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=[choice.value for choice in StocktakeStatus]), name="stocktake_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(scope__in=[choice.value for choice in StocktakeScope]), name="stocktake_scope_valid"
            ),
            models.UniqueConstraint(
                fields=["store"],
                condition=Q(status__in=[status.value for status in STOCKTAKE_OPEN]),
                name="stocktake_one_open_per_store",
            ),
        ]
        indexes = [models.Index(fields=["store", "-id"], name="stocktake_store_newest")]

    def __str__(self) -> str:
        return self.number or f"stocktake {self.pk}"


class StocktakeLine(models.Model):
    """One product of a stocktake: its live stock at the freeze (use units), what was counted (stock
    units, as a person counts bottles), and the difference in use units with its value at the
    frozen cost per stock unit. `counted` is None until the product is counted."""

    stocktake = models.ForeignKey(Stocktake, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.PROTECT, related_name="+"
    )
    snapshot = quantity_field(_("stock at the freeze"))
    use_per_unit = models.DecimalField(_("use units per stock unit"), max_digits=10, decimal_places=3)
    unit_cost = models.DecimalField(_("unit cost"), max_digits=12, decimal_places=2, default=ZERO)
    counted = quantity_field(_("counted"), null=True, blank=True)
    difference = quantity_field(_("difference"), null=True, blank=True)
    difference_value = models.DecimalField(_("difference value"), max_digits=16, decimal_places=2, default=ZERO)
    # Scanned in: the product was not in the snapshot (its snapshot is 0).
    added = models.BooleanField(_("added while counting"), default=False)
    counted_at = models.DateTimeField(_("counted"), null=True, blank=True)

    class Meta:
        verbose_name = _("stocktake line")
        verbose_name_plural = _("stocktake lines")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["stocktake", "product"], name="stocktake_line_one_per_product"),
            models.CheckConstraint(condition=Q(counted__gte=0), name="stocktake_line_counted_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.product_id}: {self.snapshot} → {self.counted}"


class SafetyAlert(models.Model):
    """A product of a store that fell below its safety stock, and the task raised for it in the task
    centre. One stays open per store and product (closed_at empty) until the live stock is back at
    or above the safety stock, so a product that keeps selling below it raises one task, not one a
    move."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.CASCADE, related_name="+"
    )
    # The messaging task (apps.messaging, a lower floor) raised for it; a task deleted in the task
    # centre leaves the alert open.
    task_id = models.BigIntegerField(_("task"), null=True, blank=True)
    raised_at = models.DateTimeField(_("raised"), auto_now_add=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        verbose_name = _("safety stock alert")
        verbose_name_plural = _("safety stock alerts")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["store", "product"], condition=Q(closed_at__isnull=True), name="safety_alert_one_open"
            )
        ]

    def __str__(self) -> str:
        return f"{self.store_id}/{self.product_id} below safety"


class GoodsOrder(models.Model):
    """A store's order of goods from head office (spec DHJL-*): the store builds and submits it, head
    office (the material-builder administrator) confirms it, possibly changing quantities, and ships
    it; the store receives it as a goods-in document (`receipt_id`, a StockDocument of type
    head_office whose source_id is this order). Amounts are at the supply price (the product's cost
    when the line was written). Head office marks the payment."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    number = models.CharField(_("number"), max_length=32, unique=True, null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=GoodsOrderStatus.choices, default=GoodsOrderStatus.DRAFT
    )
    payment_status = models.CharField(
        _("payment status"), max_length=16, choices=GoodsOrderPayment.choices, default=GoodsOrderPayment.UNPAID
    )
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    created_by = user_field(_("created by"), reverse_accessor=True)
    created_by_name = user_name_field(_("created by (name)"))
    created_at = created_at_field()
    submitted_at = models.DateTimeField(_("submitted at"), null=True, blank=True)
    confirmed_by_name = user_name_field(_("confirmed by"))
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    shipped_by_name = user_name_field(_("shipped by"))
    shipped_at = models.DateTimeField(_("shipped at"), null=True, blank=True)
    received_by_name = user_name_field(_("received by"))
    received_at = models.DateTimeField(_("received at"), null=True, blank=True)
    receipt_id = models.BigIntegerField(_("goods-in document"), null=True, blank=True)
    paid_by_name = user_name_field(_("marked paid by"))
    paid_at = models.DateTimeField(_("paid at"), null=True, blank=True)
    payment_reference = models.CharField(_("payment reference"), max_length=64, blank=True)
    cancelled_by_name = user_name_field(_("cancelled by"))
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancel_reason = models.CharField(_("cancel reason"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("goods order")
        verbose_name_plural = _("goods orders")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=[choice.value for choice in GoodsOrderStatus]), name="goods_order_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(payment_status__in=[choice.value for choice in GoodsOrderPayment]),
                name="goods_order_payment_valid",
            ),
            # One goods-in document per order: received means the receipt exists, and only then.
            models.CheckConstraint(
                condition=Q(status=GoodsOrderStatus.RECEIVED, receipt_id__isnull=False)
                | (~Q(status=GoodsOrderStatus.RECEIVED) & Q(receipt_id__isnull=True)),
                name="goods_order_receipt_when_received",
            ),
            models.UniqueConstraint(
                fields=["receipt_id"], condition=Q(receipt_id__isnull=False), name="goods_order_one_receipt"
            ),
        ]
        indexes = [
            models.Index(fields=["store", "-id"], name="goods_order_store_newest"),
            models.Index(fields=["status", "-id"], name="goods_order_status_newest"),
        ]

    def __str__(self) -> str:
        return self.number or f"goods order {self.pk}"


class GoodsOrderLine(models.Model):
    """One product of a goods order, in stock units: what the store asked for (with what was
    suggested), what head office confirmed and what it shipped."""

    order = models.ForeignKey(GoodsOrder, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.PROTECT, related_name="+"
    )
    suggested = quantity_field(_("suggested quantity"), default=ZERO)
    quantity = quantity_field(_("quantity ordered"))
    confirmed_quantity = quantity_field(_("quantity confirmed"), null=True, blank=True)
    shipped_quantity = quantity_field(_("quantity shipped"), null=True, blank=True)
    unit_price = models.DecimalField(_("supply price"), max_digits=12, decimal_places=2, default=ZERO)

    class Meta:
        verbose_name = _("goods order line")
        verbose_name_plural = _("goods order lines")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["order", "product"], name="goods_order_line_one_per_product"),
            models.CheckConstraint(condition=Q(quantity__gt=0), name="goods_order_line_quantity"),
            models.CheckConstraint(
                condition=Q(confirmed_quantity__isnull=True) | Q(confirmed_quantity__gte=0),
                name="goods_order_line_confirmed",
            ),
            models.CheckConstraint(
                condition=Q(shipped_quantity__isnull=True) | Q(shipped_quantity__gte=0),
                name="goods_order_line_shipped",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.product_id} × {self.quantity}"
