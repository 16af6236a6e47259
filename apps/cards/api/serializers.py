"""Request parsers and documented answer shapes of the card calls (contract §8, docs/api.md "Cards").
Business rules and their messages live in apps.cards.services, operations and coupons."""

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from apps.cards.choices import CardKind, CouponStatus, EntryKind
from apps.catalog.choices import CouponKind
from apps.core import bounds, fields

STATUS_SHOWN = ["active", "expired", "frozen", "transferred", "closed"]


def money(help_text: str = "", **kwargs: Any) -> serializers.CharField:
    return serializers.CharField(help_text=help_text or 'decimal string, 2 places ("199.00")', **kwargs)


def amount_field(**kwargs: Any) -> fields.IntegerField | fields.DecimalField:
    return fields.number(bounds.MONEY_ORDER, low=Decimal("0.01"), **kwargs)


# -- inputs --------------------------------------------------------------------------------------


class CardDelayInputSerializer(serializers.Serializer[Any]):
    cardId = fields.IntegerField(min_value=1, source="card_id")
    until = fields.DateField()
    reason = fields.CharField(max_length=100)


class CardFreezeInputSerializer(serializers.Serializer[Any]):
    cardId = fields.IntegerField(min_value=1, source="card_id")
    reason = fields.CharField(max_length=100)


class CardIdInputSerializer(serializers.Serializer[Any]):
    cardId = fields.IntegerField(min_value=1, source="card_id")


class TransferStartInputSerializer(serializers.Serializer[Any]):
    toMemId = fields.IntegerField(min_value=1, source="to_member_id")
    remark = fields.CharField(max_length=200, required=False, allow_blank=True, default="")


class CardToCardInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")
    fromCardId = fields.IntegerField(min_value=1, source="from_card_id")
    toCardId = fields.IntegerField(min_value=1, source="to_card_id")
    amount = amount_field(help_text="moved from the source card; principal and gift in its proportion")


class CardTypeChoiceInputSerializer(serializers.Serializer[Any]):
    cardId = fields.IntegerField(min_value=1, source="card_id")
    cardTypeId = fields.IntegerField(min_value=1, source="card_type_id")


class CouponListInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")
    status = serializers.ChoiceField(choices=CouponStatus.choices, required=False, allow_blank=True, default="")
    kind = serializers.ChoiceField(choices=CouponKind.choices, required=False, allow_blank=True, default="")


class CouponIssueInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")
    templateId = fields.IntegerField(min_value=1, source="template_id")
    count = fields.number(bounds.COUPONS, required=False, default=1)


# -- outputs -------------------------------------------------------------------------------------


class CardSessionsOutputSerializer(serializers.Serializer[Any]):
    projectId = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField(help_text="sessions the card came with")
    left = serializers.IntegerField()


class CardOutputSerializer(serializers.Serializer[Any]):
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    kind = serializers.ChoiceField(choices=CardKind.choices)
    cardTypeId = serializers.IntegerField()
    name = serializers.CharField(help_text="the card type's name")
    balance = money("principal and gift together; 0.00 for a package card")
    giftBalance = money("the gift part of the balance")
    sessions = CardSessionsOutputSerializer(many=True, help_text="a package card's sessions per project")
    status = serializers.ChoiceField(choices=STATUS_SHOWN, help_text="an active card past its date shows expired")
    expiresOn = serializers.DateField()
    storeId = serializers.IntegerField(help_text="the store that sold the card")
    storeName = serializers.CharField()


class HeldCardOutputSerializer(CardOutputSerializer):
    memId = serializers.IntegerField()
    memberName = serializers.CharField()


class CardEntryOutputSerializer(serializers.Serializer[Any]):
    entryId = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=EntryKind.choices)
    kindName = serializers.CharField()
    change = money("principal and gift change together")
    principalChange = money()
    giftChange = money()
    balanceAfter = money()
    principalAfter = money()
    giftAfter = money()
    projectId = serializers.IntegerField(allow_null=True)
    projectName = serializers.CharField()
    sessionsChange = serializers.IntegerField()
    sessionsAfter = serializers.IntegerField(allow_null=True, help_text="of the entry's project")
    orderId = serializers.IntegerField(allow_null=True)
    refundId = serializers.IntegerField(allow_null=True)
    otherCardId = serializers.IntegerField(allow_null=True, help_text="the card on the other side of a move")
    otherCardNo = serializers.CharField()
    storeId = serializers.IntegerField(help_text="where it happened")
    storeName = serializers.CharField()
    cardStoreId = serializers.IntegerField(help_text="the store that sold the card")
    cardStoreName = serializers.CharField()
    operatorName = serializers.CharField()
    remark = serializers.CharField()
    createdAt = serializers.DateTimeField()


