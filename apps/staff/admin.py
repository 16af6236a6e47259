from django.contrib import admin

from apps.core.admin_audit import AuditedAdminMixin
from apps.staff.models import Employee, EmployeeServiceDuration


class ServiceDurationInline(admin.TabularInline):
    model = EmployeeServiceDuration
    extra = 0
    readonly_fields = ("created_at", "updated_at")


@admin.register(Employee)
class EmployeeAdmin(AuditedAdminMixin, admin.ModelAdmin):
    """Head office sees every store's staff; stores edit theirs on /staffList."""

    list_display = ("name", "store", "position", "skill_level", "status", "hire_date", "left_date", "user")
    list_filter = ("status", "position", "skill_level", "store")
    search_fields = ("name", "phone", "user__login_name")
    list_select_related = ("store", "user")
    autocomplete_fields = ("store", "user")
    readonly_fields = ("created_at", "updated_at")
    inlines = [ServiceDurationInline]
