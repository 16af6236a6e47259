"""The providers' notification endpoint (issue 14 §1). It answers the provider, not a person: no
envelope, no sign-in, no CSRF token; the adapter verifies the provider's signature instead."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.role_codes import PUBLIC
from apps.payments.services import notification_handle


@extend_schema(exclude=True)  # provider-facing, not enveloped: docs/api.md, "Payment providers' notifications"
class PayNotifyApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes: list[Any] = []
    throttle_classes: list[Any] = []

    def post(self, request: Request, provider: str) -> HttpResponse:
        headers = {key: value for key, value in request.headers.items()}
        answer = notification_handle(provider=provider, headers=headers, body=request.body)
        return HttpResponse(answer.body, status=answer.status, content_type=answer.content_type)
