"""Fixed values of the members area (spec §2.4, §5, §9) and its system-log actions."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.core.bounds import MONEY_ORDER, POINTS, SESSIONS

MEMBER_NAME_MAX_LENGTH = 20  # spec §9: name and member code max 20
MEMBER_CODE_MAX_LENGTH = 20
CARD_NO_MAX_LENGTH = 20
PHONE_MAX_LENGTH = 11
REMARK_MAX_LENGTH = 200
POINTS_REASON_MAX_LENGTH = 100
POINTS_CHANGE_LIMIT = int(POINTS.high)
# The balance column is PostgreSQL's integer; a ceiling well inside it keeps every sum representable.
POINTS_BALANCE_LIMIT = 1_000_000_000
SEARCH_RESULT_LIMIT = 50
FUZZY_NAME_MIN_LENGTH = 2
FUZZY_PHONE_MIN_DIGITS = 4
OLDEST_BIRTHDAY_YEARS = 120
ANONYMISED_NAME = "已注销会员"


class MemberAreaCode(models.TextChoices):
    """Spec §2.4 and §9: the phone's area code."""

    MAINLAND = "0086", "0086"
    HONG_KONG = "00852", "00852"
    MACAO = "00853", "00853"


class SearchType(models.IntegerChoices):
    """Spec §4: 2 when the phone is a whole mainland mobile, otherwise 1."""

    GENERAL = 1, _("name, code or phone")
    MOBILE = 2, _("whole mobile number")


class MemberStatus(models.TextChoices):
    ACTIVE = "active", _("active")
    # A closed member file is 注销; a cancelled reservation is 取消 (docs/glossary.md).
    CANCELLED = "cancelled", pgettext_lazy("member file", "cancelled")


class PointsKind(models.TextChoices):
    ADJUST = "adjust", _("manual adjustment")
    CANCELLATION = "cancellation", _("cleared on cancellation")
    EARN = "earn", _("earned on an order")
    SPEND = "spend", _("paid an order")
    REFUND = "refund", _("returned by a refund")
    REFUND_OUT = "refundOut", _("taken back by a refund")
    # A duplicate member file merged into the person's kept file (cards' asset transfer).
    MERGE_OUT = "mergeOut", _("moved to the kept member file")
    MERGE_IN = "mergeIn", _("moved from a merged member file")


class CancellationStatus(models.TextChoices):
    PENDING = "pending", _("pending")
    APPROVED = "approved", _("approved")
    REJECTED = "rejected", _("rejected")


class AuditAction(models.TextChoices):
    MEMBER_CREATED = "member.created", _("created a member")
    MEMBER_UPDATED = "member.updated", _("edited a member")
    PHONE_VIEWED = "member.phone_viewed", _("viewed a member's whole phone")
    PHONE_VIEWS_ALERTED = "member.phone_views_alerted", _("told the owner of many whole phones viewed")
    POINTS_ADJUSTED = "member.points_adjusted", _("adjusted a member's points")
    CANCELLATION_REQUESTED = "member.cancellation_requested", _("requested a member's cancellation")
    CANCELLATION_DECIDED = "member.cancellation_decided", _("decided a member's cancellation")
    MEMBER_ANONYMISED = "member.anonymised", _("anonymised a cancelled member")
    EXAMINATION_ADDED = "member.examination_added", _("recorded a scalp and hair examination")
    EXAMINATION_CORRECTED = "member.examination_corrected", _("corrected a scalp and hair examination")


# --- scalp and hair examinations (/examiningDetail, decision 0022) ---------------------------------

EXAMINATION_TEXT_MAX_LENGTH = 500  # notes and the recommendation
EXAMINATION_PHOTOS_MAX = 6  # photos one examination keeps
EXAMINATION_PHOTO_MAX_BYTES = 5 * 1024 * 1024
# The image kinds a photo may be, by the bytes it starts with (a name or a declared type can lie).
EXAMINATION_PHOTO_KINDS = {"image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp"}


