from django.urls import path

from apps.reports.api import views

urlpatterns = [
    path("shopDetail/ownerStores", views.OwnerStoresApi.as_view(), name="shop-owner-stores"),
]
