"""Demo master data is idempotent and loads regions only into an empty table; the admin pages load."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from apps.accounts.models import User
from apps.masterdata import demo
from apps.masterdata.models import MarketSegment, MasterItem, Platform, Region
from apps.org import demo as org_demo

pytestmark = pytest.mark.django_db


def _counts():
    return tuple(model.objects.count() for model in (MasterItem, Platform, MarketSegment, Region))


def test_seeding_twice_changes_nothing():
    chain = org_demo.seed_demo()
    demo.seed_demo(chain)
    counts = _counts()
    demo.seed_demo(chain)
    assert _counts() == counts
    assert counts[1] == 8
    assert set(Platform.objects.filter(is_review_platform=True).values_list("id", "name")) == {
        (19, "美团"),
        (21, "大众点评"),
    }
    assert MarketSegment.objects.filter(city_code="310100").count() == len(demo.SHANGHAI_SEGMENTS)
    assert counts[3] > 3000


def test_regions_are_loaded_only_into_an_empty_table():
    Region.objects.create(code="110000", name="北京市", level=1)
    demo.seed_demo()
    assert Region.objects.count() == 1


@pytest.mark.parametrize("model", ["masteritem", "platform", "marketsegment", "region"])
def test_admin_pages_load(model):
    client = Client()
    client.force_login(User.objects.create_superuser("SY09999", "Admin@12345", nickname="HQ admin"))
    demo.seed_master_lists()
    demo.seed_platforms()
    assert client.get(reverse(f"admin:masterdata_{model}_changelist")).status_code == 200
    assert client.get(reverse(f"admin:masterdata_{model}_add")).status_code == (403 if model == "region" else 200)
