"""Pages of no area: /404, the root redirect, unknown paths, and the error handlers."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.views.decorators.csrf import csrf_exempt

from apps.core.envelope import json_not_found, json_server_error
from apps.core.page_registry import PageRoute, page_for
from apps.pages.serving import render_page, sign_in_redirect

REST_PREFIX = "/rest/"
NOT_FOUND = PageRoute(route="/404", entry="src/pages/core/NotFoundPage.tsx", public=True)

PAGES = [NOT_FOUND]


def root_redirect(request: HttpRequest) -> HttpResponse:
    """Spec §2.1: / goes to the reservation board (which sends a stranger to sign in)."""
    return HttpResponseRedirect("/orderBoard")


@csrf_exempt
def rest_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """Every method: an unknown /rest/ path is a 404 envelope, never Django's CSRF page (it changes nothing)."""
    return json_not_found()


def unknown_page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """A page of the spec that is not built yet is not served; but a stranger asking for it is
    first sent to sign in, as for any page (so / → /orderBoard → sign-in works from day one)."""
    if page_for(request.path) is not None:
        elsewhere = sign_in_redirect(request)
        if elsewhere is not None:
            return elsewhere
    return render_page(request, NOT_FOUND, status=404)


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith(REST_PREFIX):
        return json_not_found()
    return render_page(request, NOT_FOUND, status=404)


def handler500(request: HttpRequest) -> HttpResponse:
    if request.path.startswith(REST_PREFIX):
        return json_server_error()
    # No template logic here: the template system itself may be what failed.
    return HttpResponse(
        "<!doctype html><title>500</title><h1>服务器错误 / Server error</h1>"
        "<p>抱歉，请求出错了。Sorry, your request has encountered an error.</p>",
        status=500,
    )
