"""Choices and limits of evaluations (issue 29 §4)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

SCORE_MIN = 1
SCORE_MAX = 5
COMMENT_MAX_LENGTH = 500
# A score at or above this is a satisfied visit (the satisfaction rate's numerator).
SATISFIED_FROM = 4


class Channel(models.TextChoices):
    """How an evaluation came in: the member through the receipt's signed link, or the front desk."""

    LINK = "link", _("evaluation link")
    FRONT_DESK = "frontDesk", _("front desk")


class AuditAction(models.TextChoices):
    RECORDED = "evaluations.recorded", _("recorded a member's evaluation of a visit")
