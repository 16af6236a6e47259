"""Celery tasks of group-buy write-off (beat schedule in erp/settings.py)."""

from __future__ import annotations

from celery import shared_task

from apps.core.audit import SYSTEM_ACTOR
from apps.groupbuy.write_offs import resolve_pending as resolve_pending_write_offs


@shared_task(name="apps.groupbuy.tasks.resolve_pending")
def resolve_pending() -> int:
    """Every GROUPBUY_POLL_SECONDS (beat): the write-offs whose consume the platform did not answer,
    finished by asking the platform. Answers how many were finished."""
    return resolve_pending_write_offs(actor=SYSTEM_ACTOR)
