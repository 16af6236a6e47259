"""What a locked-out person sees (django-axes calls this): the envelope's 429 on /rest/, a plain
429 page elsewhere (the Django admin's login); both say when to try again.

A lockout lasts AXES_COOLOFF_TIME from the failure that locked it. Attempts during the lockout, the
right password included, are not recorded (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False),
so they do not extend it and the time shown holds.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.errors import LoginLocked
from apps.core.envelope import envelope


def locked_until(request: HttpRequest, credentials: dict[str, Any] | None = None) -> datetime | None:
    """When the lockout of these credentials from this address ends: the cool-off after its latest
    recorded failure (the one that locked it). None when it cannot be told."""
    cool_off = get_cool_off(request)
    handler = AxesProxyHandler.get_implementation()
    if cool_off is None or not hasattr(handler, "get_user_attempts"):
        return None
    AxesProxyHandler.update_request(request)
    latest = [
        attempts.aggregate(latest=Max("attempt_time"))["latest"]
        for attempts in handler.get_user_attempts(request, credentials)
    ]
    found = [moment for moment in latest if moment is not None]
    return max(found) + cool_off if found else None


def lockout_message(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str:
    """ "too many failed attempts, please try again after 14:35" (local time, rounded up to the
    minute, so trying at the minute shown works)."""
    until = locked_until(request, credentials)
    if until is None:
        return str(LoginLocked.default_message)
    local = timezone.localtime(until)
    if local.second or local.microsecond:
        local = local.replace(second=0, microsecond=0) + timedelta(minutes=1)
    return _("too many failed attempts, please try again after %(time)s") % {"time": local.strftime("%H:%M")}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    if request.path.startswith("/rest/"):
        if original_response is not None and original_response.status_code == LoginLocked.status:
            return original_response
        locked = LoginLocked(lockout_message(request, credentials))
        return JsonResponse(envelope(locked.errcode, str(locked.message)), status=locked.status)
    page = render_to_string(
        "accounts/locked_out.html", {"message": lockout_message(request, credentials)}, request=request
    )
    return HttpResponse(page, status=LoginLocked.status)
