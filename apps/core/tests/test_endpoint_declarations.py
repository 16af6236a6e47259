"""Walks every /rest/ URL pattern: each endpoint declares its role codes (contract §5), answers 401
without a token and 403 to a signed-in user who lacks its codes. That every write answers 404 for
another store's record is walked in apps/demo/tests/test_other_store_writes.py, on the top floor,
because its factories create rows of every app."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from apps.accounts.testing import api_client
from apps.core.permissions import declared_codes
from apps.core.role_codes import PUBLIC, ROLE_CHOSEN, SIGNED_IN
from apps.core.testing import assert_envelope

# The only calls open without a token: the sign-in ways, logout, token refresh, registration, health,
# schema, the payment providers' notifications (verified by the provider's signature instead) and a
# member's evaluation link (its signed token).
PUBLIC_ENDPOINTS = {
    "auth-login",
    "auth-logout",
    "auth-refresh",
    "auth-quick-login",
    "auth-handover-login",
    "acct-register",
    "health",
    "schema",
    "schema-docs",
    "pay-notify",
    # The member's page to rate a visit: the signed token in the address is the key (apps.evaluations.links).
    "evaluation-public",
}
CATCH_ALL = {"rest-not-found"}
HTTP_METHODS = ("get", "post", "put", "patch", "delete")
WRITE_METHODS = ("post", "put", "patch", "delete")


@dataclass(frozen=True)
class Endpoint:
    name: str
    url: str
    view_class: type
    methods: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.name} {self.url}"


def _sample_path(pattern: str) -> str:
    path = re.sub(r"\(\?P<\w+>[^)]*\)", "1", pattern)
    path = re.sub(r"<(?:\w+:)?\w+>", "1", path)
    return path.replace("^", "").replace("$", "").replace("\\", "")


def _walk(patterns, prefix: str):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry


def rest_endpoints() -> list[Endpoint]:
    endpoints = []
    for pattern, entry in _walk(get_resolver().url_patterns, ""):
        if not pattern.startswith("rest/") or entry.name in CATCH_ALL:
            continue
        view_class = getattr(entry.callback, "cls", None) or getattr(entry.callback, "view_class", None)
        assert view_class is not None, f"{pattern} is not a class-based API view"
        methods = tuple(method for method in HTTP_METHODS if hasattr(view_class, method))
        endpoints.append(Endpoint(entry.name or pattern, "/" + _sample_path(pattern), view_class, methods))
    return endpoints


ENDPOINTS = rest_endpoints()


def test_the_walk_finds_the_sign_in_calls():
    names = {endpoint.name for endpoint in ENDPOINTS}
    assert {"auth-login", "acct-login-info", "acct-select-role", "hier-quick-save"} <= names


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=str)
def test_every_endpoint_declares_role_codes(endpoint):
    codes = declared_codes(endpoint.view_class)
    if codes == PUBLIC:
        assert endpoint.name in PUBLIC_ENDPOINTS, f"{endpoint} is public but not one of the sign-in calls"
    else:
        assert endpoint.name not in PUBLIC_ENDPOINTS


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", [e for e in ENDPOINTS if declared_codes(e.view_class) != PUBLIC], ids=str)
def test_every_endpoint_refuses_a_caller_without_a_token(endpoint):
    client = api_client()
    for method in endpoint.methods:
        response = getattr(client, method)(endpoint.url, {}, format="json")
        assert_envelope(response, status=401, errcode="SECURES-LOGIN-ON-401")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "endpoint", [e for e in ENDPOINTS if declared_codes(e.view_class) not in (PUBLIC, SIGNED_IN)], ids=str
)
def test_every_endpoint_refuses_a_user_without_its_code(endpoint, chain, make_entry):
    codes = declared_codes(endpoint.view_class)
    if codes == ROLE_CHOSEN:
        # Any chosen role suffices, so the user without it is one who has not chosen a role.
        client, errcode = api_client(user=make_entry(chain["store"]).user), "FILTER_LOGIN_NO_ROLE"
    else:
        unrelated = ["BTN-UNRELATED"] if "BTN-UNRELATED" not in codes else []
        client, errcode = api_client(entry=make_entry(chain["store"], codes=unrelated)), "AUTH-40300"
    for method in endpoint.methods:
        response = getattr(client, method)(endpoint.url, {}, format="json")
        assert_envelope(response, status=403, errcode=errcode)
