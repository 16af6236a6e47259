from decimal import Decimal

import pytest

from apps.core.money import (
    cents_to_wire,
    from_cents,
    money_or_none_to_wire,
    money_or_zero_to_wire,
    money_to_wire,
    round_money,
    to_cents,
)


def test_money_rounds_half_up_to_cents_not_bankers():
    assert round_money("2.675") == Decimal("2.68")
    assert round_money("2.665") == Decimal("2.67")
    assert round_money("-2.665") == Decimal("-2.67")


def test_wire_form_always_has_two_places():
    assert money_to_wire(199) == "199.00"
    assert money_to_wire("0.1") == "0.10"


def test_floats_are_refused():
    with pytest.raises(TypeError):
        round_money(0.1)


def test_no_amount_stays_none_on_the_wire():
    assert money_or_none_to_wire(None) is None
    assert money_or_none_to_wire(Decimal("0")) == "0.00"
    assert money_or_none_to_wire(Decimal("12.345")) == "12.35"


def test_no_amount_counts_as_zero_on_the_wire():
    assert money_or_zero_to_wire(None) == "0.00"
    assert money_or_zero_to_wire(Decimal("0E-10")) == "0.00"
    assert money_or_zero_to_wire(Decimal("7.5")) == "7.50"


def test_cents_round_half_up():
    assert to_cents(Decimal("12.34")) == 1234
    assert to_cents(Decimal("0.005")) == 1
    assert to_cents(Decimal("2.665")) == 267
    assert to_cents(Decimal("-2.665")) == -267
    assert to_cents("100") == 10000


def test_cents_refuse_floats_and_bad_text():
    with pytest.raises(TypeError):
        to_cents(0.1)
    with pytest.raises(ValueError):
        to_cents("twelve")


def test_from_cents_has_two_places():
    assert str(from_cents(1234)) == "12.34"
    assert str(from_cents(100)) == "1.00"
    assert str(from_cents(0)) == "0.00"
    assert str(from_cents(-5)) == "-0.05"


def test_from_cents_keeps_amounts_past_default_precision():
    assert str(from_cents(10**30 + 1)) == "1" + "0" * 28 + ".01"


def test_cents_round_trip():
    for cents in (0, 1, 99, 100, 123456789, -4321):
        assert to_cents(from_cents(cents)) == cents


def test_cents_to_wire_text():
    assert cents_to_wire(1234) == "12.34"
    assert cents_to_wire(5) == "0.05"
    assert cents_to_wire(-500) == "-5.00"
