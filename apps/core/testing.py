"""Test helpers shared by every app's tests: API clients acting in a role, envelope assertions,
and the constant-query check for list endpoints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.response import Response
from rest_framework.test import APIClient

from apps.accounts.models import User, UserRole
from apps.accounts.tokens import issue_tokens


def api_client(*, user: User | None = None, entry: UserRole | None = None, language: str = "en") -> APIClient:
    """A client that sends a bearer token (with the account-version header) for `user`, acting in
    `entry` when given; without either it is anonymous."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    if entry is not None:
        user = entry.user
    if user is not None:
        issued = issue_tokens(user=user, user_role=entry)
        client.credentials(
            HTTP_AUTHORIZATION=f"Bearer {issued['access']}", HTTP_X_ACCOUNT_VERSION=issued["accountVersion"]
        )
        client.issued = issued
    return client


def assert_envelope(response: Response, *, status: int, errcode: str = "0") -> Any:
    """Checks the contract §2 envelope and returns `data`."""
    body = response.json()
    assert response.status_code == status, (response.status_code, body)
    assert set(body) == {"errcode", "errmsg", "data"}, body
    assert body["errcode"] == errcode, body
    return body["data"]


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
