import pytest

from apps.messaging import demo
from apps.messaging.models import Message, MessageType, Task
from apps.org import demo as org_demo

pytestmark = pytest.mark.django_db


def test_demo_messages_and_tasks_are_published_and_seeding_twice_changes_nothing():
    chain = org_demo.seed_demo()
    demo.seed_demo(chain)
    counts = (MessageType.objects.count(), Message.objects.count(), Task.objects.count())
    demo.seed_demo(chain)
    assert (MessageType.objects.count(), Message.objects.count(), Task.objects.count()) == counts == (3, 3, 2)
    assert Message.objects.filter(published=True, mandatory=True).count() == 1
