"""The answers group-buy's reads and checks build, one TypedDict per output serializer (named
after it, with `Row` added). Money is wire text, as the serializers declare it."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict


class WriteOffPlatformRow(TypedDict):
    """As WriteOffPlatformOutputSerializer writes it."""

    id: int
    name: str
    platformType: int
    preCheck: bool
    remote: bool


class CouponItemRow(TypedDict):
    """As CouponItemOutputSerializer writes it."""

    id: int
    name: str
    value: str
    unifiedCode: str
    price: str


class CouponDealRow(TypedDict):
    """As CouponDealOutputSerializer writes it."""

    dealId: str
    title: str
    price: str
    marketPrice: str
    count: int
    expiresAt: str | None  # ISO text, as the platform reported it


class PreCheckRow(TypedDict):
    """As PreCheckOutputSerializer writes it."""

    projects: list[CouponItemRow]
    packages: list[CouponItemRow]
    cards: list[CouponItemRow]
    mapped: bool
    deal: CouponDealRow


class CommodityRow(TypedDict):
    """As CommodityOutputSerializer writes it."""

    type: str | None
    id: int | None
    name: str
    unifiedCode: str


class MasterValueRow(TypedDict):
    """As MasterValueOutputSerializer writes it."""

    id: int
    name: str


class WriteOffRecordRow(TypedDict):
    """As WriteOffRecordOutputSerializer writes it."""

    id: int
    masterValue: MasterValueRow
    platformType: int
    checkCode: str
    commodity: CommodityRow
    orderCode: str | None
    orderId: int | None
    memId: int
    areaCode: str
    phone: str
    status: str
    statusLabel: str
    served: bool
    dealPrice: str | None
    settlement: str | None
    commission: str | None
    storePrice: str | None
    priceWarning: str
    message: str
    operatorName: str
    createdAt: datetime
    servedAt: datetime | None
    cancelledAt: datetime | None
    cancelReason: str


class WriteOffRow(TypedDict):
    """As WriteOffOutputSerializer writes it."""

    recordId: int
    orderId: int | None
    status: str
    record: WriteOffRecordRow


class FrequencyRow(TypedDict):
    """As FrequencyOutputSerializer writes it."""

    count: int
    limit: int
    periodDays: int
    exceeded: bool


class CodeCheckRow(TypedDict):
    """As CodeCheckOutputSerializer writes it."""

    ok: bool
    deal: CouponDealRow


class PriceCheckRow(TypedDict):
    """As PriceCheckOutputSerializer writes it."""

    dealPrice: str
    marketPrice: str
    storePrice: str
    warnings: list[str]
    ok: bool


class ReviewFrontCheckRow(TypedDict):
    """As ReviewFrontCheckOutputSerializer writes it."""

    deal: CouponDealRow
    frequency: FrequencyRow
    price: PriceCheckRow | None
