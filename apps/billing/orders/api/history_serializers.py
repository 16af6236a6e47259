"""Request parsers and answer shapes of a member's history and a card's orders (spec §7.7:
member/findMemberConsume, buyRecordRest/*, usercard/getOrderList, usercard/orderDetails;
docs/api.md "A member's history")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.billing.orders.api.serializers import (
    OrderDetailOutputSerializer,
    OrderRowOutputSerializer,
    money,
)
from apps.billing.orders.member_history import BOUGHT
from apps.cards.api.serializers import CardEntryOutputSerializer
from apps.core import fields
from apps.core.pagination import PageInputSerializer

# -- inputs --------------------------------------------------------------------------------------


class MemberRangeInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")
    startTime = fields.DateTimeField(
        required=False, allow_null=True, source="start_time", help_text="orders committed from then"
    )
    endTime = fields.DateTimeField(required=False, allow_null=True, source="end_time", help_text="until then")


class MemberConsumeInputSerializer(PageInputSerializer, MemberRangeInputSerializer):
    pass


class BuyRecordFilterInputSerializer(MemberRangeInputSerializer):
    type = serializers.ChoiceField(
        choices=[choice for choice in BOUGHT],
        required=False,
        allow_blank=True,
        default="",
        help_text="one kind of purchase: product, productPackage, projectPackage, cardType or topUp",
    )


class BuyRecordListInputSerializer(PageInputSerializer, BuyRecordFilterInputSerializer):
    pass


class UserCardInputSerializer(serializers.Serializer[Any]):
    userCardId = fields.IntegerField(min_value=1, source="card_id", help_text="the member card (cardId)")


class UserCardOrdersInputSerializer(PageInputSerializer, UserCardInputSerializer):
    pass


class UserCardOrderInputSerializer(UserCardInputSerializer):
    orderId = fields.IntegerField(min_value=1, source="order_id")


# -- outputs -------------------------------------------------------------------------------------


class ConsumedItemOutputSerializer(serializers.Serializer[Any]):
    orderLineId = serializers.IntegerField()
    type = serializers.CharField(help_text="the line's type (contract §8)")
    typeName = serializers.CharField()
    itemId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField()
    amount = money("payable for the line")
    gift = serializers.BooleanField(help_text="given free with the sale")
    cardId = serializers.IntegerField(allow_null=True, help_text="the card the line pays with, tops up or sold")
    bySessions = serializers.BooleanField(help_text="paid by package sessions")


class CardUseOutputSerializer(serializers.Serializer[Any]):
    entryId = serializers.IntegerField(help_text="the card ledger entry")
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    kind = serializers.CharField(help_text="spend (stored value) or sessionsUsed")
    kindName = serializers.CharField()
    principalChange = money("negative: taken from the principal")
    giftChange = money("negative: taken from the gift balance")
    projectName = serializers.CharField(help_text="the project whose sessions were used (empty for money)")
    sessionsChange = serializers.IntegerField(help_text="negative: sessions used")


class MemberConsumeOutputSerializer(OrderRowOutputSerializer):
    storeName = serializers.CharField()
    items = ConsumedItemOutputSerializer(many=True, help_text="the order's lines")
    cardUses = CardUseOutputSerializer(many=True, help_text="what the order spent or used from the member's cards")


class MemberConsumePageOutputSerializer(serializers.Serializer[Any]):
    list = MemberConsumeOutputSerializer(many=True)
    total = serializers.IntegerField()


class BuyRecordOutputSerializer(serializers.Serializer[Any]):
    buyRecordId = serializers.IntegerField(help_text="the order line that bought it (buyRecordRest/detail/{id})")
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    type = serializers.CharField(help_text="product, productPackage, projectPackage, cardType or topUp")
    typeName = serializers.CharField()
    itemId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField()
    unitPrice = money()
    amount = money("payable for the line")
    gift = serializers.BooleanField()
    cardId = serializers.IntegerField(
        allow_null=True, help_text="the card it sold (the first, for several) or topped up, or that paid for it"
    )
    cardNo = serializers.CharField()
    refundedQty = serializers.IntegerField()
    refundedAmount = money("what refunds of the line gave back")
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    businessDate = serializers.DateField()
    createdAt = serializers.DateTimeField()


class BuyRecordPageOutputSerializer(serializers.Serializer[Any]):
    list = BuyRecordOutputSerializer(many=True)
    total = serializers.IntegerField()


class BuyTypeCountOutputSerializer(serializers.Serializer[Any]):
    type = serializers.CharField()
    typeName = serializers.CharField()
    count = serializers.IntegerField()
    amount = money("what the records of the kind cost")


class BuyRecordCountOutputSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField()
    byType = BuyTypeCountOutputSerializer(many=True)


class BuyRecordStaffOutputSerializer(serializers.Serializer[Any]):
    employeeId = serializers.IntegerField()
    name = serializers.CharField()
    share = serializers.CharField(help_text='4 places ("0.5000")')


class BuyRecordRefundOutputSerializer(serializers.Serializer[Any]):
    refundId = serializers.IntegerField()
    refundNo = serializers.CharField()
    qty = serializers.IntegerField()
    amount = money()
    reason = serializers.CharField()
    createdAt = serializers.DateTimeField()


class BuyRecordDetailOutputSerializer(BuyRecordOutputSerializer):
    memId = serializers.IntegerField(allow_null=True)
    orderStatus = serializers.CharField()
    discount = money("taken off the line")
    staff = BuyRecordStaffOutputSerializer(many=True)
    refunds = BuyRecordRefundOutputSerializer(many=True, help_text="oldest first")


class CardOrderOutputSerializer(OrderRowOutputSerializer):
    storeName = serializers.CharField()
    cardPrincipalChange = money("what the order did to the card's principal (negative: taken)")
    cardGiftChange = money("what the order did to the card's gift balance")
    cardSessionsChange = serializers.IntegerField(help_text="sessions the order added (sold) or used (negative)")


class CardOrderPageOutputSerializer(serializers.Serializer[Any]):
    list = CardOrderOutputSerializer(many=True)
    total = serializers.IntegerField()


class CardOrderDetailOutputSerializer(OrderDetailOutputSerializer):
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    cardEntries = CardEntryOutputSerializer(many=True, help_text="what the order wrote on the card, oldest first")
