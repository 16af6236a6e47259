"""The orders' domain errors (contract §8; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.business_days import DayClosed as _DayClosed
from apps.core.errors import DomainError


class OrderNotInState(DomainError):
    """Contract §8: the order is not in a state that allows this (cancelling a paid order, paying a
    paid or cancelled one, tenders other than cash paying more than is due)."""

    errcode = "ORD-40901"
    status = 409
    default_message = gettext_lazy("the order is not in a state that allows this")


class SignatureMissing(DomainError):
    errcode = "ORD-40902"
    status = 409
    default_message = gettext_lazy("the member must sign before package sessions are used")


class RefundNeedsApproval(DomainError):
    """A refund above the store's `refund_approval_above` needs an owner's approval (until the
    approval centre exists: the refund-approval button code, held by owners)."""

    errcode = "ORD-40301"
    status = 403
    default_message = gettext_lazy("a refund above this amount needs an owner's approval")


class ProviderRefundUnavailable(DomainError):
    """The refund would return money to a WeChat Pay, Alipay or card-terminal tender that has no
    succeeded provider payment, or not that much left to refund at the provider."""

    errcode = "ORD-40903"
    status = 409
    default_message = gettext_lazy("the provider payment of this tender cannot be refunded")


# Contract §8: a change dated in a closed business day (409 DAY-40901). The error lives in
# apps.core.business_days, on the floor every money-moving app can reach; billing names it here too.
DayClosed = _DayClosed


class PaymentsPending(DomainError):
    """A day cannot be closed while a provider payment of it waits for the provider's word."""

    errcode = "DAY-40902"
    status = 409
    default_message = gettext_lazy("provider payments of the day are still pending: wait for them or close them first")


class DayItemsOpen(DomainError):
    """Closing a day while something of it is still open (an order not paid in full, an arrived
    reservation not billed, a written-off coupon not served, owed goods of the day) and not carried
    over with a reason: closing never leaves one behind silently (issue 28 §2). `data.openItems`
    lists them."""

    errcode = "DAY-40903"
    status = 409
    default_message = gettext_lazy(
        "some things of the day are still open: settle each one or carry it over with a reason"
    )


class OwedTooMuch(DomainError):
    """Taking more of owed goods (欠货) than is left owed (apps.billing.owed.services.owed_take)."""

    errcode = "ORD-40904"
    status = 409
    default_message = gettext_lazy("more than is owed")


class DepositShort(DomainError):
    """An intention deposit asked for more than is left of it (applied or refunded), or one that
    holds nothing to apply (apps.billing.ledgers.deposit_ledger)."""

    errcode = "DEP-40901"
    status = 409
    default_message = gettext_lazy("more than is left of the intention deposit")


class CommissionPeriodClosed(DomainError):
    """A staff credit dated in a store's month whose commission period the owner closed: its
    commission is frozen for payroll (apps.billing.orders.commission_periods)."""

    errcode = "ORD-40905"
    status = 409
    default_message = gettext_lazy(
        "the staff commission of this month is closed: staff credits of its days can no longer change"
    )
