"""The rows the approval centre's reads build, as their output serializers write them (named
after them, with `Row` added)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict


class ApprovalRequestRow(TypedDict):
    """As ApprovalRequestOutputSerializer writes it."""

    id: int
    kind: str
    kindName: str
    storeId: int
    storeName: str
    applicantId: int
    applicantName: str
    subjectType: str
    subjectId: str
    subject: str
    amount: str | None
    reason: str
    status: str
    statusName: str
    decidedByName: str
    decidedAt: datetime | None
    remark: str
    externalNo: str
    createdAt: datetime
    detailRoute: str
    canDecide: bool
    canWithdraw: bool


class ApprovalDetailLineRow(TypedDict):
    """As ApprovalDetailLineOutputSerializer writes it."""

    name: str
    value: str


class ApprovalRequestDetailRow(ApprovalRequestRow):
    """As ApprovalRequestDetailOutputSerializer writes it."""

    details: list[ApprovalDetailLineRow]
