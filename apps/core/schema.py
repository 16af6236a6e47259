"""drf-spectacular post-processing: documents every /rest/ response inside the envelope of
contract §2, so the schema says what clients really receive."""

from __future__ import annotations

from typing import Any

ENVELOPE_REF = "#/components/schemas/Envelope"


def wrap_responses_in_envelope(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Envelope"] = {
        "type": "object",
        "required": ["errcode", "errmsg", "data"],
        "properties": {
            "errcode": {"type": "string", "description": '"0" on success, otherwise an error code'},
            "errmsg": {"type": "string", "description": "message for a person, in the request's language"},
            "data": {"nullable": True},
        },
    }
    for path_item in result.get("paths", {}).values():
        for operation in path_item.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                for media in response.get("content", {}).values():
                    payload = media.get("schema")
                    media["schema"] = {
                        "allOf": [{"$ref": ENVELOPE_REF}, {"type": "object", "properties": {"data": payload or {}}}]
                    }
    return result
