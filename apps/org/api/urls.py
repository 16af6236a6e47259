from django.urls import path

from apps.org.api import views

urlpatterns = [
    path(
        "shopDetail/findStoreListByBossId/<id:store_id>",
        views.StoreBorrowOutTargetsApi.as_view(),
        name="shop-borrow-out-targets",
    ),
    path("shopDetail/findErpById/<id:store_id>", views.StoreInfoApi.as_view(), name="shop-store-info"),
    path("shopDetail/findErpByIdCheck/<id:store_id>", views.StoreInfoCheckApi.as_view(), name="shop-store-info-check"),
    path(
        "shopDetail/borrowOutCandidates/<id:store_id>",
        views.StoreBorrowOutCandidatesApi.as_view(),
        name="shop-borrow-out-candidates",
    ),
    path("shopDetail/UpdateErpStore", views.StoreUpdateApi.as_view(), name="shop-store-update"),
    path("shopDetail/checkStoreStatusIsDebtDisable", views.StoreDebtStatusApi.as_view(), name="shop-store-debt-status"),
]
