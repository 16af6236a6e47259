"""What a locked-out person sees (django-axes calls this): the envelope's 429 on /rest/, a plain
429 page elsewhere (the Django admin's login)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

from apps.accounts.errors import LoginLocked
from apps.core.envelope import envelope


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    if request.path.startswith("/rest/"):
        if original_response is not None and original_response.status_code == LoginLocked.status:
            return original_response
        locked = LoginLocked()
        return JsonResponse(envelope(locked.errcode, str(locked.message)), status=locked.status)
    return HttpResponse(render_to_string("accounts/locked_out.html", request=request), status=LoginLocked.status)
