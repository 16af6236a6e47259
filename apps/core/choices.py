"""Core's own entries in the system log: what head office does in the Django admin and the phone
fragment searches (apps.core.admin_audit, apps.core.api.phone_fragments). The values are the ones
the log has always kept: the log is append-only, so one action keeps one name."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditAction(models.TextChoices):
    ADMIN_ADDED = "admin.added", _("added a record in the admin")
    ADMIN_CHANGED = "admin.changed", _("changed a record in the admin")
    ADMIN_DELETED = "admin.deleted", _("deleted a record in the admin")
    ADMIN_LINES_CHANGED = "admin.lines_changed", _("changed a record's lines in the admin")
    PHONE_FRAGMENT_SEARCHED = "phone.fragment_searched", _("searched by part of a phone")
