"""Page routes served by core: the /404 page and the error handlers."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from apps.core.envelope import json_not_found, json_server_error

REST_PREFIX = "/rest/"


def rest_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    return json_not_found()


@require_GET
def not_found_page(request: HttpRequest) -> HttpResponse:
    return render(request, "core/not_found.html", status=200)


def unknown_page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    return render(request, "core/not_found.html", status=404)


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith(REST_PREFIX):
        return json_not_found()
    return render(request, "core/not_found.html", status=404)


def handler500(request: HttpRequest) -> HttpResponse:
    if request.path.startswith(REST_PREFIX):
        return json_server_error()
    # No template logic here: the template system itself may be what failed.
    return HttpResponse(
        "<!doctype html><title>500</title><h1>服务器错误 / Server error</h1>"
        "<p>抱歉，请求出错了。Sorry, your request has encountered an error.</p>",
        status=500,
    )
