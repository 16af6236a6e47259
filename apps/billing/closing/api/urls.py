from django.urls import path

from apps.billing.closing.api import views

urlpatterns = [
    path("daily/preview", views.DailyPreviewApi.as_view(), name="daily-preview"),
    path("daily/close", views.DailyCloseApi.as_view(), name="daily-close"),
    path("daily/reopen", views.DailyReopenApi.as_view(), name="daily-reopen"),
    path("daily/askReopen", views.DailyReopenAskApi.as_view(), name="daily-reopen-ask"),
    path("daily/history", views.DailyHistoryApi.as_view(), name="daily-history"),
]
