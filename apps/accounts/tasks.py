from celery import shared_task

from apps.accounts.tokens import flush_expired_tokens as flush


@shared_task(name="apps.accounts.tasks.flush_expired_tokens")
def flush_expired_tokens() -> int:
    """Hourly (beat): drops refresh tokens past expiry, so the blacklist stays small."""
    return flush()
