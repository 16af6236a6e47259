"""Choices and constants of the reports."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditAction(models.TextChoices):
    SUMMARIES_CORRECTED = "reports.summaries_corrected", _("found and corrected report figures unlike the ledgers")


# The system text of the task the nightly check raises (apps.reports.summaries.services).
SUMMARY_DIFFERENCE_TEXT = "reports.summary_difference"
