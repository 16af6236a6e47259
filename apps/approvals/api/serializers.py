"""Request parsers and documented answer shapes of the approval centre (docs/api.md "Approval centre")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.approvals.choices import (
    EXTERNAL_NO_MAX_LENGTH,
    KIND_MAX_LENGTH,
    REMARK_MAX_LENGTH,
    ApprovalBox,
    ApprovalStatus,
)
from apps.core import fields
from apps.core.pagination import PageInputSerializer


class RequestListInputSerializer(PageInputSerializer):
    box = serializers.ChoiceField(choices=ApprovalBox.choices, required=False, default=ApprovalBox.WAITING)
    kind = fields.CharField(required=False, allow_blank=True, max_length=KIND_MAX_LENGTH)
    status = serializers.ChoiceField(choices=ApprovalStatus.choices, required=False, allow_blank=True)
    storeId = fields.IntegerField(min_value=1, required=False, source="store_id")
    dateFrom = fields.DateField(required=False, source="date_from")
    dateTo = fields.DateField(required=False, source="date_to")


class RequestIdInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)


class DecisionInputSerializer(RequestIdInputSerializer):
    """Approve or reject: a rejection's remark is required by the decision service (its message)."""

    remark = fields.CharField(required=False, allow_blank=True, max_length=REMARK_MAX_LENGTH, default="")


class ApprovalRequestOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    kindName = serializers.CharField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    applicantId = serializers.IntegerField()
    applicantName = serializers.CharField()
    subjectType = serializers.CharField()
    subjectId = serializers.CharField()
    subject = serializers.CharField()
    amount = serializers.CharField(allow_null=True)
    reason = serializers.CharField()
    status = serializers.ChoiceField(choices=ApprovalStatus.choices)
    statusName = serializers.CharField()
    decidedByName = serializers.CharField()
    decidedAt = serializers.DateTimeField(allow_null=True)
    remark = serializers.CharField()
    externalNo = serializers.CharField()
    createdAt = serializers.DateTimeField()
    detailRoute = serializers.CharField(help_text="a page showing the subject, or empty")
    canDecide = serializers.BooleanField()
    canWithdraw = serializers.BooleanField()


class ApprovalDetailLineOutputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    value = serializers.CharField()


class ApprovalRequestDetailOutputSerializer(ApprovalRequestOutputSerializer):
    details = ApprovalDetailLineOutputSerializer(many=True)


class ApprovalRequestPageOutputSerializer(serializers.Serializer[Any]):
    list = ApprovalRequestOutputSerializer(many=True)
    total = serializers.IntegerField()


class WaitingCountOutputSerializer(serializers.Serializer[Any]):
    waiting = serializers.IntegerField()


class ApprovalKindOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    name = serializers.CharField()
    canDecide = serializers.BooleanField()


class StoreAuthorityInputSerializer(serializers.Serializer[Any]):
    # The spec's body names the user; it must be the caller (a person asks for themself).
    userId = fields.IntegerField(min_value=1)
    authority = serializers.ChoiceField(choices=["boss", "manager"])


class StoreAuthorityResultInputSerializer(serializers.Serializer[Any]):
    spNo = fields.CharField(max_length=EXTERNAL_NO_MAX_LENGTH)
    # The browser's attempt counter (spec §3); the server asks afresh on every poll and needs no count.
    n = fields.IntegerField(min_value=0, max_value=1_000_000, required=False)


class StoreAuthorityAskedOutputSerializer(serializers.Serializer[Any]):
    spNo = serializers.CharField()
    requestId = serializers.IntegerField()
    approveUrl = serializers.CharField(help_text="/approvalCenter?id=<requestId> on this host")
    qr = serializers.CharField(help_text="the QR of approveUrl, an SVG data URL")
