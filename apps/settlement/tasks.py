from datetime import timedelta

from celery import shared_task

from apps.core.audit import SYSTEM_ACTOR
from apps.core.business_days import business_day
from apps.settlement.statements import statements_make


@shared_task(name="apps.settlement.tasks.make_yesterdays_statements")
def make_yesterdays_statements() -> int:
    """Nightly (beat, 01:15): the day that ended gets its statements; run again, it makes none more."""
    return statements_make(actor=SYSTEM_ACTOR, day=business_day() - timedelta(days=1))
