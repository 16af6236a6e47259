from django.db import models
from django.utils.translation import gettext_lazy as _


class OrgUnitKind(models.TextChoices):
    HEAD_OFFICE = "head_office", _("head office")
    REGION = "region", _("region")
    STORE = "store", _("store")


class StoreStatus(models.TextChoices):
    OPEN = "open", _("open")
    CLOSED = "closed", _("closed")


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
    STORE_UPDATED = "org.store_updated", _("changed a store's information")
    EMPLOYEE_CREATED = "org.employee_created", _("added an employee")
    EMPLOYEE_UPDATED = "org.employee_updated", _("changed an employee")
    EMPLOYEE_LEFT = "org.employee_left", _("recorded an employee leaving")
    DURATION_SAVED = "org.duration_saved", _("saved a service duration")
    DURATION_CLOSED = "org.duration_closed", _("closed a service duration")


EMPLOYEE_NAME_MAX_LENGTH = 20
STORE_PHONE_MAX_LENGTH = 20
DURATION_MAX_MINUTES = 600
# Fields a store's information must have before it counts as complete (findErpByIdCheck).
STORE_REQUIRED_FIELDS = (
    "name",
    "provinceCode",
    "cityCode",
    "districtCode",
    "address",
    "phone",
    "openTime",
    "closeTime",
)
