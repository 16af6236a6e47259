"""Head office writes, schedules and publishes messages here, keeps the message types, and adds
tasks. Saving, publishing and deleting go through the services, so the rich text is sanitised and
the system log is written. Read records are shown, never edited."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from apps.core.admin import ReadOnlyAdmin
from apps.core.audit import actor_from_request
from apps.messaging import services
from apps.messaging.choices import TaskAudience
from apps.messaging.models import Message, MessageRead, MessageType, Task, TaskRead


@admin.register(MessageType)
class MessageTypeAdmin(admin.ModelAdmin):
    list_display = ("name", "sort_order")
    list_editable = ("sort_order",)
    search_fields = ("name",)
    ordering = ("sort_order", "id")


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = (
        "msg_name",
        "type",
        "mandatory",
        "show_time",
        "publish_at",
        "published",
        "push_time",
        "push_user_name",
        "insert_time",
    )
    list_filter = ("type", "published", "mandatory")
    search_fields = ("msg_name",)
    list_select_related = ("type",)
    date_hierarchy = "insert_time"
    filter_horizontal = ("audience",)
    readonly_fields = ("published", "push_time", "push_user_name", "author", "insert_time", "updated_at")
    fieldsets = (
        (None, {"fields": ("msg_name", "type", "graphic_description")}),
        (_("Forced notice"), {"fields": ("mandatory", "show_time")}),
        (_("Audience and schedule"), {"fields": ("audience", "publish_at")}),
        (
            _("Publication"),
            {"fields": ("published", "push_time", "push_user_name", "author", "insert_time", "updated_at")},
        ),
    )
    actions = ["publish_now"]

    def save_model(self, request: HttpRequest, obj: Message, form: forms.ModelForm, change: bool) -> None:
        services.message_save(actor=actor_from_request(request), message=obj)

    def delete_model(self, request: HttpRequest, obj: Message) -> None:
        services.message_delete(actor=actor_from_request(request), message=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        actor = actor_from_request(request)
        for message in queryset:
            services.message_delete(actor=actor, message=message)

    @admin.action(description=_("Publish now"))
    def publish_now(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        actor = actor_from_request(request)
        pending = list(queryset.filter(published=False))
        for message in pending:
            services.message_publish(actor=actor, message=message)
        self.message_user(
            request,
            ngettext("%(count)d message published.", "%(count)d messages published.", len(pending))
            % {"count": len(pending)},
            messages.SUCCESS,
        )


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    """Tasks are notices of what happened (billing creates most): added, or deleted, never edited."""

    list_display = ("msg_name", "store", "type", "audience", "amount", "due_date", "created_at")
    list_filter = ("type", "audience")
    search_fields = ("msg_name", "store__name", "store__code")
    list_select_related = ("store",)
    autocomplete_fields = ("store",)
    date_hierarchy = "created_at"

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: Task, form: forms.ModelForm, change: bool) -> None:
        task = services.task_create(
            actor=actor_from_request(request),
            store=obj.store,
            task_type=obj.type,
            msg_name=obj.msg_name,
            content=obj.content,
            amount=obj.amount,
            due_date=obj.due_date,
            audience=TaskAudience(obj.audience),
        )
        obj.pk = task.pk
        obj.created_at = task.created_at

    def delete_model(self, request: HttpRequest, obj: Task) -> None:
        services.task_delete(actor=actor_from_request(request), task=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Task]) -> None:
        actor = actor_from_request(request)
        for task in queryset:
            services.task_delete(actor=actor, task=task)


@admin.register(MessageRead)
class MessageReadAdmin(ReadOnlyAdmin):
    list_display = ("message", "user", "read_at")
    list_select_related = ("message", "user")
    search_fields = ("message__msg_name", "user__login_name", "user__nickname")
    date_hierarchy = "read_at"


@admin.register(TaskRead)
class TaskReadAdmin(ReadOnlyAdmin):
    list_display = ("task", "user", "read_at")
    list_select_related = ("task", "user")
    search_fields = ("task__msg_name", "user__login_name", "user__nickname")
    date_hierarchy = "read_at"
