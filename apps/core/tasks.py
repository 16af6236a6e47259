from celery import shared_task

from apps.core.idempotency import forget_idempotent_answers as forget


@shared_task(name="apps.core.tasks.forget_idempotent_answers")
def forget_idempotent_answers() -> int:
    """Hourly (beat): answers to idempotency keys older than a day are dropped."""
    return forget()
