"""The answers the settlement's reads build, one TypedDict per output serializer (named after it,
with `Row` added). Money is wire text; shares are percent text with two places."""

from __future__ import annotations

from typing import TypedDict


class ConfirmationRow(TypedDict):
    storeId: int
    storeName: str
    confirmedBy: str
    confirmedAt: str | None


class StatementHeadRow(TypedDict):
    statementId: int
    date: str
    fromStoreId: int
    fromStoreName: str
    toStoreId: int
    toStoreName: str
    amount: str
    status: str
    statusName: str
    confirmations: list[ConfirmationRow]
    lockedBy: str
    lockedAt: str | None
    disputeId: int | None
    monthSettlementId: int | None
    canConfirm: bool
    canDispute: bool


class StatementRow(StatementHeadRow):
    entries: int


class StatementEntryRow(TypedDict):
    entryId: int
    kind: str
    kindName: str
    orderId: int | None
    orderNo: str
    cardId: int | None
    cardNo: str
    # What the statement's from-store owes its to-store for this entry (negative: the other way).
    amount: str
    value: str
    share: str | None
    giftRatio: str | None
    sessions: int
    ruleVersion: int | None
    reversesEntryId: int | None
    servedStoreName: str
    note: str
    createdAt: str


class StatementDetailRow(StatementHeadRow):
    entryCount: int
    entries: list[StatementEntryRow]


class MatrixStoreRow(TypedDict):
    id: int
    name: str


class MatrixCellRow(TypedDict):
    fromStoreId: int
    toStoreId: int
    amount: str


class MatrixRow(TypedDict):
    month: str
    stores: list[MatrixStoreRow]
    cells: list[MatrixCellRow]


class RuleVersionRow(TypedDict):
    versionId: int
    kind: str
    kindName: str
    effectiveFrom: str
    share: str
    giftRatio: str
    note: str
    createdBy: str
    createdAt: str
    inForce: bool


class RuleKindRow(TypedDict):
    kind: str
    kindName: str
    current: RuleVersionRow
    versions: list[RuleVersionRow]


class RulesRow(TypedDict):
    kinds: list[RuleKindRow]
    earliestNewVersion: str


class MonthSettlementRow(TypedDict):
    settlementId: int
    month: str
    fromStoreId: int
    fromStoreName: str
    toStoreId: int
    toStoreName: str
    amount: str
    statements: int
    status: str
    statusName: str
    reference: str
    paidAt: str | None
    paidBy: str


class DayClearingRow(TypedDict):
    date: str
    # What the store is owed by the other stores that day, net (negative: what it owes them).
    net: str
    owedToStore: str
    owedByStore: str
    entries: int


class CallerStoresRow(TypedDict):
    stores: list[MatrixStoreRow]
    headOffice: bool
