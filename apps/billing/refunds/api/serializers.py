"""Request parsers and documented answer shapes of the refund calls (contract §8 `recede/*`,
docs/api.md "Refunds"). Rules and messages live in apps.billing.refunds.services."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.billing.choices import MAX_LINES, REASON_MAX_LENGTH, ReturnedGoods, TenderMethod, TenderStatus
from apps.billing.orders.api.refund_row_serializers import (
    RefundedLineHeadOutputSerializer,
    RefundRowOutputSerializer,
    RefundTenderOutputSerializer,
    money,
)
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer

# -- inputs --------------------------------------------------------------------------------------


class RefundLineInputSerializer(serializers.Serializer[Any]):
    orderLineId = fields.IntegerField(min_value=1, source="order_line_id")
    qty = fields.number(bounds.LINE_QTY, required=False, allow_null=True, help_text="units to refund")
    amount = fields.number(
        bounds.MONEY_ORDER,
        required=False,
        allow_null=True,
        help_text="money to refund; without qty nor amount: all that is left of the line",
    )
    goodsBack = serializers.ChoiceField(
        choices=ReturnedGoods.choices,
        required=False,
        default=ReturnedGoods.SHELF,
        source="goods_back",
        help_text="goods given back by units (`qty`): back on the shelf (default) or written off as damaged",
    )
    damageReason = fields.CharField(
        max_length=REASON_MAX_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        source="damage_reason",
        help_text="why the goods are written off (required with goodsBack damaged)",
    )


class RefundInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1, source="order_id")
    lines = serializers.ListField(child=RefundLineInputSerializer(), allow_empty=False, max_length=MAX_LINES)
    reason = fields.CharField(max_length=REASON_MAX_LENGTH, allow_blank=True, help_text="required")


class RefundListInputSerializer(PageInputSerializer):
    startTime = fields.DateTimeField(required=False, allow_null=True, source="start_time")
    endTime = fields.DateTimeField(required=False, allow_null=True, source="end_time")
    refundNo = fields.CharField(max_length=24, required=False, allow_blank=True, default="", source="refund_no")
    orderNo = fields.CharField(max_length=24, required=False, allow_blank=True, default="", source="order_no")
    orderId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="order_id")
    memId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="member_id")
    keyword = fields.CharField(
        max_length=24, required=False, allow_blank=True, default="", help_text="refund or order number, name or phone"
    )


class RefundCountInputSerializer(RefundListInputSerializer):
    """recedeSize takes recedeList's filters; the page is ignored."""


class OrderIdQueryInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1, source="order_id")


class RecedeIdInputSerializer(serializers.Serializer[Any]):
    recedeId = fields.IntegerField(min_value=1, source="refund_id")


# -- outputs -------------------------------------------------------------------------------------


class JudgedLineOutputSerializer(RefundedLineHeadOutputSerializer):
    amount = money("the line's amount")
    paid = money("what the order paid for the line")
    refundedQty = serializers.IntegerField()
    refundedAmount = money()
    refundableQty = serializers.IntegerField()
    refundableAmount = money("what can still go back for the line")
    byUnits = serializers.BooleanField(
        help_text="returned by whole units (`qty`: the cards of a card sale, package sessions), not by `amount`"
    )
    goods = serializers.BooleanField(
        help_text="goods of a paid order: units refunded come back to stock, on the shelf or written off (goodsBack)"
    )
    takeLater = serializers.BooleanField(help_text="taken later: units not taken yet are owed less, not restocked")
    cardId = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(help_text="why nothing more can be refunded now; empty otherwise")


class JudgedTenderOutputSerializer(serializers.Serializer[Any]):
    tenderId = serializers.IntegerField()
    method = serializers.CharField()
    methodName = serializers.CharField()
    amount = money()
    left = money("what refunds have not returned of it yet")
    cardId = serializers.IntegerField(allow_null=True)


class RefundApprovalAskedOutputSerializer(serializers.Serializer[Any]):
    approvalId = serializers.IntegerField(help_text="the approval centre's request (/approvalCenter?id=)")
    status = serializers.CharField(help_text="pending while it waits for the owner")
    amount = money("the refund's amount as quoted", allow_null=True)


class WaitingRefundApprovalOutputSerializer(RefundApprovalAskedOutputSerializer):
    createdAt = serializers.DateTimeField()
    reason = serializers.CharField()


class JudgedOrderOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    status = serializers.CharField()
    statusName = serializers.CharField()
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    memId = serializers.IntegerField(allow_null=True)
    paid = money()
    refunded = money("refunded so far")
    refundable = money("what can still be refunded, all lines together")
    approvalAbove = money(
        "what the order's refunds together (done and pending) may give back without an owner's approval; "
        "null: no limit",
        allow_null=True,
    )
    wholeOnly = serializers.BooleanField(help_text="a partly paid order is refunded in whole")
    waitingApproval = WaitingRefundApprovalOutputSerializer(
        allow_null=True, help_text="a refund of this order waiting for the owner's approval, or null"
    )
    tenders = JudgedTenderOutputSerializer(many=True)
    lines = JudgedLineOutputSerializer(many=True, help_text="empty when the order cannot be refunded")


class RefundQuoteLineOutputSerializer(serializers.Serializer[Any]):
    orderLineId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField(help_text="units that would go back")
    amount = money("money that would go back for the line")
    goodsBack = serializers.CharField(help_text="shelf or damaged for goods coming back; empty otherwise")
    damageReason = serializers.CharField()


class RefundQuoteOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    amount = money("what the refund would come to")
    approvalNeeded = serializers.BooleanField(
        help_text="this refund with the order's earlier done and pending refunds is above the store's approval "
        "amount: with the owner's code the refund is made as approved by them; without it recede/recede "
        "sends it to the owner for approval (202)"
    )
    lines = RefundQuoteLineOutputSerializer(many=True)
    tenders = RefundTenderOutputSerializer(
        many=True,
        help_text="what would go back, tender by tender, as recede/recede would write it; a provider's tender "
        "`pending` (its money goes back when the provider confirms)",
    )


class RefundPageOutputSerializer(serializers.Serializer[Any]):
    list = RefundRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class RefundCountOutputSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField()


class PosRefundInputSerializer(serializers.Serializer[Any]):
    refundId = fields.IntegerField(min_value=1, help_text="the refund (recede/recedeDetail)")
    tenderId = fields.IntegerField(min_value=1, help_text="the card terminal or payment box tender it gives back to")


class RefundTenderStatusOutputSerializer(serializers.Serializer[Any]):
    refundId = serializers.IntegerField()
    refundNo = serializers.CharField()
    refundStatus = serializers.CharField(help_text="the refund's: pending, done or failed")
    tenderId = serializers.IntegerField()
    method = serializers.ChoiceField(choices=[TenderMethod.POS, TenderMethod.BOX])
    amount = serializers.CharField(help_text="2 places")
    status = serializers.ChoiceField(choices=TenderStatus.choices, help_text="the refund tender's")
    providerMessage = serializers.CharField(help_text="the terminal's reason of a failure")
    attempts = serializers.IntegerField(help_text="how many times the terminal was asked for this refund")
    outRefundNo = serializers.CharField(help_text="the last attempt's out-refund number; empty: never sent")
    providerState = serializers.CharField(
        help_text="the last attempt's state at the terminal: pending, succeeded, failed"
    )
