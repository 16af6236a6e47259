"""Live stock, a product's move history and safety stock (docs/api.md "Stock")."""

from __future__ import annotations

from django.urls import path

from apps.inventory.api import live_views as views

R = "stock/"
urlpatterns = [
    path(R + "stores", views.StockStoresApi.as_view(), name="stock-stores"),
    path(R + "live", views.LiveStockApi.as_view(), name="stock-live"),
    path(R + "liveExport", views.LiveStockExportApi.as_view(), name="stock-live-export"),
    path(R + "moves", views.ProductMovesApi.as_view(), name="stock-moves"),
    path(R + "safety/set", views.SafetyStockSetApi.as_view(), name="stock-safety-set"),
]
