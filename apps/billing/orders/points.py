"""Points as money at the till (issue 13 §2; rates in settings, docs/operations.md).

A member earns POINTS_EARNED_PER_YUAN points per whole yuan paid in money (cash; the payment
providers when they come): money that enters the business. Stored value earns nothing when it is
spent, because the cash that loaded the card already earned when the card was sold or topped up;
points paid earn nothing either. POINTS_PER_YUAN_PAID points pay one yuan."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

from django.conf import settings
from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput


def points_for_amount(amount: Decimal) -> int:
    """The points that pay `amount`; an amount the points cannot pay exactly is refused."""
    points = amount * settings.POINTS_PER_YUAN_PAID
    if points != points.to_integral_value():
        raise InvalidInput(
            _("points pay whole multiples of %(value)s yuan") % {"value": Decimal(1) / settings.POINTS_PER_YUAN_PAID},
            field="tenders",
        )
    return int(points)


def points_earned(money_paid: Decimal) -> int:
    """The points earned on `money_paid` (whole yuan only, rounded down)."""
    return int(money_paid.to_integral_value(rounding=ROUND_FLOOR)) * settings.POINTS_EARNED_PER_YUAN
