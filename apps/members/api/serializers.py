"""Request parsers and documented answer shapes of the member calls (spec §7.7, docs/api.md
"Members"). Business rules and their messages live in apps.members.rules and services."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from apps.core import bounds, fields
from apps.members.choices import PHONE_MAX_LENGTH, CancellationStatus, MemberAreaCode, MemberStatus, PointsKind


class MemberSearchInputSerializer(serializers.Serializer[Any]):
    areaCode = fields.CharField(required=False, allow_blank=True, max_length=8)
    name = fields.CharField(required=False, allow_blank=True, max_length=40, trim_whitespace=False)
    type = serializers.ChoiceField(
        choices=[1, 2], required=False, allow_null=True, help_text="1 or 2; not read: computed from the phone"
    )
    # The rules' bound (spec §5: 11 digits, 8 for Hong Kong and Macao), in the rules' words.
    phone = fields.CharField(
        required=False,
        allow_blank=True,
        max_length=PHONE_MAX_LENGTH,
        error_messages={"max_length": _("please enter a correct phone number")},
    )
    cardNo = fields.CharField(required=False, allow_blank=True, max_length=40)
    crmCode = fields.CharField(required=False, allow_blank=True, max_length=40)


class MemberFuzzySearchInputSerializer(MemberSearchInputSerializer):
    """likeQuery reads no card number."""

    # DRF's way to drop an inherited field; the stubs expect a field.
    cardNo = None  # type: ignore[assignment]


class IntroducerSearchInputSerializer(serializers.Serializer[Any]):
    keyword = fields.CharField(max_length=40)


class MemberRowOutputSerializer(serializers.Serializer[Any]):
    memId = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked (spec §6)")
    areaCode = serializers.ChoiceField(choices=MemberAreaCode.choices)
    crmCode = serializers.CharField()
    dependencyStore = serializers.CharField(help_text="home store name")
    dependencyStoreId = serializers.IntegerField()
    myself = serializers.BooleanField(help_text="true for a member of the chosen store")


class MemberLabelRefOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    color = serializers.CharField()


class MemberLabelOutputSerializer(MemberLabelRefOutputSerializer):
    groupName = serializers.CharField()


class MemberListRowOutputSerializer(MemberRowOutputSerializer):
    gender = serializers.CharField()
    genderName = serializers.CharField()
    birthday = serializers.DateField(allow_null=True)
    cardNo = serializers.CharField()
    # The wire field "source": DRF takes declared fields off the class; the stubs see Field.source.
    source = serializers.CharField()  # type: ignore[assignment]
    sourceName = serializers.CharField()
    points = serializers.IntegerField()
    labels = MemberLabelRefOutputSerializer(many=True)
    createdAt = serializers.DateTimeField()
    lastVisitAt = serializers.DateTimeField(allow_null=True)


class MemberPageOutputSerializer(serializers.Serializer[Any]):
    list = MemberListRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class CountOutputSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField()


class IntroducerOutputSerializer(serializers.Serializer[Any]):
    memId = serializers.IntegerField()
    name = serializers.CharField()


class MemberFileOutputSerializer(MemberListRowOutputSerializer):
    occupation = serializers.CharField()
    occupationName = serializers.CharField()
    income = serializers.CharField()
    incomeName = serializers.CharField()
    education = serializers.CharField()
    educationName = serializers.CharField()
    maritalStatus = serializers.CharField()
    maritalStatusName = serializers.CharField()
    introducer = IntroducerOutputSerializer(allow_null=True)
    smsConsent = serializers.BooleanField()
    remark = serializers.CharField()
    status = serializers.ChoiceField(choices=MemberStatus.choices)
    updatedAt = serializers.DateTimeField()


class MemberListInputSerializer(serializers.Serializer[Any]):
    name = fields.CharField(required=False, allow_blank=True, max_length=20)
    phone = fields.RegexField(
        r"^\d{4,11}$",
        required=False,
        allow_blank=True,
        max_length=11,
        error_messages={
            "invalid": _("please enter 4 to 11 digits of the phone"),
            "max_length": _("please enter 4 to 11 digits of the phone"),
        },
    )
    areaCode = serializers.ChoiceField(
        choices=MemberAreaCode.choices, required=False, allow_blank=True, source="area_code"
    )
    crmCode = fields.CharField(required=False, allow_blank=True, max_length=20, source="crm_code")
    labelId = fields.IntegerField(required=False, allow_null=True, source="label_id")
    # The wire field "source": DRF takes declared fields off the class; the stubs see Field.source.
    source = fields.CharField(required=False, allow_blank=True, max_length=20)  # type: ignore[assignment]
    createdFrom = fields.DateField(required=False, allow_null=True, source="created_from")
    createdTo = fields.DateField(required=False, allow_null=True, source="created_to")
    lastVisitFrom = fields.DateField(required=False, allow_null=True, source="last_visit_from")
    lastVisitTo = fields.DateField(required=False, allow_null=True, source="last_visit_to")


class MemberCreateInputSerializer(serializers.Serializer[Any]):
    name = fields.CharField(required=False, allow_blank=True, max_length=40)
    areaCode = fields.CharField(required=False, allow_blank=True, max_length=8, source="area_code")
    phone = fields.CharField(required=False, allow_blank=True, max_length=30)
    gender = fields.CharField(required=False, allow_blank=True, max_length=20)
    birthday = fields.DateField(required=False, allow_null=True)
    crmCode = fields.CharField(required=False, allow_blank=True, max_length=40, source="crm_code")
    cardNo = fields.CharField(required=False, allow_blank=True, max_length=40, source="card_no")
    # The wire field "source": DRF takes declared fields off the class; the stubs see Field.source.
    source = fields.CharField(required=False, allow_blank=True, max_length=20)  # type: ignore[assignment]
    labels = serializers.ListField(child=fields.IntegerField(), required=False, max_length=50, source="label_ids")


class MemberSaveInputSerializer(MemberCreateInputSerializer):
    occupation = fields.CharField(required=False, allow_blank=True, max_length=20)
    income = fields.CharField(required=False, allow_blank=True, max_length=20)
    education = fields.CharField(required=False, allow_blank=True, max_length=20)
    maritalStatus = fields.CharField(required=False, allow_blank=True, max_length=20, source="marital_status")
    introducerId = fields.IntegerField(required=False, allow_null=True, source="introducer_id")
    smsConsent = serializers.BooleanField(required=False, source="sms_consent")
    remark = fields.CharField(required=False, allow_blank=True, max_length=400)


class MemberUpdateInputSerializer(MemberSaveInputSerializer):
    memId = fields.IntegerField(source="member_id")


class MemberIdInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField()


class SmsConsentInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField()
    smsConsent = serializers.BooleanField()


class SmsConsentOutputSerializer(serializers.Serializer[Any]):
    memId = serializers.IntegerField()
    smsConsent = serializers.BooleanField()
    updatedAt = serializers.DateTimeField(allow_null=True)


class WholePhoneOutputSerializer(serializers.Serializer[Any]):
    memId = serializers.IntegerField()
    areaCode = serializers.CharField()
    phone = serializers.CharField()


class PointsAdjustInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField()
    change = fields.number(bounds.POINTS)
    reason = fields.CharField(allow_blank=True, max_length=200)


class PointsEntryOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    memId = serializers.IntegerField()
    memberName = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    change = serializers.IntegerField()
    balanceAfter = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=PointsKind.choices)
    kindName = serializers.CharField()
    reason = serializers.CharField()
    operatorName = serializers.CharField()
    storeName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class PointsPageOutputSerializer(serializers.Serializer[Any]):
    list = PointsEntryOutputSerializer(many=True)
    total = serializers.IntegerField()


class PointsAdjustOutputSerializer(serializers.Serializer[Any]):
    memId = serializers.IntegerField()
    points = serializers.IntegerField()
    entry = PointsEntryOutputSerializer()


class PointsStoreListInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(required=False, allow_null=True, source="member_id")
    kind = serializers.ChoiceField(choices=PointsKind.choices, required=False, allow_blank=True)
    dateFrom = fields.DateField(required=False, allow_null=True, source="day_from")
    dateTo = fields.DateField(required=False, allow_null=True, source="day_to")


class CancelApplyInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField()
    reason = fields.CharField(allow_blank=True, max_length=400)


class CancelListInputSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=CancellationStatus.choices, required=False, allow_blank=True)


class CancelDecideInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()
    approve = serializers.BooleanField()
    remark = fields.CharField(required=False, allow_blank=True, max_length=400)


class CancellationOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    memId = serializers.IntegerField()
    memberName = serializers.CharField()
    phone = serializers.CharField(help_text="masked, as filed")
    reason = serializers.CharField()
    status = serializers.ChoiceField(choices=CancellationStatus.choices)
    statusName = serializers.CharField()
    requestedBy = serializers.CharField()
    requestedAt = serializers.DateTimeField()
    decidedBy = serializers.CharField()
    decidedAt = serializers.DateTimeField(allow_null=True)
    decisionRemark = serializers.CharField()


class CancellationPageOutputSerializer(serializers.Serializer[Any]):
    list = CancellationOutputSerializer(many=True)
    total = serializers.IntegerField()
