"""The documented answer shapes of the reports calls. The answers are built in the views from the
selectors of the apps below (org's store rows, staff's and booking's counts); reports owns the answer
and takes org's store row for its first part."""

from rest_framework import serializers

from apps.org.api.serializers import StoreRowOutputSerializer


# A store row as org's selectors answer it (apps.org.selectors.owner_stores), with the counts.
class OwnerStoreOutputSerializer(StoreRowOutputSerializer):
    activeStaff = serializers.IntegerField(help_text="employees with status active")
    onDutyToday = serializers.IntegerField(
        allow_null=True, help_text="employees on a shift or clocked on today; null when the store keeps no rota today"
    )
