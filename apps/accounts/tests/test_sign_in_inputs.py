"""Every way in answers a value no account, token, code or link can hold (far too long, or with a
NUL) as that way's own failed sign-in, the refusal docs/api.md documents for it, never as
a 400 `VALID-40000` about the field; where the account rules of spec §5 give a sentence for a value
(an account over 15 characters, a password over 32) that sentence answers, however long the value.
A missing value stays the form's 400."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from rest_framework.test import APIClient

from apps.accounts.errors import LOGIN_ABNORMAL_MARKER
from apps.accounts.quick_login import QUICK_LOGIN_COOKIE
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import PASSWORD, UserFactory
from apps.accounts.tests.fake_wecom import FakeWecom
from apps.accounts.tests.test_wecom_login import BINDING_URL, CORP_ID, LOGIN_URL, SECRET
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

MALFORMED = {"500-characters": "x" * 500, "5000-characters": "x" * 5000, "nul": "ab\x00cd"}


@pytest.fixture
def fake_wecom(settings, monkeypatch):
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    fake = FakeWecom(corp_id=CORP_ID, secret=SECRET).start()
    settings.WECOM_API_BASE = fake.base_url
    settings.WECOM_CORP_ID, settings.WECOM_AGENT_ID, settings.WECOM_SECRET = CORP_ID, "1000002", SECRET
    yield fake
    fake.stop()


def _client() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def _form_login(username: str, password: str):
    body = urlencode({"username": username, "password": password, "refresh": "true"})
    return _client().post("/rest/auth/login", body, content_type="application/x-www-form-urlencoded")


def _quick_login(value: str):
    client = _client()
    client.cookies[QUICK_LOGIN_COOKIE] = value
    return client.post("/rest/auth/quickLogin")


def _bearer(value: str):
    client = _client()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {value}", HTTP_X_ACCOUNT_VERSION="v")
    return client.get("/rest/acct/loginInfo")


def _wecom_binding(value: str):
    return api_client(user=UserFactory.create(), language="en").get(BINDING_URL, {"code": value})


Expected = tuple[int, str]
WRONG = (401, "LOGIN-40101")
HANDOVER = (401, "LOGIN-HANDOVER-INVALID")
TOKEN = (401, "SECURES-LOGIN-ON-401")
WECOM = (401, "WECOM-LOGIN-ABNORMAL")

# (the way in and its input, the call with a malformed value, what a NUL or surrogate answers)
WAYS: dict[str, tuple[Callable[[str], object], Expected]] = {
    "login-password": (lambda v: _form_login("ERP:SY00001", v), WRONG),
    "login-username": (lambda v: _form_login(f"ERP:{v}", PASSWORD), WRONG),
    "refresh": (lambda v: _client().post("/rest/auth/refresh", {"refresh": v}, format="json"), TOKEN),
    "logout": (lambda v: _client().post("/rest/auth/logout", {"refresh": v}, format="json"), (200, "0")),
    "handover-u": (lambda v: _client().post("/rest/auth/handoverLogin", {"u": v, "p": "x", "uid": "x"}), HANDOVER),
    "handover-p": (lambda v: _client().post("/rest/auth/handoverLogin", {"u": "x", "p": v, "uid": "x"}), HANDOVER),
    "handover-uid": (lambda v: _client().post("/rest/auth/handoverLogin", {"u": "x", "p": "x", "uid": v}), HANDOVER),
    "handover-userId": (
        lambda v: _client().post("/rest/auth/handoverLogin", {"u": "x", "p": "x", "uid": "x", "userId": v}),
        HANDOVER,
    ),
    "wecom-code": (lambda v: _client().get(LOGIN_URL, {"code": v}), WECOM),
    "wecom-binding-code": (_wecom_binding, WECOM),
    "quick-login-cookie": (_quick_login, (401, "LOGIN-QUICK-INVALID")),
    "bearer-token": (_bearer, TOKEN),
}

# Over-long values where the account rules of spec §5 have the sentence (contract §4.1).
TOO_LONG = {
    "login-username": ("username", "account name cannot exceed 15 characters"),
    "login-password": ("password", "password cannot exceed 32 characters"),
}


@pytest.mark.parametrize("value", MALFORMED.values(), ids=MALFORMED.keys())
@pytest.mark.parametrize("way", WAYS, ids=str)
def test_every_way_in_answers_a_value_nothing_can_hold_as_its_own_failed_sign_in(way, value, fake_wecom):
    UserFactory(login_name="SY00001")
    call, (status, errcode) = WAYS[way]
    response = call(value)
    if way in TOO_LONG and "\x00" not in value:
        field, sentence = TOO_LONG[way]
        assert_envelope(response, status=400, errcode="VALID-40000")
        assert response.json()["errmsg"] == sentence
        assert response.json()["data"] == {"fields": {field: [sentence]}}
        return
    assert_envelope(response, status=status, errcode=errcode)
    if errcode == WECOM[1]:
        assert LOGIN_ABNORMAL_MARKER in response.json()["errmsg"]


@pytest.mark.parametrize("value", ["x" * 513, "ab\x00cd"], ids=["513-characters", "nul"])
def test_a_wecom_code_nothing_can_be_is_refused_without_asking_wecom(value, fake_wecom):
    assert_envelope(_client().get(LOGIN_URL, {"code": value}), status=401, errcode="WECOM-LOGIN-ABNORMAL")
    assert fake_wecom.calls == []


def test_a_missing_value_is_still_the_forms_400(fake_wecom):
    assert_envelope(_client().get(LOGIN_URL), status=400, errcode="VALID-40000")
    assert_envelope(_client().post("/rest/auth/refresh", {}, format="json"), status=400, errcode="VALID-40000")
    response = _form_login("ERP:", PASSWORD)
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["errmsg"] == "please enter account name"


@pytest.mark.parametrize(
    ("field", "sentence"),
    [("account", "account name cannot exceed 15 characters"), ("password", "password cannot exceed 32 characters")],
)
def test_registering_a_value_past_the_fields_bound_answers_the_rules_sentence(field, sentence):
    body = {"account": "abcdefg", "password": "secret1", field: "x" * 500}
    response = _client().post("/rest/acct/createAcct", body, format="json")
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["data"] == {"fields": {field: [sentence]}}
