"""Commands run once per Idempotency-Key (contract §8): the same key and request answer the first
answer again, another request with the key is a 409, a refused command leaves the key free."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from django.urls import include, path
from rest_framework import serializers
from rest_framework.test import APIClient

from apps.accounts.tests.factories import UserFactory
from apps.core.api.base import ErpApi
from apps.core.audit import Actor, audit_record
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import InvalidInput
from apps.core.idempotency import AfterCommit, idempotent
from apps.core.models import SystemLog
from apps.core.role_codes import PUBLIC
from apps.core.testing import assert_envelope


class ChargeApi(ErpApi):
    """A stand-in command: each run writes one system-log row and answers how many there are."""

    required_codes = PUBLIC

    class InputSerializer(serializers.Serializer):
        amount = serializers.IntegerField(min_value=0, max_value=1000)  # 999: refused after it was logged

    @idempotent
    def post(self, request):
        amount = self.parse(self.InputSerializer, request.data)["amount"]
        if amount == 0:
            raise InvalidInput("nothing to charge", field="amount")
        audit_record(
            actor=Actor(user_id=request.user.pk, login_name="t"), action="test.charged", detail={"amount": amount}
        )
        if amount == 999:
            raise InvalidInput("refused after it was logged", field="amount")
        # Keys in an order jsonb would not keep (it sorts them by length): the replay keeps them.
        return EnvelopeResponse(
            {
                "charges": SystemLog.objects.filter(action="test.charged").count(),
                "at": "now",
                "lines": [{"zz": 1, "a": 2}],
            },
            "charged",
            status=201,
        )


class ChargeOnceApi(ErpApi):
    """A stand-in command with a check of its own: a second charge is refused (as a paid order is)."""

    required_codes = PUBLIC

    @idempotent
    def post(self, request):
        if SystemLog.objects.filter(action="test.charged").exists():
            raise InvalidInput("charged already", field="amount")
        audit_record(actor=Actor(user_id=request.user.pk, login_name="t"), action="test.charged", detail={})
        return EnvelopeResponse({"charged": True}, "charged", status=201)


class TwoStepApi(ErpApi):
    """A command whose second step may run in no transaction (as a payment provider's call): it
    answers whether the step ran with a transaction open, and each run of the step is counted."""

    required_codes = PUBLIC
    second_steps: list[bool] = []

    @idempotent
    def post(self, request):
        audit_record(actor=Actor(user_id=request.user.pk, login_name="t"), action="test.first", detail={})

        def second_step():
            TwoStepApi.second_steps.append(connection.in_atomic_block)
            return EnvelopeResponse({"step": 2, "inTransaction": connection.in_atomic_block}, "done")

        return AfterCommit({"step": 1}, "done", after_commit=second_step)


urlpatterns = [
    path(
        "rest/",
        include(
            [
                path("charge", ChargeApi.as_view()),
                path("chargeOnce", ChargeOnceApi.as_view()),
                path("twoSteps", TwoStepApi.as_view()),
            ]
        ),
    ),
    path("", include("erp.urls")),
]


def client_of(user, key: str | None = "k-1") -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(user)
    if key is not None:
        client.credentials(HTTP_IDEMPOTENCY_KEY=key)
    return client


def charges() -> int:
    return SystemLog.objects.filter(action="test.charged").count()


@pytest.mark.django_db
@pytest.mark.urls("apps.core.tests.test_idempotency")
class TestIdempotencyKey:
    def test_the_same_key_and_request_answer_the_first_answer_again_without_acting_twice(self):
        client = client_of(UserFactory())
        first = client.post("/rest/charge", {"amount": 5}, format="json")
        again = client.post("/rest/charge", {"amount": 5}, format="json")
        assert first.status_code == again.status_code == 201
        assert again.content == first.content
        assert charges() == 1

    def test_a_copy_the_command_itself_refuses_answers_the_first_answer(self):
        client = client_of(UserFactory())
        first = client.post("/rest/chargeOnce", {}, format="json")
        again = client.post("/rest/chargeOnce", {}, format="json")
        assert first.status_code == again.status_code == 201 and again.content == first.content
        refused = client_of(UserFactory(), key="another").post("/rest/chargeOnce", {}, format="json")
        assert_envelope(refused, status=400, errcode="VALID-40000")
        assert charges() == 1

    def test_the_same_key_with_another_body_is_refused(self):
        client = client_of(UserFactory())
        client.post("/rest/charge", {"amount": 5}, format="json")
        assert_envelope(client.post("/rest/charge", {"amount": 6}, format="json"), status=409, errcode="SYS-40901")
        assert charges() == 1

    def test_a_refused_command_leaves_the_key_free(self):
        client = client_of(UserFactory())
        assert_envelope(client.post("/rest/charge", {"amount": 0}, format="json"), status=400, errcode="VALID-40000")
        assert_envelope(client.post("/rest/charge", {"amount": 0}, format="json"), status=400, errcode="VALID-40000")
        assert charges() == 0

    def test_each_user_has_their_own_keys(self):
        client_of(UserFactory()).post("/rest/charge", {"amount": 5}, format="json")
        client_of(UserFactory()).post("/rest/charge", {"amount": 5}, format="json")
        assert charges() == 2

    def test_without_a_key_every_request_acts(self):
        client = client_of(UserFactory(), key=None)
        client.post("/rest/charge", {"amount": 5}, format="json")
        client.post("/rest/charge", {"amount": 5}, format="json")
        assert charges() == 2

    def test_the_commands_log_entries_are_written_by_the_statement_that_keeps_its_answer(self):
        client = client_of(UserFactory())
        with CaptureQueriesContext(connection) as captured:
            assert client.post("/rest/charge", {"amount": 5}, format="json").status_code == 201
        statements = [q["sql"] for q in captured if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
        assert len(statements) == 2  # the count the command answers; the log, the key and the answer
        assert statements[-1].startswith('WITH logged AS (INSERT INTO "core_systemlog"')
        assert 'INSERT INTO "core_idempotentanswer"' in statements[-1]
        entry = SystemLog.objects.get(action="test.charged")
        assert entry.detail == {"amount": 5} and entry.login_name == "t" and entry.created_at is not None

    def test_a_command_refused_after_it_logged_leaves_no_log_entry(self):
        client = client_of(UserFactory())
        assert_envelope(client.post("/rest/charge", {"amount": 999}, format="json"), status=400, errcode="VALID-40000")
        assert charges() == 0

    def test_outside_a_command_an_entry_is_written_at_once(self):
        entry = audit_record(actor=Actor(login_name="t"), action="test.charged", detail={})
        assert entry.pk is not None and charges() == 1

    @pytest.mark.parametrize("key", ["", "x" * 65])
    def test_a_key_of_the_wrong_length_is_refused(self, key):
        refused = client_of(UserFactory(), key=key).post("/rest/charge", {"amount": 5}, format="json")
        body = assert_envelope(refused, status=400, errcode="VALID-40000")
        assert "Idempotency-Key" in body["fields"]
        assert charges() == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.urls("apps.core.tests.test_idempotency")
def test_one_key_sent_ten_times_at_once_acts_once_and_answers_alike():
    user = UserFactory()
    start = threading.Barrier(10)
    answers: list[tuple[int, bytes]] = []

    def send() -> None:
        try:
            client = client_of(user, key="double-click")
            start.wait()
            response = client.post("/rest/charge", {"amount": 5}, format="json")
            answers.append((response.status_code, response.content))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == 10 and len(set(answers)) == 1 and answers[0][0] == 201
    assert charges() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.urls("apps.core.tests.test_idempotency")
def test_an_after_commit_step_runs_once_the_keys_transaction_committed_and_not_on_a_replay():
    TwoStepApi.second_steps.clear()
    client = client_of(UserFactory(), key="two-1")
    first = assert_envelope(client.post("/rest/twoSteps", {}, format="json"), status=200)
    assert first == {"step": 2, "inTransaction": False}  # the second step's answer, outside any transaction
    assert SystemLog.objects.filter(action="test.first").count() == 1
    again = assert_envelope(client.post("/rest/twoSteps", {}, format="json"), status=200)
    assert again == {"step": 1}  # the first step's answer, kept with the key; the second step not run again
    assert TwoStepApi.second_steps == [False]
    assert_envelope(client_of(UserFactory(), key=None).post("/rest/twoSteps", {}, format="json"), status=200)
    assert TwoStepApi.second_steps == [False, False]
