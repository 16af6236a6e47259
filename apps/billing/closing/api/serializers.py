"""Request parsers and documented answers of the daily closing calls (contract §8, docs/api.md "Daily
closing"). The rules and their messages live in apps.billing.closing.services; the figures in
apps.billing.closing.selectors."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.approvals.choices import ApprovalStatus
from apps.billing.choices import CARRY_OVER_MAX, CLOSING_TEXT_MAX_LENGTH, OpenItemKind, TenderMethod
from apps.billing.closing.selectors import SALE_KINDS
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer


class DayInputSerializer(serializers.Serializer[Any]):
    date = fields.DateField(required=False, help_text="the business day (YYYY-MM-DD); default today")


class CarryOverInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=OpenItemKind.choices, help_text="as the preview's openItems name it")
    ref = fields.CharField(max_length=32, help_text="as the preview's openItems name it")
    reason = fields.CharField(max_length=CLOSING_TEXT_MAX_LENGTH, allow_blank=True, help_text="required")


class CloseInputSerializer(serializers.Serializer[Any]):
    date = fields.DateField(help_text="the business day to close")
    cashCounted = fields.number(bounds.MONEY_ORDER, help_text="the cash counted in the till")
    differenceReason = fields.CharField(
        required=False,
        allow_blank=True,
        max_length=CLOSING_TEXT_MAX_LENGTH,
        help_text="required when the cash counted differs from the cash expected",
    )
    remark = fields.CharField(required=False, allow_blank=True, max_length=CLOSING_TEXT_MAX_LENGTH)
    carryOver = serializers.ListField(
        child=CarryOverInputSerializer(),
        required=False,
        max_length=CARRY_OVER_MAX,
        help_text="each item of the day still open (the preview's openItems), carried over with its reason",
    )


class ReopenAskInputSerializer(serializers.Serializer[Any]):
    date = fields.DateField(help_text="the closed business day of the chosen store")
    reason = fields.CharField(max_length=CLOSING_TEXT_MAX_LENGTH, allow_blank=True, help_text="required")


class ReopenInputSerializer(serializers.Serializer[Any]):
    closingId = fields.IntegerField(min_value=1)
    reason = fields.CharField(max_length=CLOSING_TEXT_MAX_LENGTH, allow_blank=True)


class HistoryInputSerializer(PageInputSerializer):
    startDate = fields.DateField(required=False)
    endDate = fields.DateField(required=False)


class CarriedOverOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=OpenItemKind.choices)
    ref = serializers.CharField()
    title = serializers.CharField(help_text="the order number and customer, the reservation's time and name, ...")
    amount = serializers.CharField(allow_null=True, help_text="an order: what was left to pay")
    reason = serializers.CharField()
    carriedTo = serializers.DateField(allow_null=True, help_text="an order: the business day it moved into")


class ClosingOutputSerializer(serializers.Serializer[Any]):
    closingId = serializers.IntegerField()
    storeId = serializers.IntegerField()
    date = serializers.DateField()
    status = serializers.ChoiceField(choices=["closed", "reopened"])
    cashExpected = serializers.CharField()
    cashCounted = serializers.CharField()
    difference = serializers.CharField(help_text="counted minus expected")
    differenceReason = serializers.CharField()
    remark = serializers.CharField()
    closedBy = serializers.CharField()
    closedAt = serializers.DateTimeField()
    reopenedBy = serializers.CharField()
    reopenedAt = serializers.DateTimeField(allow_null=True)
    reopenReason = serializers.CharField()
    carriedOver = CarriedOverOutputSerializer(many=True, help_text="what was still open and carried over, why")


class ClosingPageOutputSerializer(serializers.Serializer[Any]):
    list = ClosingOutputSerializer(many=True)
    total = serializers.IntegerField()


class TakingMethodOutputSerializer(serializers.Serializer[Any]):
    method = serializers.ChoiceField(choices=TenderMethod.choices)
    label = serializers.CharField()  # type: ignore[assignment]  # the wire field is `label`, a Field attribute too
    count = serializers.IntegerField(help_text="the day's tenders (0: the day only refunded through the method)")
    gross = serializers.CharField(help_text="the day's tenders, before refunds")
    refunded = serializers.CharField(help_text="what the day's refunds gave back through the method")
    amount = serializers.CharField(help_text="net: gross less refunded")
    money = serializers.BooleanField(help_text="money in (cash, providers); false: paid otherwise (filedUnder)")
    filedUnder = serializers.ChoiceField(
        choices=["moneyIn", "memberHoldings", "groupBuy"],
        help_text=(
            "moneyIn: cash and providers; memberHoldings: stored value, sessions, points, deposits; "
            "groupBuy: coupons the customer paid on a platform, which settles with the chain"
        ),
    )


class TakingsOutputSerializer(serializers.Serializer[Any]):
    methods = TakingMethodOutputSerializer(many=True)
    money = serializers.CharField(help_text="net: cash and provider tenders less the money refunds gave back")
    moneyGross = serializers.CharField(help_text="cash and provider tenders, before refunds")
    moneyRefunded = serializers.CharField(help_text="what the day's refunds gave back through them")


class CashOutputSerializer(serializers.Serializer[Any]):
    expected = serializers.CharField(help_text="the cash tenders of the day (net of change)")


class PendingTenderOutputSerializer(serializers.Serializer[Any]):
    tenderId = serializers.IntegerField()
    orderNo = serializers.CharField()
    method = serializers.ChoiceField(choices=TenderMethod.choices)
    amount = serializers.CharField()
    createdAt = serializers.DateTimeField()


class PendingOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    amount = serializers.CharField()
    tenders = PendingTenderOutputSerializer(many=True, help_text="the first 50")


class SaleKindOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=list(SALE_KINDS))
    lines = serializers.IntegerField()
    qty = serializers.IntegerField()
    amount = serializers.CharField(help_text="gross, the paid lines; sessions: at the project's list price")
    returned = serializers.CharField(help_text="what the day's refunds returned of the kind")
    net = serializers.CharField(help_text="amount less returned")


class SalesOutputSerializer(serializers.Serializer[Any]):
    kinds = SaleKindOutputSerializer(many=True)
    total = serializers.CharField(help_text="gross")
    returned = serializers.CharField()
    net = serializers.CharField(help_text="total less returned")


class OrderCountsOutputSerializer(serializers.Serializer[Any]):
    paid = serializers.IntegerField()
    open = serializers.IntegerField(help_text="unpaid or partly paid")
    cancelled = serializers.IntegerField()


class CardPartOutputSerializer(serializers.Serializer[Any]):
    """One figure of the cards, counted and summed by the figure another section shows (sales,
    takings), the card ledger splitting it into principal, gift and sessions."""

    count = serializers.IntegerField(
        help_text="cards sold (the sales' qty), top-ups (lines), stored-value tenders, lines served by sessions"
    )
    amount = serializers.CharField(help_text="gross: the sales' amount, or the stored-value tenders'")
    returned = serializers.CharField(help_text="what the day's refunds gave back of it")
    net = serializers.CharField(help_text="amount less returned")
    principal = serializers.CharField(help_text="the card ledger: principal loaded (sold, topped up) or spent")
    gift = serializers.CharField(help_text="the card ledger: gift loaded or spent")
    sessions = serializers.IntegerField(help_text="sessions a package card sold holds; sessions used")


class CardsOutputSerializer(serializers.Serializer[Any]):
    sold = CardPartOutputSerializer()
    toppedUp = CardPartOutputSerializer()
    storedValueSpent = CardPartOutputSerializer()
    sessionsUsed = CardPartOutputSerializer()


class PointsOutputSerializer(serializers.Serializer[Any]):
    earned = serializers.IntegerField()
    spent = serializers.IntegerField()
    adjusted = serializers.IntegerField()
    tendered = serializers.CharField(help_text="the money the points paid")


class RevenueOutputSerializer(serializers.Serializer[Any]):
    takings = serializers.CharField(help_text="money in")
    liabilityIn = serializers.CharField(
        help_text="cards sold and topped up, intention deposits taken: money in the store still owes service for"
    )
    goodsAndServices = serializers.CharField()
    sessionsValue = serializers.CharField(help_text="package sessions used, at the project's list price")
    returned = serializers.CharField(
        help_text="goods, services and sessions the day's refunds returned (sessions at list price)"
    )
    liabilityOut = serializers.CharField(help_text="cards sold or topped up, intention deposits, refunded")
    earned = serializers.CharField(help_text="goods and services plus sessions used, less returned: revenue")
    paidFromStoredValue = serializers.CharField()
    paidByPoints = serializers.CharField()
    paidFromDeposits = serializers.CharField(
        help_text="intention deposits applied to orders: their revenue, not takings (the money came in before)"
    )


class DepositPartOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="deposit ledger entries")
    amount = serializers.CharField()


class DepositsOutputSerializer(serializers.Serializer[Any]):
    """The deposit ledger of the day (issue 17 §4): a deposit is a liability until used or refunded."""

    taken = DepositPartOutputSerializer(help_text="deposits whose order was paid: takings, not revenue")
    applied = DepositPartOutputSerializer(help_text="applied to orders: revenue of those orders, not takings")
    refunded = DepositPartOutputSerializer(help_text="given back to the customer")
    returned = DepositPartOutputSerializer(help_text="given back to the deposit by a refund of an order it paid")
    held = serializers.CharField(help_text="what the store's deposits still hold at the day's end (a liability)")


class RefundMethodOutputSerializer(serializers.Serializer[Any]):
    method = serializers.ChoiceField(choices=TenderMethod.choices)
    label = serializers.CharField()  # type: ignore[assignment]  # the wire field is `label`, a Field attribute too
    count = serializers.IntegerField()
    amount = serializers.CharField(help_text="given back (succeeded)")


class PendingRefundOutputSerializer(serializers.Serializer[Any]):
    refundNo = serializers.CharField()
    orderNo = serializers.CharField()
    method = serializers.ChoiceField(choices=TenderMethod.choices)
    amount = serializers.CharField()
    createdAt = serializers.DateTimeField()


class PendingRefundsOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    amount = serializers.CharField()
    tenders = PendingRefundOutputSerializer(many=True, help_text="the first 50")


class FailedRefundsOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    amount = serializers.CharField(help_text="a provider refused: this money did not go back")


class RefundsOutputSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="refunds dated the day")
    amount = serializers.CharField()
    methods = RefundMethodOutputSerializer(many=True)
    pending = PendingRefundsOutputSerializer(help_text="provider refunds not confirmed yet: closing waits for them")
    failed = FailedRefundsOutputSerializer()


class ReconciliationRowOutputSerializer(serializers.Serializer[Any]):
    provider = serializers.CharField()
    kind = serializers.ChoiceField(choices=["ours_not_theirs", "theirs_not_ours", "amount_differs"])
    kindName = serializers.CharField()
    outTradeNo = serializers.CharField()
    outRefundNo = serializers.CharField()
    ours = serializers.CharField(allow_null=True)
    theirs = serializers.CharField(allow_null=True)


class StaffShareOutputSerializer(serializers.Serializer[Any]):
    employeeId = serializers.IntegerField()
    name = serializers.CharField()
    service = serializers.CharField()
    sale = serializers.CharField()
    cardSale = serializers.CharField()
    cardConsumption = serializers.CharField()
    total = serializers.CharField()


class OpenItemOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=OpenItemKind.choices)
    ref = serializers.CharField(help_text="the item's id within its kind")
    title = serializers.CharField()
    detail = serializers.CharField(help_text="what is open about it, in the request's language")
    amount = serializers.CharField(allow_null=True)
    carriable = serializers.BooleanField(help_text="false: a provider's money on its way, settled only")
    route = serializers.CharField(help_text="the page where it is settled, or empty")


class ReopenAskOutputSerializer(serializers.Serializer[Any]):
    requestId = serializers.IntegerField(help_text="the approval centre's request")
    closingId = serializers.IntegerField()
    date = serializers.DateField()
    reason = serializers.CharField()
    status = serializers.ChoiceField(choices=ApprovalStatus.choices)
    applicantName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class PreviewOutputSerializer(serializers.Serializer[Any]):
    storeId = serializers.IntegerField()
    date = serializers.DateField()
    takings = TakingsOutputSerializer()
    cash = CashOutputSerializer()
    pending = PendingOutputSerializer()
    sales = SalesOutputSerializer()
    orders = OrderCountsOutputSerializer()
    cards = CardsOutputSerializer()
    refunds = RefundsOutputSerializer()
    points = PointsOutputSerializer()
    deposits = DepositsOutputSerializer()
    revenue = RevenueOutputSerializer()
    staff = StaffShareOutputSerializer(many=True)
    closing = ClosingOutputSerializer(allow_null=True, help_text="the day's closing; null while the day is open")
    reconciliation = ReconciliationRowOutputSerializer(
        many=True, help_text="the providers' bills against our payments and refunds of the day (read live)"
    )
    openItems = OpenItemOutputSerializer(
        many=True, help_text="while the day is open: what is still open, to settle or carry over before closing"
    )
    reopenAsked = ReopenAskOutputSerializer(
        allow_null=True, help_text="once closed: a request to reopen it waiting for the owner, or null"
    )
