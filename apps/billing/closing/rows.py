"""The rows the daily closing's selectors build, one TypedDict per output serializer (named after it,
with `Row` for the serializers whose name does not say it): the day's figures (/dailyKnots,
/dailyReport), a closing and the providers' differences. Money is wire text, as the serializers
declare it."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TypedDict


class CarriedOverRow(TypedDict):
    """As CarriedOverOutputSerializer writes it: an open item a closing carried over, as the closing
    keeps it (its title and amount as they were; no text in the closer's language)."""

    kind: str
    ref: str
    title: str
    amount: str | None
    reason: str
    carriedTo: str | None


class ClosingRow(TypedDict):
    """As ClosingOutputSerializer writes it."""

    closingId: int
    storeId: int
    date: str
    status: str
    cashExpected: str
    cashCounted: str
    difference: str
    differenceReason: str
    remark: str
    closedBy: str
    closedAt: datetime
    reopenedBy: str
    reopenedAt: datetime | None
    reopenReason: str
    carriedOver: list[CarriedOverRow]


class OpenItemRow(TypedDict):
    """As OpenItemOutputSerializer writes it: something of the day still open before closing."""

    kind: str
    ref: str
    title: str
    detail: str
    amount: str | None
    carriable: bool
    route: str


class ReopenAskRow(TypedDict):
    """As ReopenAskOutputSerializer writes it: a request to reopen a closed day, in the approval centre."""

    requestId: int
    closingId: int
    date: str
    reason: str
    status: str
    applicantName: str
    createdAt: datetime


class TakingMethodRow(TypedDict):
    """As TakingMethodOutputSerializer writes it: what one tender method took."""

    method: str
    label: str
    count: int
    gross: str
    refunded: str
    amount: str
    money: bool
    filedUnder: str


class TakingsRow(TypedDict):
    """As TakingsOutputSerializer writes it."""

    methods: list[TakingMethodRow]
    money: str
    moneyGross: str
    moneyRefunded: str


class CashRow(TypedDict):
    """As CashOutputSerializer writes it."""

    expected: str


class PendingTenderRow(TypedDict):
    """As PendingTenderOutputSerializer writes it."""

    tenderId: int
    orderNo: str
    method: str
    amount: str
    createdAt: datetime


class PendingRow(TypedDict):
    """As PendingOutputSerializer writes it: the provider tenders still pending, the first 50 listed."""

    count: int
    amount: str
    tenders: list[PendingTenderRow]


class SaleSums(TypedDict):
    """A sale kind's paid lines of the day as the selector adds them up, before its amount is wire text."""

    lines: int
    qty: int
    amount: Decimal


class SaleKindRow(TypedDict):
    """As SaleKindOutputSerializer writes it."""

    kind: str
    lines: int
    qty: int
    amount: str
    returned: str
    net: str


class SalesRow(TypedDict):
    """As SalesOutputSerializer writes it."""

    kinds: list[SaleKindRow]
    total: str
    returned: str
    net: str


class OrderCountsRow(TypedDict):
    """As OrderCountsOutputSerializer writes it."""

    paid: int
    open: int
    cancelled: int


class CardPartRow(TypedDict):
    """As CardPartOutputSerializer writes it: one figure of the cards, counted and summed as another
    section shows it, split by the card ledger."""

    count: int
    amount: str
    returned: str
    net: str
    principal: str
    gift: str
    sessions: int


class CardsRow(TypedDict):
    """As CardsOutputSerializer writes it."""

    sold: CardPartRow
    toppedUp: CardPartRow
    storedValueSpent: CardPartRow
    sessionsUsed: CardPartRow


class PointsRow(TypedDict):
    """As PointsOutputSerializer writes it."""

    earned: int
    spent: int
    adjusted: int
    tendered: str


class RevenueRow(TypedDict):
    """As RevenueOutputSerializer writes it."""

    takings: str
    liabilityIn: str
    goodsAndServices: str
    sessionsValue: str
    returned: str
    liabilityOut: str
    earned: str
    paidFromStoredValue: str
    paidByPoints: str
    paidFromDeposits: str


class DepositPartRow(TypedDict):
    """As DepositPartOutputSerializer writes it: one kind of the deposit ledger's entries of the day."""

    count: int
    amount: str


class DepositsRow(TypedDict):
    """As DepositsOutputSerializer writes it."""

    taken: DepositPartRow
    applied: DepositPartRow
    refunded: DepositPartRow
    returned: DepositPartRow
    held: str


class RefundMethodRow(TypedDict):
    """As RefundMethodOutputSerializer writes it."""

    method: str
    label: str
    count: int
    amount: str


class PendingRefundRow(TypedDict):
    """As PendingRefundOutputSerializer writes it."""

    refundNo: str
    orderNo: str
    method: str
    amount: str
    createdAt: datetime


class PendingRefundsRow(TypedDict):
    """As PendingRefundsOutputSerializer writes it."""

    count: int
    amount: str
    tenders: list[PendingRefundRow]


class FailedRefundsRow(TypedDict):
    """As FailedRefundsOutputSerializer writes it."""

    count: int
    amount: str


class RefundsRow(TypedDict):
    """As RefundsOutputSerializer writes it."""

    count: int
    amount: str
    methods: list[RefundMethodRow]
    pending: PendingRefundsRow
    failed: FailedRefundsRow


class ReconciliationRow(TypedDict):
    """As ReconciliationRowOutputSerializer writes it."""

    provider: str
    kind: str
    kindName: str
    outTradeNo: str
    outRefundNo: str
    ours: str | None
    theirs: str | None


class StaffShareRow(TypedDict):
    """As StaffShareOutputSerializer writes it: an employee's credits of the day by kind."""

    employeeId: int
    name: str
    service: str
    sale: str
    cardSale: str
    cardConsumption: str
    total: str


class DayFiguresRow(TypedDict):
    """The day's figures: PreviewOutputSerializer without the closing and the reconciliation."""

    storeId: int
    date: str
    takings: TakingsRow
    cash: CashRow
    pending: PendingRow
    sales: SalesRow
    orders: OrderCountsRow
    cards: CardsRow
    refunds: RefundsRow
    points: PointsRow
    deposits: DepositsRow
    revenue: RevenueRow
    staff: list[StaffShareRow]


class PreviewRow(DayFiguresRow):
    """As PreviewOutputSerializer writes it: the day's figures, its closing and the providers' differences."""

    closing: ClosingRow | None
    reconciliation: list[ReconciliationRow]
    openItems: list[OpenItemRow]
    reopenAsked: ReopenAskRow | None
