"""Reads of master data, each cached (apps.masterdata.cache) and answered in the wire shapes of
spec §7.6 and contract §7. Only enabled rows, in their sort order."""

from __future__ import annotations

import re
from typing import TypedDict

from django.utils.translation import get_language

from apps.core.errors import NotFound
from apps.masterdata import cache
from apps.masterdata.choices import PRE_CHECK_PLATFORM_IDS, MasterType, PlatformType, RegionLevel
from apps.masterdata.models import MarketSegment, MasterItem, Platform, Region

_REGION_CODE = re.compile(r"\d{6}")


class MasterItemRow(TypedDict):
    """As MasterItemOutputSerializer writes it."""

    id: int
    code: str
    name: str


class PlatformRow(TypedDict):
    """As PlatformOutputSerializer writes it."""

    id: int
    name: str
    platformType: int


class PlatformPreCheckRow(PlatformRow):
    """As PlatformPreCheckOutputSerializer writes it."""

    needsPreCheck: bool


class MarketSegmentRow(TypedDict):
    """As MarketSegmentOutputSerializer writes it."""

    id: int
    name: str


def _is_region_code(code: str) -> bool:
    return bool(_REGION_CODE.fullmatch(code))


def _english() -> bool:
    return (get_language() or "").startswith("en")


def master_items(*, type: MasterType) -> list[MasterItemRow]:
    """A master list `[{id, code, name}]`; in English where the value has an English name."""
    rows = cache.cached(
        cache.MASTER_ITEMS,
        type.value,
        lambda: list(
            MasterItem.objects.filter(type=type, enabled=True)
            .order_by("sort_order", "id")
            .values("id", "code", "name", "name_en")
        ),
    )
    english = _english()
    return [
        {"id": row["id"], "code": row["code"], "name": (row["name_en"] if english and row["name_en"] else row["name"])}
        for row in rows
    ]


def master_type_from(raw: str) -> MasterType:
    """The list a `findMaster/{type}` path names; an unknown one answers 404."""
    try:
        return MasterType(raw)
    except ValueError:
        raise NotFound() from None


def _platform_row(platform: Platform) -> PlatformRow:
    return {"id": platform.id, "name": platform.name, "platformType": platform.platform_type}


def platforms(*, platform_type: int) -> list[PlatformRow]:
    """Enabled platforms of one tab of the write-off dialog (1 group-buy, 2 joint venture, 3 fission)."""
    return cache.cached(
        cache.PLATFORMS,
        f"type:{platform_type}",
        lambda: [
            _platform_row(platform)
            for platform in Platform.objects.filter(platform_type=platform_type, enabled=True).order_by(
                "sort_order", "id"
            )
        ],
    )


def group_buy_platforms() -> list[PlatformRow]:
    return platforms(platform_type=PlatformType.GROUP_BUY)


def platform_pre_check(*, platform_id: int) -> PlatformPreCheckRow:
    """One enabled platform and whether its coupon codes get the pre-check (spec §9: ids 19 and 21)."""
    for platform_type in PlatformType.values:
        for row in platforms(platform_type=platform_type):
            if row["id"] == platform_id:
                return {**row, "needsPreCheck": platform_id in PRE_CHECK_PLATFORM_IDS}
    raise NotFound()


def market_segments(*, city_code: str) -> list[MarketSegmentRow]:
    """The enabled market segments (商圈) of a city `[{id, name}]`; none for an unknown city."""
    if not _is_region_code(city_code):
        return []
    return cache.cached(
        cache.SEGMENTS,
        f"city:{city_code}",
        lambda: list(
            MarketSegment.objects.filter(city_code=city_code, enabled=True)
            .order_by("sort_order", "id")
            .values("id", "name")
        ),
    )


def _regions(level: RegionLevel, parent_code: str | None) -> list[dict[str, str]]:
    return cache.cached(
        cache.REGIONS,
        f"{level}:{parent_code or ''}",
        lambda: list(Region.objects.filter(level=level, parent_id=parent_code).order_by("code").values("code", "name")),
    )


def provinces() -> list[dict[str, str]]:
    return _regions(RegionLevel.PROVINCE, None)


def cities(*, province_code: str) -> list[dict[str, str]]:
    """The cities of a province by code; an unknown code answers an empty list."""
    if not _is_region_code(province_code):
        return []
    return _regions(RegionLevel.CITY, province_code)


def districts(*, city_code: str) -> list[dict[str, str]]:
    if not _is_region_code(city_code):
        return []
    return _regions(RegionLevel.DISTRICT, city_code)
