"""Choices and constants of the cards a member holds (issue 13 §1, contract §8)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.catalog.choices import CardKind

__all__ = ["AuditAction", "CardKind", "CardStatus", "EntryKind"]


class CardStatus(models.TextChoices):
    """Expiry is not a status: a card past its `expires_on` is expired whatever its status says."""

    ACTIVE = "active", _("active")
    FROZEN = "frozen", _("frozen")
    TRANSFERRED = "transferred", _("transferred")
    CLOSED = "closed", _("closed")


class EntryKind(models.TextChoices):
    """What a ledger entry records. Each kind moves value one way; a refund or transfer has its own
    kind, never a negative sale."""

    SALE = "sale", _("card sold")
    TOP_UP = "topUp", _("top-up")
    SPEND = "spend", _("spent on an order")
    SESSIONS_USED = "sessionsUsed", _("sessions used")
    REFUND = "refund", _("returned by a refund")
    TRANSFER_OUT = "transferOut", _("transferred out")
    TRANSFER_IN = "transferIn", _("transferred in")
    DELAY = "delay", _("validity extended")


class AuditAction(models.TextChoices):
    CARD_ISSUED = "cards.issued", _("issued a card")
    CARD_TOPPED_UP = "cards.topped_up", _("topped up a card")
    CARD_DELAYED = "cards.delayed", _("extended a card's validity")


# A card's number: the kind's letter and the card's id, so it is unique without a second counter.
CARD_NO_PREFIX = {CardKind.STORED_VALUE: "V", CardKind.PACKAGE: "P"}
CARD_NO_DIGITS = 9
