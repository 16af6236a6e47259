"""The store's member tests (/rest/userTest/store/{search, count, detail}, spec §7.9) over HTTP: the
store's scalp and hair examinations of its members, filtered, counted, read one by one, never another
store's. Here in booking because the examiner is staff's employee (see test_member_examinations_api)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.booking.tests.test_member_examinations_api import EXAMINATION_PAGE, findings
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

SEARCH = "/rest/userTest/store/search"
COUNT = "/rest/userTest/store/count"


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def client(store, make_entry):
    return api_client(entry=make_entry(store, codes=[EXAMINATION_PAGE]))


@pytest.fixture
def other_client(chain, make_entry):
    return api_client(entry=make_entry(chain["other_store"], codes=[EXAMINATION_PAGE]))


@pytest.fixture
def examiner(store):
    return EmployeeFactory(store=store, name="李护理")


def examine(client, member, examiner, **extra):
    response = client.post(
        "/rest/examination/add", {"memId": member.pk, **findings(examiner, **extra)}, format="multipart"
    )
    return assert_envelope(response, status=200)


def test_the_store_lists_its_members_examinations_newest_first_with_phones_masked(client, store, examiner):
    zhang = MemberFactory(home_store=store, name="张三", phone="13812345678")
    li = MemberFactory(home_store=store, name="李四")
    today = timezone.localdate()
    older = examine(client, zhang, examiner, examinedOn=(today - datetime.timedelta(days=3)).isoformat())
    newer = examine(client, li, examiner, scalpType="dry")

    page = assert_envelope(client.get(SEARCH, {"pageNo": 1, "pageSize": 10}), status=200)

    assert [row["id"] for row in page["list"]] == [newer["id"], older["id"]] and page["total"] == 2
    assert page["list"][1]["memberName"] == "张三" and page["list"][1]["memberPhone"] == "138****5678"


def test_filters_narrow_the_list_and_the_count_alike(client, store, examiner):
    zhang = MemberFactory(home_store=store, name="张三")
    li = MemberFactory(home_store=store, name="李四")
    today = timezone.localdate()
    examine(client, zhang, examiner, scalpType="oily", examinedOn=(today - datetime.timedelta(days=10)).isoformat())
    kept = examine(client, zhang, examiner, scalpType="dry")
    examine(client, li, examiner, scalpType="dry")

    filters = {"scalpType": "dry", "name": "张", "startDate": (today - datetime.timedelta(days=1)).isoformat()}
    page = assert_envelope(client.get(SEARCH, filters), status=200)
    counted = assert_envelope(client.get(COUNT, filters), status=200)

    assert [row["id"] for row in page["list"]] == [kept["id"]]
    assert counted == {"total": 1}
    assert assert_envelope(client.get(COUNT, {"memId": li.pk}), status=200) == {"total": 1}


def test_the_detail_answers_one_examination_and_another_store_gets_404(client, other_client, store, examiner):
    member = MemberFactory(home_store=store, name="张三")
    made = examine(client, member, examiner)

    detail = assert_envelope(client.get(f"/rest/userTest/store/detail/{made['id']}"), status=200)
    assert detail["id"] == made["id"] and detail["memberName"] == "张三" and detail["examinerName"] == "李护理"

    assert other_client.get(f"/rest/userTest/store/detail/{made['id']}").status_code == 404
    assert assert_envelope(other_client.get(COUNT), status=200) == {"total": 0}


def test_a_bad_filter_is_refused_with_the_field_named(client):
    response = client.get(SEARCH, {"startDate": "2026-13-01"})

    assert response.status_code == 400
    assert "startDate" in str(response.json())
