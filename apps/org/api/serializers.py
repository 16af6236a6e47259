"""Request parsers and the documented answer shapes of the store calls (spec §7.2).
The answers are built by apps.org.selectors; the Output serializers describe them for the schema.
Validation messages of the business rules come from apps.org.rules, through the services."""

from typing import Any

from rest_framework import serializers

from apps.core import bounds, fields
from apps.org.choices import StoreStatus


class StoreRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class StoreRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField()
    provinceCode = serializers.CharField()
    provinceName = serializers.CharField()
    cityCode = serializers.CharField()
    cityName = serializers.CharField()
    districtCode = serializers.CharField()
    districtName = serializers.CharField()
    address = serializers.CharField(help_text="the detail address (street and number)")
    fullAddress = serializers.CharField(help_text="province, city, district and detail address")
    phone = serializers.CharField()
    openTime = serializers.CharField(allow_null=True, help_text="HH:MM")
    closeTime = serializers.CharField(allow_null=True, help_text="HH:MM")
    seats = serializers.IntegerField(allow_null=True, help_text="seats or beds")
    status = serializers.ChoiceField(choices=StoreStatus.choices)
    statusName = serializers.CharField()
    debtDisabled = serializers.BooleanField()
    debtDisabledReason = serializers.CharField()


class StoreInfoOutputSerializer(StoreRowOutputSerializer):
    frontDeskCheckRequired = serializers.BooleanField()
    signatureRequired = serializers.BooleanField(help_text="paying an order with package sessions needs a signature")
    negativeStockAllowed = serializers.BooleanField(
        help_text="stock may go below 0; when false a move that would is refused (STOCK-40901)"
    )
    cardTransferApproval = serializers.BooleanField(
        help_text="a card transfer committed without BTN-KDJC-CARD-TRANSFER-APPROVE waits for the owner's approval"
    )
    refundApprovalAbove = serializers.CharField(
        allow_null=True,
        help_text="decimal string, 2 places: what one order's refunds together (done and pending) may give back "
        "without an owner's approval; null: no limit",
    )
    borrowOutTargets = StoreRefSerializer(many=True)
    updatedAt = serializers.DateTimeField()


class StoreInfoCheckOutputSerializer(StoreInfoOutputSerializer):
    complete = serializers.BooleanField()
    missingFields = serializers.ListField(
        child=serializers.CharField(), help_text="wire names of empty required fields"
    )


OWNER_ONLY = "the owner's setting: changing it needs BTN-MDGL-STORE-CONTROLS (403 AUTH-40300, nothing saved)"


# Parsed into apps.org.services.store_update's keyword arguments (the `source` names). Each field is
# either the owner's or a principal's to change (apps.org.services.OWNER_ONLY_SETTINGS,
# PRINCIPAL_SETTINGS; apps/org/tests/test_store_controls.py holds every field to one of them).
class StoreUpdateInputSerializer(serializers.Serializer[Any]):
    """Only the fields sent change; an owner's setting sent with its current value is no change."""

    id = fields.IntegerField()
    name = fields.CharField(required=False, max_length=100, allow_blank=True)
    provinceCode = fields.CharField(source="province_code", required=False, max_length=6, allow_blank=True)
    cityCode = fields.CharField(source="city_code", required=False, max_length=6, allow_blank=True)
    districtCode = fields.CharField(source="district_code", required=False, max_length=6, allow_blank=True)
    address = fields.CharField(required=False, max_length=200, allow_blank=True)
    phone = fields.CharField(required=False, max_length=20, allow_blank=True)
    openTime = fields.TimeField(
        source="open_time", required=False, allow_null=True, format="%H:%M", input_formats=["%H:%M", "%H:%M:%S"]
    )
    closeTime = fields.TimeField(
        source="close_time", required=False, allow_null=True, format="%H:%M", input_formats=["%H:%M", "%H:%M:%S"]
    )
    seats = fields.number(bounds.PLACES, required=False, allow_null=True)
    status = fields.CharField(required=False, max_length=20)
    frontDeskCheckRequired = serializers.BooleanField(source="front_desk_check_required", required=False)
    signatureRequired = serializers.BooleanField(source="signature_required", required=False, help_text=OWNER_ONLY)
    negativeStockAllowed = serializers.BooleanField(
        source="negative_stock_allowed", required=False, help_text=OWNER_ONLY
    )
    cardTransferApproval = serializers.BooleanField(
        source="card_transfer_approval", required=False, help_text=OWNER_ONLY
    )
    refundApprovalAbove = fields.number(
        bounds.MONEY_ORDER,
        source="refund_approval_above",
        required=False,
        allow_null=True,
        help_text=OWNER_ONLY,
    )
    borrowOutTargetIds = serializers.ListField(
        source="borrow_out_target_ids",
        child=fields.IntegerField(),
        required=False,
        max_length=200,
        help_text=OWNER_ONLY,
    )


class StoreIdQueryInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField()


class DebtStatusOutputSerializer(serializers.Serializer[Any]):
    disabled = serializers.BooleanField()
    reason = serializers.CharField()
