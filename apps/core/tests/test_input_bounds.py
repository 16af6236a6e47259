"""One input layer: every serializer the API reads is built from the bounded types of
apps/core/fields.py, and the schema every client (and the schemathesis run) reads declares the bounds.
A new endpoint that reads an unbounded number, date, text or list fails here before it ships.

The serializers read are found three ways: by name (`*InputSerializer`, `*QuerySerializer`), by the
views' `parse(...)` calls, and, whatever a serializer is called, through the generated schema's
parameters and request bodies. Output serializers only document answers and carry no bounds."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

import pytest
from django.urls import resolve
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

from apps.core import fields
from apps.core.pagination import MAX_PAGE_NO
from apps.core.tests.test_endpoint_declarations import rest_endpoints

APPS_DIR = Path(__file__).resolve().parents[2]
# An app split into parts keeps each part's views in its own api/ package (apps/billing/till/api).
API_MODULES = sorted(
    ".".join(path.relative_to(APPS_DIR.parent).with_suffix("").parts)
    for path in APPS_DIR.rglob("api/*.py")
    if path.stem != "__init__" and "tests" not in path.parts
)
# DRF types that need a bound; the bounded ones of apps.core.fields derive from them.
NEEDS_BOUND = (
    serializers.IntegerField,
    serializers.CharField,
    serializers.DateField,
    serializers.DateTimeField,
    serializers.TimeField,
)
# Bounded by their nature: a choice from a fixed set, a truth value.
BOUNDED_BY_NATURE = (serializers.BooleanField, serializers.ChoiceField)
HAND_READ_MARKERS = ("query_params.get(", "query_params[", "request.GET", "request.data.get(", "request.data[")


def _serializers_named_as_input(module: Any) -> Iterator[type[serializers.BaseSerializer]]:
    for value in vars(module).values():
        if (
            inspect.isclass(value)
            and issubclass(value, serializers.BaseSerializer)
            and value.__module__ == module.__name__
            and value.__name__.endswith(("InputSerializer", "QuerySerializer"))
        ):
            yield value


def _resolve(node: ast.expr, module: Any) -> Any:
    if isinstance(node, ast.Name):
        return getattr(module, node.id, None)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, module)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def _subclasses(cls: type) -> Iterator[type]:
    sub: type
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _parsed_serializers(module: Any) -> Iterator[type[serializers.BaseSerializer]]:
    """Serializers handed to `ErpApi.parse(...)`, whatever their names."""
    tree = ast.parse(inspect.getsource(module))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "parse":
            if not node.args:
                continue
            argument = node.args[0]
            if (
                isinstance(argument, ast.Attribute)
                and isinstance(argument.value, ast.Name)
                and argument.value.id == "self"
            ):
                # `self.serializer_class`: the attribute of every view of the module that sets it, and
                # of every subclass of a base the module defines (apps.core.api.lists: `self.filters`);
                # None is a base's "no serializer", which the base does not parse.
                views = {view for view in vars(module).values() if hasattr(view, argument.attr)}
                views |= {sub for view in set(views) if inspect.isclass(view) for sub in _subclasses(view)}
                candidates = [getattr(view, argument.attr) for view in views]
                candidates = [found for found in candidates if found is not None]
            else:
                candidates = [_resolve(argument, module)]
            assert candidates, f"{module.__name__}: parse({ast.unparse(argument)}) names no serializer"
            for found in candidates:
                assert inspect.isclass(found) and issubclass(found, serializers.BaseSerializer), (
                    f"{module.__name__}: parse({ast.unparse(argument)}) is not a serializer class"
                )
                yield found


def input_serializers() -> list[type[serializers.BaseSerializer]]:
    found: set[type[serializers.BaseSerializer]] = set()
    # Every module first: a base's subclasses live in modules after it.
    modules = [importlib.import_module(name) for name in API_MODULES]
    for module in modules:
        found.update(_serializers_named_as_input(module))
        found.update(_parsed_serializers(module))
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def unbounded_fields(field: Any, where: str) -> Iterator[str]:
    if isinstance(field, serializers.ListSerializer):
        if field.max_length is None:  # type: ignore[attr-defined]  # DRF 3.14+ has it; the stubs do not
            yield f"{where}: a list (many=True) without max_length"
        yield from unbounded_fields(field.child, f"{where}[]")
    elif isinstance(field, serializers.Serializer):
        for name, child in field.fields.items():
            if not child.read_only:
                yield from unbounded_fields(child, f"{where}.{name}")
    elif isinstance(field, serializers.ListField):
        if field.max_length is None:
            yield f"{where}: a ListField without max_length"
        yield from unbounded_fields(field.child, f"{where}[]")
    elif isinstance(field, serializers.DictField):
        yield from unbounded_fields(field.child, f"{where}{{}}")
    elif isinstance(field, NEEDS_BOUND):
        if not isinstance(field, fields.Bounded):
            yield f"{where}: {type(field).__name__} is not a bounded type of apps.core.fields"
        elif isinstance(field, serializers.CharField) and field.max_length is None:
            yield f"{where}: a text without max_length"
        elif isinstance(field, serializers.IntegerField) and (field.min_value is None or field.max_value is None):
            yield f"{where}: a number without bounds"
    elif isinstance(field, serializers.FileField):
        if not isinstance(field, fields.FileField):
            yield f"{where}: a FileField that is not apps.core.fields.FileField (no size bound)"
    elif isinstance(field, serializers.DecimalField):
        if field.max_digits is None:
            yield f"{where}: a DecimalField without max_digits"
    elif not isinstance(field, BOUNDED_BY_NATURE):
        yield f"{where}: {type(field).__name__} has no known bound; add a type to apps.core.fields"


INPUT_SERIALIZERS = input_serializers()


def test_the_walk_finds_the_inputs_of_every_app():
    modules = {cls.__module__.split(".")[1] for cls in INPUT_SERIALIZERS}
    assert {"accounts", "booking", "catalog", "masterdata", "members", "messaging", "org"} <= modules
    names = {cls.__name__ for cls in INPUT_SERIALIZERS}
    assert {"LoginInputSerializer", "StoreUpdateInputSerializer", "TimePeriodSaveInputSerializer"} <= names


@pytest.mark.parametrize("serializer_class", INPUT_SERIALIZERS, ids=lambda cls: cls.__name__)
def test_every_input_field_is_a_bounded_type_of_core(serializer_class):
    problems = list(unbounded_fields(serializer_class(), serializer_class.__name__))
    assert not problems, "\n".join(problems)


def test_the_walk_catches_an_unbounded_field():
    class Loose(serializers.Serializer):
        count = serializers.IntegerField()
        note = fields.CharField(max_length=10)
        ids = serializers.ListField(child=fields.IntegerField())

    assert [problem.split(":")[0] for problem in unbounded_fields(Loose(), "Loose")] == ["Loose.count", "Loose.ids"]


def test_no_view_reads_a_request_value_by_hand():
    """Query parameters and bodies go through a serializer, page_request_from or query_text."""
    offenders = [
        f"{name}: {marker}"
        for name in API_MODULES
        for marker in HAND_READ_MARKERS
        if marker in inspect.getsource(importlib.import_module(name))
    ]
    assert not offenders, f"read these with a serializer, page_request_from or apps.core.fields.query_text: {offenders}"


# --- the schema ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def _deref(node: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def unbounded_schema(node: dict[str, Any], schema: dict[str, Any], where: str) -> Iterator[str]:
    node = _deref(node, schema)
    if node.get("readOnly") or "enum" in node:
        return
    for combined in ("allOf", "oneOf", "anyOf"):
        for part in node.get(combined, []):
            yield from unbounded_schema(part, schema, where)
    kind = node.get("type")
    if kind == "object" or "properties" in node:
        for name, child in node.get("properties", {}).items():
            yield from unbounded_schema(child, schema, f"{where}.{name}")
        if isinstance(node.get("additionalProperties"), dict):
            yield from unbounded_schema(node["additionalProperties"], schema, f"{where}{{}}")
    elif kind == "array":
        if "maxItems" not in node:
            yield f"{where}: an array without maxItems"
        yield from unbounded_schema(node.get("items", {}), schema, f"{where}[]")
    elif kind == "integer":
        if "minimum" not in node or "maximum" not in node:
            yield f"{where}: an integer without minimum and maximum"
    elif kind == "string":
        # A file (binary) is bounded by apps.core.fields.FileField's max_bytes (unbounded_fields above).
        if not ({"maxLength", "pattern"} & set(node) or node.get("format") in ("date", "date-time", "time", "binary")):
            yield f"{where}: a string without maxLength"


def _operations(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, operation


def test_every_parameter_and_request_body_of_the_schema_is_bounded(schema):
    problems = []
    for path, method, operation in _operations(schema):
        where = f"{method.upper()} {path}"
        for parameter in operation.get("parameters", []):
            problems += unbounded_schema(parameter["schema"], schema, f"{where} ?{parameter['name']}")
        for media in operation.get("requestBody", {}).get("content", {}).values():
            problems += unbounded_schema(media["schema"], schema, f"{where} body")
    assert not problems, "\n".join(problems)


def _pages(view_class: type, method: str) -> bool:
    """Whether the view's handler, or any method of its classes, reads a page."""
    handlers = [getattr(view_class, method)]
    handlers += [
        member
        for cls in view_class.__mro__
        if cls.__module__.startswith("apps.")
        for member in vars(cls).values()
        if inspect.isfunction(member)
    ]
    return any("page_request_from(" in inspect.getsource(handler) for handler in handlers)


