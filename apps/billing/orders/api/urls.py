from django.urls import path

from apps.billing.orders.api import history_views, points_views, views

R = "order/"

urlpatterns = [
    path(R + "commit", views.OrderCommitApi.as_view(), name="order-commit"),
    path(R + "cancel", views.OrderCancelApi.as_view(), name="order-cancel"),
    path(R + "orderList", views.OrderListApi.as_view(), name="order-list"),
    path(R + "orderExport", views.OrderExportApi.as_view(), name="order-export"),
    path(R + "signatureImage/<id:order_id>", views.SignatureImageApi.as_view(), name="order-signature-image"),
    path(R + "orderDetails", views.OrderDetailsApi.as_view(), name="order-details"),
    path(R + "search", views.OrderSearchApi.as_view(), name="order-search"),
    path(R + "isSurplusSize", views.OrderSurplusApi.as_view(), name="order-is-surplus-size"),
    path(R + "judgment", views.OrderJudgmentApi.as_view(), name="order-judgment"),
    path(R + "diff", views.OrderDiffApi.as_view(), name="order-diff"),
    path(R + "flagCard", views.CardCheckApi.as_view(), name="order-flag-card"),
    path("membergiftrest/list", views.MemberGiftListApi.as_view(), name="member-gift-list"),
    path(R + "changeNurse", views.LineStaffChangeApi.as_view(), name="order-change-nurse"),
    path(R + "reservationProject", views.ReservationProjectDraftApi.as_view(), name="order-reservation-project"),
    path(R + "reservationPackage", views.ReservationPackageDraftApi.as_view(), name="order-reservation-package"),
    path("pay/price/<id:order_id>", views.OrderPriceApi.as_view(), name="pay-price"),
    path("pay/detailPrice/<id:order_id>", views.OrderDetailPriceApi.as_view(), name="pay-detail-price"),
    path("pay/pointsPrice/<id:order_id>", points_views.OrderPointsPriceApi.as_view(), name="pay-points-price"),
    path("pricingEngine/pointsPrice", points_views.PointsDraftPriceApi.as_view(), name="pricing-points-price"),
    path("pricingEngine/usableCoupons", views.UsableCouponsApi.as_view(), name="pricing-usable-coupons"),
    path(
        "pricingEngine/checkDiscountConcurrently",
        views.OrderDraftPriceApi.as_view(),
        name="pricing-check-discount",
    ),
    # A member's history and a card's orders (spec §7.7).
    path("member/findMemberConsume", history_views.MemberConsumeListApi.as_view(), name="member-consume"),
    path("buyRecordRest/list", history_views.BuyRecordListApi.as_view(), name="buy-record-list"),
    path("buyRecordRest/count", history_views.BuyRecordCountApi.as_view(), name="buy-record-count"),
    path("buyRecordRest/detail/<id:record_id>", history_views.BuyRecordDetailApi.as_view(), name="buy-record-detail"),
    path("usercard/getOrderList", history_views.UserCardOrderListApi.as_view(), name="usercard-order-list"),
    path("usercard/orderDetails", history_views.UserCardOrderDetailsApi.as_view(), name="usercard-order-details"),
]
