"""Bodies no call can use: nested too deeply, not JSON, or above DATA_UPLOAD_MAX_MEMORY_SIZE. Each
answers its envelope (400 `SYS-40001`, 413 `SYS-41300`) on every call that takes a body, the
anonymous sign-in included, never a 500."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from apps.accounts.testing import api_client
from apps.core.parsers import MAX_JSON_DEPTH, nested_deeper_than
from apps.core.permissions import declared_codes
from apps.core.role_codes import PUBLIC, ROLE_CHOSEN, SIGNED_IN
from apps.core.testing import assert_envelope
from apps.core.tests.test_endpoint_declarations import rest_endpoints

pytestmark = pytest.mark.django_db

LOGIN = "/rest/auth/login"
DEEP = "[" * 100_000 + "]" * 100_000
TOO_BIG = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 512 * 1024
BODY_METHODS = ("post", "put", "patch")


def _post(client, url, body, content_type="application/json", method="POST"):
    return client.generic(method, url, body, content_type=content_type)


def _nested(depth: int) -> str:
    return '{"a":' * (depth - 1) + "[]" + "}" * (depth - 1)


def test_deeply_nested_json_to_the_anonymous_sign_in_answers_sys_40001():
    response = _post(api_client(), LOGIN, DEEP)
    assert_envelope(response, status=400, errcode="SYS-40001")
    assert response.json()["errmsg"] == "the request body is nested too deeply"


def test_json_nested_just_past_the_limit_is_refused_and_at_the_limit_is_read():
    refused = _post(api_client(), LOGIN, _nested(MAX_JSON_DEPTH + 1))
    assert_envelope(refused, status=400, errcode="SYS-40001")
    read = _post(api_client(), LOGIN, _nested(MAX_JSON_DEPTH))
    assert read.json()["errcode"] != "SYS-40001"


def test_depth_is_measured_without_recursion():
    assert not nested_deeper_than({"a": [1, {"b": []}]}, 4)
    assert nested_deeper_than({"a": [1, {"b": []}]}, 3)
    value: list = []
    for _ in range(50_000):
        value = [value]
    assert nested_deeper_than(value, MAX_JSON_DEPTH)


def test_a_body_that_is_not_json_answers_sys_40001_in_both_languages():
    english = _post(api_client(language="en"), LOGIN, "{not json")
    assert_envelope(english, status=400, errcode="SYS-40001")
    chinese = _post(api_client(language="zh-hans"), LOGIN, "{not json")
    assert chinese.json()["errmsg"] != english.json()["errmsg"]


def test_a_json_body_above_the_limit_to_the_anonymous_sign_in_answers_413():
    body = json.dumps({"username": "x" * TOO_BIG, "password": "y"})
    english = _post(api_client(language="en"), LOGIN, body)
    assert_envelope(english, status=413, errcode="SYS-41300")
    assert english.json()["errmsg"] == "the request body is too large"
    chinese = _post(api_client(language="zh-hans"), LOGIN, body)
    assert_envelope(chinese, status=413, errcode="SYS-41300")
    assert chinese.json()["errmsg"] != "the request body is too large"


def test_a_form_encoded_sign_in_above_the_limit_answers_413():
    body = "username=" + "x" * TOO_BIG + "&password=y"
    response = _post(api_client(), LOGIN, body, content_type="application/x-www-form-urlencoded")
    assert_envelope(response, status=413, errcode="SYS-41300")


def test_a_form_with_too_many_fields_answers_sys_40001(settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    body = "&".join(f"f{number}=1" for number in range(20))
    response = _post(api_client(), LOGIN, body, content_type="application/x-www-form-urlencoded")
    assert_envelope(response, status=400, errcode="SYS-40001")


BODY_ENDPOINTS = [
    (endpoint, method) for endpoint in rest_endpoints() for method in endpoint.methods if method in BODY_METHODS
]


def _client_allowed_to_call(endpoint, chain, make_entry):
    codes = declared_codes(endpoint.view_class)
    if codes == PUBLIC:
        return api_client()
    if codes in (SIGNED_IN, ROLE_CHOSEN):
        return api_client(entry=make_entry(chain["store"]))
    return api_client(entry=make_entry(chain["store"], codes=list(codes)))


def _answer(response) -> tuple[int, str]:
    return response.status_code, response.json()["errcode"]


@pytest.mark.parametrize(("endpoint", "method"), BODY_ENDPOINTS, ids=lambda value: str(value))
def test_every_call_with_a_body_refuses_deep_and_oversized_json_in_the_envelope(endpoint, method, chain, make_entry):
    client = _client_allowed_to_call(endpoint, chain, make_entry)
    # A call that answers before reading the body (a cookie, the query, an unknown id in the path)
    # answers the bad bodies as it answers an empty one.
    unread = _answer(_post(client, endpoint.url, "{}", method=method.upper()))
    assert unread[0] < 500
    deep = _post(client, endpoint.url, DEEP, method=method.upper())
    assert _answer(deep) in {(400, "SYS-40001"), unread}, deep.json()
    big = _post(client, endpoint.url, json.dumps({"text": "x" * TOO_BIG}), method=method.upper())
    assert _answer(big) in {(413, "SYS-41300"), unread}, big.json()
