"""The JSON parser of every /rest/ call: a body that is not JSON, or is nested deeper than any call
needs, is a 400 `SYS-40001`, never a RecursionError in the parser or in code that walks the data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

# No call takes more than a few levels (a body, a list of rows, a row's list); 32 leaves room.
MAX_JSON_DEPTH = 32


def nested_deeper_than(value: Any, limit: int) -> bool:
    """Whether lists and objects in `value` nest more than `limit` levels (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except ParseError:
            raise ParseError(_("the request body is not valid JSON")) from None
        except RecursionError:
            raise ParseError(_("the request body is nested too deeply")) from None
        if isinstance(data, (dict, list)) and nested_deeper_than(data, MAX_JSON_DEPTH):
            raise ParseError(_("the request body is nested too deeply"))
        return data
