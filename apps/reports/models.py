"""The download centre's jobs (issue 29 §5): one export of one report with its filters, made by a
Celery task into a file kept for settings.EXPORT_KEEP_HOURS, then deleted (the job stays, expired)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.model_fields import created_at_field, user_field
from apps.reports.choices import ExportStatus

# The summaries the reports read (apps.reports.summaries), known to Django through this module.
from apps.reports.summaries.models import (
    CategoryDaySummary,
    DirtyStoreDay,
    MemberVisitDay,
    MemberVisitSummary,
    MonthVisitorDay,
    ProductDaySummary,
    StaffCategoryDaySummary,
    StaffDaySummary,
    StaffKindDaySummary,
    StoreDaySummary,
    SummaryFreshness,
    TenderDaySummary,
)

__all__ = [
    "CategoryDaySummary",
    "DirtyStoreDay",
    "ExportJob",
    "MemberVisitDay",
    "MemberVisitSummary",
    "MonthVisitorDay",
    "ProductDaySummary",
    "StaffCategoryDaySummary",
    "StaffDaySummary",
    "StaffKindDaySummary",
    "StoreDaySummary",
    "SummaryFreshness",
    "TenderDaySummary",
]


class ExportJob(models.Model):
    requester = user_field(_("requester"), null=False, on_delete=models.CASCADE)
    # The level the requester acted at: head office above it sees the job in its download centre.
    hier = models.ForeignKey("org.OrgUnit", verbose_name=_("level"), on_delete=models.PROTECT, related_name="+")
    report_key = models.CharField(_("report"), max_length=64)
    # A list's immediate export that was too large (apps.reports.list_exports): the view's URL name,
    # the export's name as the requester read it, and the request's Idempotency-Key. `filters` then
    # holds the path, query parameters and role entry the task runs the view again with.
    url_name = models.CharField(_("list export"), max_length=100, blank=True)
    title = models.CharField(_("title"), max_length=200, blank=True)
    idempotency_key = models.CharField(_("idempotency key"), max_length=64, blank=True)
    filters = models.JSONField(_("filters"), default=dict)
    # The file's headers are in the language the requester asked in.
    language = models.CharField(_("language"), max_length=16, default="zh-hans")
    status = models.CharField(_("status"), max_length=16, choices=ExportStatus.choices, default=ExportStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(_("progress"), default=0)
    rows = models.PositiveIntegerField(_("rows"), default=0)
    file = models.FileField(_("file"), upload_to="exports/%Y/%m/", blank=True)
    created_at = created_at_field()
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    error_message = models.CharField(_("error"), max_length=500, blank=True)

    class Meta:
        verbose_name = _("export job")
        verbose_name_plural = _("export jobs")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["requester", "-created_at"], name="export_job_requester"),
            models.Index(fields=["status", "expires_at"], name="export_job_expiry"),
        ]
        constraints = [
            models.CheckConstraint(condition=models.Q(progress__lte=100), name="export_job_progress_100"),
            models.UniqueConstraint(
                fields=["requester", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="export_job_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.report_key} #{self.pk}"
