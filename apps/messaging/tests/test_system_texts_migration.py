"""The data migration that turns the demo's goods-payment reminders, stored in Chinese, into
messaging's own system text; a reminder head office wrote otherwise keeps its text."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps
from django.utils import translation

from apps.messaging.selectors import task_titles
from apps.messaging.tests.factories import TaskFactory

pytestmark = pytest.mark.django_db

migration = import_module("apps.messaging.migrations.0005_task_system_texts")


def test_the_demos_reminder_reads_in_english_and_another_stays_as_written(chain):
    demo = TaskFactory(store=chain["store"], msg_name=migration.DEMO_TITLE, content=migration.DEMO_CONTENT)
    written = TaskFactory(store=chain["store"], msg_name=migration.DEMO_TITLE, content="三月货款请尽快支付。")
    migration.demo_reminders_to_code(apps, None)
    demo.refresh_from_db()
    assert (demo.text_code, demo.text_params) == ("messaging.goods_payment_due", {"due": demo.due_date.isoformat()})
    with translation.override("en"):
        assert task_titles([demo.pk, written.pk]) == {
            demo.pk: "Payment for goods ordered is due",
            written.pk: migration.DEMO_TITLE,
        }
