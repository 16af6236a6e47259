"""Wire shapes of live stock, a product's move history and safety stock (docs/api.md "Stock")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.catalog.choices import UseType
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer
from apps.inventory.live_selectors import LIVE_SORTS
from apps.inventory.safety import MAX_SAFETY_ITEMS

# -- inputs ----------------------------------------------------------------------------------------


class StoreInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        source="store_id",
        help_text="a store the chosen role acts in; default the chosen store (a head-office level must name one)",
    )


class LiveFiltersInputSerializer(StoreInputSerializer):
    search = fields.CharField(
        max_length=40, required=False, allow_blank=True, default="", help_text="code, name or barcode"
    )
    categoryId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="category_id")
    brand = fields.CharField(max_length=60, required=False, allow_blank=True, default="")
    useType = serializers.ChoiceField(
        choices=UseType.choices, required=False, allow_blank=True, default="", source="use_type"
    )
    belowSafety = serializers.BooleanField(required=False, default=False, source="below_safety")
    zeroOnly = serializers.BooleanField(
        required=False, default=False, source="zero_only", help_text="only products at 0 or below"
    )
    sort = serializers.ChoiceField(
        choices=[(value, value) for value in LIVE_SORTS], required=False, default="code", help_text="'-' descends"
    )


class LiveListInputSerializer(PageInputSerializer, LiveFiltersInputSerializer):
    pass


class MovesInputSerializer(PageInputSerializer, StoreInputSerializer):
    productId = fields.IntegerField(min_value=1, source="product_id")


class SafetyItemInputSerializer(serializers.Serializer[Any]):
    productId = fields.IntegerField(min_value=1, source="product_id")
    quantity = fields.number(
        bounds.STOCK_UNITS, allow_null=True, help_text="stock units, 0 to 99,999; null: back to the product's default"
    )


class SafetySetInputSerializer(StoreInputSerializer):
    items = serializers.ListField(
        child=SafetyItemInputSerializer(), min_length=1, max_length=MAX_SAFETY_ITEMS, allow_empty=False
    )


# -- outputs ---------------------------------------------------------------------------------------


def _amount(help_text: str) -> serializers.CharField:
    return serializers.CharField(help_text=help_text)


class StockStoreOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()


class StockStoresOutputSerializer(serializers.Serializer[Any]):
    chosenStoreId = serializers.IntegerField(allow_null=True, help_text="null at a head-office level")
    stores = StockStoreOutputSerializer(many=True)
    brands = serializers.ListField(child=serializers.CharField())
    seesCost = serializers.BooleanField(help_text="the role holds BTN-SPGL-COST-VIEW: cost and value are shown")


class StockRowOutputSerializer(serializers.Serializer[Any]):
    productId = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    barcode = serializers.CharField()
    brand = serializers.CharField()
    categoryId = serializers.IntegerField()
    categoryName = serializers.CharField()
    specification = serializers.CharField()
    useType = serializers.CharField()
    useTypeName = serializers.CharField()
    unit = serializers.CharField(help_text="the stock unit (瓶)")
    useUnit = serializers.CharField(help_text="the use unit (ml); blank: used whole")
    usePerUnit = _amount("use units in one stock unit")
    quantity = _amount("live stock in use units")
    stockQuantity = _amount("live stock in stock units, 3 places")
    display = serializers.CharField(help_text='both units: "9 瓶 485 ml"')
    safetyStock = _amount("in stock units: the store's own or the product's default")
    safetyDefault = serializers.IntegerField()
    safetySet = serializers.BooleanField(help_text="the store set its own")
    belowSafety = serializers.BooleanField()
    enabled = serializers.BooleanField()
    cost = serializers.CharField(allow_null=True, help_text="per stock unit; null without BTN-SPGL-COST-VIEW")
    value = serializers.CharField(allow_null=True, help_text="stock × cost; null without BTN-SPGL-COST-VIEW")


class StockPageOutputSerializer(serializers.Serializer[Any]):
    list = StockRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class MoveRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    kindName = serializers.CharField()
    quantity = _amount("signed, use units")
    quantityDisplay = serializers.CharField()
    after = _amount("the stock after the move, use units")
    afterDisplay = serializers.CharField()
    documentKind = serializers.CharField(help_text='"document" for a stock document, else the flow\'s (order, ...)')
    documentKindName = serializers.CharField(
        help_text="the document's kind as the reader reads it (goods in, order, refund, stocktake...)"
    )
    documentId = serializers.IntegerField()
    documentNumber = serializers.CharField(
        help_text="the document's number (RK…, SO…, RF…, PD…); #id for a document not numbered"
    )
    stockDocumentKind = serializers.CharField(
        allow_null=True, help_text="receipt, outbound, loan, loan_return for a stock document"
    )
    batchNo = serializers.CharField()
    expiryDate = serializers.DateField(allow_null=True)
    otherStoreId = serializers.IntegerField(allow_null=True)
    otherStoreName = serializers.CharField()
    remark = serializers.CharField()
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class MovesPageOutputSerializer(serializers.Serializer[Any]):
    product = StockRowOutputSerializer()
    list = MoveRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class SafetySetOutputSerializer(serializers.Serializer[Any]):
    changed = serializers.IntegerField()
