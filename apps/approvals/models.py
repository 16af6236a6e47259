"""A request for approval: one row per thing that waits for someone's yes or no (issue 17 §1)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from apps.approvals.choices import (
    EXTERNAL_NO_MAX_LENGTH,
    KIND_MAX_LENGTH,
    REMARK_MAX_LENGTH,
    SUBJECT_MAX_LENGTH,
    ApprovalStatus,
)
from apps.core.model_fields import user_field


class ApprovalRequest(models.Model):
    """What is asked (`kind`, registered by the app that acts on it, and its `subject`), where, by whom,
    for how much, and how it was decided. `payload` holds what the kind's hook needs to act on an
    approval (the refund's lines, the transfer's cards); the approval centre shows it, never reads it.

    One request waits per subject and kind at a time (a partial unique index): asking twice for the
    same refund finds the request already waiting."""

    kind = models.CharField(_("kind"), max_length=KIND_MAX_LENGTH, db_index=True)
    store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="approval_requests"
    )
    applicant = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("applicant"), on_delete=models.PROTECT, related_name="+"
    )
    subject_type = models.CharField(_("subject type"), max_length=32)
    subject_id = models.CharField(_("subject id"), max_length=64, blank=True)
    subject = models.CharField(_("subject"), max_length=SUBJECT_MAX_LENGTH)
    amount = models.DecimalField(_("amount"), max_digits=12, decimal_places=2, null=True, blank=True)
    payload = models.JSONField(_("details"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=ApprovalStatus.choices, default=ApprovalStatus.PENDING
    )
    reason = models.CharField(_("reason"), max_length=REMARK_MAX_LENGTH, blank=True)
    decided_by = user_field(_("decided by"), on_delete=models.PROTECT)
    decided_by_name = models.CharField(_("decided by"), max_length=64, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    remark = models.CharField(_("remark"), max_length=REMARK_MAX_LENGTH, blank=True)
    # The number an outside approval system gave the request (WeCom's sp_no), when it was raised there.
    external_no = models.CharField(_("external approval number"), max_length=EXTERNAL_NO_MAX_LENGTH, blank=True)
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("approval request")
        verbose_name_plural = _("approval requests")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "subject_type", "subject_id"],
                condition=Q(status=ApprovalStatus.PENDING) & ~Q(subject_id=""),
                name="approvals_one_waiting_per_subject",
                violation_error_message=_("this request has already been decided"),
            ),
            models.UniqueConstraint(
                fields=["external_no"], condition=~Q(external_no=""), name="approvals_external_no_unique"
            ),
            models.CheckConstraint(
                condition=Q(status=ApprovalStatus.PENDING) | Q(decided_at__isnull=False),
                name="approvals_decided_has_time",
            ),
        ]
        indexes = [
            models.Index(fields=["store", "status", "-created_at"], name="approvals_store_status"),
            models.Index(fields=["applicant", "-created_at"], name="approvals_applicant"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} {self.subject}"
