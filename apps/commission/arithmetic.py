"""The commission's arithmetic, pure (no database): tiers, the two tier modes, and how a group's
commission is shared among its lines. Exact rational arithmetic (Fraction) until the one rounding to
cents, half up (away from zero, as Decimal's ROUND_HALF_UP), so the lines of a group add up to the
group's commission to the cent and no intermediate rounding moves a tier.

- `whole`: the month's total reaches a tier; the whole month is paid at that tier's rate.
- `above`: marginal; each tier's rate applies only to the part of the month's total within its band.
- A negative or zero total (refunds beyond the month's sales) stays in the first tier.
- One employee's month of one kind may fall under several versions of a plan (a version from the
  15th): the tier is reached on the whole month's total, and each version pays its lines at its own
  effective rate on that total (its percentage commission on the total, divided by the total)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import pairwise

from apps.commission.choices import TierMode

HUNDRED = Fraction(100)
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Tier:
    from_amount: Decimal  # the month's total from which the tier holds
    rate: Decimal  # percent of the earned amount


@dataclass(frozen=True)
class Scheme:
    """What a plan version pays: its tiers (the first from 0, ascending), their mode, and a fixed
    amount per session served."""

    mode: str
    tiers: tuple[Tier, ...]
    per_session: Decimal = Decimal("0")

    def __post_init__(self) -> None:
        if not self.tiers or self.tiers[0].from_amount != 0:
            raise ValueError("a scheme's first tier starts at 0")
        if any(b.from_amount <= a.from_amount for a, b in pairwise(self.tiers)):
            raise ValueError("a scheme's tiers ascend")


def round_half_up(value: Fraction | Decimal) -> Decimal:
    """To cents, half away from zero."""
    return _cents(*value.as_integer_ratio())


def _cents(numerator: int, denominator: int) -> Decimal:
    """numerator / denominator to cents, half away from zero, in integers: floor(|n/d| + 1/2) is
    (2|n| + d) // 2d, exact, and a tenth of Fraction arithmetic's time (a month's commission report
    rounds each of a store's thousand credits twice)."""
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    hundredths = numerator * 100
    magnitude = (2 * abs(hundredths) + denominator) // (2 * denominator)
    return Decimal(magnitude if hundredths >= 0 else -magnitude).scaleb(-2)


def tier_reached(scheme: Scheme, total: Decimal) -> Tier:
    """The highest tier whose threshold the total reaches; the first for a total below every one."""
    reached = scheme.tiers[0]
    for tier in scheme.tiers:
        if total >= tier.from_amount:
            reached = tier
    return reached


def percent_commission(scheme: Scheme, total: Decimal) -> Fraction:
    """The percentage commission on the month's total, unrounded."""
    exact = Fraction(total)
    if total <= 0 or scheme.mode == TierMode.WHOLE:
        return exact * Fraction(tier_reached(scheme, total).rate) / HUNDRED
    paid = Fraction(0)
    for index, tier in enumerate(scheme.tiers):
        low = Fraction(tier.from_amount)
        if exact <= low:
            break
        high = Fraction(scheme.tiers[index + 1].from_amount) if index + 1 < len(scheme.tiers) else exact
        paid += (min(exact, high) - low) * Fraction(tier.rate) / HUNDRED
    return paid


def effective_rate(scheme: Scheme, total: Decimal) -> Fraction:
    """The fraction of each earned yuan the scheme pays at this month's total (the tier's rate in
    `whole` mode, the blended marginal rate in `above` mode); the first tier's at a total of 0."""
    if total == 0:
        return Fraction(scheme.tiers[0].rate) / HUNDRED
    return percent_commission(scheme, total) / Fraction(total)


def session_count(qty: int | Decimal, amount: Decimal, line_base: Decimal) -> Decimal:
    """The sessions a credit stands for: its line's sessions in the proportion of the credit to what
    the line credited in all (a share of the line, its part paid from stored value, or the refunded
    part of it), to 2 places."""
    if line_base == 0:
        return Decimal("0.00")
    qty_n, qty_d = qty.as_integer_ratio()
    amount_n, amount_d = amount.as_integer_ratio()
    base_n, base_d = line_base.as_integer_ratio()
    return _cents(qty_n * amount_n * base_d, qty_d * amount_d * base_n)


