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


class IntentNotRefundable(DomainError):
    errcode = "PAY-40902"
    status = 409
    default_message = gettext_lazy("the payment has not succeeded, so nothing can be refunded")
