"""Goods out and loans between stores (spec §7.8 stockOut, scancodeout)."""

from django.urls import path

from apps.inventory.api import outbound_views as views

urlpatterns = [
    path("stockOut/types", views.OutboundTypesApi.as_view(), name="stock-out-types"),
    path("stockOut/list", views.OutboundListApi.as_view(), name="stock-out-list"),
    path("stockOut/export", views.OutboundExportApi.as_view(), name="stock-out-export"),
    path("stockOut/detail/<id:document_id>", views.OutboundDetailApi.as_view(), name="stock-out-detail"),
    path("stockOut/create", views.OutboundCreateApi.as_view(), name="stock-out-create"),
    path("stockOut/loanList", views.LoanListApi.as_view(), name="stock-loan-list"),
    path("stockOut/loanConfirm/<id:document_id>", views.LoanConfirmApi.as_view(), name="stock-loan-confirm"),
    path("stockOut/loanReturn/<id:document_id>", views.LoanReturnApi.as_view(), name="stock-loan-return"),
    path("scancodeout/scan", views.ScanOutApi.as_view(), name="scan-out-scan"),
    path("scancodeout/products", views.ProductsInStockApi.as_view(), name="scan-out-products"),
]
