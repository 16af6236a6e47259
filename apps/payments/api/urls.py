from django.urls import path

from apps.payments.api import views

urlpatterns = [
    path("pay/notify/<code:provider>", views.PayNotifyApi.as_view(), name="pay-notify"),
]
