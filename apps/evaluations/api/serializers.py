"""Request parsers and documented answer shapes of evaluations (docs/api.md "Evaluations")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.core import fields
from apps.evaluations.choices import COMMENT_MAX_LENGTH, SCORE_MAX, SCORE_MIN, Channel

# -- inputs --------------------------------------------------------------------------------------


class RatingInputSerializer(serializers.Serializer[Any]):
    serviceScore = fields.IntegerField(min_value=SCORE_MIN, max_value=SCORE_MAX, source="service_score")
    nurseScore = fields.IntegerField(min_value=SCORE_MIN, max_value=SCORE_MAX, source="nurse_score")
    comment = fields.CharField(required=False, allow_blank=True, default="", max_length=COMMENT_MAX_LENGTH)


class RecordInputSerializer(RatingInputSerializer):
    orderId = fields.IntegerField(min_value=1, source="order_id")
    nurseId = fields.IntegerField(
        min_value=1, required=False, allow_null=True, source="nurse_id", help_text="default: who served the visit"
    )


class OrderIdInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1, source="order_id")


class MemberIdInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")


# -- outputs -------------------------------------------------------------------------------------


class EvaluationOutputSerializer(serializers.Serializer[Any]):
    evaluationId = serializers.IntegerField()
    orderId = serializers.IntegerField()
    serviceScore = serializers.IntegerField()
    nurseScore = serializers.IntegerField()
    comment = serializers.CharField()
    channel = serializers.ChoiceField(choices=Channel.choices)
    nurseId = serializers.IntegerField(allow_null=True)
    nurseName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    recordedByName = serializers.CharField()


class PublicVisitOutputSerializer(serializers.Serializer[Any]):
    storeName = serializers.CharField()
    visitDate = serializers.DateField()
    services = serializers.ListField(child=serializers.CharField())
    nurseName = serializers.CharField()
    rated = serializers.BooleanField()
    expiresAt = serializers.DateTimeField(allow_null=True)


class OrderEvaluationOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    ratable = serializers.BooleanField(help_text="paid and not rated yet")
    evaluation = EvaluationOutputSerializer(allow_null=True)
    nurseId = serializers.IntegerField(allow_null=True, help_text="who served the visit")
    nurseName = serializers.CharField()
    link = serializers.CharField(help_text="the member's evaluation address; empty when rated, unpaid or expired")
    qrImage = serializers.CharField(help_text="the link's QR code as an SVG data URL")
    expiresAt = serializers.DateTimeField(allow_null=True)


class SatisfactionLastOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    score = serializers.IntegerField(help_text="the service score")
    comment = serializers.CharField()
    nurseName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class MemberSatisfactionOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    average = serializers.CharField(help_text="the service score's average, 2 places")
    last = SatisfactionLastOutputSerializer(many=True)
