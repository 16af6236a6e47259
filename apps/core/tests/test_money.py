from decimal import Decimal

import pytest

from apps.core.money import money_to_wire, round_money


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
