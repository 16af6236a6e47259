from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.bounds import MINUTES


class EmployeePosition(models.TextChoices):
    STORE_MANAGER = "store_manager", _("store manager")
    DEPUTY_MANAGER = "deputy_manager", _("deputy store manager")
    NURSE = "nurse", _("care therapist")
    FRONT_DESK = "front_desk", _("front desk")
    STYLIST = "stylist", _("hair stylist")
    TRAINEE = "trainee", _("trainee")


class SkillLevel(models.TextChoices):
    JUNIOR = "junior", _("junior")
    INTERMEDIATE = "intermediate", _("intermediate")
    SENIOR = "senior", _("senior")
    MASTER = "master", _("master")


class EmployeeStatus(models.TextChoices):
    ACTIVE = "active", _("active")
    LEFT = "left", _("left")


class AreaCode(models.TextChoices):
    """Phone area codes of staff: mainland 11-digit mobiles, Hong Kong and Macao 8-digit numbers."""

    MAINLAND = "86", _("mainland China (+86)")
    HONG_KONG = "852", _("Hong Kong (+852)")
    MACAO = "853", _("Macao (+853)")


class AuditAction(models.TextChoices):
    # The values keep the "org." prefix they were logged with before staff left org: the system log
    # is append-only, and one action keeps one name across its whole history.
    EMPLOYEE_CREATED = "org.employee_created", _("added an employee")
    EMPLOYEE_UPDATED = "org.employee_updated", _("changed an employee")
    EMPLOYEE_LEFT = "org.employee_left", _("recorded an employee leaving")
    DURATION_SAVED = "org.duration_saved", _("saved a service duration")
    DURATION_CLOSED = "org.duration_closed", _("closed a service duration")


EMPLOYEE_NAME_MAX_LENGTH = 20
DURATION_MAX_MINUTES = int(MINUTES.high)
