from django.contrib import admin
from guardian.admin import GuardedModelAdmin

from apps.org.models import OrgUnit


@admin.register(OrgUnit)
class OrgUnitAdmin(GuardedModelAdmin):
    """Head office maintains the tree here; "Object permissions" shows who may act in a unit."""

    list_display = ("name", "code", "kind", "parent", "is_active", "front_desk_check_required")
    list_filter = ("kind", "is_active", "front_desk_check_required")
    search_fields = ("name", "code")
    list_select_related = ("parent",)
    autocomplete_fields = ("parent",)
    filter_horizontal = ("borrow_out_targets",)
    readonly_fields = ("path", "created_at", "updated_at")
    ordering = ("path",)
