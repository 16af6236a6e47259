from celery import shared_task
from django.utils import timezone

from apps.messaging.services import messages_publish_due


@shared_task(name="apps.messaging.tasks.publish_due_messages")
def publish_due_messages() -> int:
    """Every minute (beat): publishes the scheduled messages whose time has come."""
    return messages_publish_due(now=timezone.now())
