from django.db import models
from django.utils.translation import gettext_lazy as _


class OrgUnitKind(models.TextChoices):
    HEAD_OFFICE = "head_office", _("head office")
    REGION = "region", _("region")
    STORE = "store", _("store")
