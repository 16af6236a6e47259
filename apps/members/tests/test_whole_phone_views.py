"""Whole phones (BTN-HYGL-PHONE-VIEW) are read one member at a time, within a per-user budget
(PHONE_VIEWS_PER_HOUR, then 429 SYS-42900), each view in the system log; a user who reads more than
PHONE_VIEWS_ALERT_COUNT within PHONE_VIEWS_ALERT_MINUTES raises one task for the store's owner."""

from __future__ import annotations

import pytest
from django.utils import translation

from apps.accounts.testing import api_client
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.members.choices import AuditAction
from apps.members.tests.factories import MemberFactory
from apps.messaging.choices import TaskAudience, TaskType
from apps.messaging.models import Task

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(store):
    return [MemberFactory(home_store=store) for _ in range(6)]


def view(client, member, status=200, errcode="0"):
    return assert_envelope(client.get(f"/rest/member/wholePhone/{member.pk}"), status=status, errcode=errcode)


def test_whole_phones_answer_429_once_the_users_hourly_budget_is_spent(client, other_client, members, settings):
    settings.PHONE_VIEWS_PER_HOUR = 3
    for member in members[:3]:
        view(client, member)
    with translation.override("en"):
        refused = client.get(f"/rest/member/wholePhone/{members[3].pk}")
    assert_envelope(refused, status=429, errcode="SYS-42900")
    assert refused.json()["errmsg"].startswith("too many whole phones viewed")
    assert int(refused["Retry-After"]) > 0
    # The budget is the user's: another user is not held back, and the refused view is not logged.
    view(other_client, members[3])
    assert SystemLog.objects.filter(action=AuditAction.PHONE_VIEWED).count() == 4


def test_the_429_speaks_chinese_too(client, members, settings):
    settings.PHONE_VIEWS_PER_HOUR = 1
    view(client, members[0])
    refused = client.get(f"/rest/member/wholePhone/{members[1].pk}", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert refused.status_code == 429 and refused.json()["errmsg"].startswith("查看完整手机号过于频繁")


def test_crossing_the_threshold_raises_exactly_one_task_for_the_owner_naming_the_user_and_count(
    client, manager, members, store, settings
):
    settings.PHONE_VIEWS_ALERT_COUNT = 3
    settings.PHONE_VIEWS_ALERT_MINUTES = 10
    for member in members[:3]:
        view(client, member)
    assert not Task.objects.exists()
    for member in members[3:]:
        view(client, member)
    [task] = Task.objects.all()
    assert (task.store, task.type, task.audience) == (store, TaskType.PHONE_VIEWS, TaskAudience.OWNER)
    login = manager.user.get_username()
    assert login in task.msg_name and login in task.content and "4" in task.content
    # Every view is still in the system log, each naming the member.
    logs = SystemLog.objects.filter(action=AuditAction.PHONE_VIEWED, user=manager.user)
    assert sorted(int(log.object_id) for log in logs) == sorted(member.pk for member in members)


def test_the_owners_task_is_not_shown_to_the_rest_of_the_store(client, members, store, make_entry, settings):
    settings.PHONE_VIEWS_ALERT_COUNT = 1
    view(client, members[0])
    view(client, members[1])
    owner = api_client(entry=make_entry(store, kind="owner"))
    nurse = api_client(entry=make_entry(store, kind="store_employee"))
    seen = assert_envelope(owner.get("/rest/taskCenterRest/searchTaskStore"), status=200)
    assert [row["type"] for row in seen["list"]] == [TaskType.PHONE_VIEWS]
    assert assert_envelope(nurse.get("/rest/taskCenterRest/searchTaskStore"), status=200)["total"] == 0
    assert assert_envelope(nurse.get("/rest/taskCenterRest/searchCountMsgStore"), status=200) == 0
    task = Task.objects.get()
    detail = nurse.get("/rest/taskCenterRest/getTaskDetailStore", {"id": task.pk})
    assert_envelope(detail, status=404, errcode="SYS-40400")
