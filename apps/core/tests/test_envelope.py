"""The envelope of contract §2 on every /rest/ answer, errors included."""

import logging

import pytest
from django.test import override_settings
from django.urls import include, path
from rest_framework import serializers
from rest_framework.test import APIClient

from apps.accounts.testing import api_client
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse, _validation_fields
from apps.core.errors import Conflict
from apps.core.pagination import page_request_from, paginate
from apps.core.role_codes import PUBLIC
from apps.core.testing import assert_envelope


class ExplodingApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes = []

    def get(self, request):
        raise RuntimeError("secret internal detail")


class ValidatingApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes = []

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=3)

    def post(self, request):
        self.parse(self.InputSerializer, request.data)
        return EnvelopeResponse({"ok": True}, "saved", status=201)

    def put(self, request):
        raise Conflict()


class PagedApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes = []

    def get(self, request):
        return EnvelopeResponse(paginate(list(range(30)), page_request_from(request.query_params)))


def _deadlock():
    import psycopg
    from django.db import OperationalError

    deadlock = OperationalError("deadlock detected")
    deadlock.__cause__ = psycopg.errors.DeadlockDetected("deadlock detected")
    return deadlock


class DeadlockingApi(ErpApi):
    """Ends in a deadlock as many times as `deadlocks` says, then saves."""

    required_codes = PUBLIC
    authentication_classes = []
    deadlocks = 0
    runs = 0

    def post(self, request):
        DeadlockingApi.runs += 1
        if DeadlockingApi.runs <= DeadlockingApi.deadlocks:
            raise _deadlock()
        return EnvelopeResponse({"name": request.data["name"]}, "saved", status=201)


class TestUrls:
    urlpatterns = [
        path(
            "rest/",
            include(
                [
                    path("explode", ExplodingApi.as_view()),
                    path("validate", ValidatingApi.as_view()),
                    path("paged", PagedApi.as_view()),
                    path("deadlocking", DeadlockingApi.as_view()),
                ]
            ),
        ),
        path("", include("erp.urls")),
    ]


pytestmark = [pytest.mark.django_db, pytest.mark.urls("apps.core.tests.test_envelope")]
urlpatterns = TestUrls.urlpatterns


def test_command_success_carries_its_message():
    data = assert_envelope(api_client().post("/rest/validate", {"name": "abc"}, format="json"), status=201)
    assert data == {"ok": True}


def test_field_errors_answer_valid_40000_with_fields():
    response = api_client().post("/rest/validate", {"name": "abcdef"}, format="json")
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert list(data["fields"]) == ["name"]
    assert response.json()["errmsg"] == data["fields"]["name"][0]


def test_a_nested_fields_error_is_named_by_its_path_as_the_services_name_it():
    class Line(serializers.Serializer):
        qty = serializers.IntegerField(max_value=9)

    class Order(serializers.Serializer):
        lines = serializers.ListField(child=Line(), max_length=3)
        extra = Line(many=True)

    order = Order(data={"lines": [{"qty": 1}, {"qty": 10}], "extra": [{"qty": 10}]})
    assert not order.is_valid()
    assert set(_validation_fields(order.errors)) == {"lines[1].qty", "extra[0].qty"}


def test_domain_conflict_answers_409_in_the_envelope():
    assert_envelope(api_client().put("/rest/validate"), status=409, errcode="SYS-40900")


def test_malformed_json_answers_400_in_the_envelope():
    response = api_client().generic("POST", "/rest/validate", "{not json", content_type="application/json")
    assert_envelope(response, status=400, errcode="SYS-40001")


def test_wrong_method_answers_405_in_the_envelope():
    assert_envelope(api_client().delete("/rest/validate"), status=405, errcode="SYS-40500")


def test_unknown_rest_path_answers_envelope_404():
    assert_envelope(api_client().get("/rest/no/such/call"), status=404, errcode="SYS-40400")


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_unknown_rest_path_answers_envelope_404_to_every_method_even_with_csrf_checks(method):
    client = APIClient(enforce_csrf_checks=True)
    response = getattr(client, method)("/rest/no/such/call", {"a": 1}, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")


@override_settings(DEBUG=True)
def test_unknown_rest_path_answers_envelope_404_in_debug_too():
    assert_envelope(api_client().get("/rest/no/such/call"), status=404, errcode="SYS-40400")


def test_unexpected_error_answers_sys_50000_with_the_trace_only_in_the_log(caplog):
    with caplog.at_level(logging.ERROR):
        response = api_client().get("/rest/explode")
    assert_envelope(response, status=500, errcode="SYS-50000")
    assert "secret internal detail" not in response.content.decode()
    assert "Traceback" not in response.content.decode()
    assert response.json()["errmsg"] == "sorry, your request has encountered an error"
    assert any("secret internal detail" in (record.exc_text or str(record.exc_info)) for record in caplog.records)


def test_messages_follow_accept_language():
    english = api_client(language="en").get("/rest/acct/loginInfo").json()["errmsg"]
    chinese = api_client(language="zh-hans").get("/rest/acct/loginInfo").json()["errmsg"]
    assert english == "please log in"
    assert chinese and chinese != english


def test_paged_list_answers_list_and_total():
    data = assert_envelope(api_client().get("/rest/paged", {"pageNo": 2, "pageSize": 20}), status=200)
    assert data == {"list": list(range(20, 30)), "total": 30}


def test_page_size_above_two_hundred_is_refused():
    data = assert_envelope(api_client().get("/rest/paged", {"pageSize": 201}), status=400, errcode="VALID-40000")
    assert "pageSize" in data["fields"]


@pytest.mark.django_db(transaction=True)  # outside a test's transaction, as a request runs
@pytest.mark.parametrize(("deadlocks", "status", "errcode", "runs"), [(1, 201, "0", 2), (2, 409, "SYS-40902", 2)])
def test_a_request_ended_by_a_deadlock_runs_once_more_then_answers_try_again(
    monkeypatch, deadlocks, status, errcode, runs
):
    monkeypatch.setattr(DeadlockingApi, "deadlocks", deadlocks)
    monkeypatch.setattr(DeadlockingApi, "runs", 0)
    response = api_client().post("/rest/deadlocking", {"name": "王芳"}, format="json")
    assert_envelope(response, status=status, errcode=errcode)
    assert DeadlockingApi.runs == runs


def test_a_deadlock_inside_a_callers_transaction_is_not_run_again(monkeypatch):
    monkeypatch.setattr(DeadlockingApi, "deadlocks", 1)
    monkeypatch.setattr(DeadlockingApi, "runs", 0)
    response = api_client().post("/rest/deadlocking", {"name": "王芳"}, format="json")
    assert_envelope(response, status=409, errcode="SYS-40902")
    assert DeadlockingApi.runs == 1


def test_another_database_failure_is_still_a_500():
    import psycopg
    from django.db import OperationalError

    from apps.core.envelope import envelope_exception_handler

    other = OperationalError("server closed the connection")
    other.__cause__ = psycopg.errors.AdminShutdown("terminating connection")
    assert envelope_exception_handler(other, {}).status_code == 500
