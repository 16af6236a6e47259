"""The inputs of the ways in (docs/api.md, "Sign-in and session calls" and "Other ways in").

A value no account, token, code or link can hold (longer than its field's bound, or with a NUL or a
lone surrogate) is a sign-in that failed, not a form to correct: each way answers it with the
refusal it documents for any wrong value (LOGIN-40101, SECURES-LOGIN-ON-401, LOGIN-HANDOVER-INVALID,
WECOM-LOGIN-ABNORMAL). A missing or blank value is still the form's 400, as the account rules of
spec §5 have it."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from apps.core.json_types import ValidatedData

# DRF's codes for a too long value, a NUL and a lone surrogate (CharField and its validators).
MALFORMED_CODES = frozenset({"max_length", "null_characters_not_allowed", "surrogate_characters_not_allowed"})


def sign_in_input(
    serializer_class: type[serializers.Serializer[Any]],
    data: Any,
    *,
    fields: Collection[str] | None = None,
    codes: Collection[str] = MALFORMED_CODES,
) -> ValidatedData | None:
    """The parsed input, or None when every error is a malformed value (`codes`) of a credential
    (`fields`, all by default): the caller raises its way's refusal. Any other error is the 400 it
    always was."""
    serializer = serializer_class(data=data)
    if serializer.is_valid():
        return dict(serializer.validated_data)
    errors = serializer.errors
    malformed = all(
        (fields is None or field in fields) and all(getattr(detail, "code", None) in codes for detail in details)
        for field, details in errors.items()
    )
    if errors and malformed:
        return None
    raise ValidationError(errors)