class CardDetailOutputSerializer(serializers.Serializer[Any]):
    card = HeldCardOutputSerializer()
    list = CardEntryOutputSerializer(many=True)
    total = serializers.IntegerField()


class CardCountsByKindOutputSerializer(serializers.Serializer[Any]):
    storedValue = serializers.IntegerField()
    package = serializers.IntegerField()


class CardCountsByStatusOutputSerializer(serializers.Serializer[Any]):
    active = serializers.IntegerField(help_text="active and within its date")
    expired = serializers.IntegerField()
    frozen = serializers.IntegerField()
    transferred = serializers.IntegerField()
    closed = serializers.IntegerField()


class CardCountsOutputSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField()
    kinds = CardCountsByKindOutputSerializer()
    statuses = CardCountsByStatusOutputSerializer()


class SessionUseOutputSerializer(serializers.Serializer[Any]):
    entryId = serializers.IntegerField()
    projectId = serializers.IntegerField(allow_null=True)
    projectName = serializers.CharField()
    count = serializers.IntegerField(help_text="sessions used")
    sessionsAfter = serializers.IntegerField(allow_null=True)
    orderId = serializers.IntegerField(allow_null=True)
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class SessionUsePageOutputSerializer(serializers.Serializer[Any]):
    list = SessionUseOutputSerializer(many=True)
    total = serializers.IntegerField()


class PendingTransferOutputSerializer(serializers.Serializer[Any]):
    transferId = serializers.IntegerField()
    toMemId = serializers.IntegerField()
    toMemberName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class TransferCheckOutputSerializer(serializers.Serializer[Any]):
    card = HeldCardOutputSerializer()
    transferable = serializers.BooleanField()
    reason = serializers.CharField(help_text="why not, when not transferable")
    pending = PendingTransferOutputSerializer(allow_null=True, help_text="the transfer started and not committed")


class TransferApprovalAskedOutputSerializer(serializers.Serializer[Any]):
    approvalId = serializers.IntegerField(help_text="the approval centre's request (/approvalCenter?id=)")
    status = serializers.CharField(help_text="pending while it waits for the owner")


class TransferOutputSerializer(serializers.Serializer[Any]):
    transferId = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "committed", "cancelled"])
    cardId = serializers.IntegerField()
    fromMemId = serializers.IntegerField()
    toMemId = serializers.IntegerField()
    newCard = HeldCardOutputSerializer(allow_null=True, help_text="the target member's card, once committed")


class CardToCardOutputSerializer(serializers.Serializer[Any]):
    fromCard = HeldCardOutputSerializer()
    toCard = HeldCardOutputSerializer()
    principal = money("principal moved")
    gift = money("gift moved")


class ChangePreviewOutputSerializer(serializers.Serializer[Any]):
    cardId = serializers.IntegerField()
    cardTypeId = serializers.IntegerField()
    oldValue = money("the old card's balance")
    coefficient = serializers.CharField(help_text='4 places ("0.9000")')
    newValue = money("what the new card gets")
    newGiftBalance = money("the gift part of it")
    difference = money("old value less new value")


class CardChangeOutputSerializer(ChangePreviewOutputSerializer):
    oldCard = HeldCardOutputSerializer()
    newCard = HeldCardOutputSerializer()


class CoefficientOutputSerializer(serializers.Serializer[Any]):
    cardTypeId = serializers.IntegerField()
    cardTypeName = serializers.CharField()
    coefficient = serializers.CharField(help_text='4 places ("0.9000")')
    setBy = serializers.ChoiceField(choices=["store", "headOffice"], help_text="whose coefficient is in force")


class CouponOutputSerializer(serializers.Serializer[Any]):
    couponId = serializers.IntegerField()
    code = serializers.CharField()
    templateId = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=CouponKind.choices)
    amount = money("a cash coupon's amount off", allow_null=True)
    rate = serializers.CharField(allow_null=True, help_text="a discount coupon's rate (0.85: pay 85%)")
    maxDiscount = money("a discount coupon's cap", allow_null=True)
    projectId = serializers.IntegerField(allow_null=True, help_text="a free-project coupon's project")
    minSpend = money()
    validFrom = serializers.DateField()
    validTo = serializers.DateField()
    status = serializers.ChoiceField(choices=CouponStatus.choices)
    usedOrderId = serializers.IntegerField(allow_null=True)
    usedAt = serializers.DateTimeField(allow_null=True)
    issuedAt = serializers.DateTimeField()
    storeId = serializers.IntegerField(help_text="the store that issued it")
    storeName = serializers.CharField()
    operatorName = serializers.CharField()


class CouponPageOutputSerializer(serializers.Serializer[Any]):
    list = CouponOutputSerializer(many=True)
    total = serializers.IntegerField()
