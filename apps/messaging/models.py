"""Messages from head office (with forced notices) and store tasks, each with per-user read state
(spec §3 Message and Task summary, §4 forced notice and message count, §7.1, §7.9)."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.model_fields import created_at_field, updated_at_field, user_field
from apps.messaging.choices import MSG_NAME_MAX_LENGTH, TaskAudience, TaskType
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit


class MessageType(models.Model):
    """The kinds of message head office sends (findMsgType), maintained in the admin."""

    name = models.CharField(_("name"), max_length=50, unique=True)
    sort_order = models.PositiveSmallIntegerField(_("sort order"), default=0)

    class Meta:
        verbose_name = _("message type")
        verbose_name_plural = _("message types")
        ordering = ["sort_order", "id"]

    def __str__(self) -> str:
        return self.name


class MessageQuerySet(models.QuerySet["Message"]):
    def published(self) -> MessageQuerySet:
        return self.filter(published=True)

    def addressed_to(self, unit: OrgUnit) -> MessageQuerySet:
        """Messages addressed to `unit` or to any level above it (its path holds their ids)."""
        through = Message.audience.through.objects.filter(orgunit_id__in=ancestor_ids(unit))
        return self.filter(pk__in=through.values("message_id"))

    def due(self, now: datetime) -> MessageQuerySet:
        return self.filter(published=False, publish_at__isnull=False, publish_at__lte=now)


def ancestor_ids(unit: OrgUnit) -> list[int]:
    """The unit and every level above it, from the materialised path ("/1/4/9/" -> [1, 4, 9])."""
    return [int(part) for part in unit.path.strip("/").split("/") if part]


class Message(models.Model):
    """A message of head office to stores. Without `publish_at` it is a draft; it becomes visible
    when published (at once, or by the scheduler once `publish_at` has come). A mandatory message is
    the forced notice: it is shown until the user has read it, closable after `show_time` seconds."""

    msg_name = models.CharField(_("title"), max_length=MSG_NAME_MAX_LENGTH)
    type = models.ForeignKey(MessageType, verbose_name=_("type"), on_delete=models.PROTECT, related_name="messages")
    graphic_description = models.TextField(
        _("content"),
        blank=True,
        help_text=_("Rich text. Scripts, event handlers and unsafe links are removed on save."),
    )
    show_time = models.PositiveIntegerField(
        _("countdown (seconds)"), default=0, help_text=_("Seconds before a forced notice can be closed.")
    )
    mandatory = models.BooleanField(
        _("forced notice"), default=False, help_text=_("Shown on every page until the user has read it.")
    )
    publish_at = models.DateTimeField(
        _("publish at"), null=True, blank=True, help_text=_("Empty: a draft. Otherwise published at this time.")
    )
    published = models.BooleanField(_("published"), default=False, editable=False)
    push_time = models.DateTimeField(_("published at"), null=True, blank=True, editable=False)
    push_user_name = models.CharField(_("published by"), max_length=50, blank=True, editable=False)
    author = user_field(_("author"), editable=False)
    audience = models.ManyToManyField(
        OrgUnit,
        verbose_name=_("audience"),
        related_name="messages",
        help_text=_("Head office, regions or stores; a store sees messages to itself and to every level above it."),
    )
    insert_time = created_at_field()
    updated_at = updated_at_field()

    objects = MessageQuerySet.as_manager()

    class Meta:
        verbose_name = _("message")
        verbose_name_plural = _("messages")
        ordering = ["-push_time", "-id"]
        indexes = [
            models.Index(fields=["published", "-push_time"], name="message_published_newest"),
            models.Index(fields=["published", "publish_at"], name="message_due"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(published=False) | models.Q(push_time__isnull=False),
                name="message_published_has_push_time",
            ),
        ]

    def __str__(self) -> str:
        return self.msg_name


class MessageRead(models.Model):
    """A user has read a message (for a forced notice: acknowledged it after the countdown)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    message = models.ForeignKey(Message, verbose_name=_("message"), on_delete=models.CASCADE, related_name="reads")
    read_at = models.DateTimeField(_("read at"), default=timezone.now)

    class Meta:
        verbose_name = _("message read")
        verbose_name_plural = _("message reads")
        ordering = ["-read_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "message"], name="message_read_once_per_user")]

    def __str__(self) -> str:
        return f"{self.user_id} · {self.message_id}"


class Task(models.Model):
    """A notice to one store (spec §3 Task summary): an arrears or a payment notice. Billing creates
    them through apps.messaging.services.task_create; head office may add them in the admin."""

    store = models.ForeignKey(
        OrgUnit,
        verbose_name=_("store"),
        on_delete=models.PROTECT,
        related_name="tasks",
        limit_choices_to={"kind": OrgUnitKind.STORE},
    )
    type = models.PositiveSmallIntegerField(_("type"), choices=TaskType.choices)
    audience = models.CharField(_("audience"), max_length=8, choices=TaskAudience.choices, default=TaskAudience.STORE)
    msg_name = models.CharField(_("title"), max_length=MSG_NAME_MAX_LENGTH)
    content = models.TextField(_("content"), blank=True)
    # A task the system raised: the text's code and parameters (apps.messaging.system_texts), read in
    # the reader's language; msg_name and content keep it in the chain's language. Empty for a task
    # head office wrote, which reads as written.
    text_code = models.CharField(_("text code"), max_length=64, blank=True, editable=False)
    text_params = models.JSONField(_("text parameters"), default=dict, blank=True, editable=False)
    amount = models.DecimalField(_("amount"), max_digits=14, decimal_places=2, null=True, blank=True)
    due_date = models.DateField(_("due date"), null=True, blank=True)
    created_at = created_at_field()

    class Meta:
        verbose_name = _("task")
        verbose_name_plural = _("tasks")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["store", "-created_at"], name="task_store_newest")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(type__in=[choice.value for choice in TaskType]), name="task_type_valid"
            ),
            models.CheckConstraint(condition=models.Q(audience__in=TaskAudience.values), name="task_audience_valid"),
            models.CheckConstraint(
                condition=models.Q(amount__isnull=True) | models.Q(amount__gte=0), name="task_amount_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return self.msg_name


class TaskRead(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    task = models.ForeignKey(Task, verbose_name=_("task"), on_delete=models.CASCADE, related_name="reads")
    read_at = models.DateTimeField(_("read at"), default=timezone.now)

    class Meta:
        verbose_name = _("task read")
        verbose_name_plural = _("task reads")
        ordering = ["-read_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "task"], name="task_read_once_per_user")]

    def __str__(self) -> str:
        return f"{self.user_id} · {self.task_id}"
