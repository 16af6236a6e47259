"""The shapes of the examination calls (/examiningDetail, docs/api.md "Scalp and hair examinations")."""

from typing import Any

from rest_framework import serializers

from apps.core import fields
from apps.core.pagination import PageInputSerializer
from apps.members.choices import (
    EXAMINATION_PHOTO_MAX_BYTES,
    EXAMINATION_PHOTOS_MAX,
    EXAMINATION_TEXT_MAX_LENGTH,
    Degree,
    HairDensity,
    HairThickness,
    ScalpType,
)


class ExaminationListInputSerializer(PageInputSerializer):
    memId = fields.IntegerField(min_value=1, source="member_id")


class ExaminationFieldsInputSerializer(serializers.Serializer[Any]):
    """The findings a person fills in (multipart: `photos` repeated for each file)."""

    examinedOn = fields.DateField(source="examined_on")
    examinerId = fields.IntegerField(min_value=1, source="examiner_id", help_text="an active employee of the store")
    scalpType = serializers.ChoiceField(choices=ScalpType.choices, source="scalp_type")
    oiliness = serializers.ChoiceField(choices=Degree.choices)
    sensitivity = serializers.ChoiceField(choices=Degree.choices)
    dandruff = serializers.ChoiceField(choices=Degree.choices)
    hairLoss = serializers.ChoiceField(choices=Degree.choices, source="hair_loss")
    hairDensity = serializers.ChoiceField(choices=HairDensity.choices, source="hair_density")
    hairThickness = serializers.ChoiceField(choices=HairThickness.choices, source="hair_thickness")
    notes = fields.CharField(required=False, allow_blank=True, default="", max_length=EXAMINATION_TEXT_MAX_LENGTH)
    recommendation = fields.CharField(
        required=False, allow_blank=True, default="", max_length=EXAMINATION_TEXT_MAX_LENGTH
    )
    photos = serializers.ListField(
        child=fields.FileField(max_bytes=EXAMINATION_PHOTO_MAX_BYTES),
        required=False,
        default=list,
        max_length=EXAMINATION_PHOTOS_MAX,
        help_text="JPEG, PNG or WebP, at most 5 MB each, at most 6 per examination",
    )


class ExaminationAddInputSerializer(ExaminationFieldsInputSerializer):
    memId = fields.IntegerField(min_value=1, source="member_id")


class ExaminationCorrectInputSerializer(ExaminationFieldsInputSerializer):
    removePhotoIds = serializers.ListField(
        child=fields.IntegerField(min_value=1),
        required=False,
        default=list,
        max_length=EXAMINATION_PHOTOS_MAX,
        source="remove_photo_ids",
        help_text="photos of this examination to remove",
    )


class ExaminationOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    memberId = serializers.IntegerField()
    storeId = serializers.IntegerField()
    examinedOn = serializers.DateField()
    examinerId = serializers.IntegerField()
    examinerName = serializers.CharField()
    scalpType = serializers.ChoiceField(choices=ScalpType.choices)
    scalpTypeName = serializers.CharField()
    oiliness = serializers.ChoiceField(choices=Degree.choices)
    sensitivity = serializers.ChoiceField(choices=Degree.choices)
    dandruff = serializers.ChoiceField(choices=Degree.choices)
    hairLoss = serializers.ChoiceField(choices=Degree.choices)
    hairDensity = serializers.ChoiceField(choices=HairDensity.choices)
    hairThickness = serializers.ChoiceField(choices=HairThickness.choices)
    notes = serializers.CharField()
    recommendation = serializers.CharField()
    photoIds = serializers.ListField(child=serializers.IntegerField(), help_text="examination/photo/{id} serves each")
    createdAt = serializers.DateTimeField()
    updatedAt = serializers.DateTimeField()


class ExaminationPageOutputSerializer(serializers.Serializer[Any]):
    list = ExaminationOutputSerializer(many=True)
    total = serializers.IntegerField()


class ExaminerOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class StoreExaminationFiltersSerializer(serializers.Serializer[Any]):
    """The store's examinations list and count (/rest/userTest/store/search and count)."""

    memId = fields.IntegerField(required=False, min_value=1, source="member_id")
    examinerId = fields.IntegerField(required=False, min_value=1, source="examiner_id")
    scalpType = serializers.ChoiceField(choices=ScalpType.choices, required=False, source="scalp_type")
    name = fields.CharField(required=False, allow_blank=True, max_length=20, help_text="part of the member's name")
    startDate = fields.DateField(required=False, source="date_from", help_text="examined on or after")
    endDate = fields.DateField(required=False, source="date_to", help_text="examined on or before")


class StoreExaminationListInputSerializer(PageInputSerializer, StoreExaminationFiltersSerializer):
    pass


class StoreExaminationOutputSerializer(ExaminationOutputSerializer):
    memberName = serializers.CharField()
    memberPhone = serializers.CharField(help_text="masked")


class StoreExaminationPageOutputSerializer(serializers.Serializer[Any]):
    list = StoreExaminationOutputSerializer(many=True)
    total = serializers.IntegerField()


class ExaminationCountOutputSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField()
