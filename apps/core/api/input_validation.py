"""Validating a request's input without DRF making the serializer's fields again every time.

A new DRF serializer deep-copies its declared fields (`Serializer.get_fields`): each field is made
again from its arguments, and a nested serializer's fields after it. For the till's commit that is
about 30 fields a request, 7% of a checkout's CPU in a sampling profile (docs/performance.md, issue
31, fourth round). Validating changes nothing on an input serializer or its fields but the data and
the results (`initial_data`, `_validated_data`, `_errors`, `_data`), so each thread keeps one
serializer per class and language and validates the next request's data with it.

Per language, because DRF words some errors once and keeps the words: a field's `max_length`
message is a `lazy_format`, which remembers its first rendering in the language then active."""

from __future__ import annotations

import threading
from typing import Any

from django.utils.translation import get_language
from rest_framework import serializers

from apps.core.json_types import ValidatedData

# What a validation leaves on a serializer: the request's data and the results.
_PER_REQUEST = ("initial_data", "_validated_data", "_errors", "_data")


class _Kept(threading.local):
    def __init__(self) -> None:
        self.serializers: dict[tuple[type[serializers.Serializer[Any]], str | None], Any] = {}


_kept = _Kept()


def validated_input(serializer_class: type[serializers.Serializer[Any]], data: Any) -> ValidatedData:
    """`serializer_class(data=data)`'s validated data, or its ValidationError."""
    key = (serializer_class, get_language())
    serializer = _kept.serializers.get(key)
    if serializer is None:
        serializer = _kept.serializers[key] = serializer_class()
    serializer.initial_data = data
    try:
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data
    finally:
        # Nothing of this request stays on the kept serializer (an upload, a workbook's rows).
        for name in _PER_REQUEST:
            serializer.__dict__.pop(name, None)
