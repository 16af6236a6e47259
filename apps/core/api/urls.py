from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from apps.core.api.views import HealthApi
from apps.core.role_codes import PUBLIC


class SchemaApi(SpectacularAPIView):
    """The OpenAPI document itself is not wrapped in the envelope (docs/api.md)."""

    required_codes = PUBLIC
    authentication_classes: list = []


class SchemaDocsApi(SpectacularSwaggerView):
    required_codes = PUBLIC
    authentication_classes: list = []


urlpatterns = [
    path("health", HealthApi.as_view(), name="health"),
    path("schema/", SchemaApi.as_view(), name="schema"),
    path("docs/", SchemaDocsApi.as_view(url_name="schema"), name="schema-docs"),
]
