"""Request parsers and documented answer shapes of the member calls (spec §7.7, docs/api.md
"Members"). Business rules and their messages live in apps.members.rules and services."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from apps.members.choices import CancellationStatus, MemberAreaCode, MemberStatus, PointsKind


class MemberSearchInputSerializer(serializers.Serializer):
    areaCode = serializers.CharField(required=False, allow_blank=True, max_length=8)
    name = serializers.CharField(required=False, allow_blank=True, max_length=40, trim_whitespace=False)
    type = serializers.IntegerField(required=False, allow_null=True, help_text="1 or 2; computed from the phone")
    phone = serializers.CharField(required=False, allow_blank=True, max_length=30)
    cardNo = serializers.CharField(required=False, allow_blank=True, max_length=40)
    crmCode = serializers.CharField(required=False, allow_blank=True, max_length=40)


class IntroducerSearchInputSerializer(serializers.Serializer):
    keyword = serializers.CharField(max_length=40)


class MemberRowOutputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked (spec §6)")
    areaCode = serializers.ChoiceField(choices=MemberAreaCode.choices)
    crmCode = serializers.CharField()
    dependencyStore = serializers.CharField(help_text="home store name")
    dependencyStoreId = serializers.IntegerField()
    myself = serializers.BooleanField(help_text="true for a member of the chosen store")


class MemberLabelRefOutputSerializer(serializers.Serializer):
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
    source = serializers.CharField()
    sourceName = serializers.CharField()
    points = serializers.IntegerField()
    labels = MemberLabelRefOutputSerializer(many=True)
    createdAt = serializers.DateTimeField()
    lastVisitAt = serializers.DateTimeField(allow_null=True)


class MemberPageOutputSerializer(serializers.Serializer):
    list = MemberListRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class CountOutputSerializer(serializers.Serializer):
    total = serializers.IntegerField()


class IntroducerOutputSerializer(serializers.Serializer):
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


class MemberListInputSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, max_length=20)
    phone = serializers.RegexField(
        r"^\d{4,11}$",
        required=False,
        allow_blank=True,
        error_messages={"invalid": _("please enter 4 to 11 digits of the phone")},
    )
    areaCode = serializers.ChoiceField(choices=MemberAreaCode.choices, required=False, allow_blank=True)
    crmCode = serializers.CharField(required=False, allow_blank=True, max_length=20)
    labelId = serializers.IntegerField(required=False, allow_null=True)
    source = serializers.CharField(required=False, allow_blank=True, max_length=20)
    createdFrom = serializers.DateField(required=False, allow_null=True)
    createdTo = serializers.DateField(required=False, allow_null=True)
    lastVisitFrom = serializers.DateField(required=False, allow_null=True)
    lastVisitTo = serializers.DateField(required=False, allow_null=True)


class MemberCreateInputSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, max_length=40)
    areaCode = serializers.CharField(required=False, allow_blank=True, max_length=8)
    phone = serializers.CharField(required=False, allow_blank=True, max_length=30)
    gender = serializers.CharField(required=False, allow_blank=True, max_length=20)
    birthday = serializers.DateField(required=False, allow_null=True)
    crmCode = serializers.CharField(required=False, allow_blank=True, max_length=40)
    cardNo = serializers.CharField(required=False, allow_blank=True, max_length=40)
    source = serializers.CharField(required=False, allow_blank=True, max_length=20)
    labels = serializers.ListField(child=serializers.IntegerField(), required=False, max_length=50)


class MemberSaveInputSerializer(MemberCreateInputSerializer):
    occupation = serializers.CharField(required=False, allow_blank=True, max_length=20)
    income = serializers.CharField(required=False, allow_blank=True, max_length=20)
    education = serializers.CharField(required=False, allow_blank=True, max_length=20)
    maritalStatus = serializers.CharField(required=False, allow_blank=True, max_length=20)
    introducerId = serializers.IntegerField(required=False, allow_null=True)
    smsConsent = serializers.BooleanField(required=False)
    remark = serializers.CharField(required=False, allow_blank=True, max_length=400)


class MemberUpdateInputSerializer(MemberSaveInputSerializer):
    memId = serializers.IntegerField()


class MemberIdInputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()


class SmsConsentInputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()
    smsConsent = serializers.BooleanField()


class SmsConsentOutputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()
    smsConsent = serializers.BooleanField()
    updatedAt = serializers.DateTimeField(allow_null=True)


class WholePhoneOutputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()
    areaCode = serializers.CharField()
    phone = serializers.CharField()


class PointsAdjustInputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()
    change = serializers.IntegerField()
    reason = serializers.CharField(allow_blank=True, max_length=200)


class PointsEntryOutputSerializer(serializers.Serializer):
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


class PointsPageOutputSerializer(serializers.Serializer):
    list = PointsEntryOutputSerializer(many=True)
    total = serializers.IntegerField()


class PointsAdjustOutputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()
    points = serializers.IntegerField()
    entry = PointsEntryOutputSerializer()


class PointsStoreListInputSerializer(serializers.Serializer):
    memId = serializers.IntegerField(required=False, allow_null=True)
    kind = serializers.ChoiceField(choices=PointsKind.choices, required=False, allow_blank=True)
    dateFrom = serializers.DateField(required=False, allow_null=True)
    dateTo = serializers.DateField(required=False, allow_null=True)


class CancelApplyInputSerializer(serializers.Serializer):
    memId = serializers.IntegerField()
    reason = serializers.CharField(allow_blank=True, max_length=400)


class CancelListInputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=CancellationStatus.choices, required=False, allow_blank=True)


class CancelDecideInputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    approve = serializers.BooleanField()
    remark = serializers.CharField(required=False, allow_blank=True, max_length=400)


class CancellationOutputSerializer(serializers.Serializer):
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


class CancellationPageOutputSerializer(serializers.Serializer):
    list = CancellationOutputSerializer(many=True)
    total = serializers.IntegerField()
