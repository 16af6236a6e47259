"""The client's address (docs/operations.md, "Behind a reverse proxy"): with no trusted proxy it is
REMOTE_ADDR and a client's X-Forwarded-For changes nothing; with TRUSTED_PROXY_COUNT proxies it is
that many addresses from the right of X-Forwarded-For. The registration throttle, the sign-in
lockout and the login record all see the same address."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings
from rest_framework.test import APIClient

from apps.accounts.models import LoginRecord
from apps.accounts.tests.factories import PASSWORD, UserFactory
from apps.accounts.tests.helpers import bearer_client, form_login
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

REGISTER_URL = "/rest/acct/createAcct"
REGISTRATIONS_AN_HOUR = 20
PROXY = "10.0.0.2"
CLIENT = "203.0.113.7"


@pytest.fixture
def one_proxy(settings):
    settings.REST_FRAMEWORK = {**django_settings.REST_FRAMEWORK, "NUM_PROXIES": 1}


def register(number: int, *, forwarded: str | None = None, remote: str = PROXY):
    headers: dict[str, Any] = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    body = {"account": f"acct{number:04d}", "password": "Secret@12345"}
    return APIClient(HTTP_ACCEPT_LANGUAGE="en").post(REGISTER_URL, body, format="json", **headers)


def test_without_a_trusted_proxy_a_forged_x_forwarded_for_does_not_escape_the_registration_throttle():
    for number in range(REGISTRATIONS_AN_HOUR):
        assert_envelope(register(number, forwarded=f"198.51.100.{number}", remote=CLIENT), status=201)
    response = register(99, forwarded="198.51.100.250", remote=CLIENT)
    assert_envelope(response, status=429, errcode="SYS-42900")
    # Another peer is another client.
    assert_envelope(register(100, remote="203.0.113.8"), status=201)


def test_behind_one_proxy_the_right_most_forwarded_address_is_the_client(one_proxy):
    for number in range(REGISTRATIONS_AN_HOUR):
        # What the client wrote itself sits left of what the proxy appended.
        assert_envelope(register(number, forwarded=f"198.51.100.{number}, {CLIENT}"), status=201)
    assert_envelope(register(99, forwarded=f"198.51.100.250, {CLIENT}"), status=429, errcode="SYS-42900")
    # Another client behind the same proxy is not throttled.
    assert_envelope(register(100, forwarded="203.0.113.8"), status=201)


def test_behind_one_proxy_the_lockout_follows_the_client_not_the_forged_part(one_proxy):
    user = UserFactory()
    for attempt in range(django_settings.AXES_FAILURE_LIMIT):
        form_login(
            None,
            user.login_name,
            "wrong-password",
            REMOTE_ADDR=PROXY,
            HTTP_X_FORWARDED_FOR=f"1.2.3.{attempt}, {CLIENT}",
        )
    locked = form_login(None, user.login_name, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"9.9.9.9, {CLIENT}")
    assert_envelope(locked, status=429, errcode="LOGIN-42901")
    # The same account from another client behind the same proxy still signs in.
    elsewhere = form_login(None, user.login_name, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert_envelope(elsewhere, status=200)


def test_without_a_trusted_proxy_the_lockout_ignores_x_forwarded_for():
    user = UserFactory()
    for attempt in range(django_settings.AXES_FAILURE_LIMIT):
        form_login(None, user.login_name, "wrong-password", REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR=f"1.2.3.{attempt}")
    response = form_login(None, user.login_name, PASSWORD, REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR="9.9.9.9")
    assert_envelope(response, status=429, errcode="LOGIN-42901")


def record_seen_ip(issued: dict, **headers) -> str | None:
    response = bearer_client(issued).post("/rest/acct/loginRecord", {"loginData": {}}, format="json", **headers)
    return LoginRecord.objects.get(pk=assert_envelope(response, status=201)["id"]).seen_ip


def test_the_login_record_keeps_the_client_address(settings):
    issued = assert_envelope(form_login(None, UserFactory().login_name, PASSWORD), status=200)
    assert record_seen_ip(issued, REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_FOR="198.51.100.1") == CLIENT
    settings.REST_FRAMEWORK = {**django_settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    forwarded = f"198.51.100.1, {CLIENT}"
    assert record_seen_ip(issued, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded) == CLIENT
    # A proxy that passes on something that is no address: the peer is kept, nothing fails.
    assert record_seen_ip(issued, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="unknown") == PROXY
