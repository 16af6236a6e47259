"""Request parsers and documented answer shapes of the order and pricing calls (contract §8,
docs/api.md "Orders and pricing"). Rules and messages live in apps.billing (lines, services)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.billing.choices import MAX_COUPONS, MAX_LINES, REMARK_MAX_LENGTH, LineType, OrderRefundStatus, OrderStatus
from apps.billing.orders.api.refund_row_serializers import RefundDetailOutputSerializer
from apps.catalog.choices import CouponKind
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer
from apps.members.api.serializers import PointsEntryOutputSerializer

# -- inputs --------------------------------------------------------------------------------------


# What an order line sells; an intention deposit is taken by intention/take, never a line of a commit.
SOLD_LINE_TYPES = [choice for choice in LineType.choices if choice[0] != LineType.DEPOSIT]


class StaffShareInputSerializer(serializers.Serializer[Any]):
    employeeId = fields.IntegerField(min_value=1, source="employee_id")
    share = fields.number(bounds.RATE, help_text='the employee\'s part of the line, above 0 ("0.5000")')


class OrderLineInputSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=SOLD_LINE_TYPES)
    itemId = fields.IntegerField(
        min_value=1, required=False, allow_null=True, source="item_id", help_text="not for a topUp line"
    )
    qty = fields.number(bounds.LINE_QTY, low=1, required=False, default=1)
    cardId = fields.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        source="card_id",
        help_text="the member's card the line pays with (stored value or package sessions), or tops up",
    )
    amount = fields.number(
        bounds.MONEY_LINE, required=False, allow_null=True, help_text="topUp only: the amount loaded"
    )
    staff = serializers.ListField(
        child=StaffShareInputSerializer(),
        max_length=10,
        required=False,
        allow_null=True,
        help_text="absent or null: the reservation's nurse for a project line, else nobody",
    )
    gift = serializers.BooleanField(
        required=False, default=False, help_text="given free with the sale (BTN-KDJC-ORDER-GIFT): priced at 0"
    )
    giftReason = fields.CharField(
        max_length=100, required=False, allow_blank=True, default="", source="gift_reason", help_text="a gift's reason"
    )
    takeLater = serializers.BooleanField(
        required=False,
        default=False,
        source="take_later",
        help_text="product and productPackage lines: the member takes the goods later (owed goods, /toTakenList)",
    )
    packageLine = fields.IntegerField(
        min_value=0,
        max_value=MAX_LINES - 1,
        required=False,
        allow_null=True,
        source="package_line",
        help_text=(
            "a project line served now by one of the sessions of the project package sold on line"
            " `packageLine` (its index in `lines`) of this order: priced at 0, the session used when the"
            " order is paid, from the package card the payment issues"
        ),
    )


class WalkInInputSerializer(serializers.Serializer[Any]):
    name = fields.CharField(max_length=40, allow_blank=True, required=False, default="")
    areaCode = fields.CharField(max_length=8, allow_blank=True, required=False, default="0086", source="area_code")
    phone = fields.CharField(max_length=30, allow_blank=True, required=False, default="")


class OrderDraftInputSerializer(serializers.Serializer[Any]):
    """An order as the cashier sends it (contract §8), with the member's coupons to use."""

    memId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="member_id")
    walkIn = WalkInInputSerializer(required=False, allow_null=True, source="walk_in")
    reservationId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="reservation_id")
    lines = serializers.ListField(child=OrderLineInputSerializer(), max_length=MAX_LINES)
    remark = fields.CharField(max_length=REMARK_MAX_LENGTH, required=False, allow_blank=True, default="")
    couponIds = serializers.ListField(
        child=fields.IntegerField(min_value=1),
        max_length=MAX_COUPONS,
        required=False,
        default=list,
        source="coupon_ids",
        help_text="the member's usable coupons (0 to 5); a walk-in uses none",
    )


class OrderIdInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1, source="order_id")


class OrderDiffInputSerializer(OrderIdInputSerializer):
    cardId = fields.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        source="card_id",
        help_text="a stored-value card of the order's member: what it can pay of the due",
    )


class CardCheckLineInputSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=SOLD_LINE_TYPES)
    itemId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="item_id")
    qty = fields.number(bounds.LINE_QTY, low=1, required=False, default=1)


class CardCheckInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")
    cardId = fields.IntegerField(min_value=1, source="card_id")
    lines = serializers.ListField(child=CardCheckLineInputSerializer(), max_length=MAX_LINES)


class LineStaffChangeInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1, source="order_id")
    orderLineId = fields.IntegerField(min_value=1, source="line_id")
    staff = serializers.ListField(child=StaffShareInputSerializer(), min_length=1, max_length=10)
    reason = fields.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        help_text="why a paid order's credits move (required when the order is paid; kept in the system log)",
    )


class MemberGiftListInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField(min_value=1, source="member_id")


class ReservationIdInputSerializer(serializers.Serializer[Any]):
    reservationId = fields.IntegerField(min_value=1, source="reservation_id")


class OrderSearchInputSerializer(serializers.Serializer[Any]):
    keyword = fields.CharField(max_length=30, help_text="a whole phone, or the start of an order number")


class OrderListInputSerializer(PageInputSerializer):
    startTime = fields.DateTimeField(required=False, allow_null=True, source="start_time")
    endTime = fields.DateTimeField(required=False, allow_null=True, source="end_time")
    memId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="member_id")
    orderNo = fields.CharField(max_length=24, required=False, allow_blank=True, default="", source="order_no")
    status = serializers.ChoiceField(choices=OrderStatus.choices, required=False, allow_blank=True, default="")
    employeeId = fields.IntegerField(min_value=1, required=False, allow_null=True, source="employee_id")


# -- outputs -------------------------------------------------------------------------------------


def money(help_text: str = "", **kwargs: Any) -> serializers.CharField:
    return serializers.CharField(help_text=help_text or 'decimal string, 2 places ("199.00")', **kwargs)


class DiscountOutputSerializer(serializers.Serializer[Any]):
    # The wire field "source": DRF takes declared fields off the class; the stubs see Field.source.
    source = serializers.CharField(help_text="promotion, card, coupon or gift (the sessions are sessionsValue)")  # type: ignore[assignment]
    name = serializers.CharField(help_text="the promotion's or the card type's name")
    amount = money()


# The first fields of an order line's answers and of an order's figures; no docstring, which the
# schema would give every answer built on them.
class OrderLineItemOutputSerializer(serializers.Serializer[Any]):
    orderLineId = serializers.IntegerField()
    type = serializers.CharField()
    itemId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField()
    unitPrice = money()


class OrderFiguresOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    status = serializers.CharField()
    total = money()
    discount = money("promotions, card discounts, coupons and gifts; not the sessions")
    sessionsValue = money("what package sessions paid, at the price of the lines: not a discount")
    payable = money()


class CommittedLineOutputSerializer(OrderLineItemOutputSerializer):
    discount = money("promotions, card discounts, coupons and gifts; not the sessions")
    sessionsValue = money("what package sessions paid, at the price of the lines: not a discount")
    amount = money()
    cardId = serializers.IntegerField(allow_null=True)


class CommittedOrderOutputSerializer(OrderFiguresOutputSerializer):
    """Contract §8's answer to `order/commit`, field for field."""

    lines = CommittedLineOutputSerializer(many=True)


class OrderRowOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    storeId = serializers.IntegerField()
    memId = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    walkIn = serializers.BooleanField()
    reservationId = serializers.IntegerField(allow_null=True)
    status = serializers.CharField(help_text="how it was paid: unpaid, partlyPaid, paid, cancelled")
    statusName = serializers.CharField()
    refundStatus = serializers.ChoiceField(
        choices=OrderRefundStatus.choices,
        help_text="what its refunds gave back: none, partlyRefunded, or refunded (all it paid, money and sessions)",
    )
    refundStatusName = serializers.CharField(help_text="refundStatus in the request's language; empty for none")
    total = money("the lines at their prices")
    discount = money("promotions, card discounts, coupons and gifts; not the sessions")
    sessions = serializers.IntegerField(help_text="package sessions used")
    sessionsValue = money("what package sessions paid, at the price of the lines: not a discount")
    payable = money()
    paid = money("gross: what was paid, before refunds")
    refunded = money("what its refunds gave back (a provider's pending refund included; a refused one not)")
    net = money("paid less refunded")
    due = money()
    businessDate = serializers.DateField()
    remark = serializers.CharField()
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()
    paidAt = serializers.DateTimeField(allow_null=True)


class OrderSummaryOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="orders matching the filters")
    total = money()
    discount = money("promotions, card discounts, coupons and gifts; not the sessions")
    sessionsValue = money("what package sessions paid, at the price of the lines: not a discount")
    payable = money()
    paid = money("gross: what was paid, before refunds")
    refunded = money("what their refunds gave back")
    net = money("paid less refunded")


class OrderPageOutputSerializer(serializers.Serializer[Any]):
    list = OrderRowOutputSerializer(many=True)
    total = serializers.IntegerField()
    summary = OrderSummaryOutputSerializer(help_text="sums over every filtered order, not only the page")


