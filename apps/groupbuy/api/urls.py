"""Group-buy write-off (contract §9): `groupPurchasing/*`, `rzCheckFrequencyLimit/*`, and `order/groupBuy`
(today's reserved members are booking's `reservation/todayReserved`)."""

from __future__ import annotations

from django.urls import path

from apps.groupbuy.api import views

urlpatterns = [
    path("groupPurchasing/platforms", views.PlatformListApi.as_view(), name="groupbuy-platforms"),
    path("groupPurchasing/records", views.RecordListApi.as_view(), name="groupbuy-records"),
    path("groupPurchasing/items", views.ItemListApi.as_view(), name="groupbuy-items"),
    path("groupPurchasing/cards", views.CardListApi.as_view(), name="groupbuy-cards"),
    path("groupPurchasing/preCheck", views.PreCheckApi.as_view(), name="groupbuy-pre-check"),
    path("groupPurchasing/writeOffReview", views.WriteOffReviewApi.as_view(), name="groupbuy-write-off-review"),
    path("groupPurchasing/writeOff", views.WriteOffApi.as_view(), name="groupbuy-write-off"),
    path("groupPurchasing/cancel", views.CancelApi.as_view(), name="groupbuy-cancel"),
    path("order/groupBuy", views.ServeApi.as_view(), name="groupbuy-serve"),
    path("rzCheckFrequencyLimit/isFrontCheckStore", views.FrontCheckStoreApi.as_view(), name="groupbuy-front-check"),
    path(
        "rzCheckFrequencyLimit/queryPhoneCheckFrequencyStatistics",
        views.PhoneFrequencyApi.as_view(),
        name="groupbuy-phone-frequency",
    ),
    path("rzCheckFrequencyLimit/checkCode", views.CodeCheckApi.as_view(), name="groupbuy-code-check"),
    path("rzCheckFrequencyLimit/onlinePriceCheck", views.OnlinePriceCheckApi.as_view(), name="groupbuy-price-check"),
    path(
        "rzCheckFrequencyLimit/reviewFrontCheck",
        views.ReviewFrontCheckApi.as_view(),
        name="groupbuy-front-check-review",
    ),
]
