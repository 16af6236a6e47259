"""The data migration that turns the stored safety-stock tasks into the inventory's system text, read
in the reader's language (issue 28 §9)."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps
from django.utils import translation

from apps.inventory.models import SafetyAlert
from apps.inventory.tests.factories import stocked
from apps.messaging.choices import TaskType
from apps.messaging.selectors import task_titles
from apps.messaging.tests.factories import TaskFactory

pytestmark = pytest.mark.django_db

migration = import_module("apps.inventory.migrations.0008_safety_tasks_to_code")


def test_a_task_with_its_alert_reads_in_english_and_one_without_keeps_its_text(chain):
    store = chain["store"]
    product = stocked(store, "1", name="控油洗发水", code="P0001")
    raised = TaskFactory(store=store, type=TaskType.SAFETY_STOCK, msg_name="控油洗发水 低于安全库存")
    SafetyAlert.objects.create(store=store, product=product, task_id=raised.pk)
    orphan = TaskFactory(store=store, type=TaskType.SAFETY_STOCK, msg_name="梳子 低于安全库存")
    migration.safety_tasks_to_code(apps, None)
    raised.refresh_from_db()
    assert (raised.text_code, raised.text_params) == (
        "inventory.below_safety",
        {"code": "P0001", "name": "控油洗发水", "store": store.name},
    )
    with translation.override("en"):
        titles = task_titles([raised.pk, orphan.pk])
    assert titles == {raised.pk: "控油洗发水 is below its safety stock", orphan.pk: "梳子 低于安全库存"}
