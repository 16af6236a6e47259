"""Shared pieces of the thin API views."""

from __future__ import annotations

import logging
from typing import Any

from django.db import connection
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.core.api.input_validation import validated_input
from apps.core.audit import Actor, actor_from_request
from apps.core.json_types import ValidatedData
from apps.core.locks import is_deadlock

logger = logging.getLogger(__name__)


class ErpApi(APIView):
    """Base of every /rest/ view: subclasses declare `required_codes` (apps.core.role_codes)."""

    required_codes: Any = None

    def get_authenticate_header(self, request: Any) -> str:
        # Views without authentication classes (sign-in, refresh) still answer a refused
        # credential with 401, not DRF's fallback 403 (contract §4.2).
        return 'Bearer realm="rest"'

    def handle_exception(self, exc: Exception) -> Response:
        # A deadlock ended the request's transaction and changed nothing: run the request once more
        # (apps.core.locks). Not inside a transaction the caller holds (a test's, a command's), whose
        # work the deadlock rolled back with ours; a second deadlock answers SYS-40902.
        if is_deadlock(exc) and not getattr(self, "_deadlock_retried", False) and not connection.in_atomic_block:
            self._deadlock_retried = True
            logger.warning("%s %s ended in a deadlock: run once more", self.request.method, self.request.path)
            handler = getattr(self, (self.request.method or "").lower(), self.http_method_not_allowed)
            try:
                return handler(self.request, *self.args, **self.kwargs)
            except Exception as again:
                return super().handle_exception(again)
        return super().handle_exception(exc)

    def actor(self) -> Actor:
        return actor_from_request(self.request)

    def parse(self, serializer_class: type[serializers.Serializer[Any]], data: Any) -> ValidatedData:
        return validated_input(serializer_class, data)
