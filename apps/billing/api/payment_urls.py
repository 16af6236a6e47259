from django.urls import path

from apps.billing.api import payment_views as views

urlpatterns = [
    path("pay/excute", views.PayApi.as_view(), name="pay-execute"),
    path("pay/signStatus/<id:order_id>", views.SignStatusApi.as_view(), name="pay-sign-status"),
    path("pay/drawDetail/<id:order_id>", views.DrawDetailApi.as_view(), name="pay-draw-detail"),
    path("pay/print/<id:order_id>/<flag:need_amount>", views.ReceiptApi.as_view(), name="pay-print"),
    path("order/signature", views.SignatureApi.as_view(), name="order-signature"),
]