class ScalpType(models.TextChoices):
    DRY = "dry", pgettext_lazy("scalp", "dry")
    NORMAL = "normal", pgettext_lazy("scalp", "normal")
    OILY = "oily", pgettext_lazy("scalp", "oily")
    COMBINATION = "combination", pgettext_lazy("scalp", "combination")


class Degree(models.TextChoices):
    """How much of a finding (oiliness, sensitivity, dandruff, hair loss) the examiner saw."""

    NONE = "none", pgettext_lazy("finding", "none")
    MILD = "mild", pgettext_lazy("finding", "mild")
    MODERATE = "moderate", pgettext_lazy("finding", "moderate")
    SEVERE = "severe", pgettext_lazy("finding", "severe")


class HairDensity(models.TextChoices):
    SPARSE = "sparse", pgettext_lazy("hair density", "sparse")
    MEDIUM = "medium", pgettext_lazy("hair density", "medium")
    DENSE = "dense", pgettext_lazy("hair density", "dense")


class HairThickness(models.TextChoices):
    FINE = "fine", pgettext_lazy("hair thickness", "fine")
    MEDIUM = "medium", pgettext_lazy("hair thickness", "medium")
    COARSE = "coarse", pgettext_lazy("hair thickness", "coarse")


# Member move-in (会员迁入, issue 17 §2): a store takes over members of another store or brand with
# what they still hold; approving it opens their new cards (apps.cards.move_in).
MOVE_IN_APPROVAL_KIND = "member-move-in"
MOVE_IN_SUBJECT_TYPE = "moveIn"
MOVE_IN_SOURCE_MAX_LENGTH = 60
MOVE_IN_CARD_NAME_MAX_LENGTH = 60
MOVE_IN_CARD_NO_MAX_LENGTH = 40
MOVE_IN_MAX_LINES = 20
MOVE_IN_MAX_SESSION_PROJECTS = 20
# An old card's sessions and remaining balance: the realistic bounds of apps.core.bounds (the form and
# the Excel import alike).
MOVE_IN_MAX_SESSIONS = int(SESSIONS.high)
MOVE_IN_MAX_BALANCE = MONEY_ORDER.high
# Attachments: photos of the old card or the contract, JPEG, PNG or PDF of at most 5 MB, 10 a move-in.
MOVE_IN_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024
MOVE_IN_MAX_ATTACHMENTS = 10
MOVE_IN_ATTACHMENT_NAME_MAX_LENGTH = 100
# An Excel import of move-ins: one row per old card (a package card's projects on rows of their own).
MOVE_IN_IMPORT_MAX_ROWS = 2000
MOVE_IN_IMPORT_MAX_BYTES = 5 * 1024 * 1024
# The old-card coefficient: what share of an old stored-value card's remaining balance the new card gets.
MOVE_IN_COEFFICIENT_DIGITS = 5
MOVE_IN_COEFFICIENT_PLACES = 4


class MoveInStatus(models.TextChoices):
    """A move-in is edited as a draft, committed for approval, then approved (the cards opened) or
    rejected (sent back: edited and committed again)."""

    DRAFT = "draft", _("draft")
    SUBMITTED = "submitted", _("waiting for approval")
    APPROVED = "approved", _("approved")
    REJECTED = "rejected", _("rejected")


MOVE_IN_EDITABLE = (MoveInStatus.DRAFT, MoveInStatus.REJECTED)


class MoveInAuditAction(models.TextChoices):
    SAVED = "member.move_in_saved", _("saved a member move-in")
    DELETED = "member.move_in_deleted", _("deleted a member move-in")
    COMMITTED = "member.move_in_committed", _("sent a member move-in for approval")
    APPROVED = "member.move_in_approved", _("opened the cards of an approved member move-in")
    SENT_BACK = "member.move_in_sent_back", _("a member move-in was sent back")
    ATTACHMENT_ADDED = "member.move_in_attachment_added", _("attached a file to a member move-in")
    ATTACHMENT_DELETED = "member.move_in_attachment_deleted", _("removed a file from a member move-in")
    IMPORTED = "member.move_in_imported", _("imported member move-ins from Excel")
