from django.urls import path

from apps.org.api import views

urlpatterns = [
    path(
        "shopDetail/findStoreListByBossId/<int:store_id>",
        views.StoreBorrowOutTargetsApi.as_view(),
        name="shop-borrow-out-targets",
    ),
]
