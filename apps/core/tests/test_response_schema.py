"""Every API test's answer is checked against docs/openapi.yaml (apps.core.testing.assert_matches_schema,
called by assert_envelope): these hold the check itself, so it cannot quietly stop failing."""

import json

import pytest

from apps.accounts.testing import api_client
from apps.core.testing import assert_matches_schema

pytestmark = pytest.mark.django_db


def _health_answer_with(change):
    response = api_client().get("/rest/health")
    body = response.json()
    change(body)
    response.content = json.dumps(body).encode()
    response.__dict__.pop("_json", None)  # the test client keeps the body it parsed
    return response


def test_the_answer_the_schema_promises_passes():
    assert_matches_schema(api_client().get("/rest/health"))


def test_a_field_the_schema_does_not_promise_fails_naming_the_path_status_and_field():
    response = _health_answer_with(lambda body: body["data"].update(uptime=5))
    with pytest.raises(AssertionError, match=r"GET /rest/health .*answered 200") as failure:
        assert_matches_schema(response)
    assert "at data: Additional properties are not allowed ('uptime' was unexpected)" in str(failure.value)


def test_a_field_of_another_type_or_choice_fails():
    response = _health_answer_with(lambda body: body["data"].update(database="fine"))
    with pytest.raises(AssertionError, match=r"at data\.database: 'fine' is not one of"):
        assert_matches_schema(response)


def test_a_missing_field_fails():
    response = _health_answer_with(lambda body: body["data"].pop("cache"))
    with pytest.raises(AssertionError, match=r"at data: 'cache' is a required property"):
        assert_matches_schema(response)


def test_a_path_with_an_id_finds_its_template_and_an_undeclared_status_fails():
    response = api_client().get("/rest/health")
    response.status_code = 418
    with pytest.raises(AssertionError, match=r"GET /rest/health: status 418 is not declared"):
        assert_matches_schema(response)
    templated = api_client().post("/rest/acct/selectHierRole/12345", {}, format="json")
    assert_matches_schema(templated)
