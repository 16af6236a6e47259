"""Choices and constants of orders and payment (issue 13 §2, contract §8)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.bounds import LINE_QTY, MONEY_LINE


class OrderStatus(models.TextChoices):
    UNPAID = "unpaid", _("unpaid")
    PARTLY_PAID = "partlyPaid", _("partly paid")
    PAID = "paid", _("paid")
    CANCELLED = "cancelled", _("cancelled")


class OrderRefundStatus(models.TextChoices):
    """What the refunds of an order gave back, read from them (issue 28; apps.billing.orders.figures):
    nothing, part of it, or all it paid (money and package sessions). The order's `status` stays
    how it was paid, so a refunded order is still `paid`."""

    NONE = "none", _("not refunded")
    PARTLY_REFUNDED = "partlyRefunded", _("partly refunded")
    REFUNDED = "refunded", _("refunded")


class LineType(models.TextChoices):
    """What an order line sells (contract §8 `type`)."""

    PRODUCT = "product", _("product")
    PRODUCT_PACKAGE = "productPackage", _("product package")
    PROJECT = "project", _("project")
    PROJECT_PACKAGE = "projectPackage", _("project package")
    CARD_TYPE = "cardType", _("card purchase")
    TOP_UP = "topUp", _("top-up")
    # An intention deposit taken (apps.billing.deposits.services): money towards a future purchase, a
    # liability of the store until it is applied to an order or refunded; never a cashier's line.
    DEPOSIT = "deposit", _("intention deposit")


class TenderMethod(models.TextChoices):
    """How a part of an order is paid (contract §8 `method`). Provider methods (wechat, alipay, pos, box)
    come with the payments app; this floor takes cash, stored value, package sessions and points."""

    CASH = "cash", _("cash")
    STORED_VALUE = "storedValue", _("stored value")
    SESSIONS = "sessions", _("package sessions")
    POINTS = "points", _("points")
    WECHAT = "wechat", _("WeChat Pay")
    ALIPAY = "alipay", _("Alipay")
    POS = "pos", _("card terminal")
    BOX = "box", _("payment box")
    # A group-buy coupon written off at a platform (apps.groupbuy): the platform collected the money and
    # settles it with the chain; only the group-buy service pays with it, never a cashier's tender.
    GROUP_BUY = "groupBuy", _("group-buy coupon")
    # Part of an intention deposit applied to the order (apps.billing.deposits.services): the money came in
    # when the deposit was taken, so it is revenue of this order but not takings again.
    DEPOSIT = "deposit", _("intention deposit")


class TenderStatus(models.TextChoices):
    PENDING = "pending", _("pending")
    SUCCEEDED = "succeeded", _("succeeded")
    FAILED = "failed", _("failed")


class CreditKind(models.TextChoices):
    """Staff performance is kept apart by what was done (issue 13 §2)."""

    SERVICE = "service", _("service")
    SALE = "sale", _("sale")
    CARD_SALE = "cardSale", _("card sale")
    CARD_CONSUMPTION = "cardConsumption", _("card consumption")


class AuditAction(models.TextChoices):
    ORDER_COMMITTED = "billing.order_committed", _("committed an order")
    ORDER_PAID = "billing.order_paid", _("took a payment")
    PROVIDER_TENDER_ENDED = "billing.provider_tender_ended", _("a provider tender succeeded or failed")
    ORDER_CANCELLED = "billing.order_cancelled", _("cancelled an unpaid order")
    ORDER_SIGNED = "billing.order_signed", _("saved a member's signature on an order")
    ORDER_REFUNDED = "billing.order_refunded", _("refunded an order")
    REFUND_TENDER_ENDED = "billing.refund_tender_ended", _("a provider refund of a refund ended")
    REFUND_TENDER_RESENT = "billing.refund_tender_resent", _("asked the card terminal again for a refund")
    DAY_CLOSED = "billing.day_closed", _("closed a business day")
    DAY_REOPENED = "billing.day_reopened", _("reopened a business day")
    DAY_ITEM_CARRIED_OVER = "billing.day_item_carried_over", _("carried an open item over at closing")
    LINE_STAFF_CHANGED = "billing.line_staff_changed", _("changed the staff of an order line")
    OWED_TAKEN = "billing.owed_taken", _("handed over owed goods")
    SERVICE_USE_BELOW_ZERO = "billing.service_use_below_zero", _("a service used products below zero stock")
    DEPOSIT_TAKEN = "billing.deposit_taken", _("took an intention deposit")
    DEPOSIT_APPLIED = "billing.deposit_applied", _("applied an intention deposit to an order")
    DEPOSIT_REFUNDED = "billing.deposit_refunded", _("refunded an intention deposit")


class DiscountSource(models.TextChoices):
    """Where a discount recorded on an order line comes from (`discounts[].source`)."""

    PROMOTION = "promotion", _("promotion")
    CARD = "card", _("card discount")
    SESSIONS = "sessions", _("package sessions")
    COUPON = "coupon", _("coupon")
    GIFT = "gift", _("gift")


MAX_COUPONS = 5  # member coupons one order may use

# An order's number is SO, the business day (YYYYMMDD) and the id in at least 8 digits, given by the
# database as the order is inserted (migration 0022); deposits' and refunds' numbers pad their ids alike.
ORDER_NO_ID_DIGITS = 8
MAX_LINES = 50
MAX_QTY = int(LINE_QTY.high)
REMARK_MAX_LENGTH = 200
GIFT_REASON_MAX_LENGTH = 100
# What may be given free with a sale: goods and services, not cards or money on them.
GIFT_TYPES = ("product", "productPackage", "project", "projectPackage")
# A top-up line's amount: above 0 and at most this (a slip of the keyboard, not a limit of the card).
TOP_UP_MAX = MONEY_LINE.high
# A search by order number or phone answers at most this many orders, newest first.
SEARCH_LIMIT = 20
# A signature pad's PNG is a few kilobytes; the bound keeps a wrong file out of the store.
SIGNATURE_MAX_BYTES = 256 * 1024
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class RefundStatus(models.TextChoices):
    """A refund is pending while a provider has not confirmed one of its tenders, done when every
    tender it returns to is, failed when a provider refused one (that money did not go back)."""

    PENDING = "pending", _("pending")
    DONE = "done", _("refunded")
    FAILED = "failed", _("not all money returned")


class ReturnedGoods(models.TextChoices):
    """Where a refund line's goods go when they come back (issue 28): back on the shelf, to be sold
    again, or written off as damaged with the reason. A line that gives back no goods says neither."""

    SHELF = "shelf", _("back on the shelf")
    DAMAGED = "damaged", _("written off as damaged")


REFUND_NO_PREFIX = "RF"
REASON_MAX_LENGTH = 200

# Daily closing: a reason for a cash difference, a remark, a reason for reopening or carrying over.
CLOSING_TEXT_MAX_LENGTH = 200
# The open items one closing may carry over (a day has a handful; the bound keeps the body sane).
CARRY_OVER_MAX = 500


class OpenItemKind(models.TextChoices):
    """What a store's day may still hold open when it is closed (issue 28 §2). Each is settled before
    closing or carried over with a reason; a provider's money still on its way can only be settled
    (waited for or closed): it is the day's takings, and a closed day's rows never change."""

    ORDER = "order", _("order not paid in full")
    PROVIDER_PAYMENT = "providerPayment", _("provider payment pending")
    PROVIDER_REFUND = "providerRefund", _("provider refund pending")
    RESERVATION = "reservation", _("arrived reservation not billed")
    GROUP_BUY = "groupBuy", _("written-off coupon not served")
    OWED_GOODS = "owedGoods", _("owed goods not handed over")


# Settled only: what can never be carried over (see OpenItemKind).
SETTLE_ONLY_KINDS = (OpenItemKind.PROVIDER_PAYMENT, OpenItemKind.PROVIDER_REFUND)
# The approval centre's kind of a request to reopen a closed day (apps.billing.closing.reopen_requests).
DAY_REOPEN_KIND = "day-reopen"
# Its subject: the closing asked to be reopened (one request waits per closing).
DAY_REOPEN_SUBJECT = "closing"


class DepositStatus(models.TextChoices):
    """Where an intention deposit stands (/stoIntention): unpaid until its order is paid, then open
    (nothing used), partly used, used (nothing left, all applied) or refunded (nothing left, some of
    it refunded); a deposit whose unpaid order was cancelled is cancelled."""

    UNPAID = "unpaid", _("unpaid")
    OPEN = "open", _("open")
    PARTLY_USED = "partlyUsed", _("partly used")
    USED = "used", _("used")
    REFUNDED = "refunded", _("refunded")
    CANCELLED = "cancelled", _("cancelled")


class DepositEntryKind(models.TextChoices):
    """An entry of the deposit ledger: taken (its order paid), applied to an order, refunded to the
    customer, or returned to the deposit by a refund of an order it paid."""

    TAKEN = "taken", _("taken")
    APPLIED = "applied", _("applied")
    REFUNDED = "refunded", _("refunded")
    RETURNED = "returned", _("returned to the deposit")


DEPOSIT_NO_PREFIX = "DJ"
# A deposit's amount: above 0 and at most this (a slip of the keyboard, not a business limit).
DEPOSIT_MAX = MONEY_LINE.high
# The deposit records' date range (spec §5: a span above it is "selected time exceeds range").
DEPOSIT_RANGE_MAX_DAYS = 366