PAGED = [
    (endpoint, method)
    for endpoint in rest_endpoints()
    for method in endpoint.methods
    if _pages(endpoint.view_class, method)
]


def test_the_walk_finds_every_paged_list():
    assert len(PAGED) >= 15


@pytest.mark.parametrize(("endpoint", "method"), PAGED, ids=lambda value: str(value))
def test_every_paged_list_declares_the_shared_paging_parameters(endpoint, method, schema):
    path = "/" + endpoint.url.lstrip("/")
    # A path with a parameter ({cardId}) is walked with 1 in its place.
    templated = {re.sub(r"\{[^}]+\}", "1", template): template for template in schema["paths"]}
    operation = schema["paths"][templated[path]][method]
    declared = {parameter["name"]: parameter["schema"] for parameter in operation.get("parameters", [])}
    assert declared.get("pageNo", {}).get("maximum") == MAX_PAGE_NO, f"{path}: pageNo not declared"
    assert declared.get("pageSize", {}).get("maximum") == 200, f"{path}: pageSize not declared"


# --- through HTTP: each bound answers VALID-40000 on its field ------------------------------------

OUT_OF_RANGE: dict[str | None, list[Any]] = {
    "integer": [2**31, 2**63],
    "date": ["9999-12-31", "0001-01-01"],
    "date-time": ["9999-12-31T23:59:59", "0001-01-01T00:00:00"],
    "string": ["a\x00b", "x" * 5000],
}


