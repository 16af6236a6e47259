"""Names for JSON whose shape the project does not fix.

A row the project builds has a `TypedDict` named after what it is, beside the code that builds it.
What is left is JSON someone else shapes: a provider's raw answer, a settings entry, an audit record's
detail, a schema fragment. Its values stay `Any` because the code that reads such a document is the
place where each value is checked (`str(body.get("trade_state", ""))`), not the alias."""

from __future__ import annotations

from typing import Any, TypeAlias

JsonObject: TypeAlias = dict[str, Any]

# What an input serializer validated, keyed by its fields' `source` names. Its shape is the
# serializer's fields, which DRF's stubs do not carry over to `validated_data`.
ValidatedData: TypeAlias = dict[str, Any]
