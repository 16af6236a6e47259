"""The documented shapes of a refund as written (apps.billing.orders.refund_rows): the refunds list's row and
one refund's details. An order's details carry its refunds in the same shape, so they live with the
order's serializers, below the refund calls."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


def money(help_text: str = "", **kwargs: Any) -> serializers.CharField:
    return serializers.CharField(help_text=help_text or 'decimal string, 2 places ("199.00")', **kwargs)


class RefundRowOutputSerializer(serializers.Serializer[Any]):
    recedeId = serializers.IntegerField()
    refundNo = serializers.CharField()
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    memId = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    status = serializers.CharField(
        help_text="pending (a provider has not confirmed a tender yet), done, or failed (a provider refused a tender: "
        "that money did not go back)"
    )
    statusName = serializers.CharField()
    amount = money()
    reason = serializers.CharField()
    operatorName = serializers.CharField()
    approved = serializers.BooleanField(help_text="approved by an owner's code (above the store's amount)")
    businessDate = serializers.DateField()
    createdAt = serializers.DateTimeField()


# The order line a refund's line or a judged line is about; no docstring, which the schema would
# give every answer built on it.
class RefundedLineHeadOutputSerializer(serializers.Serializer[Any]):
    orderLineId = serializers.IntegerField()
    type = serializers.CharField()
    typeName = serializers.CharField()
    itemId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField()


class RefundLineOutputSerializer(RefundedLineHeadOutputSerializer):
    amount = money()
    cardId = serializers.IntegerField(allow_null=True, help_text="the card a card sale closed or a top-up came off")
    cardNo = serializers.CharField()
    cardPrincipal = money("principal taken off that card")
    cardGift = money("gift taken off that card (voided)")
    goodsBack = serializers.CharField(
        help_text="goods that came back: shelf (back in stock) or damaged (written off); empty when none did"
    )
    goodsBackName = serializers.CharField(help_text="goodsBack in the request's language; empty when none")
    damageReason = serializers.CharField(help_text="why the goods were written off; empty otherwise")


class RefundTenderOutputSerializer(serializers.Serializer[Any]):
    tenderId = serializers.IntegerField(allow_null=True, help_text="the order's tender it returns to; null: sessions")
    method = serializers.CharField()
    methodName = serializers.CharField()
    amount = money()
    status = serializers.CharField()
    cardId = serializers.IntegerField(allow_null=True)
    cardNo = serializers.CharField()
    principal = money("stored value: principal back to the card")
    gift = money("stored value: gift back to the card")
    points = serializers.IntegerField(allow_null=True)
    sessions = serializers.IntegerField(allow_null=True)
    tillChange = money("cash: the till's movement, negative")
    providerMessage = serializers.CharField(help_text="a provider's tender: why its refund failed (empty otherwise)")


class RefundDetailOutputSerializer(RefundRowOutputSerializer):
    pointsTakenBack = serializers.IntegerField(help_text="points earned on the order taken back")
    pointsUnrecovered = serializers.IntegerField(help_text="points to take back the member had already spent")
    lines = RefundLineOutputSerializer(many=True)
    tenders = RefundTenderOutputSerializer(many=True)
