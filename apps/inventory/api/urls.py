"""The inventory's calls (spec §7.8: stockIn, stockOut, stocktaking, scancodestock, scancodeout,
commodity); each flow keeps its routes in its own list, joined here."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

urlpatterns: list[URLPattern | URLResolver] = []
urlpatterns += [path("", include("apps.inventory.api.stocktake_urls"))]
urlpatterns += [path("", include("apps.inventory.api.outbound_urls"))]
urlpatterns += [path("", include("apps.inventory.api.live_urls"))]
urlpatterns += [path("", include("apps.inventory.api.receipt_urls"))]
