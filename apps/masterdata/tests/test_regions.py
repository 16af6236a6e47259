"""The region loader (GB/T 2260 from the pinned package's data): real codes, the tree's rules,
idempotence and the management command."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from apps.masterdata.choices import RegionLevel
from apps.masterdata.models import Region
from apps.masterdata.regions import read_package_codes, region_rows, regions_load

pytestmark = pytest.mark.django_db


def _region(code):
    return Region.objects.get(code=code)


def test_the_package_data_holds_the_official_codes():
    codes = read_package_codes()
    assert len(codes) > 3000
    assert codes["110000"] == "北京市"
    assert codes["440305"] == "南山区"
    assert not [code for code in codes if code.startswith("99")]


def test_load_spot_check_of_real_codes():
    result = regions_load()
    assert result.created > 3000
    assert (_region("110000").name, _region("110000").level, _region("110000").parent_id) == (
        "北京市",
        RegionLevel.PROVINCE,
        None,
    )
    assert _region("310000").name == "上海市"
    shanghai_city = _region("310100")
    assert shanghai_city.name in ("市辖区", "上海市")  # the package names the municipality's city level
    assert (shanghai_city.level, shanghai_city.parent_id) == (RegionLevel.CITY, "310000")
    assert (_region("440300").name, _region("440300").parent_id) == ("深圳市", "440000")
    nanshan = _region("440305")
    assert (nanshan.name, nanshan.level, nanshan.parent_id) == ("南山区", RegionLevel.DISTRICT, "440300")
    assert _region("310104").parent_id == "310100"  # 徐汇区


def test_a_county_level_city_directly_under_a_province_is_listed_as_its_city():
    regions_load()
    wuzhishan = _region("469001")
    assert (wuzhishan.name, wuzhishan.level, wuzhishan.parent_id) == ("五指山市", RegionLevel.CITY, "460000")


def test_every_city_and_district_has_a_parent_of_the_level_above():
    regions_load()
    assert not Region.objects.filter(level=RegionLevel.PROVINCE, parent__isnull=False).exists()
    assert not Region.objects.filter(level=RegionLevel.CITY).exclude(parent__level=RegionLevel.PROVINCE).exists()
    assert not Region.objects.filter(level=RegionLevel.DISTRICT).exclude(parent__level=RegionLevel.CITY).exists()


def test_loading_twice_changes_nothing_and_restores_names_and_adds_missing_codes(django_assert_max_num_queries):
    first = regions_load()
    total = Region.objects.count()
    assert total == first.created
    with django_assert_max_num_queries(5):  # bulk: not one query per code
        again = regions_load()
    assert (again.created, again.updated, again.unchanged) == (0, 0, total)

    Region.objects.filter(code="440305").update(name="旧名")
    Region.objects.filter(code="440306").delete()
    Region.objects.create(code="440399", name="已撤销区", level=RegionLevel.DISTRICT, parent_id="440300")
    repaired = regions_load()
    assert (repaired.created, repaired.updated) == (1, 1)
    assert _region("440305").name == "南山区"
    assert _region("440306").parent_id == "440300"
    assert _region("440399").name == "已撤销区"  # codes the package dropped are kept


def test_region_rows_rules_on_a_small_list():
    rows = region_rows(
        {"110000": "北京市", "110100": "北京市", "110101": "东城区", "419001": "济源市", "410000": "河南省"}
    )
    assert [(row.code, row.level, row.parent_code) for row in rows] == [
        ("110000", RegionLevel.PROVINCE, None),
        ("110100", RegionLevel.CITY, "110000"),
        ("110101", RegionLevel.DISTRICT, "110100"),
        ("410000", RegionLevel.PROVINCE, None),
        ("419001", RegionLevel.CITY, "410000"),
    ]


def test_the_command_loads_and_reports():
    out = StringIO()
    call_command("load_regions", stdout=out)
    assert "added" in out.getvalue()
    assert Region.objects.filter(code="440305").exists()
