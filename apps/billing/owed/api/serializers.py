"""Owed goods (欠货, /toTakenList) on the wire."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.billing.owed.selectors import OWING, TAKEN
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer


class OwedListInputSerializer(PageInputSerializer):
    keyword = fields.CharField(
        max_length=24,
        required=False,
        allow_blank=True,
        default="",
        help_text="whole phone, name or order number",
    )
    status = serializers.ChoiceField(
        choices=[(OWING, "something left to take"), (TAKEN, "all taken or refunded")],
        required=False,
        allow_blank=True,
        default="",
    )
    startDate = fields.DateField(required=False, allow_null=True, source="start_date", help_text="sold on or after")
    endDate = fields.DateField(required=False, allow_null=True, source="end_date", help_text="sold on or before")


class OwedTakeInputSerializer(serializers.Serializer[Any]):
    owedId = fields.IntegerField(min_value=1, source="owed_id")
    qty = fields.number(bounds.STOCK_UNITS, low=1, places=0, help_text="stock units handed over, at most what is left")


class OwedOutputSerializer(serializers.Serializer[Any]):
    owedId = serializers.IntegerField()
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    memId = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(help_text="the customer's name on the order")
    phone = serializers.CharField(help_text="masked")
    productId = serializers.IntegerField()
    productName = serializers.CharField()
    unit = serializers.CharField(help_text="the product's stock unit")
    quantity = serializers.IntegerField(help_text="owed when paid, in stock units")
    taken = serializers.IntegerField()
    refunded = serializers.IntegerField(help_text="owed no more: refunded before it was taken")
    left = serializers.IntegerField(help_text="still to take")
    createdAt = serializers.DateTimeField()


class OwedPageOutputSerializer(serializers.Serializer[Any]):
    list = OwedOutputSerializer(many=True)
    total = serializers.IntegerField()
