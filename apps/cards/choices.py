"""Choices and constants of the cards a member holds (issue 13 §1, contract §8)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.catalog.choices import CardKind

__all__ = [
    "AssetTransferKind",
    "AssetTransferStatus",
    "AuditAction",
    "CardChangeKind",
    "CardKind",
    "CardStatus",
    "CouponStatus",
    "EntryKind",
    "LedgerRefusal",
    "TransferStatus",
]


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
    REFUND_OUT = "refundOut", _("taken back by a refund")
    TRANSFER_OUT = "transferOut", _("transferred out")
    TRANSFER_IN = "transferIn", _("transferred in")
    DELAY = "delay", _("validity extended")
    CARD_TO_CARD_OUT = "cardToCardOut", _("moved to another card")
    CARD_TO_CARD_IN = "cardToCardIn", _("moved from another card")
    CHANGE_OUT = "changeOut", _("changed to a new card")
    CHANGE_IN = "changeIn", _("changed from an old card")
    UPGRADE = "upgrade", _("upgraded to another card type")
    # An asset transfer (资产转移): the card leaves its store or member file, and arrives at the new one.
    ASSET_OUT = "assetOut", _("moved out by an asset transfer")
    ASSET_IN = "assetIn", _("moved in by an asset transfer")
    FREEZE = "freeze", _("card frozen")
    UNFREEZE = "unfreeze", _("card unfrozen")
    # The opening of a card taken over from another store or brand (member move-in): its value was
    # paid elsewhere, so it is neither a sale nor money at the till.
    MOVE_IN = "moveIn", _("moved in from another store or brand")


class AuditAction(models.TextChoices):
    CARD_ISSUED = "cards.issued", _("issued a card")
    CARD_TOPPED_UP = "cards.topped_up", _("topped up a card")
    CARD_DELAYED = "cards.delayed", _("extended a card's validity")
    TRANSFER_STARTED = "cards.transfer_started", _("started a card transfer")
    CARD_TRANSFERRED = "cards.transferred", _("transferred a card to another member")
    CARD_TO_CARD = "cards.card_to_card", _("moved balance between a member's cards")
    CARD_CHANGED = "cards.changed", _("changed a card to another card type")
    CARD_UPGRADED = "cards.upgraded", _("upgraded a card")
    CARD_FROZEN = "cards.frozen", _("froze a card")
    CARD_UNFROZEN = "cards.unfrozen", _("unfroze a card")
    COUPON_ISSUED = "cards.coupon_issued", _("issued a coupon")
    COUPON_USED = "cards.coupon_used", _("used a coupon")
    COUPON_RELEASED = "cards.coupon_released", _("released a coupon")
    CARD_CLOSED_BY_REFUND = "cards.closed_by_refund", _("closed a card its sale was refunded for")
    CARD_MOVED_IN = "cards.moved_in", _("opened a card of a member move-in")
    ASSET_TRANSFER_APPLIED = "cards.asset_transfer_applied", _("applied for an asset transfer")
    ASSET_TRANSFER_DONE = "cards.asset_transfer_done", _("carried out an asset transfer")
    ASSET_TRANSFER_CLOSED = "cards.asset_transfer_closed", _("closed an asset transfer without moving anything")
    TRANSFER_CANCELLED = "cards.transfer_cancelled", _("cancelled a card transfer its approval refused")


class AssetTransferKind(models.TextChoices):
    """What an asset transfer (资产转移) does: moves a member to another store of the chain with her
    cards, or merges a duplicate member file into the person's kept file."""

    STORE = "store", _("move to another store")
    MERGE = "merge", _("merge member files")


class AssetTransferStatus(models.TextChoices):
    """Follows its approval request: waiting, then done (approved and moved), rejected or withdrawn."""

    PENDING = "pending", _("waiting for approval")
    DONE = "done", _("done")
    REJECTED = "rejected", _("rejected")
    WITHDRAWN = "withdrawn", _("withdrawn")


class TransferStatus(models.TextChoices):
    """A transfer is started at the desk (the target member chosen), then committed or replaced."""

    PENDING = "pending", _("pending")
    COMMITTED = "committed", _("committed")
    CANCELLED = "cancelled", _("cancelled")


class CouponStatus(models.TextChoices):
    """`expired` is never stored: an available coupon past its `valid_to` is shown as expired, as a
    card past its date is (so nothing has to run at midnight to expire them)."""

    AVAILABLE = "available", _("available")
    USED = "used", _("used")
    EXPIRED = "expired", _("expired")
    VOID = "void", _("void")


# The approval centre's kind of an asset transfer and its subject type.
ASSET_TRANSFER_KIND = "asset-transfer"
ASSET_TRANSFER_SUBJECT = "assetTransfer"
ASSET_TRANSFER_REASON_MAX_LENGTH = 200

# The approval centre's kind of a card transfer waiting for the owner (store setting
# `card_transfer_approval`); its subject is the card.
CARD_TRANSFER_KIND = "card-transfer"
CARD_TRANSFER_SUBJECT = "card"

# A card's number: the kind's letter and the card's id, so it is unique without a second counter.
CARD_NO_PREFIX = {CardKind.STORED_VALUE: "V", CardKind.PACKAGE: "P"}
CARD_NO_DIGITS = 9
COUPON_NO_PREFIX = "Q"

# Old-card coefficients (换卡): a change never adds value, so a coefficient is above 0 and at most 1.
COEFFICIENT_DIGITS = 5
COEFFICIENT_PLACES = 4


class CardChangeKind(models.TextChoices):
    """What the card-change report (issue 29 §2, 卡变动报表) names a change of a card by: each is the
    ledger entry on the card the change starts from (its `out` entry), an asset transfer by what
    the transfer was."""

    TRANSFER = "transfer", _("transferred to another member")
    CHANGE = "change", _("changed to another card type")
    UPGRADE = "upgrade", _("upgraded")
    DELAY = "delay", _("validity extended")
    CARD_TO_CARD = "cardToCard", _("moved to another card")
    STORE_MOVE = "storeMove", _("moved to another store")
    MERGE = "merge", _("member files merged")


# The entry kinds a change of a card starts from (the card-change report's rows).
CARD_CHANGE_ENTRIES = {
    EntryKind.TRANSFER_OUT: CardChangeKind.TRANSFER,
    EntryKind.CHANGE_OUT: CardChangeKind.CHANGE,
    EntryKind.UPGRADE: CardChangeKind.UPGRADE,
    EntryKind.DELAY: CardChangeKind.DELAY,
    EntryKind.CARD_TO_CARD_OUT: CardChangeKind.CARD_TO_CARD,
}
# A card sold or topped up whose gift balance came with it (the gifts report).
CARD_GIFT_KINDS = (EntryKind.SALE, EntryKind.TOP_UP)


class LedgerRefusal(models.TextChoices):
    """Why a ledger function (migration cards 0013) wrote nothing: the codes it returns, which
    apps.cards.services turns into its domain errors and their translated messages."""

    NO_CARD = "notFound"
    NOT_USABLE = "notUsable"
    NOT_STORED_VALUE = "notStoredValue"
    BALANCE_SHORT = "balanceShort"
    NO_SESSIONS = "noSessions"
    SESSIONS_SHORT = "sessionsShort"
