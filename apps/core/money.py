"""Money amounts (spec §9): Decimal throughout, rounded half up; money on the wire has 2 places."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation, localcontext
from typing import overload

WIRE_PLACES = Decimal("0.01")

# Precision high enough that rounding to cents never runs out of digits (the default 28 would
# refuse to quantize amounts past 10^26).
MONEY_CONTEXT = Context(prec=50, rounding=ROUND_HALF_UP)


def to_decimal(value: Decimal | int | str) -> Decimal:
    """Parses an amount; floats are refused because they cannot hold cents exactly."""
    if isinstance(value, float):
        raise TypeError("money must not be a float")
    try:
        return Decimal(str(value).strip().replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"not an amount: {value!r}") from None


def round_money(value: Decimal | int | str) -> Decimal:
    """An amount as stored and sent: 2 places, half up."""
    with localcontext(MONEY_CONTEXT):
        return to_decimal(value).quantize(WIRE_PLACES)


def money_to_wire(value: Decimal | int | str) -> str:
    return f"{round_money(value):.2f}"


# A set amount gives text: a row's type says None only where the amount may be missing.
@overload
def money_or_none_to_wire(value: Decimal | int | str) -> str: ...
@overload
def money_or_none_to_wire(value: Decimal | int | str | None) -> str | None: ...
def money_or_none_to_wire(value: Decimal | int | str | None) -> str | None:
    """An amount on the wire, or None where no amount is set (e.g. no own price)."""
    return None if value is None else money_to_wire(value)


def money_or_zero_to_wire(value: Decimal | int | str | None) -> str:
    """An amount on the wire where a missing one counts as 0 (e.g. the SUM of no rows)."""
    return money_to_wire(value or 0)


def to_cents(value: Decimal | int | str) -> int:
    """An amount as the integer cents payment providers count in, rounded half up first."""
    return int(round_money(value) * 100)


def from_cents(cents: int) -> Decimal:
    """Integer cents as an amount with 2 places: 1234 -> Decimal("12.34")."""
    with localcontext(MONEY_CONTEXT):
        return (Decimal(cents) / 100).quantize(WIRE_PLACES)


def cents_to_wire(cents: int) -> str:
    """Integer cents as wire text: 1234 -> "12.34", -5 -> "-0.05"."""
    return money_to_wire(from_cents(cents))
