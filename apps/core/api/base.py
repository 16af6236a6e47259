"""Shared pieces of the thin API views."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.views import APIView

from apps.core.audit import Actor, actor_from_request


class ErpApi(APIView):
    """Base of every /rest/ view: subclasses declare `required_codes` (apps.core.role_codes)."""

    required_codes: Any = None

    def get_authenticate_header(self, request: Any) -> str:
        # Views without authentication classes (sign-in, refresh) still answer a refused
        # credential with 401, not DRF's fallback 403 (contract §4.2).
        return 'Bearer realm="rest"'

    def actor(self) -> Actor:
        return actor_from_request(self.request)

    def parse(self, serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
        serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data
