"""Every quantity and amount a person types has the realistic bounds of its kind (apps.core.bounds),
not only the column's: a serializer's number that is not made by apps.core.fields.number() fails
here, unless it is an id, a page or a code listed below with its reason. The schema walk catches a
request number no serializer walk finds, and the frontend's copy of the table must equal it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

from apps.core import bounds, fields
from apps.core.fields import PG_INTEGER_MAX
from apps.core.tests.test_input_bounds import INPUT_SERIALIZERS, _deref, _operations

NUMBER_FIELDS = (serializers.IntegerField, serializers.DecimalField, serializers.FloatField)

# A record's id (`id`, `memId`, `projectIds[]`, `labels[]`, a path's `card_id`): looked up in the
# caller's scope, an unknown one answers 404; the bound is the column's.
ID_NAME = re.compile(r"^(id|ids|labels|store|[a-z][A-Za-z]*Ids?|[a-z]+(_[a-z]+)*_id)$")
# Numbers that are not quantities or amounts, each with its reason.
NOT_AMOUNTS = {
    "pageNo": "paging: apps.core.pagination bounds it (1 to 1,000,000)",
    "pageSize": "paging: 1 to 200 (contract §2)",
    "weekday": "a code: 0 Monday … 6 Sunday",
    "platformType": "a code of the group-buy platform types (1 to 3)",
    "platform_type": "the same code in a path",
    "msgType": "a code of the message types; an unknown one matches nothing",
    "n": "the store-authority poll's counter, sent back by the page, not typed by a person",
    "type": "an enumerated code (the schema lists its values)",
    "isRead": "an enumerated flag (0, 1)",
    "need_amount": "a flag in the path (0, 1)",
    "serviceScore": "a rating from 1 to 5 (evaluations), not a quantity",
    "nurseScore": "a rating from 1 to 5 (evaluations), not a quantity",
    "packageLine": "an index into the draft's own lines (0 to 49), checked against them",
}


def _allowed(name: str) -> bool:
    return bool(ID_NAME.match(name)) or name in NOT_AMOUNTS


def numbers_without_a_kind(field: Any, where: str, name: str = "") -> Iterator[str]:
    if isinstance(field, serializers.ListSerializer | serializers.ListField):
        yield from numbers_without_a_kind(field.child, f"{where}[]", name)
    elif isinstance(field, serializers.Serializer):
        for child_name, child in field.fields.items():
            if not child.read_only:
                yield from numbers_without_a_kind(child, f"{where}.{child_name}", child_name)
    elif isinstance(field, serializers.DictField):
        yield from numbers_without_a_kind(field.child, f"{where}{{}}", name)
    elif isinstance(field, NUMBER_FIELDS):
        bound = getattr(field, "bound", None)
        if bound is None:
            if not _allowed(name):
                yield f"{where}: a number without a kind of apps.core.bounds (use fields.number)"
        elif bound not in bounds.TABLE:
            yield f"{where}: its kind is not in apps.core.bounds.TABLE"
        elif not bound.low <= Decimal(str(field.min_value)) <= Decimal(str(field.max_value)) <= bound.high:
            yield f"{where}: its range is wider than its kind's"


@pytest.mark.parametrize("serializer_class", INPUT_SERIALIZERS, ids=lambda cls: cls.__name__)
def test_every_quantity_and_amount_a_serializer_reads_has_the_bounds_of_its_kind(serializer_class):
    problems = list(numbers_without_a_kind(serializer_class(), serializer_class.__name__))
    assert not problems, "\n".join(problems)


def test_the_walk_catches_a_number_without_a_kind_and_lets_ids_and_pages_through():
    class Loose(serializers.Serializer):
        quantity = serializers.DecimalField(max_digits=13, decimal_places=3)
        seats = fields.IntegerField()
        wide = fields.IntegerField(min_value=0, max_value=10)
        memId = fields.IntegerField(min_value=1)
        projectIds = serializers.ListField(child=fields.IntegerField(min_value=1), max_length=5)
        pageNo = fields.IntegerField(min_value=1, max_value=10)
        counted = fields.number(bounds.STOCK_UNITS)

    found = [problem.split(":")[0] for problem in numbers_without_a_kind(Loose(), "Loose")]
    assert found == ["Loose.quantity", "Loose.seats", "Loose.wide"]


# --- the schema: the same rule for every request number, whatever serializer declares it -----------


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def _whole_digits(pattern: str) -> int:
    match = re.match(r"^\^-\?\\d\{0,(\d+)\}", pattern)
    assert match, pattern
    return int(match.group(1))


def wide_numbers(node: dict[str, Any], schema: dict[str, Any], where: str, name: str = "") -> Iterator[str]:
    node = _deref(node, schema)
    if node.get("readOnly") or "enum" in node:
        return
    for combined in ("allOf", "oneOf", "anyOf"):
        for part in node.get(combined, []):
            yield from wide_numbers(part, schema, where, name)
    if node.get("type") == "object" or "properties" in node:
        for child_name, child in node.get("properties", {}).items():
            yield from wide_numbers(child, schema, f"{where}.{child_name}", child_name)
    elif node.get("type") == "array":
        yield from wide_numbers(node.get("items", {}), schema, f"{where}[]", name)
    elif _allowed(name):
        return
    elif node.get("type") == "integer" and node.get("maximum", PG_INTEGER_MAX) >= PG_INTEGER_MAX:
        yield f"{where}: an integer up to the column's limit"
    elif node.get("format") == "decimal" and _whole_digits(node.get("pattern", "")) > 7:
        yield f"{where}: a decimal of more than 7 whole digits"


def test_every_request_number_of_the_schema_has_realistic_bounds(schema):
    problems = []
    for path, method, operation in _operations(schema):
        where = f"{method.upper()} {path}"
        for parameter in operation.get("parameters", []):
            problems += wide_numbers(parameter["schema"], schema, f"{where} ?{parameter['name']}", parameter["name"])
        for media in operation.get("requestBody", {}).get("content", {}).values():
            problems += wide_numbers(media["schema"], schema, f"{where} body")
    assert not problems, "\n".join(sorted(set(problems)))


# --- the messages -----------------------------------------------------------------------------------


class _Receipt(serializers.Serializer):
    quantity = fields.number(bounds.STOCK_UNITS, low=Decimal("0.001"))
    amount = fields.number(bounds.MONEY_ORDER, low=Decimal("0.01"))
    change = fields.number(bounds.POINTS)


@pytest.mark.parametrize(
    ("language", "data", "expected"),
    [
        ("en", {"quantity": "9999999999.999"}, {"quantity": "at most 99,999 units"}),
        ("en", {"quantity": "0"}, {"quantity": "enter at least 0.001"}),
        ("en", {"amount": "1000000.01"}, {"amount": "the amount can be at most 1,000,000.00"}),
        ("en", {"change": 1_000_001}, {"change": "at most 1,000,000 points"}),
        ("zh-hans", {"quantity": "100000"}, {"quantity": "数量最多 99,999"}),
        ("zh-hans", {"amount": "0"}, {"amount": "金额至少为 0.01"}),
    ],
)
def test_a_number_beyond_its_kind_answers_the_kinds_message_in_the_requests_language(language, data, expected):
    with translation.override(language):
        serializer = _Receipt(data={"quantity": "1", "amount": "1", "change": 1} | data)
        assert not serializer.is_valid()
        assert {name: str(errors[0]) for name, errors in serializer.errors.items()} == expected


def test_a_field_cannot_widen_its_kind():
    with pytest.raises(Exception, match="narrow"):
        fields.number(bounds.LINE_QTY, high=1000)


# --- the frontend's copy ---------------------------------------------------------------------------

FRONTEND = Path(__file__).resolve().parents[3] / "frontend"


def test_the_frontends_table_is_the_servers():
    source = (FRONTEND / "src/lib/bounds.ts").read_text()
    table = re.search(r"export const BOUNDS = \{(.*?)\n\} as const;", source, re.S)
    assert table, "frontend/src/lib/bounds.ts: export const BOUNDS = {...} as const;"
    entry = re.compile(r'^\s*(\w+): \{ low: "([^"]+)", high: "([^"]+)", places: (\d+) \},?$', re.M)
    frontend = {key: (low, high, int(places)) for key, low, high, places in entry.findall(table.group(1))}
    assert frontend == {bound.key: (str(bound.low), str(bound.high), bound.places) for bound in bounds.TABLE}
