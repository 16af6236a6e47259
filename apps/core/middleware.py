"""Response headers the whole site shares."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import patch_cache_control

API_PREFIX = "/rest/"
# Answers without personal data that a proxy or the browser may keep: the OpenAPI document and the
# load balancer's probe.
CACHEABLE_API_PATHS = ("/rest/schema/", "/rest/health")


class ApiNoStoreMiddleware:
    """`Cache-Control: no-store` on every /rest/ answer (errors, exports and redirects included), so
    no browser cache, shared proxy or back button keeps members' phones, names or tokens."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        path = request.path_info
        if path.startswith(API_PREFIX) and not path.startswith(CACHEABLE_API_PATHS):
            patch_cache_control(response, no_store=True)
        return response
