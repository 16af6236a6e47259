"""The payments app's states and kinds (issue 14 §1; decision 0009)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class IntentState(models.TextChoices):
    """created → pending → succeeded | failed | closed; succeeded → refunded_part → refunded."""

    CREATED = "created", _("created")
    PENDING = "pending", _("pending")
    SUCCEEDED = "succeeded", _("succeeded")
    FAILED = "failed", _("failed")
    CLOSED = "closed", _("closed")
    REFUNDED_PART = "refunded_part", _("refunded in part")
    REFUNDED = "refunded", _("refunded")
    # The provider reported a success for another amount, currency or merchant than we asked: not
    # money of this payment for our books; a person checks it (decision 0009, "mismatched").
    MISMATCHED = "mismatched", _("reported differently by the provider")


# Not yet final: the poller asks the provider about these.
OPEN_INTENT_STATES = (IntentState.CREATED, IntentState.PENDING)
# The one currency the chain takes: a success in any other is a mismatch.
CURRENCY = "CNY"
# The money was taken (a refund may since have given some or all of it back).
PAID_INTENT_STATES = (IntentState.SUCCEEDED, IntentState.REFUNDED_PART, IntentState.REFUNDED)


class IntentMode(models.TextChoices):
    CODE = "code", _("customer's payment code scanned")
    QR = "qr", _("QR code shown to the customer")


class RefundState(models.TextChoices):
    PENDING = "pending", _("pending")
    SUCCEEDED = "succeeded", _("succeeded")
    FAILED = "failed", _("failed")


class EventKind(models.TextChoices):
    CREATED = "created", _("created")
    REQUESTED = "requested", _("asked the provider")
    ANSWER = "answer", _("provider answered")
    NOTIFICATION = "notification", _("provider notified")
    PROVIDER_ERROR = "provider_error", _("provider unreachable")
    STATE = "state", _("state changed")
    LATE_SUCCESS = "late_success", _("provider reports a success after the intent ended")
    REFUND_CREATED = "refund_created", _("refund created")
    REFUND_STATE = "refund_state", _("refund state changed")


class DifferenceKind(models.TextChoices):
    OURS_NOT_THEIRS = "ours_not_theirs", _("in our records, not in the provider's bill")
    THEIRS_NOT_OURS = "theirs_not_ours", _("in the provider's bill, not in our records")
    AMOUNT_DIFFERS = "amount_differs", _("the amounts differ")


class AuditAction(models.TextChoices):
    PAYMENT_REQUESTED = "payments.requested", _("asked a payment provider for a payment")
    PAYMENT_ENDED = "payments.ended", _("a provider payment ended")
    PAYMENT_MISMATCHED = (
        "payments.mismatched",
        _("a provider reported a payment for another amount, currency or merchant than asked"),
    )
    PAYMENT_CLOSED = "payments.closed", _("closed a provider payment")
    PAYMENT_REFRESHED = "payments.refreshed", _("replaced an expired payment QR with a new one")
    REFUND_REQUESTED = "payments.refund_requested", _("asked a payment provider for a refund")
    REFUND_ENDED = "payments.refund_ended", _("a provider refund ended")
