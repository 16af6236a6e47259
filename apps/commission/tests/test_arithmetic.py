"""The commission's arithmetic, without the database: the two tier modes, the tier boundaries, a
clawback that moves the tier within the month, sessions, and rounding half up to the cent."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from apps.commission.arithmetic import (
    Entry,
    Scheme,
    Tier,
    effective_rate,
    group_commission,
    line_commissions,
    percent_commission,
    round_half_up,
    session_count,
    tier_reached,
)

D = Decimal
TIERS = (Tier(D("0"), D("5")), Tier(D("10000"), D("8")), Tier(D("20000"), D("10")))
WHOLE = Scheme(mode="whole", tiers=TIERS)
ABOVE = Scheme(mode="above", tiers=TIERS)


@pytest.mark.parametrize(
    ("total", "tier_from"),
    [
        (D("-50"), D("0")),
        (D("0"), D("0")),
        (D("9999.99"), D("0")),
        (D("10000"), D("10000")),
        (D("10000.01"), D("10000")),
        (D("19999.99"), D("10000")),
        (D("20000"), D("20000")),
        (D("1000000"), D("20000")),
    ],
)
def test_the_tier_reached_holds_from_its_threshold_inclusive(total, tier_from):
    assert tier_reached(WHOLE, total).from_amount == tier_from


@pytest.mark.parametrize(
    ("total", "whole", "above"),
    [
        (D("0"), D("0"), D("0")),
        (D("9999.99"), D("500.00"), D("500.00")),  # 499.9995 rounds half up
        (D("10000"), D("800.00"), D("500.00")),
        (D("15000"), D("1200.00"), D("900.00")),  # above: 500 + 5000 × 8%
        (D("20000"), D("2000.00"), D("1300.00")),
        (D("25000"), D("2500.00"), D("1800.00")),  # above: 500 + 800 + 5000 × 10%
    ],
)
def test_whole_pays_the_month_at_the_tier_reached_and_above_pays_each_band_its_rate(total, whole, above):
    assert round_half_up(percent_commission(WHOLE, total)) == whole
    assert round_half_up(percent_commission(ABOVE, total)) == above


def test_crossing_a_threshold_jumps_in_whole_mode_and_is_continuous_in_above_mode():
    below, at = D("9999.99"), D("10000.00")
    whole_jump = percent_commission(WHOLE, at) - percent_commission(WHOLE, below)
    above_step = percent_commission(ABOVE, at) - percent_commission(ABOVE, below)
    assert whole_jump > 299
    assert above_step == Fraction(5, 10000)  # one cent at 5%


def test_a_negative_month_stays_in_the_first_tier_in_both_modes():
    assert percent_commission(WHOLE, D("-100")) == percent_commission(ABOVE, D("-100")) == Fraction(-5)


def test_the_effective_rate_is_the_tier_rate_in_whole_mode_and_blended_above():
    assert effective_rate(WHOLE, D("15000")) == Fraction(8, 100)
    assert effective_rate(ABOVE, D("15000")) == Fraction(900, 15000)
    assert effective_rate(ABOVE, D("0")) == effective_rate(WHOLE, D("0")) == Fraction(5, 100)


def test_a_clawback_in_the_same_month_pulls_the_tier_down_for_every_line():
    sales = [Entry(D("6000"), D("0")), Entry(D("5000"), D("0"))]
    before = line_commissions(WHOLE, D("11000"), sales)
    assert before == [D("480.00"), D("400.00")]  # 8% tier
    with_refund = [*sales, Entry(D("-2000"), D("0"))]
    after = line_commissions(WHOLE, D("9000"), with_refund)
    assert after == [D("300.00"), D("250.00"), D("-100.00")]  # back to 5% on all, the refund too
    assert sum(after) == round_half_up(percent_commission(WHOLE, D("9000")))


def test_a_clawback_above_the_month_in_above_mode_takes_back_at_the_marginal_blend():
    entries = [Entry(D("21000"), D("0")), Entry(D("-3000"), D("0"))]
    lines = line_commissions(ABOVE, D("18000"), entries)
    assert sum(lines) == round_half_up(percent_commission(ABOVE, D("18000"))) == D("1140.00")


def test_lines_add_up_to_the_groups_commission_rounded_once():
    scheme = Scheme(mode="whole", tiers=(Tier(D("0"), D("3.33")),))
    entries = [Entry(D("0.15"), D("0"))] * 7  # each 0.004995 alone would round to 0.00
    lines = line_commissions(scheme, D("1.05"), entries)
    assert sum(lines) == group_commission(scheme, D("1.05"), entries) == D("0.03")
    assert all(abs(line) <= D("0.01") for line in lines)


def test_the_fixed_amount_per_session_is_added_to_the_percentage():
    scheme = Scheme(mode="whole", tiers=(Tier(D("0"), D("5")),), per_session=D("12.50"))
    assert line_commissions(scheme, D("300"), [Entry(D("300"), D("2"))]) == [D("40.00")]
    assert line_commissions(scheme, D("-150"), [Entry(D("-150"), D("-1"))]) == [D("-20.00")]


def test_a_fixed_amount_alone_pays_per_session_with_a_zero_rate():
    scheme = Scheme(mode="above", tiers=(Tier(D("0"), D("0")),), per_session=D("8"))
    assert line_commissions(scheme, D("500"), [Entry(D("500"), D("3"))]) == [D("24.00")]


@pytest.mark.parametrize(
    ("value", "rounded"),
    [
        (Fraction(5, 1000), D("0.01")),
        (Fraction(-5, 1000), D("-0.01")),
        (Fraction(4999, 1000000), D("0.00")),
        (Fraction(1, 3), D("0.33")),
        (Fraction(2, 3), D("0.67")),
        (D("2.345"), D("2.35")),
        (D("-2.345"), D("-2.35")),
    ],
)
def test_rounding_is_half_up_away_from_zero_to_the_cent(value, rounded):
    assert round_half_up(value) == rounded


def test_sessions_follow_the_credits_share_of_its_line():
    assert session_count(3, D("150"), D("300")) == D("1.50")  # half the line's credit: half its sessions
    assert session_count(2, D("-100"), D("200")) == D("-1.00")  # a refund of half of it
    assert session_count(1, D("100"), D("300")) == D("0.33")
    assert session_count(2, D("0"), D("0")) == D("0.00")


def test_a_scheme_starts_its_tiers_at_zero_and_ascends():
    with pytest.raises(ValueError):
        Scheme(mode="whole", tiers=(Tier(D("100"), D("5")),))
    with pytest.raises(ValueError):
        Scheme(mode="whole", tiers=(Tier(D("0"), D("5")), Tier(D("0"), D("6"))))
