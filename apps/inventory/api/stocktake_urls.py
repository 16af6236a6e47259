from django.urls import path

from apps.inventory.api import stocktake_views as views

S = "stocktaking/"

urlpatterns = [
    path(S + "list", views.StocktakeListApi.as_view(), name="stocktake-list"),
    path(S + "list/export", views.StocktakeExportApi.as_view(), name="stocktake-export"),
    path(S + "detail", views.StocktakeDetailApi.as_view(), name="stocktake-detail"),
    path(S + "lines", views.StocktakeLinesApi.as_view(), name="stocktake-lines"),
    path(S + "create", views.StocktakeCreateApi.as_view(), name="stocktake-create"),
    path(S + "count", views.StocktakeCountApi.as_view(), name="stocktake-count"),
    path(S + "scan", views.StocktakeScanApi.as_view(), name="stocktake-scan"),
    path(S + "submit", views.StocktakeSubmitApi.as_view(), name="stocktake-submit"),
    path(S + "cancel", views.StocktakeCancelApi.as_view(), name="stocktake-cancel"),
    path(S + "approve", views.StocktakeApproveApi.as_view(), name="stocktake-approve"),
    path(S + "reject", views.StocktakeRejectApi.as_view(), name="stocktake-reject"),
]
