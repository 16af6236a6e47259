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


# -- the business reports (apps.reports.framework; contract §10) --------------------------------


class ReportIdNameOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ReportStaffOutputSerializer(ReportIdNameOutputSerializer):
    storeId = serializers.IntegerField()


class ReportCategoryOutputSerializer(ReportIdNameOutputSerializer):
    kind = serializers.CharField(help_text="product or project")


class _Labelled(serializers.Serializer[Any]):
    """An answer with a `label` (and a `required` flag): names a Serializer itself uses for its own
    settings, so the fields are declared here rather than as class attributes."""

    flagged: bool = False

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["label"] = serializers.CharField()
        if self.flagged:
            fields["required"] = serializers.BooleanField()
        return fields


class ReportChoiceOutputSerializer(_Labelled):
    value = serializers.CharField()


class ReportExtraFilterOutputSerializer(_Labelled):
    flagged = True
    name = serializers.CharField(help_text="the query parameter")
    choices = ReportChoiceOutputSerializer(many=True, help_text="empty: free text or an id")


class ReportRangeOutputSerializer(serializers.Serializer[Any]):
    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        return {"from": serializers.DateField(), "to": serializers.DateField()}


class ReportDrillOutputSerializer(serializers.Serializer[Any]):
    report = serializers.CharField(help_text="the key of the report a click opens")
    route = serializers.CharField(allow_null=True, help_text="its page")
    filters = serializers.DictField(
        child=serializers.CharField(), help_text="target filter name -> the row key holding its value"
    )


class ReportColumnOutputSerializer(_Labelled):
    key = serializers.CharField()
    kind = serializers.ChoiceField(choices=["text", "money", "count", "number", "percent", "date", "datetime"])
    total = serializers.BooleanField(help_text="summed in totals")
    sortable = serializers.BooleanField()
    drill = ReportDrillOutputSerializer(required=False)
    link = serializers.ChoiceField(choices=["order", "member", "refund"], required=False)
    linkKey = serializers.CharField(required=False, help_text="the row key holding the id the link opens")


class ReportSelectOutputSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    route = serializers.CharField()
    title = serializers.CharField()
    codes = serializers.ListField(child=serializers.CharField(), help_text="the role codes that read its figures")
    ownFigures = serializers.BooleanField(help_text="the caller sees only their own figures")
    usesDates = serializers.BooleanField(help_text="false: an at-a-date report (reads `to` only) or undated")
    filters = serializers.ListField(
        child=serializers.CharField(), help_text="of store, region, staff, category, segment"
    )
    stores = ReportIdNameOutputSerializer(many=True)
    regions = ReportIdNameOutputSerializer(many=True, required=False)
    staff = ReportStaffOutputSerializer(many=True, required=False)
    categories = ReportCategoryOutputSerializer(many=True, required=False)
    segments = ReportChoiceOutputSerializer(many=True, required=False)
    extra = ReportExtraFilterOutputSerializer(many=True)
    maxDays = serializers.IntegerField()
    defaultRange = ReportRangeOutputSerializer()
    columns = ReportColumnOutputSerializer(many=True)


class ReportPointOutputSerializer(serializers.Serializer[Any]):
    x = serializers.CharField(help_text="an ISO date or month, or a category's name")
    y = serializers.JSONField(help_text="a count, or a decimal as text")


class ReportSeriesOutputSerializer(_Labelled):
    key = serializers.CharField()
    chart = serializers.ChoiceField(choices=["line", "bar", "pie", "funnel"])
    points = ReportPointOutputSerializer(many=True)


class ReportShowOutputSerializer(serializers.Serializer[Any]):
    asOf = serializers.DateTimeField(help_text="the time the figures are fresh to")
    columns = ReportColumnOutputSerializer(many=True)
    list = serializers.ListField(
        child=serializers.DictField(), help_text="rows keyed by the columns' keys (money as text), with link ids"
    )
    total = serializers.IntegerField()
    totals = serializers.DictField(allow_null=True, help_text="the total=True columns summed over every row")
    series = ReportSeriesOutputSerializer(many=True)


class ReportExportOutputSerializer(serializers.Serializer[Any]):
    jobId = serializers.IntegerField()


class ExportJobOutputSerializer(serializers.Serializer[Any]):
    jobId = serializers.IntegerField()
    report = serializers.CharField(help_text="the report's key")
    title = serializers.CharField()
    route = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed", "expired"])
    progress = serializers.IntegerField(help_text="0 to 100")
    rows = serializers.IntegerField()
    createdAt = serializers.DateTimeField()
    finishedAt = serializers.DateTimeField(allow_null=True)
    expiresAt = serializers.DateTimeField(allow_null=True)
    errorMessage = serializers.CharField(allow_blank=True)


class ExportJobPageOutputSerializer(serializers.Serializer[Any]):
    list = ExportJobOutputSerializer(many=True)
    total = serializers.IntegerField()
