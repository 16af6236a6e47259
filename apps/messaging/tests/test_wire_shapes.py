"""The answers the selectors build have exactly the fields the OpenAPI schema documents."""

from __future__ import annotations

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.messaging import selectors
from apps.messaging.api.serializers import (
    MandatoryMessageOutputSerializer,
    MessageDetailOutputSerializer,
    MessageRowOutputSerializer,
    MessageTypeOutputSerializer,
    TaskDetailOutputSerializer,
    TaskRowOutputSerializer,
)
from apps.messaging.tests.factories import MessageTypeFactory, TaskFactory, published_message

pytestmark = pytest.mark.django_db


def fields(serializer_class) -> set[str]:
    return set(serializer_class().fields)


def test_message_shapes_match_the_documented_fields(chain):
    MessageTypeFactory()
    message = published_message(chain["store"], mandatory=True)
    row_message = selectors.message_for_reader(user=UserFactory(), unit=chain["store"], message_id=message.pk)
    assert set(selectors.message_row(row_message)) == fields(MessageRowOutputSerializer)
    assert set(selectors.message_detail(row_message)) == fields(MessageDetailOutputSerializer)
    assert set(selectors.mandatory_notice(row_message)) == fields(MandatoryMessageOutputSerializer)
    assert set(selectors.message_types()[0]) == fields(MessageTypeOutputSerializer)


def test_task_shapes_match_the_documented_fields(chain):
    task = TaskFactory(store=chain["store"])
    loaded = selectors.task_for_reader(user=UserFactory(), unit=chain["store"], owner_view=False, task_id=task.pk)
    assert set(selectors.task_row(loaded)) == fields(TaskRowOutputSerializer)
    assert set(selectors.task_detail(loaded)) == fields(TaskDetailOutputSerializer)
