from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from apps.core.models import SystemLog


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown for support, never changed here: the rows change only through their app's services
    (rules, ledgers, system log). Every admin of such rows (members, ledgers, write-offs) borrows it."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(SystemLog)
class SystemLogAdmin(ReadOnlyAdmin):
    """Read-only: the log is append-only, head office may search and filter it."""

    list_display = ("created_at", "login_name", "role_name", "store_name", "action", "object_repr", "ip_address")
    list_filter = ("action", "object_type", ("created_at", admin.DateFieldListFilter))
    search_fields = ("login_name", "store_name", "object_repr", "object_id", "ip_address")
    date_hierarchy = "created_at"
    list_per_page = 50
    show_full_result_count = False