class OrderLineOutputSerializer(OrderLineItemOutputSerializer):
    total = money("unit price × quantity")
    discount = money("promotions, card discounts, coupons and gifts; not the sessions")
    sessionsValue = money("what package sessions paid, at the price of the lines: not a discount")
    amount = money("payable for the line")
    cardId = serializers.IntegerField(allow_null=True)
    discounts = DiscountOutputSerializer(many=True)
    gift = serializers.BooleanField(help_text="given free with the sale")
    giftReason = serializers.CharField(help_text="why it was given (empty for other lines)")
    takeLater = serializers.BooleanField(help_text="the goods are taken later (owed goods, /toTakenList)")


class LineStaffOutputSerializer(serializers.Serializer[Any]):
    employeeId = serializers.IntegerField()
    name = serializers.CharField()
    share = serializers.CharField(help_text='4 places ("0.5000")')


class OrderDetailLineOutputSerializer(OrderLineOutputSerializer):
    staff = LineStaffOutputSerializer(many=True)


class TenderOutputSerializer(serializers.Serializer[Any]):
    tenderId = serializers.IntegerField()
    method = serializers.CharField()
    amount = money()
    status = serializers.CharField()
    methodName = serializers.CharField(help_text="the method in the request's language")
    cardId = serializers.IntegerField(allow_null=True)
    cardNo = serializers.CharField(help_text="the card's number; empty without a card")
    points = serializers.IntegerField(allow_null=True)
    received = money(allow_null=True)
    change = money(allow_null=True)
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class OrderDetailOutputSerializer(OrderRowOutputSerializer):
    lines = OrderDetailLineOutputSerializer(many=True)
    tenders = TenderOutputSerializer(many=True)
    refunds = RefundDetailOutputSerializer(many=True, help_text="the order's refunds, oldest first")
    signed = serializers.BooleanField(help_text="the member signed: order/signatureImage/{orderId} serves it")


class OrderFoundOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    status = serializers.CharField()
    payable = money()
    due = money()
    createdAt = serializers.DateTimeField()


class PriceOutputSerializer(OrderFiguresOutputSerializer):
    sessions = serializers.IntegerField(help_text="package sessions the order uses")
    paid = money()
    due = money()
    discounts = DiscountOutputSerializer(many=True, help_text="summed by source and name over the lines")


class DetailPriceOutputSerializer(PriceOutputSerializer):
    lines = OrderLineOutputSerializer(many=True)


class PricedLineOutputSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(help_text="the line's place in the request, from 0")
    type = serializers.CharField()
    itemId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField()
    unitPrice = money()
    total = money()
    discount = money("promotions, card discounts, coupons and gifts; not the sessions")
    sessionsValue = money("what package sessions paid, at the price of the lines: not a discount")
    amount = money()
    cardId = serializers.IntegerField(allow_null=True)
    discounts = DiscountOutputSerializer(many=True)
    gift = serializers.BooleanField(help_text="given free with the sale: its discount is the whole price")


class AppliedCouponOutputSerializer(serializers.Serializer[Any]):
    couponId = serializers.IntegerField()
    name = serializers.CharField(help_text="the coupon template's name")
    amount = money("what the coupon took off the lines in all")


class PricedDraftOutputSerializer(serializers.Serializer[Any]):
    total = money()
    discount = money("promotions, card discounts, coupons and gifts; not the sessions")
    sessionsValue = money("what package sessions paid, at the price of the lines: not a discount")
    payable = money()
    discounts = DiscountOutputSerializer(many=True)
    lines = PricedLineOutputSerializer(many=True)
    coupons = AppliedCouponOutputSerializer(many=True, help_text="the draft's couponIds, in their order")


class SessionNeedOutputSerializer(serializers.Serializer[Any]):
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    projectId = serializers.IntegerField()
    projectName = serializers.CharField()
    needed = serializers.IntegerField(help_text="sessions the order's lines take from the card")
    left = serializers.IntegerField(help_text="sessions of the project left on the card now")
    enough = serializers.BooleanField()


class SurplusOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    enough = serializers.BooleanField(help_text="every card holds the sessions its lines take (true without any)")
    sessions = SessionNeedOutputSerializer(many=True)


class JudgmentBlockOutputSerializer(serializers.Serializer[Any]):
    code = serializers.ChoiceField(choices=["status", "card", "sessions", "signature"])
    message = serializers.CharField()


class JudgmentOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    status = serializers.ChoiceField(choices=OrderStatus.choices)
    due = money()
    payable = serializers.BooleanField(help_text="nothing stands in the way of paying the order now")
    blocks = JudgmentBlockOutputSerializer(many=True)


