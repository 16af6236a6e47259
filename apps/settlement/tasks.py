from celery import shared_task

from apps.core.audit import SYSTEM_ACTOR
from apps.settlement.statements import statements_catch_up


@shared_task(name="apps.settlement.tasks.make_statements")
def make_statements() -> int:
    """Nightly (beat, 01:15): every day that ended and is not made yet gets its statements."""
    return statements_catch_up(actor=SYSTEM_ACTOR)
