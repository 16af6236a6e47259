"""Head office keeps the master lists, platforms and market segments here; regions are loaded by
`manage.py load_regions` and only shown. Every save or delete drops the cached answers (signals)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from apps.masterdata.models import MarketSegment, MasterItem, Platform, Region


@admin.register(MasterItem)
class MasterItemAdmin(admin.ModelAdmin):
    list_display = ("name", "type", "code", "name_en", "sort_order", "enabled")
    list_editable = ("sort_order", "enabled")
    list_filter = ("type", "enabled")
    search_fields = ("name", "code", "name_en")
    ordering = ("type", "sort_order", "id")


@admin.register(Platform)
class PlatformAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "platform_type", "is_review_platform", "adapter", "sort_order", "enabled")
    list_editable = ("sort_order", "enabled")
    list_filter = ("platform_type", "is_review_platform", "adapter", "enabled")
    search_fields = ("name",)
    ordering = ("platform_type", "sort_order", "id")

    def get_readonly_fields(self, request: HttpRequest, obj: Platform | None = None) -> tuple[str, ...]:
        # The id is known to clients (the pre-check runs for 19 and 21): chosen once, never changed.
        return ("id",) if obj is not None else ()


@admin.register(MarketSegment)
class MarketSegmentAdmin(admin.ModelAdmin):
    list_display = ("name", "city_code", "sort_order", "enabled")
    list_editable = ("sort_order", "enabled")
    list_filter = ("enabled",)
    search_fields = ("name", "city_code")
    ordering = ("city_code", "sort_order", "id")


@admin.register(Region)
class RegionAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "level", "parent")
    list_filter = ("level",)
    search_fields = ("code", "name")
    list_select_related = ("parent",)
    ordering = ("code",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Region | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Region | None = None) -> bool:
        return False
