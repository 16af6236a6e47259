"""The rows the orders part's selectors build, one TypedDict per output serializer (named after it,
with `Row` for the serializers whose name does not say it). A refund's rows live here with the order
that shows them (apps.billing.orders.refund_rows). Money is wire text, as the serializers declare it."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict


class RefundRow(TypedDict):
    """As RefundRowOutputSerializer writes it, the phone masked."""

    recedeId: int
    refundNo: str
    orderId: int
    orderNo: str
    memId: int | None
    name: str
    phone: str
    status: str
    statusName: str
    amount: str
    reason: str
    operatorName: str
    approved: bool
    businessDate: date
    createdAt: datetime | None


class RefundLineRow(TypedDict):
    """As RefundLineOutputSerializer writes it."""

    orderLineId: int
    type: str
    typeName: str
    itemId: int
    name: str
    qty: int
    amount: str
    cardId: int | None
    cardNo: str
    cardPrincipal: str
    cardGift: str


class RefundTenderRow(TypedDict):
    """As RefundTenderOutputSerializer writes it; `tenderId` is null for sessions given back."""

    tenderId: int | None
    method: str
    methodName: str
    amount: str
    status: str
    cardId: int | None
    cardNo: str
    principal: str
    gift: str
    points: int | None
    sessions: int | None
    tillChange: str
    providerMessage: str


class RefundDetailRow(RefundRow):
    """As RefundDetailOutputSerializer writes it: the refund with its lines and tenders."""

    pointsTakenBack: int
    pointsUnrecovered: int
    lines: list[RefundLineRow]
    tenders: list[RefundTenderRow]
