"""The rows the refunds part's selectors build, one TypedDict per output serializer (named after it,
with `Row` for the serializers whose name does not say it). Money is wire text, as the serializers
declare it; a refund's own rows are apps.billing.orders.rows'."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from apps.billing.orders.rows import RefundedLineFields, RefundTenderRow


class JudgedLineRow(RefundedLineFields):
    """As JudgedLineOutputSerializer writes it: what a line of the order can still give back."""

    paid: str
    refundedQty: int
    refundedAmount: str
    refundableQty: int
    refundableAmount: str
    byUnits: bool
    goods: bool
    takeLater: bool
    cardId: int | None
    note: str


class JudgedTenderRow(TypedDict):
    """As JudgedTenderOutputSerializer writes it: a tender of the order and what it has left to give back."""

    tenderId: int
    method: str
    methodName: str
    amount: str
    left: str
    cardId: int | None


class RefundApprovalAskedRow(TypedDict):
    """As RefundApprovalAskedOutputSerializer writes it: a refund sent to the owner for approval."""

    approvalId: int
    status: str
    amount: str | None


class WaitingRefundApprovalRow(RefundApprovalAskedRow):
    """As WaitingRefundApprovalOutputSerializer writes it."""

    createdAt: datetime | None
    reason: str


class JudgedOrderRow(TypedDict):
    """As JudgedOrderOutputSerializer writes it: what the order can still refund (judgeStatus)."""

    orderId: int
    orderNo: str
    status: str
    statusName: str
    name: str
    phone: str
    memId: int | None
    paid: str
    refunded: str
    refundable: str
    approvalAbove: str | None
    wholeOnly: bool
    waitingApproval: WaitingRefundApprovalRow | None
    tenders: list[JudgedTenderRow]
    lines: list[JudgedLineRow]


class RefundQuoteLineRow(TypedDict):
    """As RefundQuoteLineOutputSerializer writes it."""

    orderLineId: int
    name: str
    qty: int
    amount: str
    goodsBack: str
    damageReason: str


class RefundQuoteRow(TypedDict):
    """As RefundQuoteOutputSerializer writes it: what the refund would give back."""

    orderId: int
    orderNo: str
    amount: str
    approvalNeeded: bool
    lines: list[RefundQuoteLineRow]
    tenders: list[RefundTenderRow]


class RefundTenderStatusRow(TypedDict):
    """As RefundTenderStatusOutputSerializer writes it: a terminal refund tender (pos/refund, pos/refundQuery)."""

    refundId: int
    refundNo: str | None
    refundStatus: str
    tenderId: int | None
    method: str
    amount: str
    status: str
    providerMessage: str
    attempts: int
    outRefundNo: str
    providerState: str


class AskedLinePayload(TypedDict):
    """A line of a refund sent for approval, as the approval request's payload keeps it (amount: wire text,
    or None for the line's whole refundable amount)."""

    orderLineId: int
    qty: int | None
    amount: str | None
    goodsBack: str
    damageReason: str
