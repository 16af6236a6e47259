"""The rows org's store reads build, one TypedDict per output serializer (named after it, with
`Row` added where its name lacks it): a store's row and information, and its debt status."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict


class StoreRefRow(TypedDict):
    """A store by id and name (StoreRefSerializer, a filter's or a picker's choice)."""

    id: int
    name: str


class StoreRow(TypedDict):
    """As StoreRowOutputSerializer writes it."""

    id: int
    name: str
    code: str
    provinceCode: str
    provinceName: str
    cityCode: str
    cityName: str
    districtCode: str
    districtName: str
    address: str
    fullAddress: str
    phone: str
    openTime: str | None
    closeTime: str | None
    seats: int | None
    status: str
    statusName: str
    debtDisabled: bool
    debtDisabledReason: str


class StoreInfoRow(StoreRow):
    """As StoreInfoOutputSerializer writes it."""

    frontDeskCheckRequired: bool
    signatureRequired: bool
    negativeStockAllowed: bool
    cardTransferApproval: bool
    refundApprovalAbove: str | None
    borrowOutTargets: list[StoreRefRow]
    updatedAt: datetime


class StoreInfoCheckRow(StoreInfoRow):
    """As StoreInfoCheckOutputSerializer writes it."""

    complete: bool
    missingFields: list[str]


class DebtStatusRow(TypedDict):
    """As DebtStatusOutputSerializer writes it."""

    disabled: bool
    reason: str
