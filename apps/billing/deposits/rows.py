"""The rows the deposits' selectors build, one TypedDict per output serializer (named after it, with
`Row` for the serializers whose name does not say it). Money is wire text, as the serializers declare it."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict


class DepositTotalsRow(TypedDict):
    """As DepositTotalsOutputSerializer writes it: of every deposit the filters find."""

    count: int
    taken: str
    applied: str
    refunded: str
    held: str


class DepositEntryRow(TypedDict):
    """As DepositEntryOutputSerializer writes it, the phone masked."""

    entryId: int
    depositId: int
    depositNo: str
    memberName: str
    phone: str
    kind: str
    kindName: str
    change: str
    left: str
    orderId: int | None
    orderNo: str
    refundId: int | None
    refundNo: str
    businessDate: date
    operatorName: str
    createdAt: datetime
