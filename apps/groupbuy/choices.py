"""Choices and limits of group-buy write-off (issue 16; spec §3, §4, §5)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class WriteOffStatus(models.TextChoices):
    """A write-off is pending while the platform's word on its consume is not known, done once the
    platform consumed the code, failed when the platform said no (nothing consumed), cancelling while a
    cancellation is with the platform, cancelled once the platform undid it (and the order with it)."""

    PENDING = "pending", _("waiting for the platform")
    DONE = "done", _("written off")
    FAILED = "failed", _("refused by the platform")
    CANCELLING = "cancelling", _("being cancelled")
    CANCELLED = "cancelled", _("cancelled")


# The statuses that hold a code: a code is written off once per platform while in one of them.
HOLDING_STATUSES = (WriteOffStatus.PENDING, WriteOffStatus.DONE, WriteOffStatus.CANCELLING)


class CommodityType(models.TextChoices):
    """What a coupon buys (the write-off form's `commodityType`): a project, a project package or a card."""

    PROJECT = "project", _("project")
    PACKAGE = "package", _("project package")
    CARD = "card", _("card")


class AuditAction(models.TextChoices):
    WRITTEN_OFF = "groupbuy.written_off", _("wrote off a group-buy coupon")
    WRITE_OFF_REFUSED = "groupbuy.write_off_refused", _("a group-buy platform refused a coupon")
    WRITE_OFF_MISMATCHED = (
        "groupbuy.write_off_mismatched",
        _("a group-buy platform wrote a coupon off for another deal or price than it offered"),
    )
    SERVED = "groupbuy.served", _("served a group-buy write-off")
    CANCELLED = "groupbuy.cancelled", _("cancelled a group-buy write-off")
    FREQUENCY_CONFIRMED = "groupbuy.frequency_confirmed", _("confirmed a phone's write-off frequency")


CODE_MAX_LENGTH = 64
CANCEL_REASON_MAX_LENGTH = 200
