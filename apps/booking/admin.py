"""Reservations and the rota in the Django admin: read-only for support, since every change goes
through the services (checks, history, system log)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from apps.booking.models import Reservation, ReservationChange, RotaDay, ShiftType
from apps.core.admin import ReadOnlyAdmin


class ReservationChangeInline(admin.TabularInline):
    model = ReservationChange
    extra = 0
    can_delete = False
    readonly_fields = ("kind", "before", "after", "by_name", "at")
    fields = readonly_fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Reservation)
class ReservationAdmin(ReadOnlyAdmin):
    list_display = ("id", "store", "name", "nurse", "start", "end", "status", "source", "forced")
    list_filter = ("status", "source", "forced")
    list_select_related = ("store", "nurse")
    date_hierarchy = "start"
    exclude = ("phone",)
    inlines = [ReservationChangeInline]
    show_full_result_count = False


@admin.register(ShiftType)
class ShiftTypeAdmin(ReadOnlyAdmin):
    list_display = ("name", "store", "start", "end", "enabled")
    list_filter = ("enabled",)


@admin.register(RotaDay)
class RotaDayAdmin(ReadOnlyAdmin):
    list_display = ("date", "employee", "store", "kind", "shift_type")
    list_filter = ("kind",)
    list_select_related = ("employee", "store", "shift_type")
    date_hierarchy = "date"
