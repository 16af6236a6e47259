"""Celery tasks of the payments app (beat schedule in erp/settings.py)."""

from __future__ import annotations

from datetime import date, timedelta

from celery import shared_task
from django.utils import timezone

from apps.payments import reconciliation, services


@shared_task(name="apps.payments.tasks.poll_pending_intents")
def poll_pending_intents() -> dict[str, int]:
    """Every PAYMENT_POLL_SECONDS (beat): open intents and pending refunds whose next query is due."""
    return services.intents_poll_due()


@shared_task(name="apps.payments.tasks.reconcile_day")
def reconcile_day(day: str | None = None) -> dict[str, int]:
    """Daily (beat, after the providers publish their bills): yesterday unless `day` (YYYY-MM-DD)."""
    target = date.fromisoformat(day) if day else timezone.localdate() - timedelta(days=1)
    return reconciliation.reconcile_day(day=target)
