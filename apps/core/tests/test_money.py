from decimal import Decimal

import pytest

from apps.core.money import divide, format_money, money_to_wire, multiply, round_money


def test_division_keeps_twenty_places_rounded_half_up():
    assert divide(2, 3) == Decimal("0.66666666666666666667")
    assert divide(1, 8) == Decimal("0.12500000000000000000")


def test_money_rounds_half_up_to_cents_not_bankers():
    assert round_money("2.675") == Decimal("2.68")
    assert round_money("2.665") == Decimal("2.67")
    assert round_money("-2.665") == Decimal("-2.67")


def test_wire_form_always_has_two_places():
    assert money_to_wire(199) == "199.00"
    assert money_to_wire("0.1") == "0.10"


def test_multiplication_is_exact_for_discounts():
    assert multiply("199.00", "0.85") == Decimal("169.15")


@pytest.mark.parametrize(
    ("amount", "shown"),
    [
        ("1234567.891", "1,234,567.891"),
        ("1234.5678", "1,234.568"),
        ("12345.6", "12,345.6"),
        ("1000", "1,000"),
        ("0.0004", "0"),
        ("-9876.5", "-9,876.5"),
    ],
)
def test_display_uses_thousands_separators_and_at_most_three_decimals(amount, shown):
    assert format_money(amount) == shown


def test_floats_are_refused():
    with pytest.raises(TypeError):
        round_money(0.1)
