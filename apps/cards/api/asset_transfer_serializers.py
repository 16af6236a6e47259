"""Request parsers and documented answer shapes of asset transfers (docs/api.md "Asset transfer")."""

from typing import Any

from rest_framework import serializers

from apps.approvals.choices import ApprovalStatus
from apps.cards.api.serializers import money
from apps.cards.choices import ASSET_TRANSFER_REASON_MAX_LENGTH, AssetTransferKind, AssetTransferStatus, CardKind
from apps.core import fields


class AssetTransferTargetInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=AssetTransferKind.choices)
    memberId = fields.IntegerField(min_value=1, source="member_id")
    toStoreId = fields.IntegerField(min_value=1, source="to_store_id", required=False, help_text="kind store")
    toMemberId = fields.IntegerField(
        min_value=1, source="to_member_id", required=False, help_text="kind merge: the file kept"
    )


class AssetTransferApplyInputSerializer(AssetTransferTargetInputSerializer):
    reason = fields.CharField(max_length=ASSET_TRANSFER_REASON_MAX_LENGTH)


class AssetTransferListInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=AssetTransferKind.choices, required=False, allow_blank=True)
    status = serializers.ChoiceField(choices=AssetTransferStatus.choices, required=False, allow_blank=True)


class AssetTransferIdInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)


class AssetSessionsOutputSerializer(serializers.Serializer[Any]):
    projectId = serializers.IntegerField()
    projectName = serializers.CharField()
    left = serializers.IntegerField()


class AssetCardOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    cardNo = serializers.CharField()
    kind = serializers.ChoiceField(choices=CardKind.choices)
    cardTypeName = serializers.CharField()
    status = serializers.CharField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    principal = money()
    gift = money()
    sessions = AssetSessionsOutputSerializer(many=True)


class AssetsOutputSerializer(serializers.Serializer[Any]):
    cards = AssetCardOutputSerializer(many=True)
    points = serializers.IntegerField()
    couponIds = serializers.ListField(child=serializers.IntegerField())


class AssetMemberOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    crmCode = serializers.CharField()


class AssetPreviewMemberOutputSerializer(AssetMemberOutputSerializer):
    homeStoreId = serializers.IntegerField()
    homeStoreName = serializers.CharField()
    points = serializers.IntegerField()


class AssetStoreOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class AssetTransferPreviewOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=AssetTransferKind.choices)
    member = AssetPreviewMemberOutputSerializer()
    toStore = AssetStoreOutputSerializer(allow_null=True)
    toMember = AssetPreviewMemberOutputSerializer(allow_null=True)
    assets = AssetsOutputSerializer()
    storedValue = money()


class AssetTransferRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=AssetTransferKind.choices)
    status = serializers.ChoiceField(choices=AssetTransferStatus.choices)
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    member = AssetMemberOutputSerializer()
    toStore = AssetStoreOutputSerializer(allow_null=True)
    toMember = AssetMemberOutputSerializer(allow_null=True)
    cardCount = serializers.IntegerField()
    storedValue = money()
    points = serializers.IntegerField()
    reason = serializers.CharField()
    applicantName = serializers.CharField()
    approvalId = serializers.IntegerField(allow_null=True)
    createdAt = serializers.DateTimeField()
    doneAt = serializers.DateTimeField(allow_null=True)


class AssetTransferPageOutputSerializer(serializers.Serializer[Any]):
    list = AssetTransferRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class AssetApprovalOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ApprovalStatus.choices)
    decidedByName = serializers.CharField()
    decidedAt = serializers.DateTimeField(allow_null=True)
    remark = serializers.CharField()


class AssetTransferDetailOutputSerializer(AssetTransferRowOutputSerializer):
    assets = AssetsOutputSerializer()
    approval = AssetApprovalOutputSerializer(allow_null=True)
    canDecide = serializers.BooleanField()
    canWithdraw = serializers.BooleanField()
