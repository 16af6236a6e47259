from django.urls import path

from apps.reports.api import report_views, system_log_views, views

urlpatterns = [
    path("shopDetail/ownerStores", views.OwnerStoresApi.as_view(), name="shop-owner-stores"),
    path("sysLog/list", system_log_views.SystemLogListApi.as_view(), name="system-log-list"),
    path("sysLog/export", system_log_views.SystemLogExportApi.as_view(), name="system-log-export"),
    path("sysLog/actions", system_log_views.SystemLogActionsApi.as_view(), name="system-log-actions"),
    path("sysLog/stores", system_log_views.SystemLogStoresApi.as_view(), name="system-log-stores"),
    path("businessReport<code:key>/select", report_views.ReportSelectApi.as_view(), name="report-select"),
    path("businessReport<code:key>/show", report_views.ReportShowApi.as_view(), name="report-show"),
    path("businessReport<code:key>/export", report_views.ReportExportApi.as_view(), name="report-export"),
    path("downloadCenter/list", report_views.DownloadCenterListApi.as_view(), name="download-center-list"),
    path("downloadCenter/file/<id:job_id>", report_views.DownloadCenterFileApi.as_view(), name="download-center-file"),
]
