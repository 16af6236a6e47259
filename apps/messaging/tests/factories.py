from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import factory
from django.utils import timezone

from apps.core.audit import SYSTEM_ACTOR
from apps.messaging.choices import TaskType
from apps.messaging.models import Message, MessageType, Task
from apps.messaging.services import message_save
from apps.org.models import OrgUnit
from apps.org.tests.factories import StoreFactory


class MessageTypeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MessageType
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Type {n}")
    sort_order = factory.Sequence(lambda n: n)


class MessageFactory(factory.django.DjangoModelFactory):
    """A draft unless `published=True`; MessageFactory(audience=[store, region])."""

    class Meta:
        model = Message
        skip_postgeneration_save = True

    msg_name = factory.Sequence(lambda n: f"Message {n}")
    type = factory.SubFactory(MessageTypeFactory)
    graphic_description = "<p>Hello <strong>stores</strong></p>"
    published = False
    push_time = factory.Maybe("published", yes_declaration=factory.LazyFunction(timezone.now), no_declaration=None)
    push_user_name = factory.Maybe("published", yes_declaration="Head office", no_declaration="")

    @factory.post_generation
    def audience(self, create: bool, extracted: list[OrgUnit] | None, **kwargs: object) -> None:
        if create and extracted:
            self.audience.set(extracted)


def published_message(*units: OrgUnit, pushed_ago: timedelta = timedelta(minutes=1), **fields: Any) -> Message:
    """A message written and published the way head office does it (through the service)."""
    now = timezone.now()
    message = Message(
        msg_name=fields.pop("msg_name", "Notice"),
        type=fields.pop("type", None) or MessageTypeFactory.create(),
        graphic_description=fields.pop("graphic_description", "<p>Notice</p>"),
        publish_at=now - pushed_ago,
        **fields,
    )
    message_save(actor=SYSTEM_ACTOR, message=message, now=now - pushed_ago)
    message.audience.set(units)
    return message


class TaskFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Task

    store = factory.SubFactory(StoreFactory)
    type = TaskType.PAYMENT_NOTICE
    msg_name = factory.Sequence(lambda n: f"Task {n}")
    content = "Please pay the goods order."
    amount = Decimal("3280.00")
    due_date = factory.LazyFunction(lambda: timezone.localdate() + timedelta(days=7))
