"""The rows inventory's selectors build, one TypedDict per output serializer (named after it, with
`Row` for the serializers whose name does not say it): what a page, a detail or a picker answers.
Quantities and money are wire text, as the serializers declare them."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import TypedDict


class ReceiptRow(TypedDict):
    """As ReceiptRowOutputSerializer writes it."""

    id: int
    number: str
    type: str
    typeName: str
    status: str
    statusName: str
    supplier: str
    sourceId: int | None
    sourceNumber: str
    lineCount: int
    totalQuantity: str
    amount: str
    remark: str
    createdByName: str
    createdAt: datetime


class ReceiptLineRow(TypedDict):
    """As ReceiptLineOutputSerializer writes it."""

    lineId: int
    productId: int
    code: str
    name: str
    barcode: str
    unit: str
    useUnit: str
    quantity: str
    useQuantity: str
    unitCost: str
    amount: str
    batchNo: str
    expiryDate: date | None


class ReceiptDetailRow(ReceiptRow):
    """As ReceiptDetailOutputSerializer writes it."""

    storeName: str
    lines: list[ReceiptLineRow]


class CatalogueProductRow(TypedDict):
    """As CatalogueProductOutputSerializer writes it."""

    productId: int
    code: str
    name: str
    barcode: str
    brand: str
    specification: str
    categoryName: str
    useType: str
    unit: str
    useUnit: str
    usePerUnit: str
    tracksBatches: bool
    storePrice: str
    supplyPrice: str


class StockProductRow(CatalogueProductRow):
    """As StockProductOutputSerializer writes it."""

    liveStock: str
    liveUseStock: str


class CatalogueRow(CatalogueProductRow):
    """As CatalogueRowOutputSerializer writes it."""

    liveStock: str | None
    safetyStock: str | None
    used30Days: str | None
    suggested: str | None


class GoodsOrderRow(TypedDict):
    """As GoodsOrderRowOutputSerializer writes it."""

    id: int
    number: str
    storeId: int
    storeName: str
    status: str
    statusName: str
    paymentStatus: str
    paymentStatusName: str
    lineCount: int
    amount: str
    remark: str
    createdByName: str
    createdAt: datetime
    submittedAt: datetime | None
    confirmedAt: datetime | None
    shippedAt: datetime | None
    receivedAt: datetime | None
    receiptId: int | None


class GoodsOrderLineRow(CatalogueProductRow):
    """As GoodsOrderLineOutputSerializer writes it."""

    lineId: int
    suggested: str
    quantity: str
    confirmedQuantity: str | None
    shippedQuantity: str | None
    unitPrice: str
    amount: str
    liveStock: str


class GoodsOrderDetailRow(GoodsOrderRow):
    """As GoodsOrderDetailOutputSerializer writes it."""

    shippedAmount: str
    confirmedByName: str
    shippedByName: str
    receivedByName: str
    paidByName: str
    paidAt: datetime | None
    paymentReference: str
    cancelledByName: str
    cancelledAt: datetime | None
    cancelReason: str
    lines: list[GoodsOrderLineRow]


class StockRow(TypedDict):
    """As StockRowOutputSerializer writes it."""

    productId: int
    code: str
    name: str
    barcode: str
    brand: str
    categoryId: int
    categoryName: str
    specification: str
    useType: str
    useTypeName: str
    unit: str
    useUnit: str
    usePerUnit: str
    quantity: str
    stockQuantity: str
    display: str
    safetyStock: str
    safetyDefault: int
    safetySet: bool
    belowSafety: bool
    enabled: bool
    cost: str | None
    value: str | None


class MoveRow(TypedDict):
    """As MoveRowOutputSerializer writes it."""

    id: int
    kind: str
    kindName: str
    quantity: str
    quantityDisplay: str
    after: str
    afterDisplay: str
    documentKind: str
    documentKindName: str
    documentId: int
    documentNumber: str
    stockDocumentKind: str | None
    batchNo: str
    expiryDate: date | None
    otherStoreId: int | None
    otherStoreName: str
    remark: str
    operatorName: str
    createdAt: datetime


class DocumentRow(TypedDict):
    """As DocumentRowOutputSerializer writes it."""

    id: int
    number: str
    kind: str
    type: str
    typeName: str
    status: str
    statusName: str
    storeId: int
    storeName: str
    otherStoreId: int | None
    otherStoreName: str
    supplier: str
    remark: str
    sourceId: int | None
    lineCount: int
    quantity: str
    outstanding: str
    open: bool
    createdAt: datetime
    createdByName: str
    receivedByName: str
    receivedAt: datetime | None


class DocumentLineRow(TypedDict):
    """As DocumentLineOutputSerializer writes it."""

    lineId: int
    productId: int
    code: str
    name: str
    unit: str
    useUnit: str
    quantity: str
    useQuantity: str
    returned: str
    outstanding: str
    batchNo: str
    expiryDate: date | None
    stock: str


class DocumentDetailRow(DocumentRow):
    """As DocumentDetailOutputSerializer writes it."""

    canConfirm: bool
    canReturn: bool
    lines: list[DocumentLineRow]


class ProductUnitsFields(TypedDict):
    """A product as a scan or a stock count names it, with its stock unit and its use unit."""

    productId: int
    code: str
    name: str
    barcode: str
    specification: str
    unit: str
    useUnit: str


class ScannedProductRow(ProductUnitsFields):
    """As ScannedProductOutputSerializer writes it."""

    usePerUnit: str
    tracksBatches: bool
    stock: str
    useStock: str


class OutboundChoiceRow(TypedDict):
    """As OutboundChoiceOutputSerializer writes it."""

    value: str
    label: str


class LoanTargetRow(TypedDict):
    """As LoanTargetOutputSerializer writes it."""

    id: int
    name: str


class OutboundTypesRow(TypedDict):
    """As OutboundTypesOutputSerializer writes it."""

    types: list[OutboundChoiceRow]
    recordTypes: list[OutboundChoiceRow]
    borrowOutTargets: list[LoanTargetRow]


class StocktakeSums(TypedDict, total=False):
    """A stocktake's line counts and the value gained and lost (one grouped query); none when it
    has no line yet."""

    lines: int
    counted: int
    differing: int
    gain: Decimal | None
    loss: Decimal | None


class StocktakeTotalsRow(TypedDict):
    """The totals part of StocktakeRowOutputSerializer."""

    lineCount: int
    countedCount: int
    differenceCount: int
    gainValue: str
    lossValue: str
    differenceValue: str


class StocktakeRow(StocktakeTotalsRow):
    """As StocktakeRowOutputSerializer writes it."""

    stocktakeId: int
    number: str
    storeId: int
    storeName: str
    scope: str
    scopeName: str
    scopeNames: str
    status: str
    statusName: str
    remark: str
    rejectReason: str
    createdByName: str
    createdAt: datetime
    countedByName: str
    submittedByName: str
    submittedAt: datetime | None
    decidedByName: str
    decidedAt: datetime | None
    approvalRequestId: int | None
    approvalStatus: str | None


class StocktakeLineRow(ProductUnitsFields):
    """As StocktakeLineOutputSerializer writes it."""

    lineId: int
    usePerUnit: str
    snapshot: str
    snapshotUse: str
    counted: str | None
    difference: str | None
    differenceUse: str | None
    unitCost: str | None
    differenceValue: str | None
    added: bool
    countedAt: datetime | None