def _kind(node: dict[str, Any], schema: dict[str, Any]) -> str | None:
    node = _deref(node, schema)
    if "enum" in node:
        return None
    if node.get("type") == "integer":
        return "integer"
    if node.get("type") == "string":
        return node.get("format", "string")
    return None


def out_of_range_probes(schema: dict[str, Any]) -> Iterator[tuple[str, str, str, str, Any]]:
    """(method, path, where, field, value): every top-level number, date and text a call reads, too
    big or too small, too long or with a NUL, in the query or in a JSON body."""
    for path, method, operation in _operations(schema):
        if "{" in path:
            continue  # the record in the path is looked up first: unknown ids answer 404
        for parameter in operation.get("parameters", []):
            kind = _kind(parameter["schema"], schema)
            for value in OUT_OF_RANGE.get(kind, []):
                yield method, path, "query", parameter["name"], value
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if body:
            for name, child in _deref(body["schema"], schema).get("properties", {}).items():
                for value in OUT_OF_RANGE.get(_kind(child, schema), []):
                    yield method, path, "body", name, value


@pytest.fixture
def client_of(chain, make_entry):
    from apps.core.tests.test_bad_bodies import _client_allowed_to_call

    clients: dict[str, Any] = {}

    def client(path: str) -> Any:
        if path not in clients:
            # DRF's as_view() marks the view function with its class; the stubs type it as a plain callable.
            endpoint = SimpleNamespace(view_class=resolve(path).func.cls)  # type: ignore[attr-defined]
            clients[path] = _client_allowed_to_call(endpoint, chain, make_entry)
        return clients[path]

    return client


# The values of the ways in: one no account, token, code or link can hold is a failed sign-in of its
# way (401; signing out ignores it), not a 400 (docs/api.md; apps/accounts/tests/test_sign_in_inputs.py).
SIGN_IN_VALUES = {
    ("post", "/rest/auth/login", "username"),
    ("post", "/rest/auth/login", "password"),
    ("post", "/rest/auth/refresh", "refresh"),
    ("post", "/rest/auth/logout", "refresh"),
    ("post", "/rest/auth/handoverLogin", "u"),
    ("post", "/rest/auth/handoverLogin", "p"),
    ("post", "/rest/auth/handoverLogin", "uid"),
    ("post", "/rest/auth/handoverLogin", "userId"),
    ("get", "/api/v1/wxwork/login", "code"),
    ("get", "/api/v1/wxwork/binding", "code"),
}


def _refused_as_a_sign_in(method: str, path: str, field: str, response: Any) -> bool:
    if (method, path, field) not in SIGN_IN_VALUES:
        return False
    return response.status_code == 401 or (path == "/rest/auth/logout" and response.status_code == 200)


@pytest.mark.django_db
def test_every_number_date_and_text_out_of_bounds_answers_valid_40000_on_its_field(schema, client_of):
    probes = list(out_of_range_probes(schema))
    assert {probe[3] for probe in probes} >= {"pageNo", "seats", "dateFrom", "memId", "leftDate", "startTime", "name"}
    wrong = []
    for method, path, where, field, value in probes:
        client = client_of(path)
        if where == "query":
            response = client.generic(method.upper(), path + "?" + urlencode({field: value}))
        else:
            response = client.generic(method.upper(), path, json.dumps({field: value}), content_type="application/json")
        body = response.json()
        if _refused_as_a_sign_in(method, path, field, response):
            continue
        if response.status_code != 400 or body["errcode"] != "VALID-40000" or field not in body["data"]["fields"]:
            wrong.append(f"{method.upper()} {path} {where} {field}={value}: {response.status_code} {body}")
    assert not wrong, "\n".join(wrong)
