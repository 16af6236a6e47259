"""The system log (page /sysLog, CZRZ-0001): one append-only row per thing that happened."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.append_only import AppendOnlyModel


class SystemLog(AppendOnlyModel):
    """Who (and in which role and store) did what to which object, from where, when.

    Names are copied, not only referenced, so the record still reads right after a user, role or
    store is renamed or removed. A trigger refuses UPDATE and DELETE as well.
    """

    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    login_name = models.CharField(_("account"), max_length=64, blank=True)
    role_name = models.CharField(_("role"), max_length=100, blank=True)
    store_id = models.BigIntegerField(_("store id"), null=True, blank=True, db_index=True)
    store_name = models.CharField(_("store"), max_length=100, blank=True)
    action = models.CharField(_("action"), max_length=64, db_index=True)
    object_type = models.CharField(_("object type"), max_length=64, blank=True)
    object_id = models.CharField(_("object id"), max_length=64, blank=True)
    object_repr = models.CharField(_("object"), max_length=200, blank=True)
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    ip_address = models.GenericIPAddressField(_("IP address"), null=True, blank=True)

    class Meta:
        verbose_name = _("system log entry")
        verbose_name_plural = _("system log")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["store_id", "-created_at"]), models.Index(fields=["object_type", "object_id"])]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.login_name} {self.action} {self.object_repr}"


class IdempotentAnswer(models.Model):
    """The answer a command gave to an `Idempotency-Key` (contract §8): the same key from the same
    user with the same request gets it again instead of a second run. Kept for a day
    (apps.core.tasks.forget_idempotent_answers)."""

    user_id = models.BigIntegerField(_("user id"))
    key = models.CharField(_("idempotency key"), max_length=64)
    fingerprint = models.CharField(_("request fingerprint"), max_length=64)
    status = models.PositiveSmallIntegerField(_("status"))
    message = models.CharField(_("message"), max_length=200, blank=True)
    data = models.JSONField(_("data"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("idempotent answer")
        verbose_name_plural = _("idempotent answers")
        constraints = [models.UniqueConstraint(fields=["user_id", "key"], name="idempotent_answer_user_key")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.key}"


class ClosedDay(models.Model):
    """A store's business day that is closed (daily closing, docs/decisions/0012-closed-days.md).

    Billing's daily closing writes the row when it closes a day and deletes it when an owner reopens
    the day; the closing itself (figures, who, when, the reopening) is billing's DailyClosing. The row
    lives on this floor so every app that moves money (cards, members, billing) can refuse a change
    dated in a closed day without importing billing, and so the PostgreSQL triggers of their ledger
    tables can read it (apps.core.business_days)."""

    store_id = models.BigIntegerField(_("store id"))
    date = models.DateField(_("business day"))
    closed_at = models.DateTimeField(_("closed at"), auto_now_add=True)

    class Meta:
        verbose_name = _("closed business day")
        verbose_name_plural = _("closed business days")
        constraints = [models.UniqueConstraint(fields=["store_id", "date"], name="closed_day_once")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.date}"
