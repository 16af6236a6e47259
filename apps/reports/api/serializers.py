"""The documented answer shapes of the reports calls. The answers are built in the views from the
selectors of the apps below (org's store rows, staff's and booking's counts); the shapes are written
here in full, so reports owns its answer rather than borrowing another app's serializer."""

from rest_framework import serializers

from apps.org.choices import StoreStatus


# A store row as org's selectors answer it (apps.org.selectors.owner_stores), with the counts.
class OwnerStoreOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField()
    provinceCode = serializers.CharField()
    provinceName = serializers.CharField()
    cityCode = serializers.CharField()
    cityName = serializers.CharField()
    districtCode = serializers.CharField()
    districtName = serializers.CharField()
    address = serializers.CharField(help_text="the detail address (street and number)")
    fullAddress = serializers.CharField(help_text="province, city, district and detail address")
    phone = serializers.CharField()
    openTime = serializers.CharField(allow_null=True, help_text="HH:MM")
    closeTime = serializers.CharField(allow_null=True, help_text="HH:MM")
    seats = serializers.IntegerField(allow_null=True, help_text="seats or beds")
    status = serializers.ChoiceField(choices=StoreStatus.choices)
    statusName = serializers.CharField()
    debtDisabled = serializers.BooleanField()
    debtDisabledReason = serializers.CharField()
    activeStaff = serializers.IntegerField(help_text="employees with status active")
    onDutyToday = serializers.IntegerField(
        allow_null=True, help_text="employees on a shift or clocked on today; null when the store keeps no rota today"
    )
