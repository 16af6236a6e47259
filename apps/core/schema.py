"""drf-spectacular post-processing: documents every answer inside the envelope of contract §2, so the
schema says what clients really receive, errors included.

- A JSON success answer is the envelope with the view's shape as `data`; a success without a
  declared shape carries `data: null`. A view whose `data` may be null says so with
  `extend_schema(extensions={NULLABLE_DATA: True})`.
- Every operation may answer the error envelopes of ERROR_RESPONSES (docs/api.md lists the
  errcodes). A 5xx is never declared: the schemathesis run (apps/demo/tests/test_fuzz.py) fails on one.
- Every object an answer carries is closed (`additionalProperties: false`): a field the schema does
  not promise is a failure in every API test (apps.core.testing.assert_matches_schema), in the
  schemathesis run and in the generated TypeScript types.
"""

from __future__ import annotations

from typing import Any

from apps.core.json_types import JsonObject

COMPONENT_PREFIX = "#/components/schemas/"
ENVELOPE_REF = "#/components/schemas/Envelope"
ERROR_ENVELOPE_REF = "#/components/schemas/ErrorEnvelope"
NULLABLE_DATA = "x-data-nullable"
JSON = "application/json"

ERROR_RESPONSES = {
    "400": "`VALID-40000` (data.fields names each field's messages), `SYS-40001` (unreadable body) "
    "or another rule of the call",
    "401": "not signed in, or a bad, expired or revoked token (`SECURES-LOGIN-ON-401`, `FILTER_LOGIN_VERSION`, …)",
    "403": "the chosen role lacks the call's codes (`AUTH-40300`), no role chosen, or the store is disabled",
    "404": "no such record, or one of another store (`SYS-40400`)",
    "409": "a conflict: the record changed, or exists already (`SYS-40900`, …)",
    "413": "the body is larger than the server reads (`SYS-41300`)",
    "415": "a body without a media type, or one the call does not read (`SYS-41500`)",
    "429": "too many attempts (`SYS-42900`, `LOGIN-42901`)",
}


def _envelope_component() -> JsonObject:
    return {
        "type": "object",
        "required": ["errcode", "errmsg", "data"],
        "properties": {
            "errcode": {"type": "string", "description": '"0" on success, otherwise an error code'},
            "errmsg": {"type": "string", "description": "message for a person, in the request's language"},
            "data": {"nullable": True},
        },
    }


def _error_envelope_component() -> JsonObject:
    return {
        "type": "object",
        "required": ["errcode", "errmsg", "data"],
        "properties": {
            "errcode": {"type": "string", "description": "the error code (docs/api.md)"},
            "errmsg": {"type": "string", "description": "message for a person, in the request's language"},
            "data": {"nullable": True, "description": "null, or details such as {fields} of a VALID-40000"},
        },
    }


def _success(payload: JsonObject | None, nullable: bool) -> JsonObject:
    if payload is None:
        data: JsonObject = {"nullable": True, "enum": [None]}
    elif nullable:
        data = {"allOf": [payload], "nullable": True}
    else:
        data = payload
    return {"allOf": [{"$ref": ENVELOPE_REF}, {"type": "object", "properties": {"data": data}}]}


def _referenced(node: Any, names: set[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(COMPONENT_PREFIX):
                names.add(value.removeprefix(COMPONENT_PREFIX))
            else:
                _referenced(value, names)
    elif isinstance(node, list):
        for value in node:
            _referenced(value, names)


def _close(node: Any) -> None:
    """Closes every object with declared properties inside `node`. An object without properties (a
    free-form mapping) and one that says what else it may hold stay as they are."""
    if isinstance(node, dict):
        if "properties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for key, value in node.items():
            if key != "properties":
                _close(value)
        for value in node.get("properties", {}).values():
            _close(value)
    elif isinstance(node, list):
        for value in node:
            _close(value)


def close_answer_components(result: JsonObject) -> None:
    """Closes the components an answer may carry (those the responses reach, transitively).

    Done here rather than only in the test validator so that one document says it to every reader:
    the API tests, schemathesis and openapi-typescript all see the same closed shapes. The wrapping
    envelope itself is not closed here: its `allOf` halves would reject each other's fields. A
    component a request also uses (an `Interval`) is closed as well; the server ignores a field it
    does not read, so the narrower request document costs a client nothing.
    """
    schemas = result.get("components", {}).get("schemas", {})
    reached: set[str] = set()
    for path_item in result.get("paths", {}).values():
        for operation in path_item.values():
            if isinstance(operation, dict):
                _referenced(operation.get("responses", {}), reached)
    pending = list(reached)
    while pending:
        found: set[str] = set()
        _referenced(schemas.get(pending.pop(), {}), found)
        pending.extend(found - reached)
        reached |= found
    for name in reached - {"Envelope", "ErrorEnvelope"}:
        _close(schemas.get(name))


def wrap_responses_in_envelope(result: JsonObject, generator: Any, request: Any, public: bool) -> JsonObject:
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    close_answer_components(result)
    schemas["Envelope"] = _envelope_component()
    schemas["ErrorEnvelope"] = _error_envelope_component()
    for path_item in result.get("paths", {}).values():
        for operation in path_item.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            nullable = bool(operation.pop(NULLABLE_DATA, False))
            responses = operation["responses"]
            for status, response in responses.items():
                content = response.get("content")
                if content is None and status.startswith("2"):
                    response["content"] = {JSON: {"schema": _success(None, nullable)}}
                elif content and JSON in content:
                    content[JSON]["schema"] = _success(content[JSON].get("schema") or None, nullable)
            for status, description in ERROR_RESPONSES.items():
                responses.setdefault(
                    status, {"description": description, "content": {JSON: {"schema": {"$ref": ERROR_ENVELOPE_REF}}}}
                )
    return result
