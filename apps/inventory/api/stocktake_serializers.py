"""Request parsers and documented answer shapes of the stocktake calls (`stocktaking/*`, docs/api.md
"Stocktakes"). Rules and messages live in apps.inventory.stocktakes."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.approvals.choices import ApprovalStatus
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer
from apps.inventory.choices import StocktakeScope, StocktakeStatus

MAX_CHOSEN = 500
MAX_COUNT_LINES = 500

# -- inputs --------------------------------------------------------------------------------------


def _quantity(**kwargs: Any) -> fields.IntegerField | fields.DecimalField:
    return fields.number(bounds.STOCK_UNITS, **kwargs)


class StocktakeListInputSerializer(PageInputSerializer):
    status = serializers.ChoiceField(choices=StocktakeStatus.choices, required=False, allow_blank=True, default="")
    startDate = fields.DateField(required=False, allow_null=True, source="start_date", help_text="started on or after")
    endDate = fields.DateField(required=False, allow_null=True, source="end_date", help_text="started on or before")
    keyword = fields.CharField(
        max_length=32, required=False, allow_blank=True, default="", help_text="number or remark"
    )


class StocktakeCreateInputSerializer(serializers.Serializer[Any]):
    scope = serializers.ChoiceField(choices=StocktakeScope.choices, default=StocktakeScope.STORE)
    categoryIds = serializers.ListField(
        child=fields.IntegerField(min_value=1), required=False, max_length=MAX_CHOSEN, source="category_ids"
    )
    productIds = serializers.ListField(
        child=fields.IntegerField(min_value=1), required=False, max_length=MAX_CHOSEN, source="product_ids"
    )
    remark = fields.CharField(max_length=200, required=False, allow_blank=True, default="")


class StocktakeIdInputSerializer(serializers.Serializer[Any]):
    stocktakeId = fields.IntegerField(min_value=1, source="stocktake_id")


class StocktakeLinesInputSerializer(PageInputSerializer):
    stocktakeId = fields.IntegerField(min_value=1, source="stocktake_id")
    differencesOnly = serializers.BooleanField(required=False, default=False, source="differences_only")
    uncountedOnly = serializers.BooleanField(required=False, default=False, source="uncounted_only")
    keyword = fields.CharField(
        max_length=32, required=False, allow_blank=True, default="", help_text="product code, name or barcode"
    )


class CountLineInputSerializer(serializers.Serializer[Any]):
    productId = fields.IntegerField(min_value=1, source="product_id")
    counted = _quantity(allow_null=True, help_text="stock units counted (null clears the count)")


class StocktakeCountInputSerializer(serializers.Serializer[Any]):
    stocktakeId = fields.IntegerField(min_value=1, source="stocktake_id")
    lines = serializers.ListField(child=CountLineInputSerializer(), allow_empty=False, max_length=MAX_COUNT_LINES)


class StocktakeScanInputSerializer(serializers.Serializer[Any]):
    stocktakeId = fields.IntegerField(min_value=1, source="stocktake_id")
    barcode = fields.CharField(max_length=32, help_text="a product's barcode (or its code)")
    quantity = _quantity(required=False, allow_null=True, help_text="stock units to add, default 1")


class StocktakeRejectInputSerializer(serializers.Serializer[Any]):
    stocktakeId = fields.IntegerField(min_value=1, source="stocktake_id")
    reason = fields.CharField(max_length=200, allow_blank=True, help_text="required")


# -- outputs -------------------------------------------------------------------------------------


def _money() -> serializers.CharField:
    return serializers.CharField(
        allow_null=True, help_text='decimal string, 2 places; null without BTN-SPGL-COST-VIEW ("-12.50")'
    )


def _stock(help_text: str, **kwargs: object) -> serializers.CharField:
    return serializers.CharField(help_text=help_text, **kwargs)  # type: ignore[arg-type]


class StocktakeRowOutputSerializer(serializers.Serializer[Any]):
    stocktakeId = serializers.IntegerField()
    number = serializers.CharField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    scope = serializers.ChoiceField(choices=StocktakeScope.choices)
    scopeName = serializers.CharField()
    scopeNames = serializers.CharField(help_text="the chosen categories or products, as at the freeze")
    status = serializers.ChoiceField(choices=StocktakeStatus.choices)
    statusName = serializers.CharField()
    remark = serializers.CharField()
    rejectReason = serializers.CharField()
    createdByName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    countedByName = serializers.CharField()
    submittedByName = serializers.CharField()
    submittedAt = serializers.DateTimeField(allow_null=True)
    decidedByName = serializers.CharField()
    decidedAt = serializers.DateTimeField(allow_null=True)
    lineCount = serializers.IntegerField()
    countedCount = serializers.IntegerField()
    differenceCount = serializers.IntegerField()
    gainValue = serializers.CharField(help_text="decimal string, 2 places: the value the counted surpluses add")
    lossValue = serializers.CharField(help_text='decimal string, 2 places ("-12.50"): the value the shortfalls take')
    differenceValue = serializers.CharField(
        help_text="decimal string, 2 places: gained + lost, the figure the approval centre's request shows (as an "
        "absolute amount)"
    )
    approvalRequestId = serializers.IntegerField(
        allow_null=True, help_text="the latest approval-centre request of its differences; null if none was filed"
    )
    approvalStatus = serializers.ChoiceField(
        choices=ApprovalStatus.choices, allow_null=True, help_text="that request's status"
    )


class StocktakePageOutputSerializer(serializers.Serializer[Any]):
    list = StocktakeRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class StocktakeLineOutputSerializer(serializers.Serializer[Any]):
    lineId = serializers.IntegerField()
    productId = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    barcode = serializers.CharField()
    specification = serializers.CharField()
    unit = serializers.CharField(help_text="the stock unit")
    useUnit = serializers.CharField()
    usePerUnit = _stock("use units per stock unit")
    snapshot = _stock("live stock at the freeze, stock units")
    snapshotUse = _stock("live stock at the freeze, use units")
    counted = _stock("stock units counted; null until counted", allow_null=True)
    difference = _stock("counted − snapshot, stock units; null until counted", allow_null=True)
    differenceUse = _stock("counted − snapshot, use units; null until counted", allow_null=True)
    unitCost = _money()
    differenceValue = _money()
    added = serializers.BooleanField(help_text="scanned in: not in the snapshot (snapshot 0)")
    countedAt = serializers.DateTimeField(allow_null=True)


class StocktakeLinePageOutputSerializer(serializers.Serializer[Any]):
    list = StocktakeLineOutputSerializer(many=True)
    total = serializers.IntegerField()


class StocktakeCountOutputSerializer(serializers.Serializer[Any]):
    counted = serializers.IntegerField(help_text="lines whose count was set")
    stocktake = StocktakeRowOutputSerializer()


class StocktakeScanOutputSerializer(serializers.Serializer[Any]):
    line = StocktakeLineOutputSerializer()
    stocktake = StocktakeRowOutputSerializer()
