from django.urls import path

from apps.masterdata.api import views

urlpatterns = [
    path("master/findGender", views.MasterGenderListApi.as_view(), name="master-gender"),
    path("master/findStaffEducation", views.MasterEducationListApi.as_view(), name="master-education"),
    path("master/findMaritalStatus", views.MasterMaritalStatusListApi.as_view(), name="master-marital-status"),
    path("master/findMemSource", views.MasterMemberSourceListApi.as_view(), name="master-member-source"),
    path("master/findOccupation", views.MasterOccupationListApi.as_view(), name="master-occupation"),
    path("master/findIncome", views.MasterIncomeListApi.as_view(), name="master-income"),
    path("master/findMaster/<code:type>", views.MasterByTypeListApi.as_view(), name="master-by-type"),
    path("master/findPlatform/<id:platform_type>", views.PlatformListApi.as_view(), name="master-platforms"),
    path("master/findGroupBuy", views.GroupBuyPlatformListApi.as_view(), name="master-group-buy"),
    path(
        "master/findGroupBuyCheckKoubei/<id:platform_id>",
        views.PlatformPreCheckApi.as_view(),
        name="master-platform-pre-check",
    ),
    path("Mktseg/findByCityId/<code:city_code>", views.MarketSegmentListApi.as_view(), name="market-segments"),
    path("region/provinces", views.RegionProvinceListApi.as_view(), name="region-provinces"),
    path("region/cities", views.RegionCityListApi.as_view(), name="region-cities"),
    path("region/districts", views.RegionDistrictListApi.as_view(), name="region-districts"),
]
