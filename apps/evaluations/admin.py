"""Evaluations are read here, never edited: one per order, written by the member's link or the front
desk's record only."""

from __future__ import annotations

from django.contrib import admin

from apps.core.admin import ReadOnlyAdmin
from apps.evaluations.models import Evaluation


@admin.register(Evaluation)
class EvaluationAdmin(ReadOnlyAdmin):
    list_display = ("order", "store", "nurse", "service_score", "nurse_score", "channel", "visit_date", "created_at")
    list_filter = ("channel", "service_score", "store")
    search_fields = ("order__order_no", "comment")
    list_select_related = ("order", "store", "nurse")
