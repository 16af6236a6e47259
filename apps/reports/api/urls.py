from django.urls import path

from apps.reports.api import system_log_views, views

urlpatterns = [
    path("shopDetail/ownerStores", views.OwnerStoresApi.as_view(), name="shop-owner-stores"),
    path("sysLog/list", system_log_views.SystemLogListApi.as_view(), name="system-log-list"),
    path("sysLog/export", system_log_views.SystemLogExportApi.as_view(), name="system-log-export"),
    path("sysLog/actions", system_log_views.SystemLogActionsApi.as_view(), name="system-log-actions"),
    path("sysLog/stores", system_log_views.SystemLogStoresApi.as_view(), name="system-log-stores"),
]
