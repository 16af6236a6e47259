from django.urls import path

from apps.catalog.api import views

urlpatterns = [
    path("commodity/productList", views.ProductListApi.as_view(), name="catalog-product-list"),
    path(
        "commodity/productFilterOptions",
        views.ProductFilterOptionsApi.as_view(),
        name="catalog-product-filter-options",
    ),
    path(
        "commodity/projectFilterOptions",
        views.ProjectFilterOptionsApi.as_view(),
        name="catalog-project-filter-options",
    ),
    path("commodity/productList/export", views.ProductExportApi.as_view(), name="catalog-product-export"),
    path("commodity/productDetail/<id:product_id>", views.ProductDetailApi.as_view(), name="catalog-product-detail"),
    path("commodity/productPackageList", views.ProductPackageListApi.as_view(), name="catalog-product-package-list"),
    path(
        "commodity/productPackageDetail/<id:package_id>",
        views.ProductPackageDetailApi.as_view(),
        name="catalog-product-package-detail",
    ),
    path("commodity/projectList", views.ProjectListApi.as_view(), name="catalog-project-list"),
    path("commodity/projectList/export", views.ProjectExportApi.as_view(), name="catalog-project-export"),
    path("commodity/projectDetail/<id:project_id>", views.ProjectDetailApi.as_view(), name="catalog-project-detail"),
    path("commodity/packageList", views.ProjectPackageListApi.as_view(), name="catalog-project-package-list"),
    path(
        "commodity/packageDetail/<id:package_id>",
        views.ProjectPackageDetailApi.as_view(),
        name="catalog-project-package-detail",
    ),
    path("commodity/cardTypeList", views.CardTypeListApi.as_view(), name="catalog-card-type-list"),
    path("commodity/couponTemplateList", views.CouponTemplateListApi.as_view(), name="catalog-coupon-list"),
    path(
        "commodity/couponTemplateDetail/<id:coupon_id>",
        views.CouponTemplateDetailApi.as_view(),
        name="catalog-coupon-detail",
    ),
    path("commodity/storeItem", views.StoreItemSaveApi.as_view(), name="catalog-store-item"),
    path("promotion/list", views.PromotionListApi.as_view(), name="catalog-promotion-list"),
    path("promotion/detail/<id:promotion_id>", views.PromotionDetailApi.as_view(), name="catalog-promotion-detail"),
    path("timePeriod/list", views.TimePeriodListApi.as_view(), name="catalog-time-period-list"),
    path("timePeriod/save", views.TimePeriodSaveApi.as_view(), name="catalog-time-period-save"),
]
