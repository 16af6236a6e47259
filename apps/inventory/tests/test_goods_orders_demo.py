"""The demo's goods orders: each demo store has one submitted to head office and one shipped, and a
second seed_demo changes nothing."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from apps.inventory.models import GoodsOrder
from apps.org.models import OrgUnit

pytestmark = pytest.mark.django_db


def test_each_demo_store_has_a_submitted_and_a_shipped_goods_order_once():
    call_command("seed_demo", verbosity=0)
    call_command("seed_demo", verbosity=0)
    by_store: dict[int, list[str]] = {}
    for store_id, status in GoodsOrder.objects.order_by("store_id", "status").values_list("store_id", "status"):
        by_store.setdefault(store_id, []).append(status)
    assert set(by_store) == set(OrgUnit.objects.stores().filter(code__startswith="S-").values_list("pk", flat=True))
    assert all(statuses == ["shipped", "submitted"] for statuses in by_store.values())
