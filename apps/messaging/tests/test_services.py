"""Rules of the message and task services: sanitising, publishing (now and scheduled), read state,
task creation, and their system log rows."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.tests.factories import UserFactory
from apps.core.audit import SYSTEM_ACTOR, Actor
from apps.core.errors import InvalidInput, NotFound
from apps.core.models import SystemLog
from apps.messaging.choices import AuditAction, TaskType
from apps.messaging.models import Message, MessageRead, Task
from apps.messaging.sanitize import sanitize_rich_text
from apps.messaging.services import (
    message_publish,
    message_save,
    messages_mark_read,
    messages_publish_due,
    task_create,
    tasks_mark_read,
)
from apps.messaging.tasks import publish_due_messages
from apps.messaging.tests.factories import MessageFactory, MessageTypeFactory, TaskFactory, published_message
from erp.celery import app as celery_app

pytestmark = pytest.mark.django_db


def publish_logs(message: Message) -> list[SystemLog]:
    return list(
        SystemLog.objects.filter(
            action=AuditAction.MESSAGE_PUBLISHED, object_type="messaging.message", object_id=str(message.pk)
        )
    )


def scheduled(at, **fields) -> Message:
    return MessageFactory.create(publish_at=at, **fields)


# -- sanitising ----------------------------------------------------------------------------------


def test_sanitiser_strips_scripts_event_handlers_and_javascript_links():
    html = (
        '<p onclick="steal()">Hi<script>alert(1)</script></p>'
        '<img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="banner">'
        '<a href="javascript:alert(1)">bad</a><a href="JaVaScRiPt:alert(1)">worse</a>'
        '<iframe src="https://evil.example.com"></iframe><style>p{display:none}</style>'
    )
    clean = sanitize_rich_text(html)
    lowered = clean.lower()
    for danger in ("<script", "alert(", "onerror", "onclick", "javascript:", "<iframe", "<style", "display:none"):
        assert danger not in lowered, clean
    assert '<img src="https://cdn.example.com/a.png" alt="banner">' in clean
    assert "<p>Hi</p>" in clean


def test_sanitiser_keeps_formatting_safe_links_and_editor_styles():
    html = (
        '<h2>Title</h2><p style="text-align:center;color:#c00;position:fixed">'
        "<strong>bold</strong> <em>italic</em> <u>under</u> <s>gone</s></p>"
        "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>"
        '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>'
        '<a href="https://example.com/policy" target="_blank">policy</a><a href="mailto:hq@example.com">mail</a>'
    )
    clean = sanitize_rich_text(html)
    for kept in (
        "<h2>Title</h2>",
        "<strong>bold</strong>",
        "<em>italic</em>",
        "<u>under</u>",
        "<s>gone</s>",
        "<ul><li>one</li></ul>",
        "<ol><li>two</li></ol>",
        "<blockquote>quote</blockquote>",
        '<td colspan="2">cell</td>',
        'href="https://example.com/policy"',
        'target="_blank"',
        'rel="noopener noreferrer"',
        'href="mailto:hq@example.com"',
        "text-align:center",
        "color:#c00",
    ):
        assert kept in clean, (kept, clean)
    assert "position" not in clean


def test_saving_a_message_sanitises_its_rich_text():
    message = Message(
        msg_name="Notice",
        type=MessageTypeFactory(),
        graphic_description='<p>Hello<script>alert(1)</script><img src="x.png" onerror="alert(1)"></p>',
    )
    message_save(actor=SYSTEM_ACTOR, message=message)
    message.refresh_from_db()
    assert message.graphic_description == '<p>Hello<img src="x.png"></p>'
    assert not message.published and message.publish_at is None  # a draft


# -- publishing ----------------------------------------------------------------------------------


def test_publishing_sets_push_time_and_the_publishers_name_and_logs_it(chain):
    head_office_user = UserFactory(nickname="Ms Wang")
    actor = Actor(user_id=head_office_user.pk, login_name=head_office_user.login_name, ip_address="10.0.0.9")
    message = MessageFactory(audience=[chain["store"]])
    now = timezone.now()
    message_publish(actor=actor, message=message, now=now)
    message.refresh_from_db()
    assert (message.published, message.push_time, message.push_user_name, message.publish_at) == (
        True,
        now,
        "Ms Wang",
        now,
    )
    (log,) = publish_logs(message)
    assert (log.user_id, log.ip_address) == (head_office_user.pk, "10.0.0.9")
    assert log.detail["pushUserName"] == "Ms Wang"


def test_publishing_twice_changes_nothing_the_second_time():
    message = MessageFactory()
    first = timezone.now() - timedelta(minutes=5)
    message_publish(actor=SYSTEM_ACTOR, message=message, now=first)
    message_publish(actor=SYSTEM_ACTOR, message=message, now=timezone.now())
    message.refresh_from_db()
    assert message.push_time == first
    assert len(publish_logs(message)) == 1


def test_saving_a_message_whose_time_has_come_publishes_it_at_once():
    author = UserFactory(nickname="Mr Li")
    now = timezone.now()
    message = Message(msg_name="Now", type=MessageTypeFactory(), publish_at=now - timedelta(seconds=1))
    message_save(actor=Actor(user_id=author.pk, login_name=author.login_name), message=message, now=now)
    message.refresh_from_db()
    assert (message.published, message.push_time, message.push_user_name, message.author_id) == (
        True,
        now,
        "Mr Li",
        author.pk,
    )
    assert SystemLog.objects.filter(action=AuditAction.MESSAGE_SAVED, object_id=str(message.pk)).count() == 1
    assert len(publish_logs(message)) == 1


def test_publish_due_publishes_only_messages_whose_time_has_come_under_the_schedulers_name():
    now = timezone.now()
    author = UserFactory(nickname="Ms Zhao")
    due = scheduled(now - timedelta(minutes=1), author=author)
    exactly_now = scheduled(now)
    later = scheduled(now + timedelta(minutes=1))
    draft = MessageFactory(publish_at=None)
    assert messages_publish_due(now=now) == 2
    for message in (due, exactly_now, later, draft):
        message.refresh_from_db()
    assert (due.published, exactly_now.published, later.published, draft.published) == (True, True, False, False)
    assert (due.push_time, due.push_user_name, exactly_now.push_user_name) == (now, "Ms Zhao", "system")
    (log,) = publish_logs(due)
    assert (log.login_name, log.detail["scheduledFor"]) == ("system", due.publish_at.isoformat())


def test_publish_due_is_idempotent():
    now = timezone.now()
    message = scheduled(now - timedelta(minutes=1))
    assert messages_publish_due(now=now) == 1
    assert messages_publish_due(now=now + timedelta(minutes=1)) == 0
    message.refresh_from_db()
    assert message.push_time == now
    assert len(publish_logs(message)) == 1


def test_a_scheduled_message_appears_to_the_store_once_the_scheduler_has_run(chain):
    now = timezone.now()
    reader = UserFactory()
    message = scheduled(now + timedelta(minutes=5), audience=[chain["store"]])
    with pytest.raises(NotFound):
        messages_mark_read(user=reader, unit=chain["store"], message_ids=[message.pk])
    messages_publish_due(now=now + timedelta(minutes=5))
    assert messages_mark_read(user=reader, unit=chain["store"], message_ids=[message.pk]) == 1


@pytest.fixture
def eager_celery():
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


def test_the_celery_task_publishes_due_messages_in_eager_mode(eager_celery):
    due = scheduled(timezone.now() - timedelta(minutes=1))
    later = scheduled(timezone.now() + timedelta(hours=1))
    assert publish_due_messages.delay().get() == 1
    assert publish_due_messages.delay().get() == 0
    due.refresh_from_db()
    later.refresh_from_db()
    assert (due.published, later.published) == (True, False)


# -- read state ----------------------------------------------------------------------------------


def test_mark_read_is_idempotent_and_counts_only_new_reads(chain):
    reader = UserFactory()
    first, second = published_message(chain["store"]), published_message(chain["region"])
    assert messages_mark_read(user=reader, unit=chain["store"], message_ids=[first.pk]) == 1
    assert messages_mark_read(user=reader, unit=chain["store"], message_ids=[first.pk, second.pk, second.pk]) == 1
    assert messages_mark_read(user=reader, unit=chain["store"], message_ids=[]) == 0
    assert MessageRead.objects.filter(user=reader).count() == 2


def test_mark_read_refuses_a_message_the_store_does_not_see(chain):
    reader = UserFactory()
    mine, theirs = published_message(chain["store"]), published_message(chain["other_store"])
    with pytest.raises(NotFound):
        messages_mark_read(user=reader, unit=chain["store"], message_ids=[mine.pk, theirs.pk])
    assert not MessageRead.objects.exists()


def test_tasks_mark_read_covers_the_stores_beneath_a_level_only(chain):
    reader = UserFactory()
    task, elsewhere = TaskFactory(store=chain["store"]), TaskFactory()
    assert tasks_mark_read(user=reader, unit=chain["region"], owner_view=False, task_ids=[task.pk]) == 1
    assert tasks_mark_read(user=reader, unit=chain["region"], owner_view=False, task_ids=[task.pk]) == 0
    with pytest.raises(NotFound):
        tasks_mark_read(user=reader, unit=chain["store"], owner_view=False, task_ids=[elsewhere.pk])


# -- tasks ---------------------------------------------------------------------------------------


def test_task_create_rounds_the_amount_and_logs_it(chain):
    task = task_create(
        actor=SYSTEM_ACTOR,
        store=chain["store"],
        task_type=TaskType.ARREARS_NOTICE,
        msg_name="  Arrears of March  ",
        content="Please settle.",
        amount="1234.565",
    )
    task.refresh_from_db()
    assert (task.msg_name, task.type, task.amount) == ("Arrears of March", TaskType.ARREARS_NOTICE, Decimal("1234.57"))
    log = SystemLog.objects.get(action=AuditAction.TASK_CREATED, object_id=str(task.pk))
    assert log.detail == {"storeId": chain["store"].pk, "type": 1, "audience": "store", "amount": "1234.57"}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"store": "region"}, "store"),
        ({"task_type": 9}, "type"),
        ({"msg_name": "   "}, "msgName"),
        ({"msg_name": "x" * 101}, "msgName"),
        ({"amount": Decimal("-0.01")}, "amount"),
    ],
)
def test_task_create_refuses_bad_input(chain, changes, field):
    arguments = {"store": chain["store"], "task_type": TaskType.PAYMENT_NOTICE, "msg_name": "Pay", **changes}
    if arguments["store"] == "region":
        arguments["store"] = chain["region"]
    with pytest.raises(InvalidInput) as refused:
        task_create(actor=SYSTEM_ACTOR, **arguments)
    assert refused.value.field == field
    assert not Task.objects.exists()
