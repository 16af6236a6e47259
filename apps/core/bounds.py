"""Realistic bounds of every quantity and amount a person types, by kind: one table (issue 25, item 9).

The columns behind these values hold far more (a stock quantity 10 digits, money 10), so without
this table a slip of the keyboard (9,999,999,999.999 units received) is a valid request. Each kind
says what a store can really mean; apps.core.fields.number() builds the request field of a kind, so
the serializer, its schema (minimum and maximum, or the digits of a decimal's pattern) and its message
come from here. A service keeps its own rule where the rule is the business's (a top-up above
100,000.00, a points change of 0), with the same numbers: app constants read them from this table.

frontend/src/lib/bounds.ts repeats the table for the forms; apps/core/tests/test_number_bounds.py
holds the two equal, and fails on any number a serializer reads that is not of a kind here (ids and
paging are listed there with their reason)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from apps.core.lazy_text import StrOrPromise


@dataclass(frozen=True)
class Bound:
    """A kind of number: `low` to `high` with `places` decimals (0: a whole number).
    The messages take `{low}` and `{high}`, written with thousands separators."""

    key: str
    low: Decimal
    high: Decimal
    places: int
    too_small: StrOrPromise
    too_big: StrOrPromise


def shown(value: Decimal | int) -> str:
    """A bound as the messages write it: thousands separated ("99,999", "100,000.00")."""
    return f"{value:,}"


# Units of stock on one line of a document (goods in and out, loans, goods orders, a count, safety
# stock), with up to 3 decimals (half a box, 0.25 of a bottle).
STOCK_UNITS = Bound(
    "stockUnits",
    Decimal("0"),
    Decimal("99999"),
    3,
    _("enter at least {low}"),
    _("at most {high} units"),
)
# Items on one order line (and what a refund gives back of it).
LINE_QTY = Bound("lineQty", Decimal("0"), Decimal("999"), 0, _("enter at least {low}"), _("at most {high} items"))
# Sessions of a project on a package card.
SESSIONS = Bound("sessions", Decimal("1"), Decimal("9999"), 0, _("enter at least {low}"), _("at most {high} sessions"))
# Money on one line: a top-up, an intention deposit, a line refunded, a card-to-card move, a price.
MONEY_LINE = Bound(
    "moneyLine",
    Decimal("0"),
    Decimal("100000.00"),
    2,
    _("the amount must be at least {low}"),
    _("the amount can be at most {high}"),
)
# Money of a whole order or day: a tender, a payment, the cash counted at closing, a card's balance
# moved in from another system, the store's refund approval amount.
MONEY_ORDER = Bound(
    "moneyOrder",
    Decimal("0"),
    Decimal("1000000.00"),
    2,
    _("the amount must be at least {low}"),
    _("the amount can be at most {high}"),
)
# A points change by hand, either way.
POINTS = Bound(
    "points",
    Decimal("-1000000"),
    Decimal("1000000"),
    0,
    _("at least {low} points"),
    _("at most {high} points"),
)
# A rate from 0 to 1: a staff share of a line, an old-card coefficient, a discount rate.
RATE = Bound(
    "rate",
    Decimal("0"),
    Decimal("1"),
    4,
    _("enter a rate from {low} to {high}"),
    _("enter a rate from {low} to {high}"),
)
# A percentage, to two places: a commission tier's rate of the earned amount.
PERCENT = Bound(
    "percent",
    Decimal("0"),
    Decimal("100"),
    2,
    _("enter a rate from {low} to {high}"),
    _("enter a rate from {low} to {high}"),
)
# Money of a staff member's month: the total from which a commission tier holds. Seven whole digits
# are more than a store's month takes; the column holds more.
MONEY_MONTH = Bound(
    "moneyMonth",
    Decimal("0"),
    Decimal("9999999.99"),
    2,
    _("the amount must be at least {low}"),
    _("the amount can be at most {high}"),
)
# A correction a store claims of a settlement statement between two stores: either way, up to a
# month of a busy pair.
MONEY_CORRECTION = Bound(
    "moneyCorrection",
    Decimal("-9999999.99"),
    Decimal("9999999.99"),
    2,
    _("the amount must be at least {low}"),
    _("the amount can be at most {high}"),
)
# Minutes of one service or booking.
MINUTES = Bound("minutes", Decimal("1"), Decimal("600"), 0, _("at least {low} minutes"), _("at most {high} minutes"))
# Seats or beds of a store, bookings a time period takes.
PLACES = Bound("places", Decimal("0"), Decimal("999"), 0, _("enter at least {low}"), _("enter at most {high}"))
# Coupons of one template given to a member at once.
COUPONS = Bound(
    "coupons",
    Decimal("1"),
    Decimal("20"),
    0,
    _("give {low} to {high} coupons at a time"),
    _("give {low} to {high} coupons at a time"),
)

TABLE: tuple[Bound, ...] = (
    STOCK_UNITS,
    LINE_QTY,
    SESSIONS,
    MONEY_LINE,
    MONEY_ORDER,
    POINTS,
    RATE,
    PERCENT,
    MONEY_MONTH,
    MONEY_CORRECTION,
    MINUTES,
    PLACES,
    COUPONS,
)
