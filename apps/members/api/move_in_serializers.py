"""Request parsers and documented answer shapes of the member move-in calls (issue 17 §2,
docs/api.md "Member move-in"). The rules and their messages live in apps.members.move_ins."""

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from apps.catalog.choices import CardKind
from apps.core import bounds, fields
from apps.core.fields import PG_INTEGER_MAX
from apps.members.choices import (
    MOVE_IN_ATTACHMENT_MAX_BYTES,
    MOVE_IN_CARD_NAME_MAX_LENGTH,
    MOVE_IN_CARD_NO_MAX_LENGTH,
    MOVE_IN_COEFFICIENT_PLACES,
    MOVE_IN_IMPORT_MAX_BYTES,
    MOVE_IN_MAX_LINES,
    MOVE_IN_MAX_SESSION_PROJECTS,
    MOVE_IN_SOURCE_MAX_LENGTH,
    PHONE_MAX_LENGTH,
    REMARK_MAX_LENGTH,
    MemberAreaCode,
    MoveInStatus,
)


class MoveInSessionInputSerializer(serializers.Serializer[Any]):
    projectId = fields.IntegerField(min_value=1)
    sessions = fields.number(bounds.SESSIONS)


class MoveInLineInputSerializer(serializers.Serializer[Any]):
    oldCardName = fields.CharField(allow_blank=True, max_length=MOVE_IN_CARD_NAME_MAX_LENGTH)
    oldCardNo = fields.CharField(required=False, allow_blank=True, max_length=MOVE_IN_CARD_NO_MAX_LENGTH)
    kind = serializers.ChoiceField(choices=CardKind.choices)
    cardTypeId = fields.IntegerField(min_value=1)
    oldBalance = fields.number(bounds.MONEY_ORDER, required=False, default=Decimal("0"))
    coefficient = fields.number(
        bounds.RATE,
        places=MOVE_IN_COEFFICIENT_PLACES,
        required=False,
        default=Decimal("1"),
        help_text="0 < coefficient ≤ 1; the new card's value = oldBalance × coefficient (stored-value only)",
    )
    expiresOn = fields.DateField(required=False, allow_null=True)
    sessions = serializers.ListField(
        child=MoveInSessionInputSerializer(), required=False, max_length=MOVE_IN_MAX_SESSION_PROJECTS
    )


class MoveInSaveInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(required=False, allow_null=True, min_value=1, help_text="a member found by phone")
    name = fields.CharField(required=False, allow_blank=True, max_length=40)
    areaCode = serializers.ChoiceField(choices=MemberAreaCode.choices, required=False, default=MemberAreaCode.MAINLAND)
    phone = fields.CharField(required=False, allow_blank=True, max_length=20)
    birthday = fields.DateField(required=False, allow_null=True)
    sourceBrand = fields.CharField(required=False, allow_blank=True, max_length=MOVE_IN_SOURCE_MAX_LENGTH)
    sourceStore = fields.CharField(allow_blank=True, max_length=MOVE_IN_SOURCE_MAX_LENGTH)
    remark = fields.CharField(required=False, allow_blank=True, max_length=REMARK_MAX_LENGTH)
    lines = serializers.ListField(child=MoveInLineInputSerializer(), max_length=MOVE_IN_MAX_LINES)


class MoveInUpdateInputSerializer(MoveInSaveInputSerializer):
    id = fields.IntegerField(min_value=1)
    keepMember = serializers.BooleanField(
        required=False, default=False, help_text="true: keep the saved member and phone (not sent again)"
    )


class MoveInIdInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1)


class MoveInListInputSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=MoveInStatus.choices, required=False, allow_blank=True)
    keyword = fields.CharField(required=False, allow_blank=True, max_length=40)
    dateFrom = fields.DateField(required=False, allow_null=True, source="date_from")
    dateTo = fields.DateField(required=False, allow_null=True, source="date_to")


class MoveInLineListInputSerializer(MoveInListInputSerializer):
    kind = serializers.ChoiceField(choices=CardKind.choices, required=False, allow_blank=True)


class PhoneLookupInputSerializer(serializers.Serializer[Any]):
    areaCode = serializers.ChoiceField(choices=MemberAreaCode.choices, required=False, default=MemberAreaCode.MAINLAND)
    phone = fields.CharField(max_length=PHONE_MAX_LENGTH)


class CardTypeListInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=CardKind.choices, required=False, allow_blank=True)


class CardTypeIdInputSerializer(serializers.Serializer[Any]):
    cardTypeId = fields.IntegerField(min_value=1, max_value=PG_INTEGER_MAX)


class AttachmentUploadInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(min_value=1, help_text="the move-in")
    # A little above the rule's 5 MB, so the service answers the rule's own words.
    file = fields.FileField(max_bytes=MOVE_IN_ATTACHMENT_MAX_BYTES + 1024 * 1024)


class ImportInputSerializer(serializers.Serializer[Any]):
    file = fields.FileField(max_bytes=MOVE_IN_IMPORT_MAX_BYTES)


class MoveInRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    moveInNo = serializers.CharField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    memId = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    areaCode = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    sourceBrand = serializers.CharField()
    sourceStore = serializers.CharField()
    status = serializers.ChoiceField(choices=MoveInStatus.choices)
    statusName = serializers.CharField()
    lineCount = serializers.IntegerField()
    oldValue = serializers.CharField()
    newValue = serializers.CharField()
    sessions = serializers.IntegerField()
    approvalId = serializers.IntegerField(allow_null=True)
    decisionRemark = serializers.CharField()
    createdByName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    submittedAt = serializers.DateTimeField(allow_null=True)
    decidedAt = serializers.DateTimeField(allow_null=True)
    canEdit = serializers.BooleanField()
    canCommit = serializers.BooleanField()
    canDelete = serializers.BooleanField()


class MoveInPageOutputSerializer(serializers.Serializer[Any]):
    list = MoveInRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class MoveInCountOutputSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField()


class MoveInSessionOutputSerializer(serializers.Serializer[Any]):
    projectId = serializers.IntegerField()
    projectCode = serializers.CharField()
    projectName = serializers.CharField()
    sessions = serializers.IntegerField()


class MoveInLineOutputSerializer(serializers.Serializer[Any]):
    lineId = serializers.IntegerField()
    oldCardName = serializers.CharField()
    oldCardNo = serializers.CharField()
    kind = serializers.ChoiceField(choices=CardKind.choices)
    kindName = serializers.CharField()
    oldBalance = serializers.CharField()
    coefficient = serializers.CharField()
    newValue = serializers.CharField()
    expiresOn = serializers.DateField(allow_null=True)
    cardTypeId = serializers.IntegerField()
    cardTypeName = serializers.CharField()
    cardId = serializers.IntegerField(allow_null=True, help_text="the card opened on approval")
    cardNo = serializers.CharField()
    sessions = MoveInSessionOutputSerializer(many=True)


class MoveInLineRowOutputSerializer(MoveInLineOutputSerializer):
    moveInId = serializers.IntegerField()
    moveInNo = serializers.CharField()
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    sourceStore = serializers.CharField()
    status = serializers.ChoiceField(choices=MoveInStatus.choices)
    statusName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class MoveInLinePageOutputSerializer(serializers.Serializer[Any]):
    list = MoveInLineRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class AttachmentOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    moveInId = serializers.IntegerField()
    name = serializers.CharField()
    contentType = serializers.CharField()
    size = serializers.IntegerField()
    uploadedByName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    url = serializers.CharField(help_text="GET it signed in (the move-in's store only)")


class MoveInApprovalOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    status = serializers.CharField()
    statusName = serializers.CharField()
    decidedByName = serializers.CharField()
    decidedAt = serializers.DateTimeField(allow_null=True)
    remark = serializers.CharField()


class MoveInDetailOutputSerializer(MoveInRowOutputSerializer):
    birthday = serializers.DateField(allow_null=True)
    remark = serializers.CharField()
    lines = MoveInLineOutputSerializer(many=True)
    attachments = AttachmentOutputSerializer(many=True)
    approval = MoveInApprovalOutputSerializer(allow_null=True)


class StatusCountOutputSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=MoveInStatus.choices)
    statusName = serializers.CharField()
    count = serializers.IntegerField()


class MoveInSummaryOutputSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField()
    lineCount = serializers.IntegerField()
    oldValue = serializers.CharField()
    newValue = serializers.CharField()
    sessions = serializers.IntegerField()
    byStatus = StatusCountOutputSerializer(many=True)


class FoundMemberOutputSerializer(serializers.Serializer[Any]):
    memId = serializers.IntegerField()
    name = serializers.CharField()
    areaCode = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    birthday = serializers.DateField(allow_null=True)
    dependencyStore = serializers.CharField()
    dependencyStoreId = serializers.IntegerField()


class PhoneLookupOutputSerializer(serializers.Serializer[Any]):
    found = serializers.BooleanField()
    member = FoundMemberOutputSerializer(allow_null=True)


class MoveInCardTypeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=CardKind.choices)
    kindName = serializers.CharField()
    faceValue = serializers.CharField()
    validityDays = serializers.IntegerField()


class DiscountRuleOutputSerializer(serializers.Serializer[Any]):
    categoryId = serializers.IntegerField()
    categoryName = serializers.CharField()
    rate = serializers.CharField(help_text="0.80 = 20% off")


class NewCardDiscountOutputSerializer(serializers.Serializer[Any]):
    cardTypeId = serializers.IntegerField()
    cardTypeName = serializers.CharField()
    kind = serializers.ChoiceField(choices=CardKind.choices)
    discounts = DiscountRuleOutputSerializer(many=True)


class MoveInProjectOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()


class ImportOutputSerializer(serializers.Serializer[Any]):
    created = serializers.IntegerField()
    moveIns = MoveInRowOutputSerializer(many=True)
