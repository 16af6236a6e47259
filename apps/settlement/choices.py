"""Choices and constants of the settlement between stores (issue 30; decision 0051)."""

from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _


class SettlementKind(models.TextChoices):
    """What a clearing entry is for. A rule is set per kind; an entry always carries one of them,
    a refund's reversal the kind of what it reverses."""

    STORED_VALUE_SERVICE = "storedValueService", _("stored value spent on services in another store")
    STORED_VALUE_PRODUCT = "storedValueProduct", _("stored value spent on products in another store")
    PACKAGE_SESSION = "packageSession", _("package sessions served in another store")
    TOP_UP = "topUp", _("a card topped up in another store")
    MOVED_CARD = "movedCard", _("card value moved to another store")
    GOODS_LOAN = "goodsLoan", _("goods lent to another store")
    ADJUSTMENT = "adjustment", _("adjustment of a disputed statement")


# The kinds head office sets a rule for (an adjustment is the amount the dispute's decision gives).
RULE_KINDS = tuple(kind for kind in SettlementKind if kind != SettlementKind.ADJUSTMENT)

# The rule each kind starts with (migration 0001 writes them from 2000-01-01): the served store gets
# 80% of what a service was paid with and the whole of goods, the card's store keeps the rest for
# having sold the card; a top-up taken elsewhere, a card moved and goods lent move whole; the gift
# part of a stored-value card is worth nothing between stores unless head office says otherwise.
DEFAULT_SHARES: dict[str, tuple[Decimal, Decimal]] = {
    SettlementKind.STORED_VALUE_SERVICE: (Decimal("80"), Decimal("0")),
    SettlementKind.STORED_VALUE_PRODUCT: (Decimal("100"), Decimal("0")),
    SettlementKind.PACKAGE_SESSION: (Decimal("80"), Decimal("0")),
    SettlementKind.TOP_UP: (Decimal("100"), Decimal("0")),
    SettlementKind.MOVED_CARD: (Decimal("100"), Decimal("0")),
    SettlementKind.GOODS_LOAN: (Decimal("100"), Decimal("0")),
}


class StatementStatus(models.TextChoices):
    """open: made, nobody confirmed; confirmed: one of the two stores did; locked: both did, or head
    office; paid: its month's settlement was paid."""

    OPEN = "open", _("open")
    CONFIRMED = "confirmed", _("confirmed by one store")
    LOCKED = "locked", _("locked")
    PAID = "paid", _("paid")


class MonthStatus(models.TextChoices):
    DUE = "due", _("due")
    PAID = "paid", _("paid")


class AuditAction(models.TextChoices):
    RULE_VERSION_CREATED = "settlement.rule_version_created", _("started a new version of a settlement rule")
    STATEMENTS_MADE = "settlement.statements_made", _("made a day's settlement statements")
    STATEMENT_CONFIRMED = "settlement.statement_confirmed", _("confirmed a settlement statement")
    STATEMENT_LOCKED = "settlement.statement_locked", _("locked a settlement statement")
    STATEMENT_DISPUTED = "settlement.statement_disputed", _("disputed a settlement statement")
    DISPUTE_SETTLED = "settlement.dispute_settled", _("settled a dispute of a settlement statement")
    MONTH_ROLLED_UP = "settlement.month_rolled_up", _("rolled a month's statements up for payment")
    MONTH_PAID = "settlement.month_paid", _("marked a month's settlement paid")


# Shares and ratios are percentages, to two places.
PERCENT_DIGITS = 5
NOTE_MAX_LENGTH = 200
REFERENCE_MAX_LENGTH = 64
ORDER_NO_MAX_LENGTH = 40
# The approval centre's kind of a dispute and its subject type.
DISPUTE_KIND = "settlement-dispute"
DISPUTE_SUBJECT = "settlementStatement"
# The first key of the advisory lock that makes a day's statements once (the second is 0).
LOCK_SPACE = 30_0101
