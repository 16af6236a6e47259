"""The documented answer shapes of the reports calls. The answers are built in the views from the
selectors of the apps below (org's store rows, staff's and booking's counts); reports owns the answer
and takes org's store row for its first part."""

from typing import Any

from rest_framework import serializers

from apps.core import fields
from apps.org.api.serializers import StoreRowOutputSerializer


# A store row as org's selectors answer it (apps.org.selectors.owner_stores), with the counts.
class OwnerStoreOutputSerializer(StoreRowOutputSerializer):
    activeStaff = serializers.IntegerField(help_text="employees with status active")
    onDutyToday = serializers.IntegerField(
        allow_null=True, help_text="employees on a shift or clocked on today; null when the store keeps no rota today"
    )


class SystemLogInputSerializer(serializers.Serializer[Any]):
    """The /sysLog filters; the time range is checked by apps.core.time_ranges (spec §5 messages)."""

    dateFrom = fields.DateField(required=False, allow_null=True, source="date_from", help_text="first day, required")
    dateTo = fields.DateField(
        required=False, allow_null=True, source="date_to", help_text="last day, required, at most 92 days on"
    )
    storeId = fields.IntegerField(
        required=False, allow_null=True, source="store_id", help_text="one of the role's stores; default all of them"
    )
    who = fields.CharField(required=False, allow_blank=True, max_length=64, help_text="part of an account or a name")
    role = fields.CharField(required=False, allow_blank=True, max_length=100, help_text="part of a role name")
    action = fields.CharField(required=False, allow_blank=True, max_length=64, help_text="an action code")
    objectType = fields.CharField(
        required=False, allow_blank=True, max_length=64, source="object_type", help_text="e.g. members.member"
    )
    objectId = fields.CharField(required=False, allow_blank=True, max_length=64, source="object_id")


class SystemLogOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    createdAt = serializers.DateTimeField()
    loginName = serializers.CharField(help_text="the account, phones masked; 系统 / System for the system")
    userName = serializers.CharField(help_text="the account's name today, phones masked; empty when none")
    roleName = serializers.CharField()
    storeId = serializers.IntegerField(allow_null=True)
    storeName = serializers.CharField()
    action = serializers.CharField(help_text="the action's code")
    actionName = serializers.CharField(help_text="the action's label in the request's language, else its code")
    objectType = serializers.CharField(help_text="the kind of row, e.g. billing.order")
    objectTypeName = serializers.CharField(help_text="the kind of row in the request's language; empty for none")
    objectId = serializers.CharField()
    objectName = serializers.CharField(
        help_text="the object by its business name today (SO…, PD…, a member's code and masked name), "
        "in the request's language; as it read then for a kind not named so; phones masked"
    )
    detail = serializers.JSONField(help_text="what changed, phones masked")
    ipAddress = serializers.CharField()


class SystemLogPageOutputSerializer(serializers.Serializer[Any]):
    list = SystemLogOutputSerializer(many=True)
    total = serializers.IntegerField()


class SystemLogActionOutputSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    name = serializers.CharField()


class StoreNameOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
