"""The data migration that turns the stored phone-views tasks into the members' system text: the
account, role, count and minutes read back from a content stored in Chinese or English."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps
from django.utils import translation

from apps.messaging.choices import TaskType
from apps.messaging.selectors import task_titles
from apps.messaging.tests.factories import TaskFactory

pytestmark = pytest.mark.django_db

migration = import_module("apps.members.migrations.0010_phone_views_tasks_to_code")


def _task(chain, content: str):
    return TaskFactory(store=chain["store"], type=TaskType.PHONE_VIEWS, msg_name="stored", content=content)


def test_phone_views_tasks_stored_in_either_language_become_the_code_and_an_unreadable_one_stays(chain):
    chinese = _task(
        chain, "SY00007（店长）在 60 分钟内查看了 31 位会员的完整手机号。每次查看均记录在操作日志（/sysLog）中。"
    )
    english = _task(
        chain,
        "SY00008 (nurse) viewed the whole phones of 40 members within 30 minutes. "
        "Each view is in the system log (/sysLog).",
    )
    other = _task(chain, "written by hand")
    migration.phone_views_tasks_to_code(apps, None)
    for task in (chinese, english, other):
        task.refresh_from_db()
    assert chinese.text_params == {"login": "SY00007", "role": "店长", "count": 31, "minutes": 60}
    assert english.text_params == {"login": "SY00008", "role": "nurse", "count": 40, "minutes": 30}
    assert (chinese.text_code, other.text_code) == ("members.phone_views", "")
    with translation.override("en"):
        assert task_titles([chinese.pk, other.pk]) == {chinese.pk: "SY00007 viewed 31 whole phones", other.pk: "stored"}
