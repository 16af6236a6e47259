"""Choices and constants of the reports."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class ExportStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")
    EXPIRED = "expired", _("expired")


class AuditAction(models.TextChoices):
    """The system log's actions of the reports floor."""

    REPORT_EXPORT = "reports.export", _("export a report")
    SUMMARIES_CORRECTED = "reports.summaries_corrected", _("found and corrected report figures unlike the ledgers")


# The system text of the task the nightly check raises (apps.reports.summaries.services).
SUMMARY_DIFFERENCE_TEXT = "reports.summary_difference"
