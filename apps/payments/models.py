"""Payment intents and provider refunds (issue 14 §1; decision 0009).

An intent is one tender paid through a provider (WeChat Pay, Alipay, the card terminal). It knows
what it pays only as an opaque reference ("order:123") and the store and member as plain ids: the
order lives on a higher floor (billing), which learns of an intent's end through the listeners of
apps.payments.services. Every change of state goes through the services, under the intent's row
lock; the event log beside it is append-only."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from apps.core.append_only import AppendOnlyModel
from apps.core.model_fields import created_at_field, money_field, updated_at_field
from apps.payments.choices import (
    PAID_INTENT_STATES,
    DifferenceKind,
    EventKind,
    IntentMode,
    IntentState,
    RefundState,
)

ZERO = Decimal("0")


class PaymentIntent(models.Model):
    reference = models.CharField(_("reference"), max_length=64, db_index=True)
    store_id = models.IntegerField(_("store id"))
    member_id = models.IntegerField(_("member id"), null=True, blank=True)
    provider = models.CharField(_("provider"), max_length=16)
    mode = models.CharField(_("mode"), max_length=8, choices=IntentMode.choices)
    out_trade_no = models.CharField(_("out trade number"), max_length=32, unique=True)
    amount = money_field(_("amount"))
    # Refunds asked for or made (pending and succeeded): never more than the amount (a constraint).
    refunded = money_field(_("refunded or being refunded"), default=ZERO)
    state = models.CharField(_("state"), max_length=16, choices=IntentState.choices, default=IntentState.CREATED)
    description = models.CharField(_("description"), max_length=127, blank=True, default="")
    provider_trade_no = models.CharField(_("provider trade number"), max_length=64, blank=True, default="")
    code_url = models.CharField(_("QR content"), max_length=512, blank=True, default="")
    message = models.CharField(_("provider message"), max_length=255, blank=True, default="")
    attempts = models.PositiveIntegerField(_("queries"), default=0)
    next_poll_at = models.DateTimeField(_("next query"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires"))
    paid_at = models.DateTimeField(_("paid"), null=True, blank=True)
    # The card terminal or payment box asked ("": the account's default).
    terminal_id = models.CharField(_("terminal asked"), max_length=32, blank=True, default="")
    # What the provider reported when it said the payment succeeded, kept beside what we asked: the
    # ledger audit compares them, and a success that differs is `mismatched` (decision 0009).
    reported_amount = money_field(_("amount the provider reported"), null=True, blank=True)
    reported_currency = models.CharField(_("currency the provider reported"), max_length=8, blank=True, default="")
    reported_merchant = models.CharField(_("merchant the provider reported"), max_length=128, blank=True, default="")
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("payment intent")
        verbose_name_plural = _("payment intents")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_intent_amount_positive"),
            models.CheckConstraint(
                condition=Q(refunded__gte=0) & Q(refunded__lte=F("amount")),
                name="payment_intent_refunds_within_amount",
            ),
            models.CheckConstraint(condition=Q(state__in=IntentState.values), name="payment_intent_state_valid"),
            models.CheckConstraint(
                condition=~Q(state__in=[*PAID_INTENT_STATES, IntentState.MISMATCHED])
                | Q(reported_amount__isnull=False),
                name="payment_intent_success_keeps_reported_amount",
            ),
        ]
        indexes = [
            # The poller: open intents whose next query is due.
            models.Index(
                fields=["next_poll_at"],
                name="payment_intent_due",
                condition=Q(state__in=[IntentState.CREATED, IntentState.PENDING]),
            ),
            # Reconciliation and the daily report: a day's payments of a provider.
            models.Index(fields=["provider", "paid_at"], name="payment_intent_paid"),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.out_trade_no}"

    @property
    def is_final(self) -> bool:
        return self.state not in (IntentState.CREATED, IntentState.PENDING)


class ProviderRefund(models.Model):
    intent = models.ForeignKey(
        PaymentIntent, verbose_name=_("payment intent"), on_delete=models.PROTECT, related_name="refunds"
    )
    out_refund_no = models.CharField(_("out refund number"), max_length=64, unique=True)
    amount = money_field(_("amount"))
    state = models.CharField(_("state"), max_length=16, choices=RefundState.choices, default=RefundState.PENDING)
    # What the refund gives back, as the higher app names it ("recede:5").
    reference = models.CharField(_("reference"), max_length=64, db_index=True)
    reason = models.CharField(_("reason"), max_length=80, blank=True, default="")
    provider_refund_no = models.CharField(_("provider refund number"), max_length=64, blank=True, default="")
    message = models.CharField(_("provider message"), max_length=255, blank=True, default="")
    attempts = models.PositiveIntegerField(_("queries"), default=0)
    next_poll_at = models.DateTimeField(_("next query"), null=True, blank=True)
    succeeded_at = models.DateTimeField(_("refunded"), null=True, blank=True)
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("provider refund")
        verbose_name_plural = _("provider refunds")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="provider_refund_amount_positive"),
            models.CheckConstraint(condition=Q(state__in=RefundState.values), name="provider_refund_state_valid"),
        ]
        indexes = [
            models.Index(fields=["next_poll_at"], name="provider_refund_due", condition=Q(state=RefundState.PENDING)),
            models.Index(fields=["succeeded_at"], name="provider_refund_succeeded"),
        ]

    def __str__(self) -> str:
        return self.out_refund_no

    @property
    def is_final(self) -> bool:
        return self.state != RefundState.PENDING


class PaymentEvent(AppendOnlyModel):
    """What happened to an intent or its refunds, in order: requests, answers, notifications, states."""

    intent = models.ForeignKey(
        PaymentIntent, verbose_name=_("payment intent"), on_delete=models.PROTECT, related_name="events"
    )
    refund = models.ForeignKey(
        ProviderRefund,
        verbose_name=_("provider refund"),
        on_delete=models.PROTECT,
        related_name="events",
        null=True,
        blank=True,
    )
    kind = models.CharField(_("kind"), max_length=16, choices=EventKind.choices)
    state = models.CharField(_("state after"), max_length=16, blank=True, default="")
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("payment event")
        verbose_name_plural = _("payment events")
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.intent_id} {self.kind}"


class ReconciliationDifference(models.Model):
    """One line of a day's reconciliation: a provider's bill against our succeeded intents and refunds.
    Rewritten whole each time the day is reconciled for a merchant account."""

    day = models.DateField(_("day"))
    provider = models.CharField(_("provider"), max_length=16)
    merchant_id = models.CharField(_("merchant id"), max_length=64)
    store_id = models.IntegerField(_("store id"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=16, choices=DifferenceKind.choices)
    out_trade_no = models.CharField(_("out trade number"), max_length=64)
    out_refund_no = models.CharField(_("out refund number"), max_length=64, blank=True, default="")
    ours = money_field(_("our amount"), null=True, blank=True)
    theirs = money_field(_("provider's amount"), null=True, blank=True)
    created_at = models.DateTimeField(_("found"), auto_now_add=True)

    class Meta:
        verbose_name = _("reconciliation difference")
        verbose_name_plural = _("reconciliation differences")
        ordering = ["day", "provider", "out_trade_no", "out_refund_no"]
        constraints = [
            models.UniqueConstraint(
                fields=["day", "provider", "merchant_id", "out_trade_no", "out_refund_no"],
                name="reconciliation_difference_once",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=DifferenceKind.values), name="reconciliation_difference_kind_valid"
            ),
        ]
        indexes = [models.Index(fields=["store_id", "day"], name="reconciliation_store_day")]

    def __str__(self) -> str:
        return f"{self.day} {self.provider} {self.kind} {self.out_trade_no}"
