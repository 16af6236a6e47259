"""The payments app's domain errors (docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class ProviderNotConfigured(DomainError):
    errcode = "PAY-40001"
    status = 400
    default_message = gettext_lazy("this payment method is not set up for the store")


class RefundAboveRemaining(DomainError):
    errcode = "PAY-40901"
    status = 409
    default_message = gettext_lazy("the refund is more than what remains of the payment")


class QrNotRefreshable(DomainError):
    errcode = "PAY-40903"
    status = 409
    default_message = gettext_lazy("only a QR payment still waiting for the customer can have a new QR")


class ProviderUnreachable(DomainError):
    errcode = "PAY-40904"
    status = 409
    default_message = gettext_lazy("the payment provider could not be reached: try again in a moment")


class RefundNotResendable(DomainError):
    errcode = "PAY-40905"
    status = 409
    default_message = gettext_lazy(
        "only a card terminal or payment box refund that is pending or failed can be sent to it again"
    )


class IntentNotRefundable(DomainError):
    errcode = "PAY-40902"
    status = 409
    default_message = gettext_lazy("the payment has not succeeded, so nothing can be refunded")
