"""Request parsers and the documented answer shapes of the staff calls (spec §2.2, §7.9).
The answers are built by apps.staff.selectors; the Output serializers describe them for the schema.
Validation messages of the business rules come from apps.staff.rules, through the services."""

from typing import Any

from rest_framework import serializers

from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer
from apps.staff.choices import AreaCode, EmployeePosition, EmployeeStatus, SkillLevel


class EmployeeSearchInputSerializer(PageInputSerializer):
    keyword = fields.CharField(required=False, allow_blank=True, max_length=20, help_text="part of name or phone")
    position = serializers.ChoiceField(choices=EmployeePosition.choices, required=False, allow_blank=True)
    status = serializers.ChoiceField(choices=EmployeeStatus.choices, required=False, allow_blank=True)


class EmployeeRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    name = serializers.CharField()
    areaCode = serializers.ChoiceField(choices=AreaCode.choices)
    phone = serializers.CharField(help_text="masked in the list, whole in the detail")
    position = serializers.ChoiceField(choices=EmployeePosition.choices)
    positionName = serializers.CharField()
    skillLevel = serializers.ChoiceField(choices=SkillLevel.choices, allow_blank=True, help_text='"" when not set')
    skillLevelName = serializers.CharField()
    hireDate = serializers.DateField()
    status = serializers.ChoiceField(choices=EmployeeStatus.choices)
    statusName = serializers.CharField()
    leftDate = serializers.DateField(allow_null=True)
    userId = serializers.IntegerField(allow_null=True)
    userAccount = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField(), help_text="role names of the account at the store")
    createdAt = serializers.DateTimeField()
    updatedAt = serializers.DateTimeField()


class EmployeePageOutputSerializer(serializers.Serializer[Any]):
    list = EmployeeRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class DurationOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    projectId = serializers.IntegerField(allow_null=True)
    category = serializers.CharField()
    minutes = serializers.IntegerField()
    updatedAt = serializers.DateTimeField()


class EmployeeDetailOutputSerializer(EmployeeRowOutputSerializer):
    durations = DurationOutputSerializer(many=True)


# Parsed into apps.staff.services.employee_save's keyword arguments (the `source` names).
class EmployeeSaveInputSerializer(serializers.Serializer[Any]):
    """Without `id` a new employee of the acting store; with it, an edit."""

    id = fields.IntegerField(required=False, allow_null=True)
    name = fields.CharField(allow_blank=True, max_length=200)
    areaCode = fields.CharField(source="area_code", required=False, default=AreaCode.MAINLAND, max_length=8)
    phone = fields.CharField(allow_blank=True, max_length=20)
    position = fields.CharField(allow_blank=True, max_length=20)
    skillLevel = fields.CharField(source="skill_level", required=False, allow_blank=True, default="", max_length=20)
    hireDate = fields.DateField(source="hire_date", allow_null=True)
    userId = fields.IntegerField(source="user_id", required=False, allow_null=True, default=None)
    storeId = fields.IntegerField(
        source="store_id", required=False, help_text="a store the role acts in; default the chosen store"
    )


class EmployeeLeaveInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()
    leftDate = fields.DateField()


class DurationSaveInputSerializer(serializers.Serializer[Any]):
    employeeId = fields.IntegerField()
    projectId = fields.IntegerField(required=False, allow_null=True, default=None, min_value=1)
    category = fields.CharField(required=False, allow_blank=True, default="", max_length=50)
    minutes = fields.number(bounds.MINUTES)


class DurationCloseInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()
