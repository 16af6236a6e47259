"""Requests are read here, never edited: they change only through the approval centre's calls, whose
decisions run the kinds' hooks."""

from django.contrib import admin

from apps.approvals.models import ApprovalRequest
from apps.core.admin import ReadOnlyAdmin


@admin.register(ApprovalRequest)
class ApprovalRequestAdmin(ReadOnlyAdmin):
    list_display = ("id", "kind", "store", "applicant", "subject", "amount", "status", "decided_by_name", "created_at")
    list_filter = ("kind", "status")
    search_fields = ("subject", "subject_id", "external_no")
    list_select_related = ("store", "applicant")
