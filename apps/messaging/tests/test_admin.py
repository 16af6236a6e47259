"""Head office in the admin: pages load, saving sanitises, "publish now" goes through the service."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from apps.accounts.models import User
from apps.core.models import SystemLog
from apps.messaging.choices import AuditAction, TaskAudience, TaskType
from apps.messaging.models import Message, MessageRead, Task
from apps.messaging.tests.factories import MessageFactory, MessageTypeFactory, TaskFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client_hq():
    user = User.objects.create_superuser("SY09999", "Admin@12345", nickname="HQ admin")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("model", ["messagetype", "message", "task", "messageread", "taskread"])
def test_admin_lists_and_add_pages_load(admin_client_hq, model):
    assert admin_client_hq.get(reverse(f"admin:messaging_{model}_changelist")).status_code == 200
    add = admin_client_hq.get(reverse(f"admin:messaging_{model}_add"))
    assert add.status_code == (403 if model in ("messageread", "taskread") else 200)


def test_admin_changelist_filters_and_search(admin_client_hq):
    MessageFactory(msg_name="Spring promotion", published=True, mandatory=True)
    url = reverse("admin:messaging_message_changelist")
    response = admin_client_hq.get(url, {"published__exact": "1", "mandatory__exact": "1", "q": "spring"})
    assert response.status_code == 200
    assert "Spring promotion" in response.content.decode()


def test_adding_a_message_in_the_admin_sanitises_it_and_sets_the_audience(admin_client_hq, chain):
    kind = MessageTypeFactory()
    response = admin_client_hq.post(
        reverse("admin:messaging_message_add"),
        {
            "msg_name": "Policy",
            "type": kind.pk,
            "graphic_description": '<p>Read <a href="javascript:alert(1)">this</a></p><script>x()</script>',
            "mandatory": "on",
            "show_time": "5",
            "audience": [chain["region"].pk],
            "publish_at_0": "",
            "publish_at_1": "",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    message = Message.objects.get(msg_name="Policy")
    assert message.graphic_description == '<p>Read <a rel="noopener noreferrer">this</a></p>'
    assert list(message.audience.all()) == [chain["region"]]
    assert not message.published
    assert SystemLog.objects.filter(action=AuditAction.MESSAGE_SAVED, login_name="SY09999").exists()


def test_publish_now_action_publishes_through_the_service(admin_client_hq):
    drafts = MessageFactory.create_batch(2)
    already = MessageFactory(published=True)
    response = admin_client_hq.post(
        reverse("admin:messaging_message_changelist"),
        {"action": "publish_now", "_selected_action": [m.pk for m in [*drafts, already]]},
    )
    assert response.status_code == 302
    for message in drafts:
        message.refresh_from_db()
        assert (message.published, message.push_user_name) == (True, "HQ admin")
    logs = SystemLog.objects.filter(action=AuditAction.MESSAGE_PUBLISHED)
    assert sorted(int(log.object_id) for log in logs) == sorted(m.pk for m in drafts)
    assert {log.login_name for log in logs} == {"SY09999"}


def test_adding_a_task_in_the_admin_goes_through_the_service(admin_client_hq, chain):
    response = admin_client_hq.post(
        reverse("admin:messaging_task_add"),
        {
            "store": chain["store"].pk,
            "type": TaskType.ARREARS_NOTICE,
            "msg_name": "Arrears",
            "content": "Please settle.",
            "amount": "12.5",
            "due_date": "",
            "audience": TaskAudience.OWNER,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    task = Task.objects.get(msg_name="Arrears")
    assert task.audience == TaskAudience.OWNER
    assert SystemLog.objects.filter(action=AuditAction.TASK_CREATED, object_id=str(task.pk)).exists()


def test_a_task_cannot_be_edited_in_the_admin_only_viewed(admin_client_hq):
    task = TaskFactory()
    url = reverse("admin:messaging_task_change", args=[task.pk])
    assert admin_client_hq.get(url).status_code == 200
    admin_client_hq.post(url, {"msg_name": "Changed"})
    task.refresh_from_db()
    assert task.msg_name != "Changed"


def test_read_records_are_read_only(admin_client_hq, chain):
    message = MessageFactory(published=True)
    read = MessageRead.objects.create(user=User.objects.get(login_name="SY09999"), message=message)
    url = reverse("admin:messaging_messageread_change", args=[read.pk])
    assert admin_client_hq.get(url).status_code == 200
    assert admin_client_hq.get(reverse("admin:messaging_messageread_delete", args=[read.pk])).status_code == 403
