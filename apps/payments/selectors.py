"""Reads of the payments app for higher floors (billing, the daily closing, reports)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import Q, QuerySet
from django.utils import timezone

from apps.payments.accounts import account_for
from apps.payments.choices import OPEN_INTENT_STATES, PAID_INTENT_STATES, RefundState
from apps.payments.models import PaymentIntent, ProviderRefund, ReconciliationDifference


def intent_get(*, intent_id: int) -> PaymentIntent | None:
    return PaymentIntent.objects.filter(pk=intent_id).first()


def intents_for_reference(*, reference: str) -> list[PaymentIntent]:
    return list(PaymentIntent.objects.filter(reference=reference).order_by("id"))


def open_intents(*, store_id: int, day: date) -> QuerySet[PaymentIntent]:
    """The store's intents created on `day` that are not final yet (the daily closing waits for them)."""
    start = timezone.make_aware(datetime.combine(day, time.min))
    return PaymentIntent.objects.filter(
        store_id=store_id, state__in=OPEN_INTENT_STATES, created_at__gte=start, created_at__lt=start + timedelta(days=1)
    ).order_by("id")


def pending_refunds(*, store_id: int) -> QuerySet[ProviderRefund]:
    return ProviderRefund.objects.filter(intent__store_id=store_id, state=RefundState.PENDING).order_by("id")


def reconciliation_differences(*, day: date, store_id: int | None = None) -> list[ReconciliationDifference]:
    """The day's differences (the daily report): of one store, or every one (head office) when
    store_id is None. A line the provider has and we know nothing of has no store."""
    rows = ReconciliationDifference.objects.filter(day=day)
    if store_id is not None:
        rows = rows.filter(store_id=store_id)
    return list(rows.order_by("provider", "kind", "out_trade_no", "out_refund_no"))


def refund_references(*, references: list[str]) -> set[str]:
    """Which of `references` already have a provider refund (a higher app's sweeper asks, to send
    only those that were never sent)."""
    return set(ProviderRefund.objects.filter(reference__in=references).values_list("reference", flat=True))


def refunds_for_reference(*, reference: str) -> list[ProviderRefund]:
    return list(ProviderRefund.objects.filter(reference=reference).order_by("id"))


def refund_attempts(*, reference: str, mark: str = "#") -> list[ProviderRefund]:
    """The provider refunds of `reference` and of its later attempts (`<reference><mark><n>`), oldest
    first: a refund a provider failed may be asked again under the next attempt's reference."""
    return list(
        ProviderRefund.objects.filter(Q(reference=reference) | Q(reference__startswith=f"{reference}{mark}")).order_by(
            "id"
        )
    )


def paid_intents_referencing(*, prefix: str) -> Iterator[tuple[int, str, str, Decimal, Decimal | None]]:
    """(id, reference, provider, amount, the amount the provider reported) of every intent that took
    the money (succeeded, refunded in part or whole) whose reference starts with `prefix`: for a
    higher app's ledger audit."""
    return (
        PaymentIntent.objects.filter(state__in=PAID_INTENT_STATES, reference__startswith=prefix)
        .order_by("id")
        .values_list("pk", "reference", "provider", "amount", "reported_amount")
        .iterator(chunk_size=2000)
    )


def succeeded_refunds_referencing(*, prefix: str) -> Iterator[tuple[int, str, str, Decimal]]:
    """(id, reference, provider, amount) of every succeeded provider refund whose reference starts
    with `prefix`."""
    return (
        ProviderRefund.objects.filter(state=RefundState.SUCCEEDED, reference__startswith=prefix)
        .order_by("id")
        .values_list("pk", "reference", "intent__provider", "amount")
        .iterator(chunk_size=2000)
    )


def provider_check(provider: str, store_id: int) -> None:
    """Raises ProviderNotConfigured (PAY-40001) when the store has no merchant account for `provider`,
    so a caller can refuse before it records anything."""
    account_for(provider, store_id)


def intents_for_references(*, references: list[str]) -> dict[str, PaymentIntent]:
    """The newest intent of each reference that has one."""
    found: dict[str, PaymentIntent] = {}
    for intent in PaymentIntent.objects.filter(reference__in=references).order_by("id"):
        found[intent.reference] = intent
    return found