class DiffCardOutputSerializer(serializers.Serializer[Any]):
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    balance = money()
    usable = serializers.BooleanField()
    fromCard = money("what the card can pay of the due (0 when it is not usable)")


class DiffOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    total = money()
    sessionsCovered = money("the value of the package sessions the order's lines take")
    payable = money()
    paid = money()
    due = money()
    card = DiffCardOutputSerializer(allow_null=True)
    beyond = money("what is left to pay beyond the package and the card")


class CardCheckLineOutputSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(help_text="the line's place in the request, from 0")
    fits = serializers.BooleanField()
    reason = serializers.CharField(help_text="why the card cannot pay the line (empty when it can)")


class CardCheckOutputSerializer(serializers.Serializer[Any]):
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    kind = serializers.CharField(help_text="storedValue or package")
    usable = serializers.BooleanField(help_text="active and within its date")
    reason = serializers.CharField(help_text="why the card is not usable (empty when it is)")
    lines = CardCheckLineOutputSerializer(many=True)


class GiftOutputSerializer(serializers.Serializer[Any]):
    orderLineId = serializers.IntegerField()
    orderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    orderStatus = serializers.ChoiceField(choices=OrderStatus.choices)
    type = serializers.CharField()
    itemId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField()
    value = money("what the gift would have cost: unit price × quantity")
    reason = serializers.CharField()
    businessDate = serializers.DateField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    operatorName = serializers.CharField()


class GiftPageOutputSerializer(serializers.Serializer[Any]):
    list = GiftOutputSerializer(many=True)
    total = serializers.IntegerField()


class UsableCouponOutputSerializer(serializers.Serializer[Any]):
    couponId = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=CouponKind.choices)
    amount = money("a cash coupon's amount off", allow_null=True)
    rate = serializers.CharField(allow_null=True, help_text="a discount coupon's rate (0.85: pay 85%)")
    maxDiscount = money("a discount coupon's cap", allow_null=True)
    minSpend = money()
    oneOrder = serializers.BooleanField(help_text="at most one coupon of this template per order")
    validTo = serializers.DateField()
    applies = serializers.BooleanField(help_text="the coupon alone can apply to the draft's lines")
    discount = money("what the coupon alone would take off the lines", allow_null=True)
    reason = serializers.CharField(help_text="why it cannot apply (empty when it can)")


class DraftStaffOutputSerializer(serializers.Serializer[Any]):
    employeeId = serializers.IntegerField()
    name = serializers.CharField()
    share = serializers.CharField()


class DraftLineOutputSerializer(serializers.Serializer[Any]):
    type = serializers.CharField()
    itemId = serializers.IntegerField()
    name = serializers.CharField()
    qty = serializers.IntegerField()
    cardId = serializers.IntegerField(allow_null=True)
    staff = DraftStaffOutputSerializer(many=True)


class DraftSessionOutputSerializer(serializers.Serializer[Any]):
    projectId = serializers.IntegerField()
    total = serializers.IntegerField()
    left = serializers.IntegerField()


class DraftCardOutputSerializer(serializers.Serializer[Any]):
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    name = serializers.CharField()
    expiresOn = serializers.DateField()
    sessions = DraftSessionOutputSerializer(many=True)


class ReservationDraftOutputSerializer(serializers.Serializer[Any]):
    reservationId = serializers.IntegerField()
    memId = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    nurseId = serializers.IntegerField(allow_null=True)
    nurseName = serializers.CharField()
    lines = DraftLineOutputSerializer(many=True)


class ReservationPackageDraftOutputSerializer(ReservationDraftOutputSerializer):
    cards = DraftCardOutputSerializer(many=True)


class PointsQuoteOutputSerializer(serializers.Serializer[Any]):
    """What an amount costs in points (points exchange)."""

    memId = serializers.IntegerField()
    memberName = serializers.CharField()
    pointsPerYuan = serializers.IntegerField(help_text="POINTS_PER_YUAN_PAID: the points that pay one yuan")
    points = serializers.IntegerField(help_text="the points that pay the amount (payable, or what is due)")
    memberPoints = serializers.IntegerField(help_text="the member's points now")
    enough = serializers.BooleanField(help_text="the member holds at least `points`")


class PointsDraftPriceOutputSerializer(PricedDraftOutputSerializer, PointsQuoteOutputSerializer):
    pass


class PointsOrderPriceOutputSerializer(DetailPriceOutputSerializer, PointsQuoteOutputSerializer):
    entries = PointsEntryOutputSerializer(many=True, help_text="the points ledger entries naming the order")
