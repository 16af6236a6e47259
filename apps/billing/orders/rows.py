"""The rows the orders part's selectors build, one TypedDict per output serializer (named after it,
with `Row` for the serializers whose name does not say it). A refund's rows live here with the order
that shows them (apps.billing.orders.refund_rows). Money is wire text, as the serializers declare it."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict

from apps.catalog.rows import CouponTermsFields


class RefundRow(TypedDict):
    """As RefundRowOutputSerializer writes it, the phone masked."""

    recedeId: int
    refundNo: str
    orderId: int
    orderNo: str
    memId: int | None
    name: str
    phone: str
    status: str
    statusName: str
    amount: str
    reason: str
    operatorName: str
    approved: bool
    businessDate: date
    createdAt: datetime | None


class RefundedLineFields(TypedDict):
    """The order line a refund's line or a judged line is about, and its amount."""

    orderLineId: int
    type: str
    typeName: str
    itemId: int
    name: str
    qty: int
    amount: str


class RefundLineRow(RefundedLineFields):
    """As RefundLineOutputSerializer writes it."""

    cardId: int | None
    cardNo: str
    cardPrincipal: str
    cardGift: str
    goodsBack: str
    goodsBackName: str
    damageReason: str


class RefundTenderRow(TypedDict):
    """As RefundTenderOutputSerializer writes it; `tenderId` is null for sessions given back."""

    tenderId: int | None
    method: str
    methodName: str
    amount: str
    status: str
    cardId: int | None
    cardNo: str
    principal: str
    gift: str
    points: int | None
    sessions: int | None
    tillChange: str
    providerMessage: str


class RefundDetailRow(RefundRow):
    """As RefundDetailOutputSerializer writes it: the refund with its lines and tenders."""

    pointsTakenBack: int
    pointsUnrecovered: int
    lines: list[RefundLineRow]
    tenders: list[RefundTenderRow]


class DiscountRow(TypedDict):
    """As DiscountOutputSerializer writes it: one discount a line got, by where it came from."""

    source: str
    name: str
    amount: str


class SoldItemFields(TypedDict):
    """What a line sells, in every answer that shows a line."""

    type: str
    itemId: int
    name: str
    qty: int
    unitPrice: str


class PricedItemFields(SoldItemFields):
    """A line as the pricing found it: an order's line, or a draft's as the commit would price it."""

    total: str
    discount: str
    sessionsValue: str
    amount: str
    cardId: int | None
    discounts: list[DiscountRow]
    gift: bool


class OrderFiguresFields(TypedDict):
    """An order's number, status and totals, in every answer about its price."""

    orderId: int
    orderNo: str
    status: str
    total: str
    discount: str
    sessionsValue: str
    payable: str


class CommittedLineRow(SoldItemFields):
    """As CommittedLineOutputSerializer writes it."""

    orderLineId: int
    discount: str
    sessionsValue: str
    amount: str
    cardId: int | None


class CommittedOrderRow(OrderFiguresFields):
    """As CommittedOrderOutputSerializer writes it: order/commit's answer."""

    lines: list[CommittedLineRow]


class OrderLineRow(PricedItemFields):
    """As OrderLineOutputSerializer writes it."""

    orderLineId: int
    giftReason: str
    takeLater: bool


class LineStaffRow(TypedDict):
    """As LineStaffOutputSerializer writes it."""

    employeeId: int
    name: str
    share: str


class OrderDetailLineRow(OrderLineRow):
    """As OrderDetailLineOutputSerializer writes it: a line with its staff."""

    staff: list[LineStaffRow]


class TenderRow(TypedDict):
    """As TenderOutputSerializer writes it."""

    tenderId: int
    method: str
    amount: str
    status: str
    cardId: int | None
    cardNo: str
    methodName: str
    points: int | None
    received: str | None
    change: str | None
    operatorName: str
    createdAt: datetime | None


class OrderRow(TypedDict):
    """As OrderRowOutputSerializer writes it, the phone masked (apps.billing.orders.figures: the
    sessions apart from the discount, the refunds and the net)."""

    orderId: int
    orderNo: str
    storeId: int
    memId: int | None
    name: str
    phone: str
    walkIn: bool
    reservationId: int | None
    status: str
    statusName: str
    refundStatus: str
    refundStatusName: str
    total: str
    discount: str
    sessions: int
    sessionsValue: str
    payable: str
    paid: str
    refunded: str
    net: str
    due: str
    businessDate: date
    remark: str
    operatorName: str
    createdAt: datetime | None
    paidAt: datetime | None


