"""Inputs and outputs of the intention-deposit calls (issue 17 §4; docs/api.md "Intention deposits",
our definition: the spec names the pages, not the calls)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from apps.billing.choices import DEPOSIT_MAX, DepositEntryKind, DepositStatus
from apps.billing.orders.api.refund_row_serializers import RefundDetailOutputSerializer
from apps.billing.till.api.serializers import PaymentOutputSerializer
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer


def _amount(**kwargs: Any) -> serializers.Field[Any, Any, Any, Any]:
    return fields.number(bounds.MONEY_LINE, low=Decimal("0.01"), high=DEPOSIT_MAX, **kwargs)


class DepositTakeInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")
    amount = _amount()
    remark = fields.CharField(max_length=200, required=False, allow_blank=True, default="")


class DepositApplyInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1, source="order_id")
    depositId = fields.IntegerField(min_value=1, source="deposit_id")
    amount = _amount()


class DepositRefundInputSerializer(serializers.Serializer[Any]):
    depositId = fields.IntegerField(min_value=1, source="deposit_id")
    amount = _amount(required=False, allow_null=True, help_text="absent: all that is left")
    reason = fields.CharField(max_length=200)


class DepositIdInputSerializer(serializers.Serializer[Any]):
    depositId = fields.IntegerField(min_value=1, source="deposit_id")


class MemberDepositsInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")


class DepositListInputSerializer(PageInputSerializer):
    status = serializers.ChoiceField(choices=DepositStatus.choices, required=False, allow_blank=True, default="")
    keyword = fields.CharField(
        max_length=30, required=False, allow_blank=True, default="", help_text="a whole phone, a name, a deposit number"
    )
    memId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="member_id")
    dateFrom = fields.DateField(required=False, allow_null=True, source="date_from")
    dateTo = fields.DateField(required=False, allow_null=True, source="date_to")


class DepositRecordInputSerializer(DepositListInputSerializer):
    """/depositRecord: the date range is required (spec §5 time-range messages)."""


class EntryListInputSerializer(PageInputSerializer):
    kind = serializers.ChoiceField(choices=DepositEntryKind.choices, required=False, allow_blank=True, default="")
    depositId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="deposit_id")
    keyword = fields.CharField(max_length=30, required=False, allow_blank=True, default="")
    dateFrom = fields.DateField(required=False, allow_null=True, source="date_from")
    dateTo = fields.DateField(required=False, allow_null=True, source="date_to")


def money(help_text: str = "") -> serializers.CharField:
    return serializers.CharField(help_text=help_text or 'decimal string, 2 places ("199.00")')


class DepositOutputSerializer(serializers.Serializer[Any]):
    depositId = serializers.IntegerField()
    depositNo = serializers.CharField()
    storeId = serializers.IntegerField()
    memberId = serializers.IntegerField()
    memberName = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    orderId = serializers.IntegerField(help_text="the order that takes the deposit's money")
    orderNo = serializers.CharField()
    status = serializers.ChoiceField(choices=DepositStatus.choices)
    statusName = serializers.CharField()
    amount = money()
    applied = money()
    refunded = money()
    left = money("what the store still owes the member")
    remark = serializers.CharField()
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    takenAt = serializers.DateTimeField(allow_null=True, help_text="when its order was paid")


class DepositPageOutputSerializer(serializers.Serializer[Any]):
    list = DepositOutputSerializer(many=True)
    total = serializers.IntegerField()


class DepositTotalsOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    taken = money("paid deposits' amounts")
    applied = money()
    refunded = money()
    held = money("still owed to the members: a liability")


class DepositRecordPageOutputSerializer(DepositPageOutputSerializer):
    summary = DepositTotalsOutputSerializer(help_text="of every deposit the filters find")


class DepositEntryOutputSerializer(serializers.Serializer[Any]):
    entryId = serializers.IntegerField()
    depositId = serializers.IntegerField()
    depositNo = serializers.CharField()
    memberName = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    kind = serializers.ChoiceField(choices=DepositEntryKind.choices)
    kindName = serializers.CharField()
    change = money("positive in (taken, returned), negative out (applied, refunded)")
    left = money("the deposit's balance after the entry")
    orderId = serializers.IntegerField(allow_null=True)
    orderNo = serializers.CharField()
    refundId = serializers.IntegerField(allow_null=True)
    refundNo = serializers.CharField()
    businessDate = serializers.DateField()
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class DepositEntryPageOutputSerializer(serializers.Serializer[Any]):
    list = DepositEntryOutputSerializer(many=True)
    total = serializers.IntegerField()


class DepositPaidOrderOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    amount = money("applied, less what refunds returned")
    at = serializers.DateTimeField()


class DepositDetailOutputSerializer(DepositOutputSerializer):
    entries = DepositEntryOutputSerializer(many=True, help_text="oldest first")
    orders = DepositPaidOrderOutputSerializer(many=True)


class DepositTakenOutputSerializer(serializers.Serializer[Any]):
    deposit = DepositOutputSerializer()
    orderId = serializers.IntegerField(help_text="pay it on the payment page (pay/excute and the provider calls)")


class DepositAppliedOutputSerializer(serializers.Serializer[Any]):
    deposit = DepositOutputSerializer()
    payment = PaymentOutputSerializer()


class DepositRefundedOutputSerializer(serializers.Serializer[Any]):
    deposit = DepositOutputSerializer()
    refund = RefundDetailOutputSerializer()
