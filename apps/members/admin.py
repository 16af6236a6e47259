"""Head office keeps the member labels here. Members, points and cancellation requests are shown
read-only for support: they change only through the store pages' services (rules, ledger, log)."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from apps.core.admin import ReadOnlyAdmin
from apps.core.admin_audit import AuditedAdminMixin
from apps.core.phones import mask_phone
from apps.members.models import CancellationRequest, Member, MemberLabel, PointsEntry


@admin.register(MemberLabel)
class MemberLabelAdmin(AuditedAdminMixin, admin.ModelAdmin):
    list_display = ("name", "group_name", "color", "sort_order", "enabled")
    list_editable = ("sort_order", "enabled")
    list_filter = ("enabled", "group_name")
    search_fields = ("name",)


@admin.register(Member)
class MemberAdmin(ReadOnlyAdmin):
    list_display = ("id", "name", "masked_phone", "crm_code", "home_store", "points", "status", "created_at")
    list_filter = ("status",)
    search_fields = ("=crm_code", "=card_no", "=phone")
    list_select_related = ("home_store",)
    exclude = ("phone",)
    show_full_result_count = False

    @admin.display(description=_("phone"))
    def masked_phone(self, member: Member) -> str:
        return mask_phone(member.phone)


@admin.register(PointsEntry)
class PointsEntryAdmin(ReadOnlyAdmin):
    list_display = ("id", "member", "kind", "change", "balance_after", "reason", "operator_name", "created_at")
    list_filter = ("kind",)
    list_select_related = ("member",)
    raw_id_fields = ("member",)
    show_full_result_count = False


@admin.register(CancellationRequest)
class CancellationRequestAdmin(ReadOnlyAdmin):
    list_display = ("id", "member", "store", "status", "requested_at", "decided_at")
    list_filter = ("status",)
    list_select_related = ("member", "store")