@dataclass(frozen=True)
class Entry:
    """One credit as the arithmetic sees it: its amount and the sessions it stands for."""

    amount: Decimal
    sessions: Decimal


def line_commissions(scheme: Scheme, month_total: Decimal, entries: Sequence[Entry]) -> list[Decimal]:
    """Each entry's commission under one scheme, the tier reached on `month_total` (the employee's
    month of this kind, every version's lines). Each line's exact value is its amount at the
    effective rate plus its sessions at the fixed amount; the lines are rounded so that their running
    sum is the running exact sum rounded, hence they add up to the group's rounded commission."""
    rate = effective_rate(scheme, month_total)
    per_session = Fraction(scheme.per_session)
    shares: list[Decimal] = []
    running = Fraction(0)
    given = Decimal("0.00")
    for entry in entries:
        running += Fraction(entry.amount) * rate + Fraction(entry.sessions) * per_session
        rounded = round_half_up(running)
        shares.append(rounded - given)
        given = rounded
    return shares


def earned_and_clawed_back(
    scheme: Scheme, month_total: Decimal, earned: Entry, clawed_back: Entry
) -> tuple[Decimal, Decimal]:
    """A group's commission on what it earned and what refunds clawed back from it, as its lines
    add up when the earned lines are shared out first (apps.commission.figures.compute_lines): the
    earned part is its exact value rounded once, the clawback the group's rounded commission less
    that. So a group's figures follow from its sums alone (a year of a chain is summed, not read
    credit by credit)."""
    flat = _flat_rate(scheme, month_total)
    if flat is not None:
        # Decimal's products and its division by 100 are exact here (amounts of 12 digits, rates of
        # 5): the same values as the Fractions below, at a tenth of their cost.
        earned_exact = earned.amount * flat / 100 + earned.sessions * scheme.per_session
        clawed_back_exact = clawed_back.amount * flat / 100 + clawed_back.sessions * scheme.per_session
        earned_paid = earned_exact.quantize(CENT, ROUND_HALF_UP)
        return earned_paid, (earned_exact + clawed_back_exact).quantize(CENT, ROUND_HALF_UP) - earned_paid
    rate = effective_rate(scheme, month_total)
    earned_n, earned_d = _worth(earned, rate, scheme.per_session)
    clawed_n, clawed_d = _worth(clawed_back, rate, scheme.per_session)
    earned_paid = _cents(earned_n, earned_d)
    return earned_paid, _cents(earned_n * clawed_d + clawed_n * earned_d, earned_d * clawed_d) - earned_paid


def _flat_rate(scheme: Scheme, month_total: Decimal) -> Decimal | None:
    """The one percentage the whole month is paid at, when there is one: `whole` mode, or a total
    within the first band (or at most 0) in `above` mode; None when bands blend."""
    if scheme.mode == TierMode.WHOLE or month_total <= 0:
        return tier_reached(scheme, month_total).rate
    if len(scheme.tiers) == 1 or month_total <= scheme.tiers[1].from_amount:
        return scheme.tiers[0].rate
    return None


def _worth(entry: Entry, rate: Fraction, per_session: Decimal) -> tuple[int, int]:
    """An entry's exact commission as numerator and denominator: amount × rate + sessions × the
    fixed amount, in integers (a chain's year prices thousands of groups; Fraction's own arithmetic
    normalises at every step)."""
    amount_n, amount_d = entry.amount.as_integer_ratio()
    sessions_n, sessions_d = entry.sessions.as_integer_ratio()
    per_n, per_d = per_session.as_integer_ratio()
    rate_n, rate_d = rate.numerator, rate.denominator
    return (
        amount_n * rate_n * sessions_d * per_d + sessions_n * per_n * amount_d * rate_d,
        amount_d * rate_d * sessions_d * per_d,
    )


def group_commission(scheme: Scheme, month_total: Decimal, entries: Sequence[Entry]) -> Decimal:
    """What a group of lines earns in all, rounded once."""
    rate = effective_rate(scheme, month_total)
    exact = sum(
        (Fraction(e.amount) * rate + Fraction(e.sessions) * Fraction(scheme.per_session) for e in entries),
        Fraction(0),
    )
    return round_half_up(exact)
