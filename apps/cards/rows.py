"""The rows cards' reads build, one TypedDict per output serializer (named after it, with `Row`
added): a member's cards, a card's ledger, coupons, transfers and asset transfers. Money is wire
text, as the serializers declare it."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict

from apps.catalog.rows import CouponTermsFields


class CardSessionsRow(TypedDict):
    """As CardSessionsOutputSerializer writes it."""

    projectId: int
    name: str
    total: int
    left: int


class CardRow(TypedDict):
    """As CardOutputSerializer writes it."""

    cardId: int
    cardNo: str
    kind: str
    cardTypeId: int
    name: str
    balance: str
    giftBalance: str
    sessions: list[CardSessionsRow]
    status: str
    expiresOn: date
    storeId: int
    storeName: str


class HeldCardRow(CardRow):
    """As HeldCardOutputSerializer writes it."""

    memId: int
    memberName: str


class CardEntryRow(TypedDict):
    """As CardEntryOutputSerializer writes it."""

    entryId: int
    kind: str
    kindName: str
    change: str
    principalChange: str
    giftChange: str
    balanceAfter: str
    principalAfter: str
    giftAfter: str
    projectId: int | None
    projectName: str
    sessionsChange: int
    sessionsAfter: int | None
    orderId: int | None
    refundId: int | None
    otherCardId: int | None
    otherCardNo: str
    storeId: int
    storeName: str
    cardStoreId: int
    cardStoreName: str
    operatorName: str
    remark: str
    createdAt: datetime


# As CardDetailOutputSerializer writes it; `list` is a key, hence the functional form.
class CardDetailRow(TypedDict):
    card: HeldCardRow
    list: list[CardEntryRow]
    total: int


class CardCountsRow(TypedDict):
    """As CardCountsOutputSerializer writes it."""

    total: int
    kinds: dict[str, int]  # by CardKind value (CardCountsByKindOutputSerializer)
    statuses: dict[str, int]  # by shown status (CardCountsByStatusOutputSerializer)


class SessionUseRow(TypedDict):
    """As SessionUseOutputSerializer writes it."""

    entryId: int
    projectId: int | None
    projectName: str
    count: int
    sessionsAfter: int | None
    orderId: int | None
    storeId: int
    storeName: str
    operatorName: str
    createdAt: datetime


class PendingTransferRow(TypedDict):
    """As PendingTransferOutputSerializer writes it."""

    transferId: int
    toMemId: int
    toMemberName: str
    createdAt: datetime


class TransferCheckRow(TypedDict):
    """As TransferCheckOutputSerializer writes it."""

    card: HeldCardRow
    transferable: bool
    reason: str
    pending: PendingTransferRow | None


class TransferRow(TypedDict):
    """As TransferOutputSerializer writes it."""

    transferId: int
    status: str
    cardId: int
    fromMemId: int
    toMemId: int
    newCard: HeldCardRow | None


class ChangePreviewRow(TypedDict):
    """As ChangePreviewOutputSerializer writes it."""

    cardId: int
    cardTypeId: int
    oldValue: str
    coefficient: str
    newValue: str
    newGiftBalance: str
    difference: str


class CoefficientRow(TypedDict):
    """As CoefficientOutputSerializer writes it."""

    cardTypeId: int
    cardTypeName: str
    coefficient: str
    setBy: str


class CouponRow(CouponTermsFields):
    """As CouponOutputSerializer writes it."""

    couponId: int
    templateId: int
    projectId: int | None
    minSpend: str
    validFrom: date
    validTo: date
    status: str
    usedOrderId: int | None
    usedAt: datetime | None
    issuedAt: datetime
    storeId: int
    storeName: str
    operatorName: str


class AssetSessionsRow(TypedDict):
    """As AssetSessionsOutputSerializer writes it."""

    projectId: int
    projectName: str
    left: int


class AssetCardRow(TypedDict):
    """As AssetCardOutputSerializer writes it."""

    id: int
    cardNo: str
    kind: str
    cardTypeName: str
    status: str
    storeId: int
    storeName: str
    principal: str
    gift: str
    sessions: list[AssetSessionsRow]


class AssetsRow(TypedDict):
    """As AssetsOutputSerializer writes it."""

    cards: list[AssetCardRow]
    points: int
    couponIds: list[int]


class AssetMemberRow(TypedDict):
    """As AssetMemberOutputSerializer writes it."""

    id: int
    name: str
    phone: str
    crmCode: str


class AssetStoreRow(TypedDict):
    """As AssetStoreOutputSerializer writes it."""

    id: int
    name: str


class AssetTransferRow(TypedDict):
    """As AssetTransferRowOutputSerializer writes it."""

    id: int
    kind: str
    status: str
    storeId: int
    storeName: str
    member: AssetMemberRow
    toStore: AssetStoreRow | None
    toMember: AssetMemberRow | None
    cardCount: int
    storedValue: str
    points: int
    reason: str
    applicantName: str
    approvalId: int | None
    createdAt: datetime
    doneAt: datetime | None


class AssetApprovalRow(TypedDict):
    """As AssetApprovalOutputSerializer writes it."""

    id: int
    status: str
    decidedByName: str
    decidedAt: datetime | None
    remark: str


class AssetTransferDetailRow(AssetTransferRow):
    """As AssetTransferDetailOutputSerializer writes it."""

    assets: AssetsRow
    approval: AssetApprovalRow | None
    canDecide: bool
    canWithdraw: bool
