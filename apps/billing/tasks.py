"""Celery tasks of billing (beat schedule in erp/settings.py)."""

from __future__ import annotations

from celery import shared_task

from apps.billing.refunds.provider_refunds import provider_refunds_sweep


@shared_task(name="apps.billing.tasks.send_unsent_provider_refunds")
def send_unsent_provider_refunds() -> int:
    """Every minute (beat): the pending provider refund tenders whose provider refund was never asked
    for (the process died after the refund's commit), asked now. Answers how many."""
    return provider_refunds_sweep()
