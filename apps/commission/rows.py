"""The answers commission's reads build, one TypedDict per output serializer (named after it, with
`Row` added). Money is wire text; rates are percent text with two places."""

from __future__ import annotations

from typing import TypedDict


class TierRow(TypedDict):
    fromAmount: str
    rate: str


class PlanVersionRow(TypedDict):
    versionId: int
    effectiveFrom: str
    tierMode: str
    perSession: str
    tiers: list[TierRow]
    note: str
    createdBy: str
    createdAt: str
    inForce: bool
    frozen: bool


class PlanRow(TypedDict):
    planId: int
    name: str
    storeId: int | None
    storeName: str
    position: str
    positionName: str
    kind: str
    kindName: str
    current: PlanVersionRow | None
    versionCount: int
    changeable: bool


class PlanDetailRow(PlanRow):
    versions: list[PlanVersionRow]
    firstOpenDay: str | None


class StaffFigureRow(TypedDict):
    staffId: int
    staffName: str
    kind: str
    kindName: str
    baseAmount: str
    sessions: str
    monthTotal: str
    tierFrom: str | None
    rate: str | None
    commission: str
    clawback: str
    net: str
    planVersionId: int | None
    planVersion: str


class PeriodRow(TypedDict):
    storeId: int
    storeName: str
    month: str
    status: str
    closedAt: str | None
    closedBy: str
    figures: list[StaffFigureRow]
    commission: str
    clawback: str
    net: str
