"""Request parsers and documented answers of goods in (stockIn, scancodestock, commodity product
lookup) and of ordering goods from head office (bookProd). Rules live in apps.inventory.receipts and
apps.inventory.goods_orders."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from apps.catalog.choices import UseType
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer
from apps.inventory.choices import DocumentStatus, DocumentType, GoodsOrderPayment, GoodsOrderStatus
from apps.inventory.receipts import RECEIPT_TYPES

# -- goods in ----------------------------------------------------------------------------------


class ReceiptListInputSerializer(PageInputSerializer):
    type = serializers.ChoiceField(choices=[("", "")] + [(t.value, t.label) for t in RECEIPT_TYPES], required=False)
    number = fields.CharField(required=False, allow_blank=True, max_length=32)
    startDate = fields.DateField(required=False)
    endDate = fields.DateField(required=False)


class ReceiptIdInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)


class ReceiptLineInputSerializer(serializers.Serializer[Any]):
    productId = fields.IntegerField(min_value=1)
    quantity = fields.number(bounds.STOCK_UNITS, low=Decimal("0.001"), help_text="in stock units")
    batchNo = fields.CharField(required=False, allow_blank=True, max_length=40)
    expiryDate = fields.DateField(required=False, allow_null=True)


class ReceiptCreateInputSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=[(t.value, t.label) for t in RECEIPT_TYPES])
    supplier = fields.CharField(required=False, allow_blank=True, max_length=100)
    remark = fields.CharField(required=False, allow_blank=True, max_length=200)
    lines = serializers.ListField(child=ReceiptLineInputSerializer(), allow_empty=False, max_length=500)


class ReceiptRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.CharField()
    type = serializers.ChoiceField(choices=DocumentType.choices)
    typeName = serializers.CharField()
    status = serializers.ChoiceField(choices=DocumentStatus.choices)
    statusName = serializers.CharField()
    supplier = serializers.CharField()
    sourceId = serializers.IntegerField(allow_null=True, help_text="the goods order a head-office receipt receives")
    sourceNumber = serializers.CharField()
    lineCount = serializers.IntegerField()
    totalQuantity = serializers.CharField(help_text="stock units")
    amount = serializers.CharField()
    remark = serializers.CharField()
    createdByName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class ReceiptPageOutputSerializer(serializers.Serializer[Any]):
    list = ReceiptRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class ReceiptLineOutputSerializer(serializers.Serializer[Any]):
    lineId = serializers.IntegerField()
    productId = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    barcode = serializers.CharField()
    unit = serializers.CharField()
    useUnit = serializers.CharField()
    quantity = serializers.CharField(help_text="stock units")
    useQuantity = serializers.CharField(help_text="use units")
    unitCost = serializers.CharField()
    amount = serializers.CharField()
    batchNo = serializers.CharField()
    expiryDate = serializers.DateField(allow_null=True)


class ReceiptDetailOutputSerializer(ReceiptRowOutputSerializer):
    storeName = serializers.CharField()
    lines = ReceiptLineOutputSerializer(many=True)


# -- the product pickers ----------------------------------------------------------------------


class StockProductSearchInputSerializer(PageInputSerializer):
    keyword = fields.CharField(required=False, allow_blank=True, max_length=60, help_text="code, barcode or name")


class BarcodeInputSerializer(serializers.Serializer[Any]):
    barcode = fields.CharField(max_length=64)


class CatalogueProductOutputSerializer(serializers.Serializer[Any]):
    productId = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    barcode = serializers.CharField()
    brand = serializers.CharField()
    specification = serializers.CharField()
    categoryName = serializers.CharField()
    useType = serializers.ChoiceField(choices=UseType.choices)
    unit = serializers.CharField(help_text="the stock unit")
    useUnit = serializers.CharField()
    usePerUnit = serializers.CharField(help_text="use units in one stock unit")
    tracksBatches = serializers.BooleanField()
    storePrice = serializers.CharField(help_text="the price the store sells at")
    supplyPrice = serializers.CharField(help_text="head office's price to its stores")


class StockProductOutputSerializer(CatalogueProductOutputSerializer):
    liveStock = serializers.CharField(help_text="stock units")
    liveUseStock = serializers.CharField(help_text="use units")


class StockProductPageOutputSerializer(serializers.Serializer[Any]):
    list = StockProductOutputSerializer(many=True)
    total = serializers.IntegerField()


# -- goods orders ------------------------------------------------------------------------------


class CatalogueInputSerializer(PageInputSerializer):
    keyword = fields.CharField(required=False, allow_blank=True, max_length=60)
    useType = serializers.ChoiceField(choices=[("", ""), *list(UseType.choices)], required=False)


class CatalogueRowOutputSerializer(CatalogueProductOutputSerializer):
    liveStock = serializers.CharField(allow_null=True, help_text="stock units; null at head office")
    safetyStock = serializers.CharField(allow_null=True)
    used30Days = serializers.CharField(allow_null=True, help_text="stock units used in the last 30 days")
    suggested = serializers.CharField(
        allow_null=True, help_text="max(0, safety stock − live stock + the last 30 days' use), whole units"
    )


class CataloguePageOutputSerializer(serializers.Serializer[Any]):
    list = CatalogueRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class CatalogueProductInputSerializer(serializers.Serializer[Any]):
    productId = fields.IntegerField(min_value=1)


class GoodsOrderListInputSerializer(PageInputSerializer):
    status = serializers.ChoiceField(choices=[("", ""), *list(GoodsOrderStatus.choices)], required=False)
    paymentStatus = serializers.ChoiceField(choices=[("", ""), *list(GoodsOrderPayment.choices)], required=False)
    number = fields.CharField(required=False, allow_blank=True, max_length=32)
    storeId = fields.IntegerField(required=False, min_value=1, help_text="head office's list only")
    startDate = fields.DateField(required=False)
    endDate = fields.DateField(required=False)


class GoodsOrderIdInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)


class GoodsOrderLineInputSerializer(serializers.Serializer[Any]):
    productId = fields.IntegerField(min_value=1)
    quantity = fields.number(bounds.STOCK_UNITS, low=Decimal("0.001"), help_text="stock units")


class GoodsOrderSaveInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(required=False, allow_null=True, min_value=1, help_text="a draft to change")
    remark = fields.CharField(required=False, allow_blank=True, max_length=200)
    lines = serializers.ListField(child=GoodsOrderLineInputSerializer(), allow_empty=False, max_length=500)


class GoodsOrderCancelInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)
    reason = fields.CharField(required=False, allow_blank=True, max_length=200)


class ConfirmLineInputSerializer(serializers.Serializer[Any]):
    lineId = fields.IntegerField(min_value=1)
    quantity = fields.number(bounds.STOCK_UNITS, help_text="0: none of it is supplied")


class GoodsOrderConfirmInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)
    lines = serializers.ListField(child=ConfirmLineInputSerializer(), required=False, max_length=500)


class GoodsOrderPaidInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)
    reference = fields.CharField(required=False, allow_blank=True, max_length=64)


class ReceiveLineInputSerializer(serializers.Serializer[Any]):
    lineId = fields.IntegerField(min_value=1)
    batchNo = fields.CharField(required=False, allow_blank=True, max_length=40)
    expiryDate = fields.DateField(required=False, allow_null=True)


class GoodsOrderReceiveInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)
    remark = fields.CharField(required=False, allow_blank=True, max_length=200)
    lines = serializers.ListField(child=ReceiveLineInputSerializer(), required=False, max_length=500)


class GoodsOrderRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.CharField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    status = serializers.ChoiceField(choices=GoodsOrderStatus.choices)
    statusName = serializers.CharField()
    paymentStatus = serializers.ChoiceField(choices=GoodsOrderPayment.choices)
    paymentStatusName = serializers.CharField()
    lineCount = serializers.IntegerField()
    amount = serializers.CharField(help_text="confirmed quantities (ordered until confirmed) × supply price")
    remark = serializers.CharField()
    createdByName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    submittedAt = serializers.DateTimeField(allow_null=True)
    confirmedAt = serializers.DateTimeField(allow_null=True)
    shippedAt = serializers.DateTimeField(allow_null=True)
    receivedAt = serializers.DateTimeField(allow_null=True)
    receiptId = serializers.IntegerField(allow_null=True, help_text="the goods-in document that received it")


class GoodsOrderPageOutputSerializer(serializers.Serializer[Any]):
    list = GoodsOrderRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class GoodsOrderLineOutputSerializer(CatalogueProductOutputSerializer):
    lineId = serializers.IntegerField()
    suggested = serializers.CharField()
    quantity = serializers.CharField()
    confirmedQuantity = serializers.CharField(allow_null=True)
    shippedQuantity = serializers.CharField(allow_null=True)
    unitPrice = serializers.CharField()
    amount = serializers.CharField()
    liveStock = serializers.CharField()


class GoodsOrderDetailOutputSerializer(GoodsOrderRowOutputSerializer):
    shippedAmount = serializers.CharField()
    confirmedByName = serializers.CharField()
    shippedByName = serializers.CharField()
    receivedByName = serializers.CharField()
    paidByName = serializers.CharField()
    paidAt = serializers.DateTimeField(allow_null=True)
    paymentReference = serializers.CharField()
    cancelledByName = serializers.CharField()
    cancelledAt = serializers.DateTimeField(allow_null=True)
    cancelReason = serializers.CharField()
    lines = GoodsOrderLineOutputSerializer(many=True)


class GoodsOrderReceivedOutputSerializer(serializers.Serializer[Any]):
    order = GoodsOrderDetailOutputSerializer()
    receipt = ReceiptDetailOutputSerializer()
