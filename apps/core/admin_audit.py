"""Head office's edits in the Django admin go to the system log too, not only to the admin's own
history, so /sysLog shows every change to stores and staff wherever it was made."""

from __future__ import annotations

from typing import Any

from django.db.models import Model
from django.forms import ModelForm
from django.http import HttpRequest

from apps.core.audit import actor_from_request, audit_record
from apps.core.choices import AuditAction


class AuditedAdminMixin:
    """Mix into a ModelAdmin: additions, changes (with the changed fields) and deletions are logged
    in the same transaction as the admin's write."""

    def save_model(self, request: HttpRequest, obj: Model, form: ModelForm[Any], change: bool) -> None:
        super().save_model(request, obj, form, change)  # type: ignore[misc]
        action = AuditAction.ADMIN_CHANGED if change else AuditAction.ADMIN_ADDED
        audit_record(
            actor=actor_from_request(request), action=action, target=obj, detail={"fields": list(form.changed_data)}
        )

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        audit_record(actor=actor_from_request(request), action=AuditAction.ADMIN_DELETED, target=obj)
        super().delete_model(request, obj)  # type: ignore[misc]

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        actor = actor_from_request(request)
        for obj in queryset:
            audit_record(actor=actor, action=AuditAction.ADMIN_DELETED, target=obj)
        super().delete_queryset(request, queryset)  # type: ignore[misc]


class AuditedInlinesMixin:
    """Mix into a ModelAdmin with inlines: lines added, changed or deleted in the admin (package
    lines, promotion prices, card discounts...) are logged against their parent record."""

    def save_formset(self, request: HttpRequest, form: ModelForm[Any], formset: Any, change: bool) -> None:
        super().save_formset(request, form, formset, change)  # type: ignore[misc]
        added = [str(obj) for obj in formset.new_objects]
        changed = [{"line": str(obj), "fields": fields} for obj, fields in formset.changed_objects]
        deleted = [str(obj) for obj in formset.deleted_objects]
        if added or changed or deleted:
            audit_record(
                actor=actor_from_request(request),
                action=AuditAction.ADMIN_LINES_CHANGED,
                target=form.instance,
                detail={
                    "lines": formset.model._meta.label_lower,
                    "added": added,
                    "changed": changed,
                    "deleted": deleted,
                },
            )
