"""The owner's shop-management overview through the API (spec §7.2): org's stores with staff's
active-staff counts and booking's on-duty counts."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.accounts.tests.factories import UserRoleFactory
from apps.core.testing import assert_envelope
from apps.masterdata.choices import RegionLevel
from apps.masterdata.models import Region
from apps.org.tests.factories import StoreFactory
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

INFO = "MDGL-PAG-0002-0000"
SHOP = "ERP-MENU"


@pytest.fixture
def regions(db):
    shanghai = Region.objects.create(code="310000", name="上海市", level=RegionLevel.PROVINCE)
    city = Region.objects.create(code="310100", name="上海市", level=RegionLevel.CITY, parent=shanghai)
    Region.objects.create(code="310106", name="静安区", level=RegionLevel.DISTRICT, parent=city)
    Region.objects.create(code="310104", name="徐汇区", level=RegionLevel.DISTRICT, parent=city)
    beijing = Region.objects.create(code="110000", name="北京市", level=RegionLevel.PROVINCE)
    Region.objects.create(code="110100", name="北京市", level=RegionLevel.CITY, parent=beijing)


@pytest.fixture
def owner(chain, make_entry):
    entry = make_entry(chain["store"], codes=[SHOP, INFO], kind="owner")
    UserRoleFactory(user=entry.user, role=entry.role, hier=chain["other_store"])
    return entry


def test_owner_stores_list_each_store_with_its_staff_count(chain, owner, regions):
    EmployeeFactory.create_batch(2, store=chain["store"])
    EmployeeFactory(store=chain["store"], status="left", left_date="2025-01-01")
    StoreFactory(parent=chain["region"])  # not the owner's
    data = assert_envelope(api_client(entry=owner).get("/rest/shopDetail/ownerStores"), status=200)
    assert [row["id"] for row in data] == [chain["store"].pk, chain["other_store"].pk]
    assert data[0]["activeStaff"] == 2 and data[0]["onDutyToday"] is None
    assert data[1]["activeStaff"] == 0


def test_owner_stores_queries_do_not_grow_with_stores(chain, make_entry, django_assert_max_num_queries):
    entry = make_entry(chain["head_office"], codes=[SHOP], kind="owner")
    client = api_client(entry=entry)
    client.get("/rest/shopDetail/ownerStores")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get("/rest/shopDetail/ownerStores")
    for _ in range(10):
        EmployeeFactory(store=StoreFactory(parent=chain["region"]))
    with CaptureQueriesContext(connection) as many:
        assert len(assert_envelope(client.get("/rest/shopDetail/ownerStores"), status=200)) == 12
    assert len(many) == len(few)
