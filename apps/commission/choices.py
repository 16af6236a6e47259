from django.db import models
from django.utils.translation import gettext_lazy as _


class TierMode(models.TextChoices):
    """How a plan's tiers apply to the month's total: part of the plan's version, never a choice made
    when the figures are read (issue 29 §3)."""

    WHOLE = "whole", _("the whole month at the tier reached")
    ABOVE = "above", _("each tier's rate only above its threshold")


class PeriodStatus(models.TextChoices):
    OPEN = "open", _("open")
    CLOSED = "closed", _("closed")


class AuditAction(models.TextChoices):
    PLAN_CREATED = "commission.plan_created", _("created a commission plan")
    PLAN_RENAMED = "commission.plan_renamed", _("renamed a commission plan")
    VERSION_CREATED = "commission.version_created", _("started a new version of a commission plan")
    PERIOD_CLOSED = "commission.period_closed", _("closed a commission period")


PLAN_NAME_MAX_LENGTH = 60
NOTE_MAX_LENGTH = 200
MAX_TIERS = 10
# A rate is a percentage of the line's earned amount, to two places.
RATE_DIGITS = 5
# The first key of the commission's advisory lock (the second is 0: one lock for the chain). Closing a
# period and starting a plan version take it, so a version cannot slip into a period while it closes.
LOCK_SPACE = 29_0301
