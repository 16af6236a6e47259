"""Test helpers shared by every app's tests: envelope and schema assertions, the constant-query
check for list endpoints, running an action from several threads at once, and a plain psycopg
connection beside Django's. The API client that
acts as a signed-in person is accounts' (`apps.accounts.testing.api_client`): it needs accounts'
tokens, and core sits below accounts."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
import yaml
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from jsonschema import Draft4Validator, ValidationError
from jsonschema.exceptions import best_match
from referencing import Registry
from referencing.jsonschema import DRAFT4
from rest_framework.test import APIClient

if TYPE_CHECKING:
    # The test client's answer: a Response with the client's json() and wsgi_request.
    from rest_framework.response import _MonkeyPatchedResponse as Response


def assert_envelope(response: Response, *, status: int, errcode: str = "0") -> Any:
    """Checks the contract §2 envelope and returns `data`."""
    body = response.json()
    assert response.status_code == status, (response.status_code, body)
    assert set(body) == {"errcode", "errmsg", "data"}, body
    assert body["errcode"] == errcode, body
    assert_matches_schema(response)
    return body["data"]


QUEUED_EXPORT_MESSAGE = "The export has 100,000 rows or more: the file is being prepared in the download centre"


def assert_queued_export(response: Response) -> int:
    """An immediate export over the spec's cap, sent to the download centre (apps.core.excel's
    `large_exports`): 202, the message saying so, and the job's id, which it returns."""
    data = assert_envelope(response, status=202)
    assert response.json()["errmsg"] == QUEUED_EXPORT_MESSAGE
    return data["jobId"]


SCHEMA_URI = "urn:erp:openapi"
PROJECT_URLCONF = "erp.urls"


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's `nullable` in JSON Schema words (the rest of the dialect is draft 4's)."""
    if isinstance(node, dict):
        converted = {key: _json_schema(value) for key, value in node.items() if key != "nullable"}
        if node.get("nullable"):
            return {"anyOf": [{"type": "null"}, converted]}
        return converted
    if isinstance(node, list):
        return [_json_schema(value) for value in node]
    return node


@functools.cache
def _schema() -> tuple[Registry, list[tuple[re.Pattern[str], int, str]]]:
    """docs/openapi.yaml, read once: a registry its `$ref`s resolve in, and each path template as a
    pattern (a template with more literal segments wins over one whose `{id}` also matches)."""
    # libyaml's loader: the pure-Python one took seconds of each test process for the 1.4 MB schema.
    document = yaml.load((Path(settings.BASE_DIR) / "docs" / "openapi.yaml").read_text(), Loader=yaml.CSafeLoader)
    registry = Registry().with_resource(SCHEMA_URI, DRAFT4.create_resource(_json_schema(document)))
    templates = []
    for template in document["paths"]:
        pattern = re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$")
        templates.append((pattern, template.count("{"), template))
    templates.sort(key=lambda item: item[1])
    return registry, templates


def _pointer(*parts: str) -> str:
    return "/".join(part.replace("~", "~0").replace("/", "~1") for part in parts)


def _deepest(error: ValidationError) -> ValidationError:
    """Inside an `anyOf` (a nullable field) or an `allOf`, the error that names the field."""
    while error.context:
        error = best_match(error.context)
    return error


def assert_matches_schema(response: Response) -> None:
    """The whole answer is what docs/openapi.yaml promises for its operation and status: every
    field declared, of its type, and no field the schema does not name (the answer components are
    closed, apps.core.schema). A drift is fixed where the shape is declared, never here."""
    if settings.ROOT_URLCONF != PROJECT_URLCONF:
        return  # a test's own throwaway views (pytest.mark.urls): the schema documents the project's
    request = response.wsgi_request
    registry, templates = _schema()
    template = next((template for pattern, _, template in templates if pattern.match(request.path)), None)
    assert template is not None, f"{request.method} {request.path}: no operation in docs/openapi.yaml"
    method = str(request.method).lower()  # a WSGI request always has its method
    operation = registry.contents(SCHEMA_URI)["paths"][template].get(method)
    assert operation is not None, f"{request.method} {template}: no such operation in docs/openapi.yaml"
    status = str(response.status_code)
    assert status in operation["responses"], f"{request.method} {template}: status {status} is not declared"
    pointer = _pointer("paths", template, method, "responses", status, "content", "application/json", "schema")
    validator = Draft4Validator({"$ref": f"{SCHEMA_URI}#/{pointer}"}, registry=registry)
    errors = sorted(
        (_deepest(error) for error in validator.iter_errors(response.json())),
        key=lambda error: [str(part) for part in error.absolute_path],
    )
    assert not errors, f"{request.method} {request.path} ({template}) answered {status} off docs/openapi.yaml:\n" + (
        "\n".join(
            f"  at {'.'.join(str(part) for part in error.absolute_path) or '(body)'}: {error.message}"
            for error in errors
        )
    )


def assert_list_queries_constant(
    client: APIClient, url: str, add_rows: Callable[[int], None], *, params: dict[str, Any] | None = None
) -> int:
    """A list endpoint makes as many SQL queries for 50 rows as for 1 (no N+1). `add_rows(n)` adds
    n more rows the endpoint will list. Returns the query count."""
    add_rows(1)
    client.get(url, params)  # warm caches (role codes) so both measured calls start alike
    with CaptureQueriesContext(connection) as one:
        first = client.get(url, params)
    assert first.status_code == 200, first.json()
    add_rows(49)
    with CaptureQueriesContext(connection) as fifty:
        second = client.get(url, params)
    assert second.status_code == 200, second.json()
    assert len(fifty) == len(one), f"{url}: {len(one)} queries for 1 row, {len(fifty)} for 50:\n" + "\n".join(
        query["sql"] for query in fifty.captured_queries
    )
    return len(one)


def raw_connection(*, autocommit: bool = True, dbname: str | None = None) -> psycopg.Connection:
    """A plain psycopg connection to the database Django uses (under the suite, its test database),
    or to another database of the same server (`dbname`)."""
    params = connection.settings_dict
    return psycopg.connect(
        dbname=dbname or params["NAME"], host=params["HOST"], port=params["PORT"] or None, user=params["USER"],
        password=params["PASSWORD"] or None, autocommit=autocommit,
    )  # fmt: skip


def at_once(action: Callable[[], object], times: int) -> list[str]:
    """Runs `action` from `times` threads released together (each on its own database connection)
    and answers each outcome: "ok", the errcode of a DomainError, or the repr of anything else, for
    the test to assert in the main thread. For concurrency tests on PostgreSQL."""
    import threading

    from django.db import connections

    from apps.core.errors import DomainError

    start = threading.Barrier(times)
    outcomes: list[str] = []

    def run() -> None:
        try:
            start.wait()
            action()
            outcomes.append("ok")
        except DomainError as refused:
            outcomes.append(refused.errcode)
        except BaseException as failure:
            outcomes.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
