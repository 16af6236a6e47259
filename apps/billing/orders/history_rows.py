"""The rows of a member's history and a card's orders (apps.billing.orders.member_history), as
their output serializers (apps.billing.orders.api.history_serializers) write them."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict

from apps.billing.orders.rows import OrderDetailRow, OrderRow
from apps.cards.rows import CardEntryRow


class ConsumedItemRow(TypedDict):
    orderLineId: int
    type: str
    typeName: str
    itemId: int
    name: str
    qty: int
    amount: str
    gift: bool
    cardId: int | None
    bySessions: bool


class CardUseRow(TypedDict):
    entryId: int
    cardId: int
    cardNo: str
    kind: str
    kindName: str
    principalChange: str
    giftChange: str
    projectName: str
    sessionsChange: int


class ConsumeRow(OrderRow):
    """As MemberConsumeOutputSerializer writes it."""

    storeName: str
    items: list[ConsumedItemRow]
    cardUses: list[CardUseRow]


class BuyRecordRow(TypedDict):
    """As BuyRecordOutputSerializer writes it."""

    buyRecordId: int
    orderId: int
    orderNo: str
    type: str
    typeName: str
    itemId: int
    name: str
    qty: int
    unitPrice: str
    amount: str
    gift: bool
    cardId: int | None
    cardNo: str
    refundedQty: int
    refundedAmount: str
    storeId: int
    storeName: str
    businessDate: date
    createdAt: datetime


class BuyRecordStaffRow(TypedDict):
    employeeId: int
    name: str
    share: str


class BuyRecordRefundRow(TypedDict):
    refundId: int
    refundNo: str
    qty: int
    amount: str
    reason: str
    createdAt: datetime


class BuyRecordDetailRow(BuyRecordRow):
    """As BuyRecordDetailOutputSerializer writes it."""

    memId: int | None
    orderStatus: str
    discount: str
    staff: list[BuyRecordStaffRow]
    refunds: list[BuyRecordRefundRow]


class BuyTypeCountRow(TypedDict):
    type: str
    typeName: str
    count: int
    amount: str


class BuyRecordCountRow(TypedDict):
    """As BuyRecordCountOutputSerializer writes it."""

    total: int
    byType: list[BuyTypeCountRow]


class CardOrderRow(OrderRow):
    """As CardOrderOutputSerializer writes it: an order and what it did to the card."""

    storeName: str
    cardPrincipalChange: str
    cardGiftChange: str
    cardSessionsChange: int


class CardOrderDetailRow(OrderDetailRow):
    """As CardOrderDetailOutputSerializer writes it."""

    cardId: int
    cardNo: str
    cardEntries: list[CardEntryRow]
