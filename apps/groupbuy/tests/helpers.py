"""Codes for the fake platforms' scenarios (apps/groupbuy/fakes/book.py: the last two digits choose)."""

from __future__ import annotations

import itertools

VALID = "00"
USED = "01"
EXPIRED = "02"
OTHER_STORE = "03"
SLOW = "04"
GATEWAY_502 = "05"
RISK = "06"
UNKNOWN = "07"
THREE_UNITS = "23"

_serial = itertools.count(1)


def new_code(tail: str = VALID, deal: str = "1") -> str:
    """A code never used before in this test run, ending in `tail`; `deal` its first digit."""
    return f"{deal}{next(_serial):09d}{tail}"