class OrderDetailRow(OrderRow):
    """As OrderDetailOutputSerializer writes it."""

    lines: list[OrderDetailLineRow]
    tenders: list[TenderRow]
    refunds: list[RefundDetailRow]
    signed: bool


class OrderFoundRow(TypedDict):
    """As OrderFoundOutputSerializer writes it, the phone masked."""

    orderId: int
    orderNo: str
    name: str
    phone: str
    status: str
    payable: str
    due: str
    createdAt: datetime | None


class GiftRow(TypedDict):
    """As GiftOutputSerializer writes it: a gift line of a member's order."""

    orderLineId: int
    orderId: int
    orderNo: str
    orderStatus: str
    type: str
    itemId: int
    name: str
    qty: int
    value: str
    reason: str
    businessDate: date
    storeId: int
    storeName: str
    operatorName: str


class UsableCouponRow(CouponTermsFields):
    """As UsableCouponOutputSerializer writes it: a member's coupon tried alone on the draft."""

    couponId: int
    minSpend: str
    oneOrder: bool
    validTo: date
    applies: bool
    discount: str | None
    reason: str


class DraftStaffRow(TypedDict):
    """As DraftStaffOutputSerializer writes it."""

    employeeId: int
    name: str
    share: str


class DraftLineRow(TypedDict):
    """As DraftLineOutputSerializer writes it."""

    type: str
    itemId: int
    name: str
    qty: int
    cardId: int | None
    staff: list[DraftStaffRow]


class DraftSessionRow(TypedDict):
    """As DraftSessionOutputSerializer writes it."""

    projectId: int
    total: int
    left: int


class DraftCardRow(TypedDict):
    """As DraftCardOutputSerializer writes it: a package card that covers reserved projects."""

    cardId: int
    cardNo: str
    name: str
    expiresOn: date
    sessions: list[DraftSessionRow]


class DraftHead(TypedDict):
    """Who a draft from a reservation is for and who serves it: the head of ReservationDraftOutputSerializer."""

    reservationId: int
    memId: int | None
    name: str
    phone: str
    nurseId: int | None
    nurseName: str


class ReservationDraftRow(DraftHead):
    """As ReservationDraftOutputSerializer writes it."""

    lines: list[DraftLineRow]


class ReservationPackageDraftRow(ReservationDraftRow):
    """As ReservationPackageDraftOutputSerializer writes it: with every covering card."""

    cards: list[DraftCardRow]


class PriceRow(OrderFiguresFields):
    """As PriceOutputSerializer writes it (pay/price): what is payable, paid and due, and each discount."""

    sessions: int
    paid: str
    due: str
    discounts: list[DiscountRow]


class DetailPriceRow(PriceRow):
    """As DetailPriceOutputSerializer writes it (pay/detailPrice): with the lines."""

    lines: list[OrderLineRow]


class PricedLineRow(PricedItemFields):
    """As PricedLineOutputSerializer writes it: a draft's line as the commit would price it."""

    index: int


class AppliedCouponRow(TypedDict):
    """As AppliedCouponOutputSerializer writes it: what one coupon took off the lines in all."""

    couponId: int
    name: str
    amount: str


class PricedDraftRow(TypedDict):
    """As PricedDraftOutputSerializer writes it: the cashier's live totals, nothing saved."""

    total: str
    discount: str
    sessionsValue: str
    payable: str
    discounts: list[DiscountRow]
    lines: list[PricedLineRow]
    coupons: list[AppliedCouponRow]


class PointsQuoteRow(TypedDict):
    """As PointsQuoteOutputSerializer writes it: what an amount costs in points, against the member's."""

    memId: int
    memberName: str
    pointsPerYuan: int
    points: int
    memberPoints: int
    enough: bool


class PointsDraftPriceRow(PricedDraftRow, PointsQuoteRow):
    """As PointsDraftPriceOutputSerializer writes it: a priced draft and what it costs in points."""


class OrderSummaryRow(TypedDict):
    """As OrderSummaryOutputSerializer writes it: the bills list's totals over every filtered order."""

    count: int
    total: str
    discount: str
    sessionsValue: str
    payable: str
    paid: str
    refunded: str
    net: str
