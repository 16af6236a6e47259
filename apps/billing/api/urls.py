from django.urls import path

from apps.billing.api import order_views as views

R = "order/"

urlpatterns = [
    path(R + "commit", views.CommitApi.as_view(), name="order-commit"),
    path(R + "cancel", views.CancelApi.as_view(), name="order-cancel"),
    path(R + "orderList", views.OrderListApi.as_view(), name="order-list"),
    path(R + "orderDetails", views.OrderDetailsApi.as_view(), name="order-details"),
    path(R + "search", views.OrderSearchApi.as_view(), name="order-search"),
    path(R + "reservationProject", views.ReservationProjectApi.as_view(), name="order-reservation-project"),
    path(R + "reservationPackage", views.ReservationPackageApi.as_view(), name="order-reservation-package"),
    path("pay/price/<id:order_id>", views.PriceApi.as_view(), name="pay-price"),
    path("pay/detailPrice/<id:order_id>", views.DetailPriceApi.as_view(), name="pay-detail-price"),
    path(
        "pricingEngine/checkDiscountConcurrently",
        views.CheckDiscountApi.as_view(),
        name="pricing-check-discount",
    ),
]
