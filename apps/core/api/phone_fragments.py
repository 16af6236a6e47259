"""Searches by a fragment of a phone (issue 10): rate-limited per user and written to the system log,
so nobody rebuilds masked phones by trying fragments, and a security reviewer sees who searched
which fragments. A view that finds people by part of a phone inherits `PhoneFragmentSearch`, names
the query parameter that carries the fragment, and asks `phone_view` whether it may match hidden
digits (apps.core.phones.shown_fragment_q is the rule when it may not)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle, UserRateThrottle

from apps.core.audit import actor_from_request, audit_record
from apps.core.choices import AuditAction
from apps.core.fields import query_text
from apps.core.permissions import session_of
from apps.core.role_codes import MEMBER_PHONE_VIEW

PHONE_FRAGMENT_SEARCHED = AuditAction.PHONE_FRAGMENT_SEARCHED
# As long as the longest text any fragment parameter takes (the introducer search's keyword).
FRAGMENT_PARAM_MAX_LENGTH = 40


class PhoneFragmentThrottle(UserRateThrottle):
    """One budget per user across every fragment search (settings.PHONE_FRAGMENT_SEARCH_RATE); a
    call without a phone fragment (a name search, a page of the member list) does not spend it."""

    scope = "phone-fragment"

    def get_rate(self) -> str | None:
        return settings.PHONE_FRAGMENT_SEARCH_RATE

    def allow_request(self, request: Request, view: Any) -> bool:
        if not view.phone_fragment(request):
            return True
        return super().allow_request(request, view)


class PhoneFragmentSearch:
    """Mixin of an ErpApi view whose query parameter `phone_fragment_param` is a fragment of a phone."""

    throttle_classes: Sequence[type[BaseThrottle]] = (PhoneFragmentThrottle,)
    phone_fragment_param = "phone"

    def phone_fragment(self, request: Request) -> str:
        """The digits searched for, or '' when the call has none (other text is not a phone)."""
        # The input layer's bounds first (length, NUL): nothing longer is logged or searched.
        value = query_text(request.query_params, self.phone_fragment_param, max_length=FRAGMENT_PARAM_MAX_LENGTH)
        value = value.strip()
        return value if value.isascii() and value.isdigit() else ""

    def phone_view(self, request: Request) -> bool:
        """Whether the caller may see phones whole, and so find them by any fragment."""
        return MEMBER_PHONE_VIEW.code in session_of(request).codes

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        # After authentication, the role-code check and the throttle: every fragment search that
        # runs is in the log, whichever view and whatever its answer.
        super().initial(request, *args, **kwargs)  # type: ignore[misc]
        fragment = self.phone_fragment(request)
        if fragment:
            audit_record(
                actor=actor_from_request(request),
                action=PHONE_FRAGMENT_SEARCHED,
                detail={"path": request.path, "fragment": fragment, "phoneView": self.phone_view(request)},
            )
