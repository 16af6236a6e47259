from django.urls import path

from apps.billing.refunds.api import device_views, views

R = "recede/"

urlpatterns = [
    path(R + "recede", views.RecedeApi.as_view(), name="recede-recede"),
    path(R + "quote", views.RecedeQuoteApi.as_view(), name="recede-quote"),
    path(R + "judgeStatus", views.JudgeStatusApi.as_view(), name="recede-judge-status"),
    path(R + "recedeList", views.RecedeListApi.as_view(), name="recede-list"),
    path(R + "recedeSize", views.RecedeSizeApi.as_view(), name="recede-size"),
    path(R + "recedeDetail", views.RecedeDetailApi.as_view(), name="recede-detail"),
    # A refund tender given back through a card terminal or payment box, at the till's paths.
    path("pos/refund", device_views.PosRefundApi.as_view(), name="pos-refund"),
    path("pos/refundQuery", device_views.PosRefundQueryApi.as_view(), name="pos-refund-query"),
]
