"""Request parsers and documented answer shapes of group-buy write-off (contract §9; docs/api.md
"Group-buy write-off"). The form's rules and their sentences live in apps.groupbuy.form: the form's
fields are parsed leniently here so a missing one gets the spec's sentence, not a generic one."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.billing.orders.api.serializers import StaffShareInputSerializer
from apps.core import fields
from apps.core.pagination import PageInputSerializer
from apps.groupbuy.choices import CANCEL_REASON_MAX_LENGTH, CommodityType

# -- inputs --------------------------------------------------------------------------------------


class PlatformListInputSerializer(serializers.Serializer[Any]):
    platformType = fields.IntegerField(min_value=1, max_value=3, source="platform_type")


class StoreInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(min_value=1, required=False, source="store_id", help_text="default: the chosen store")


class ItemListInputSerializer(StoreInputSerializer):
    type = serializers.ChoiceField(choices=[2, 4], help_text="2 projects, 4 project packages")


class RecordListInputSerializer(PageInputSerializer, StoreInputSerializer):
    platformId = fields.IntegerField(min_value=1, required=False, source="platform_id")
    platformType = fields.IntegerField(min_value=1, max_value=3, required=False, source="platform_type")
    checkCode = fields.CharField(required=False, allow_blank=True, max_length=64, source="check_code")
    unifiedCode = fields.CharField(required=False, allow_blank=True, max_length=32, source="unified_code")
    phone = fields.CharField(required=False, allow_blank=True, max_length=11)


class CodeInputSerializer(StoreInputSerializer):
    platformId = fields.IntegerField(required=False, allow_null=True, source="platform_id")
    checkCode = fields.CharField(required=False, allow_blank=True, max_length=200, source="check_code")


class WriteOffInputSerializer(CodeInputSerializer):
    platformType = fields.IntegerField(required=False, allow_null=True, source="platform_type")
    areaCode = fields.CharField(required=False, allow_blank=True, max_length=8, default="0086", source="area_code")
    phone = fields.CharField(required=False, allow_blank=True, max_length=40, default="")
    commodityType = fields.CharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=16,
        source="commodity_type",
        help_text="project | package | card",
    )
    commodityId = fields.IntegerField(required=False, allow_null=True, source="commodity_id")
    fromReservation = serializers.BooleanField(required=False, default=False, source="from_reservation")
    memId = fields.IntegerField(required=False, allow_null=True, source="member_id", help_text="with fromReservation")
    frequencyConfirmed = serializers.BooleanField(
        required=False,
        default=False,
        source="frequency_confirmed",
        help_text="a principal (BTN-TGHX-FREQUENCY-CONFIRM) confirms a phone over its write-off limit",
    )
    authorizationCode = fields.CharField(
        required=False,
        allow_blank=True,
        max_length=20,
        default="",
        source="authorization_code",
        help_text="or a store owner's authorization code confirms it",
    )


class PriceCheckInputSerializer(CodeInputSerializer):
    commodityType = serializers.ChoiceField(choices=CommodityType.choices, source="commodity_type")
    commodityId = fields.IntegerField(min_value=1, source="commodity_id")


class FrequencyInputSerializer(serializers.Serializer[Any]):
    areaCode = fields.CharField(required=False, max_length=8, default="0086", source="area_code")
    phone = fields.CharField(max_length=11)


class ServeInputSerializer(serializers.Serializer[Any]):
    recordId = fields.IntegerField(min_value=1, source="record_id")
    staff = serializers.ListField(child=StaffShareInputSerializer(), required=False, max_length=10)
    reservationId = fields.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        source="reservation_id",
        help_text=(
            "the reservation served (billed: done); left out, the member's one reservation of today still "
            "to be billed, if there is exactly one; null, no reservation"
        ),
    )
    commodityType = serializers.ChoiceField(
        choices=CommodityType.choices, required=False, allow_blank=True, default="", source="commodity_type"
    )
    commodityId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="commodity_id")


class CancelInputSerializer(serializers.Serializer[Any]):
    recordId = fields.IntegerField(min_value=1, source="record_id")
    reason = fields.CharField(allow_blank=True, max_length=CANCEL_REASON_MAX_LENGTH * 2)


# -- answers -------------------------------------------------------------------------------------


class WriteOffPlatformOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    platformType = serializers.IntegerField()
    preCheck = serializers.BooleanField(help_text="true for 19 and 21: the code is pre-checked (500 ms debounce)")
    remote = serializers.BooleanField(help_text="the platform is asked (false: written off by hand)")


class CouponItemOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    value = serializers.CharField(help_text="what the list shows (the name)")
    unifiedCode = serializers.CharField()
    price = serializers.CharField(help_text="the store's price")


class CouponDealOutputSerializer(serializers.Serializer[Any]):
    dealId = serializers.CharField()
    title = serializers.CharField()
    price = serializers.CharField()
    marketPrice = serializers.CharField()
    count = serializers.IntegerField()
    expiresAt = serializers.DateTimeField(allow_null=True)


class PreCheckOutputSerializer(serializers.Serializer[Any]):
    projects = CouponItemOutputSerializer(many=True)
    packages = CouponItemOutputSerializer(many=True)
    cards = CouponItemOutputSerializer(many=True)
    mapped = serializers.BooleanField(help_text="false: head office has not mapped the deal; every item of the store")
    deal = CouponDealOutputSerializer()


class CommodityOutputSerializer(serializers.Serializer[Any]):
    type = serializers.CharField(allow_null=True)
    id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    unifiedCode = serializers.CharField()


class MasterValueOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class WriteOffRecordOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    masterValue = MasterValueOutputSerializer()
    platformType = serializers.IntegerField()
    checkCode = serializers.CharField()
    commodity = CommodityOutputSerializer()
    orderCode = serializers.CharField(allow_null=True)
    orderId = serializers.IntegerField(allow_null=True)
    memId = serializers.IntegerField()
    areaCode = serializers.CharField()
    phone = serializers.CharField(help_text="masked, for every role (a whole phone: members' wholePhone)")
    status = serializers.CharField(help_text="pending | done | cancelling | cancelled")
    statusLabel = serializers.CharField()
    served = serializers.BooleanField()
    dealPrice = serializers.CharField(allow_null=True, help_text="what the customer paid on the platform")
    settlement = serializers.CharField(
        allow_null=True, help_text="what the platform pays the store, where its answer says; null otherwise"
    )
    commission = serializers.CharField(
        allow_null=True, help_text="the platform's commission: the deal's price less its settlement"
    )
    storePrice = serializers.CharField(allow_null=True)
    priceWarning = serializers.CharField()
    message = serializers.CharField()
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    servedAt = serializers.DateTimeField(allow_null=True)
    cancelledAt = serializers.DateTimeField(allow_null=True)
    cancelReason = serializers.CharField()


class WriteOffRecordPageOutputSerializer(serializers.Serializer[Any]):
    list = WriteOffRecordOutputSerializer(many=True)
    total = serializers.IntegerField()


class WriteOffOutputSerializer(serializers.Serializer[Any]):
    recordId = serializers.IntegerField()
    orderId = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    record = WriteOffRecordOutputSerializer()


class FrontCheckStoreOutputSerializer(serializers.Serializer[Any]):
    storeId = serializers.IntegerField()
    frontCheck = serializers.BooleanField()


class FrequencyOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    limit = serializers.IntegerField()
    periodDays = serializers.IntegerField()
    exceeded = serializers.BooleanField()


class CodeCheckOutputSerializer(serializers.Serializer[Any]):
    ok = serializers.BooleanField()
    deal = CouponDealOutputSerializer()


class PriceCheckOutputSerializer(serializers.Serializer[Any]):
    dealPrice = serializers.CharField()
    marketPrice = serializers.CharField()
    storePrice = serializers.CharField()
    warnings = serializers.ListField(child=serializers.CharField())
    ok = serializers.BooleanField()


class ReviewFrontCheckOutputSerializer(serializers.Serializer[Any]):
    deal = CouponDealOutputSerializer()
    frequency = FrequencyOutputSerializer()
    price = PriceCheckOutputSerializer(allow_null=True)
