"""Billing's routes: each part declares its own in its api/urls.py; the project includes this one
module, which lists them in the order they have always been matched."""

from django.urls import include, path

urlpatterns = [
    path("", include("apps.billing.orders.api.urls")),
    # Daily closing (issue 14 §3).
    path("", include("apps.billing.closing.api.urls")),
    path("", include("apps.billing.till.api.urls")),
    path("", include("apps.billing.refunds.api.urls")),
    path("", include("apps.billing.owed.api.urls")),
    path("", include("apps.billing.deposits.api.urls")),
]
