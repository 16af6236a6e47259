from django.db import models
from django.utils.translation import gettext_lazy as _


class OrgUnitKind(models.TextChoices):
    HEAD_OFFICE = "head_office", _("head office")
    REGION = "region", _("region")
    STORE = "store", _("store")


class StoreStatus(models.TextChoices):
    OPEN = "open", _("open")
    CLOSED = "closed", _("closed")


class AuditAction(models.TextChoices):
    STORE_UPDATED = "org.store_updated", _("changed a store's information")


STORE_PHONE_MAX_LENGTH = 20
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
