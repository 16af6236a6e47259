"""Master-data calls (spec §7.6) and the region lookups (contract §7). Thin: a cached selector
answers. Every store page reads them, so any chosen role may (ROLE_CHOSEN)."""

from __future__ import annotations

from django.utils import translation
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.role_codes import ROLE_CHOSEN
from apps.masterdata import selectors
from apps.masterdata.api.serializers import (
    MarketSegmentOutputSerializer,
    MasterItemOutputSerializer,
    PlatformOutputSerializer,
    PlatformPreCheckOutputSerializer,
    RegionCitiesInputSerializer,
    RegionDistrictsInputSerializer,
    RegionOutputSerializer,
)
from apps.masterdata.choices import MasterType

# -- master lists --------------------------------------------------------------------------------


class MasterListApi(ErpApi):
    """One master list, enabled values in their order. Subclasses fix the list."""

    required_codes = ROLE_CHOSEN
    master_type: MasterType

    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.master_items(type=self.master_type))


def _master_list_api(name: str, master_type: MasterType, call: str) -> type[MasterListApi]:
    # The schema is written in English whichever language is active when this module is imported
    # (a lazy label read here would follow it, and the committed schema would change with it).
    with translation.override("en"):
        summary = f"{master_type.label} ({call})"
    get = extend_schema(responses=MasterItemOutputSerializer(many=True), summary=summary)(MasterListApi.get)
    return type(name, (MasterListApi,), {"master_type": master_type, "get": get, "__doc__": f"The {call} list."})


MasterGenderListApi = _master_list_api("MasterGenderListApi", MasterType.GENDER, "findGender")
MasterEducationListApi = _master_list_api("MasterEducationListApi", MasterType.STAFF_EDUCATION, "findStaffEducation")
MasterMaritalStatusListApi = _master_list_api(
    "MasterMaritalStatusListApi", MasterType.MARITAL_STATUS, "findMaritalStatus"
)
MasterMemberSourceListApi = _master_list_api("MasterMemberSourceListApi", MasterType.MEMBER_SOURCE, "findMemSource")
MasterOccupationListApi = _master_list_api("MasterOccupationListApi", MasterType.OCCUPATION, "findOccupation")
MasterIncomeListApi = _master_list_api("MasterIncomeListApi", MasterType.INCOME, "findIncome")


class MasterByTypeListApi(ErpApi):
    """Any master list by its type (gender, staffEducation, maritalStatus, memSource, occupation,
    income, hairType, scalpType); an unknown type answers 404."""

    required_codes = ROLE_CHOSEN

    @extend_schema(responses=MasterItemOutputSerializer(many=True), summary="A master list by type (findMaster)")
    def get(self, request: Request, type: str) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.master_items(type=selectors.master_type_from(type)))


# -- platforms -----------------------------------------------------------------------------------


class PlatformListApi(ErpApi):
    """Enabled platforms of one write-off tab: 1 group-buy, 2 joint venture, 3 fission (spec §2.4)."""

    required_codes = ROLE_CHOSEN

    @extend_schema(responses=PlatformOutputSerializer(many=True), summary="Platforms of a type (findPlatform)")
    def get(self, request: Request, platform_type: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.platforms(platform_type=platform_type))


class GroupBuyPlatformListApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(responses=PlatformOutputSerializer(many=True), summary="Group-buy platforms (findGroupBuy)")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.group_buy_platforms())


class PlatformPreCheckApi(ErpApi):
    """Whether a platform's coupon codes get the pre-check (spec §9: ids 19 and 21); 404 for an
    unknown or disabled platform."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        responses=PlatformPreCheckOutputSerializer,
        summary="Platform and its coupon pre-check (findGroupBuyCheckKoubei)",
    )
    def get(self, request: Request, platform_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.platform_pre_check(platform_id=platform_id))


# -- market segments and regions -----------------------------------------------------------------


class MarketSegmentListApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        responses=MarketSegmentOutputSerializer(many=True), summary="Market segments of a city (findByCityId)"
    )
    def get(self, request: Request, city_code: str) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.market_segments(city_code=city_code))


class RegionProvinceListApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(responses=RegionOutputSerializer(many=True), summary="Provinces (GB/T 2260), by code")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.provinces())


class RegionCityListApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[RegionCitiesInputSerializer],
        responses=RegionOutputSerializer(many=True),
        summary="Cities of a province, by code; an unknown province answers []",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(RegionCitiesInputSerializer, request.query_params)
        return EnvelopeResponse(selectors.cities(province_code=data["provinceCode"]))


class RegionDistrictListApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[RegionDistrictsInputSerializer],
        responses=RegionOutputSerializer(many=True),
        summary="Districts of a city, by code; an unknown city answers []",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(RegionDistrictsInputSerializer, request.query_params)
        return EnvelopeResponse(selectors.districts(city_code=data["cityCode"]))
