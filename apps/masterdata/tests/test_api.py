"""The master-data calls through the API (spec §7.6, contract §7): answers, enabled-only, order,
language, cache invalidation on change and constant query counts. 401/403 come from the walker in
apps/core/tests/test_endpoint_declarations.py."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from apps.accounts.models import User
from apps.accounts.testing import api_client
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.masterdata import demo
from apps.masterdata.choices import MasterType, PlatformType
from apps.masterdata.models import MarketSegment, MasterItem, Platform, Region
from apps.masterdata.regions import regions_load
from apps.masterdata.tests.factories import MarketSegmentFactory, MasterItemFactory, PlatformFactory

pytestmark = pytest.mark.django_db

NAMED_CALLS = {
    "findGender": MasterType.GENDER,
    "findStaffEducation": MasterType.STAFF_EDUCATION,
    "findMaritalStatus": MasterType.MARITAL_STATUS,
    "findMemSource": MasterType.MEMBER_SOURCE,
    "findOccupation": MasterType.OCCUPATION,
    "findIncome": MasterType.INCOME,
}


@pytest.fixture
def seeded(db):
    demo.seed_master_lists()
    demo.seed_platforms()
    demo.seed_market_segments()


@pytest.fixture
def entry(chain, make_entry):
    return make_entry(chain["store"])


@pytest.fixture
def client(entry):
    return api_client(entry=entry, language="zh-hans")


def _get(client, url, params=None, status=200, errcode="0"):
    return assert_envelope(client.get(url, params), status=status, errcode=errcode)


def _seeded_names(master_type):
    return [name for _, name, _ in demo.MASTER_LISTS[master_type]]


@pytest.mark.parametrize(("call", "master_type"), NAMED_CALLS.items())
def test_each_named_list_answers_its_enabled_values_in_order(seeded, client, call, master_type):
    rows = _get(client, f"/rest/master/{call}")
    assert [row["name"] for row in rows] == _seeded_names(master_type)
    assert set(rows[0]) == {"id", "code", "name"}
    assert rows == _get(client, f"/rest/master/findMaster/{master_type.value}")


def test_gender_is_male_female_unknown(seeded, client):
    assert [(row["code"], row["name"]) for row in _get(client, "/rest/master/findGender")] == [
        ("1", "男"),
        ("2", "女"),
        ("0", "未知"),
    ]


def test_member_sources_include_the_platforms_stores_get_members_from(seeded, client):
    names = {row["name"] for row in _get(client, "/rest/master/findMemSource")}
    assert {"门店自然进店", "老客介绍", "美团", "大众点评", "抖音", "小红书", "企业微信", "线上商城"} <= names


def test_disabled_values_are_left_out_and_sort_order_wins(client):
    MasterItemFactory(name="退休", sort_order=2)
    MasterItemFactory(name="学生", sort_order=1)
    MasterItemFactory(name="停用", sort_order=0, enabled=False)
    MasterItemFactory(type=MasterType.INCOME, name="其他列表")
    assert [row["name"] for row in _get(client, "/rest/master/findOccupation")] == ["学生", "退休"]


def test_find_master_serves_the_other_lists_and_refuses_an_unknown_type(seeded, client):
    assert [row["name"] for row in _get(client, "/rest/master/findMaster/hairType")] == _seeded_names(
        MasterType.HAIR_TYPE
    )
    _get(client, "/rest/master/findMaster/nope", status=404, errcode="SYS-40400")


def test_names_are_english_for_an_english_request_where_there_is_one(seeded, entry):
    MasterItemFactory(type=MasterType.GENDER, code="9", name="未说明", name_en="", sort_order=9)
    english = _get(api_client(entry=entry, language="en"), "/rest/master/findGender")
    assert [row["name"] for row in english] == ["Male", "Female", "Unknown", "未说明"]


def test_platforms_by_type_with_the_fixed_names(seeded, client):
    group_buy = _get(client, f"/rest/master/findPlatform/{PlatformType.GROUP_BUY}")
    assert group_buy == [
        {"id": 19, "name": "美团", "platformType": 1},
        {"id": 21, "name": "大众点评", "platformType": 1},
        {"id": 13, "name": "抖音", "platformType": 1},
        {"id": 14, "name": "快手", "platformType": 1},
    ]
    assert _get(client, "/rest/master/findGroupBuy") == group_buy
    assert [row["name"] for row in _get(client, "/rest/master/findPlatform/2")] == ["天猫", "支付宝"]
    assert [row["name"] for row in _get(client, "/rest/master/findPlatform/3")] == ["视频号", "本品牌小程序"]
    assert _get(client, "/rest/master/findPlatform/9") == []


def test_disabled_platforms_are_left_out(seeded, client):
    Platform.objects.filter(id=14).update(enabled=False)  # no signal: the cache is still empty here
    assert 14 not in {row["id"] for row in _get(client, "/rest/master/findGroupBuy")}
    _get(client, "/rest/master/findGroupBuyCheckKoubei/14", status=404, errcode="SYS-40400")


@pytest.mark.parametrize(("platform_id", "needs"), [(19, True), (21, True), (13, False), (16, False)])
def test_pre_check_runs_for_the_two_review_platforms_only(seeded, client, platform_id, needs):
    answer = _get(client, f"/rest/master/findGroupBuyCheckKoubei/{platform_id}")
    assert answer["id"] == platform_id
    assert answer["needsPreCheck"] is needs
    assert set(answer) == {"id", "name", "platformType", "needsPreCheck"}


def test_pre_check_of_an_unknown_platform_is_404(seeded, client):
    _get(client, "/rest/master/findGroupBuyCheckKoubei/999", status=404, errcode="SYS-40400")


def test_market_segments_of_a_city(seeded, client):
    MarketSegmentFactory(name="停用商圈", enabled=False)
    MarketSegmentFactory(city_code="440300", name="南山商圈")
    rows = _get(client, "/rest/Mktseg/findByCityId/310100")
    assert [row["name"] for row in rows] == list(demo.SHANGHAI_SEGMENTS)
    assert set(rows[0]) == {"id", "name"}
    assert _get(client, "/rest/Mktseg/findByCityId/999999") == []
    assert _get(client, "/rest/Mktseg/findByCityId/abc") == []


# -- regions -------------------------------------------------------------------------------------


@pytest.fixture
def regions(db):
    regions_load()


def test_provinces_are_the_official_ones_sorted_by_code(regions, client):
    rows = _get(client, "/rest/region/provinces")
    assert rows[0] == {"code": "110000", "name": "北京市"}
    assert {"code": "310000", "name": "上海市"} in rows
    assert [row["code"] for row in rows] == sorted(row["code"] for row in rows)
    assert len(rows) == 34


def test_cities_and_districts_by_parent_code(regions, client):
    cities = _get(client, "/rest/region/cities", {"provinceCode": "440000"})
    assert {"code": "440300", "name": "深圳市"} in cities
    assert [row["code"] for row in cities] == sorted(row["code"] for row in cities)
    districts = _get(client, "/rest/region/districts", {"cityCode": "440300"})
    assert {"code": "440305", "name": "南山区"} in districts
    assert all(row["code"].startswith("4403") for row in districts)
    assert [row["code"] for row in _get(client, "/rest/region/cities", {"provinceCode": "310000"})] == ["310100"]


def test_unknown_parent_codes_answer_an_empty_list(regions, client):
    assert _get(client, "/rest/region/cities", {"provinceCode": "990000"}) == []
    assert _get(client, "/rest/region/cities", {"provinceCode": "x"}) == []
    assert _get(client, "/rest/region/districts", {"cityCode": "440305"}) == []


def test_a_missing_parent_code_is_refused(client):
    _get(client, "/rest/region/cities", status=400, errcode="VALID-40000")
    _get(client, "/rest/region/districts", status=400, errcode="VALID-40000")


# -- cache ---------------------------------------------------------------------------------------


@pytest.fixture
def admin_client_hq():
    client = Client()
    client.force_login(User.objects.create_superuser("SY09999", "Admin@12345", nickname="HQ admin"))
    return client


def test_an_admin_change_is_seen_by_the_next_request(seeded, client, admin_client_hq):
    assert _get(client, "/rest/master/findGender")[0]["name"] == "男"  # now cached
    male = MasterItem.objects.get(type=MasterType.GENDER, code="1")
    response = admin_client_hq.post(
        reverse("admin:masterdata_masteritem_change", args=[male.pk]),
        {"type": male.type, "code": "1", "name": "男性", "name_en": "Male", "sort_order": 0, "enabled": "on"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _get(client, "/rest/master/findGender")[0]["name"] == "男性"

    admin_client_hq.post(reverse("admin:masterdata_masteritem_delete", args=[male.pk]), {"post": "yes"})
    assert [row["code"] for row in _get(client, "/rest/master/findGender")] == ["2", "0"]


def test_platform_segment_and_region_changes_are_seen_by_the_next_request(seeded, client):
    Region.objects.create(code="440000", name="广东省", level=1)
    assert _get(client, "/rest/master/findGroupBuyCheckKoubei/19")["name"] == "美团"
    assert len(_get(client, "/rest/region/provinces")) == 1
    assert len(_get(client, "/rest/Mktseg/findByCityId/310100")) == len(demo.SHANGHAI_SEGMENTS)

    meituan = Platform.objects.get(id=19)
    meituan.name = "美团团购"
    meituan.save()
    Region.objects.create(code="110000", name="北京市", level=1)
    MarketSegment.objects.filter(city_code="310100").first().delete()

    assert _get(client, "/rest/master/findGroupBuyCheckKoubei/19")["name"] == "美团团购"
    assert [row["code"] for row in _get(client, "/rest/region/provinces")] == ["110000", "440000"]
    assert len(_get(client, "/rest/Mktseg/findByCityId/310100")) == len(demo.SHANGHAI_SEGMENTS) - 1


def test_a_cached_list_is_answered_without_reading_master_data(seeded, client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _get(client, "/rest/master/findOccupation")
    with CaptureQueriesContext(connection) as queries:
        _get(client, "/rest/master/findOccupation")
    assert not [query for query in queries.captured_queries if "masterdata_" in query["sql"]]


# -- query counts (without the cache, so each call reads the database) ---------------------------


@pytest.fixture
def no_cache(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def test_list_calls_make_a_constant_number_of_queries(no_cache, client):
    counts = {
        "findOccupation": assert_list_queries_constant(
            client, "/rest/master/findOccupation", lambda n: MasterItemFactory.create_batch(n)
        ),
        "findGroupBuy": assert_list_queries_constant(
            client, "/rest/master/findGroupBuy", lambda n: PlatformFactory.create_batch(n)
        ),
        "findByCityId": assert_list_queries_constant(
            client, "/rest/Mktseg/findByCityId/310100", lambda n: MarketSegmentFactory.create_batch(n)
        ),
    }
    Region.objects.create(code="440000", name="广东省", level=1)
    counter = iter(range(1, 100))

    def add_cities(n):
        Region.objects.bulk_create(
            [Region(code=f"44{next(counter):02d}00", name="市", level=2, parent_id="440000") for _ in range(n)]
        )

    counts["cities"] = assert_list_queries_constant(
        client, "/rest/region/cities", add_cities, params={"provinceCode": "440000"}
    )
    assert all(count > 0 for count in counts.values()), counts
