from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.authentication import BaseAuthentication

from apps.core.api.views import HealthApi
from apps.core.role_codes import PUBLIC


class SchemaApi(SpectacularAPIView):
    """The OpenAPI document itself is not wrapped in the envelope (docs/api.md)."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []


class SchemaDocsApi(SpectacularSwaggerSplitView):
    """Swagger UI. The split view serves its start script as a file (`?script`), so the page needs no
    inline script; its page's own <style> block needs style-src 'unsafe-inline', on this page only."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []


urlpatterns = [
    path("health", HealthApi.as_view(), name="health"),
    path("schema/", SchemaApi.as_view(), name="schema"),
    path(
        "docs/",
        csp_update({"style-src": [UNSAFE_INLINE]})(SchemaDocsApi.as_view(url_name="schema")),
        name="schema-docs",
    ),
]
