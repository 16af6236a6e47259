"""Request parsers and documented answer shapes of goods out and loans (docs/api.md "Stock: goods out
and loans"). Rules and their messages live in apps.inventory.outbound."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer
from apps.inventory.choices import DocumentKind, DocumentStatus
from apps.inventory.outbound import OUTBOUND_TYPES
from apps.inventory.outbound_selectors import RECORD_TYPES

MAX_LINES = 500


def quantity_field(**kwargs: Any) -> fields.IntegerField | fields.DecimalField:
    """A count in stock units as a person enters it (2 bottles, 0.5 of a box)."""
    return fields.number(bounds.STOCK_UNITS, low=Decimal("0.001"), **kwargs)


def quantity_text(help_text: str = "") -> serializers.CharField:
    return serializers.CharField(help_text=help_text or 'decimal string, up to 3 places ("2.000")')


# -- inputs --------------------------------------------------------------------------------------


class OutboundLineInputSerializer(serializers.Serializer[Any]):
    productId = fields.IntegerField(min_value=1, source="product_id")
    quantity = quantity_field(help_text="in the product's stock unit")
    batchNo = fields.CharField(max_length=40, required=False, allow_blank=True, default="", source="batch_no")


class OutboundCreateInputSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=list(OUTBOUND_TYPES), help_text="store_use, return or loan_out")
    lines = serializers.ListField(child=OutboundLineInputSerializer(), max_length=MAX_LINES)
    targetStoreId = fields.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        source="target_store_id",
        help_text="loan_out: one of the store's borrow-out targets",
    )
    supplier = fields.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        default="",
        help_text="return: the supplier the goods go back to (blank: head office)",
    )
    remark = fields.CharField(max_length=200, required=False, allow_blank=True, default="")


class ReturnLineInputSerializer(serializers.Serializer[Any]):
    lineId = fields.IntegerField(min_value=1, source="line_id", help_text="a line of the loan")
    quantity = quantity_field(help_text="in the product's stock unit, at most what is still out")


class LoanReturnInputSerializer(serializers.Serializer[Any]):
    lines = serializers.ListField(child=ReturnLineInputSerializer(), max_length=MAX_LINES)
    remark = fields.CharField(max_length=200, required=False, allow_blank=True, default="")


class OutboundListInputSerializer(PageInputSerializer):
    type = serializers.ChoiceField(choices=list(RECORD_TYPES), required=False, allow_blank=True, default="")
    status = serializers.ChoiceField(choices=DocumentStatus.choices, required=False, allow_blank=True, default="")
    number = fields.CharField(max_length=32, required=False, allow_blank=True, default="")
    startDate = fields.DateField(required=False, allow_null=True, default=None, source="start_date")
    endDate = fields.DateField(required=False, allow_null=True, default=None, source="end_date")
    openOnly = serializers.BooleanField(
        required=False, default=False, source="open_only", help_text="only loans still open on either side"
    )


class LoanListInputSerializer(OutboundListInputSerializer):
    direction = serializers.ChoiceField(
        choices=["in", "out"],
        required=False,
        allow_blank=True,
        default="",
        help_text="in: loans to this store; out: loans from it; blank: both",
    )


class ScanInputSerializer(serializers.Serializer[Any]):
    code = fields.CharField(max_length=32, help_text="a barcode, or a product code")


class ProductSearchInputSerializer(serializers.Serializer[Any]):
    keyword = fields.CharField(max_length=50, help_text="part of a product's name, code or barcode")


# -- outputs -------------------------------------------------------------------------------------


class DocumentRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.CharField()
    kind = serializers.ChoiceField(choices=DocumentKind.choices)
    type = serializers.ChoiceField(choices=list(RECORD_TYPES))
    typeName = serializers.CharField()
    status = serializers.ChoiceField(choices=DocumentStatus.choices)
    statusName = serializers.CharField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    otherStoreId = serializers.IntegerField(allow_null=True)
    otherStoreName = serializers.CharField(help_text="a loan's other store; blank otherwise")
    supplier = serializers.CharField()
    remark = serializers.CharField()
    sourceId = serializers.IntegerField(allow_null=True, help_text="a loan return: the loan it gives back")
    lineCount = serializers.IntegerField()
    quantity = quantity_text("the lines' quantities added up, in stock units")
    outstanding = quantity_text("a loan: what is not given back yet, in stock units")
    open = serializers.BooleanField(help_text="in transit, or a received loan not wholly given back")
    createdAt = serializers.DateTimeField()
    createdByName = serializers.CharField()
    receivedByName = serializers.CharField()
    receivedAt = serializers.DateTimeField(allow_null=True)


class DocumentPageOutputSerializer(serializers.Serializer[Any]):
    list = DocumentRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class DocumentLineOutputSerializer(serializers.Serializer[Any]):
    lineId = serializers.IntegerField()
    productId = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    unit = serializers.CharField()
    useUnit = serializers.CharField()
    quantity = quantity_text("in stock units")
    useQuantity = quantity_text("in use units (what the ledger moved)")
    returned = quantity_text("a loan's line: given back so far")
    outstanding = quantity_text("a loan's line: still out")
    batchNo = serializers.CharField()
    expiryDate = serializers.DateField(allow_null=True)
    stock = quantity_text("the viewing store's live stock of the product, in stock units")


class DocumentDetailOutputSerializer(DocumentRowOutputSerializer):
    canConfirm = serializers.BooleanField(help_text="the viewing store receives this loan and it is in transit")
    canReturn = serializers.BooleanField(help_text="the viewing store borrowed this loan and holds some of it")
    lines = DocumentLineOutputSerializer(many=True)


class ScannedProductOutputSerializer(serializers.Serializer[Any]):
    productId = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    barcode = serializers.CharField()
    specification = serializers.CharField()
    unit = serializers.CharField()
    useUnit = serializers.CharField()
    usePerUnit = quantity_text()
    tracksBatches = serializers.BooleanField()
    stock = quantity_text("the store's live stock, in stock units")
    useStock = quantity_text("the store's live stock, in use units")


class OutboundChoiceOutputSerializer(serializers.Serializer[Any]):
    value = serializers.CharField()
    # The wire field "label": DRF takes declared fields off the class; the stubs see Field.label.
    label = serializers.CharField()  # type: ignore[assignment]


class LoanTargetOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class OutboundTypesOutputSerializer(serializers.Serializer[Any]):
    types = OutboundChoiceOutputSerializer(many=True, help_text="what the store may make (loan_out only with targets)")
    recordTypes = OutboundChoiceOutputSerializer(many=True, help_text="the records page's type filter")
    borrowOutTargets = LoanTargetOutputSerializer(many=True)
