"""Money arithmetic and display (spec §9): Decimal throughout, 20 decimal places in intermediate
results, rounded half up; money on the wire has 2 places; display keeps up to 3 decimals with
thousands separators."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation, localcontext

ARITHMETIC_PLACES = 20
WIRE_PLACES = Decimal("0.01")
DISPLAY_MAX_PLACES = 3

# Precision high enough that 20 decimal places survive amounts up to 10^30.
MONEY_CONTEXT = Context(prec=50, rounding=ROUND_HALF_UP)
_ARITHMETIC_QUANTUM = Decimal(1).scaleb(-ARITHMETIC_PLACES)


def to_decimal(value: Decimal | int | str) -> Decimal:
    """Parses an amount; floats are refused because they cannot hold cents exactly."""
    if isinstance(value, float):
        raise TypeError("money must not be a float")
    try:
        return Decimal(str(value).strip().replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"not an amount: {value!r}") from None


def divide(dividend: Decimal | int | str, divisor: Decimal | int | str) -> Decimal:
    """Division at 20 decimal places, half up (shares, unit prices, discounts)."""
    with localcontext(MONEY_CONTEXT):
        return (to_decimal(dividend) / to_decimal(divisor)).quantize(_ARITHMETIC_QUANTUM)


def multiply(*factors: Decimal | int | str) -> Decimal:
    with localcontext(MONEY_CONTEXT):
        result = Decimal(1)
        for factor in factors:
            result *= to_decimal(factor)
        return result.quantize(_ARITHMETIC_QUANTUM)


def round_money(value: Decimal | int | str) -> Decimal:
    """An amount as stored and sent: 2 places, half up."""
    with localcontext(MONEY_CONTEXT):
        return to_decimal(value).quantize(WIRE_PLACES)


def money_to_wire(value: Decimal | int | str) -> str:
    return f"{round_money(value):.2f}"


def format_money(value: Decimal | int | str, max_places: int = DISPLAY_MAX_PLACES) -> str:
    """Display form: thousands separators and at most `max_places` decimals, trailing zeros dropped
    (12345.6 -> "12,345.6", 1234.5678 -> "1,234.568", -0.0004 -> "0")."""
    with localcontext(MONEY_CONTEXT):
        rounded = to_decimal(value).quantize(Decimal(1).scaleb(-max_places))
    if rounded == 0:
        rounded = Decimal(0)
    text = f"{rounded:,f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text
