"""Quick login (spec §2.1 /login?ql=1): every sign-in sets a signed cookie; POST /rest/auth/quickLogin
signs the same browser in with it until it is too old, the password changes or the user signs out."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.test import Client
from rest_framework.test import APIClient

from apps.accounts import services
from apps.accounts.choices import AuditAction, SignInWay
from apps.accounts.models import User
from apps.accounts.quick_login import QUICK_LOGIN_COOKIE, QUICK_LOGIN_SALT, quick_login_cookie_value
from apps.accounts.tests.factories import PASSWORD, UserFactory
from apps.accounts.tests.helpers import LOGOUT_URL, bearer_client, form_login
from apps.core.audit import SYSTEM_ACTOR
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope

QUICK_URL = "/rest/auth/quickLogin"
DAY = 24 * 60 * 60


@pytest.fixture
def user(chain, make_entry):
    return make_entry(chain["store"], kind="owner").user


def signed_in_client(user: User) -> tuple[APIClient, dict]:
    """A browser that signed in with account and password (and so holds the cookie)."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    data = assert_envelope(form_login(client, user.login_name, PASSWORD), status=200)
    return client, data


def cookie_only_client(value: str) -> APIClient:
    """A browser holding the quick-login cookie and nothing else (no session)."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[QUICK_LOGIN_COOKIE] = value
    return client


@pytest.fixture
def signed_value(monkeypatch):
    """signed_value(value, age_seconds=n): the cookie as a response signs it, made n seconds ago
    (django.core.signing's clock is moved back while it signs)."""

    def sign(value: str, *, age_seconds: int = 0) -> str:
        with monkeypatch.context() as patch:
            patch.setattr(signing, "time", SimpleNamespace(time=lambda: time.time() - age_seconds))
            response = HttpResponse()
            response.set_signed_cookie(QUICK_LOGIN_COOKIE, value, salt=QUICK_LOGIN_SALT)
        return response.cookies[QUICK_LOGIN_COOKIE].value

    return sign


def assert_refused(response) -> None:
    assert_envelope(response, status=401, errcode="LOGIN-QUICK-INVALID")
    assert response.json()["errmsg"] == "please sign in with your account"


def test_sign_in_sets_the_cookie(user, settings):
    settings.SESSION_COOKIE_SECURE = True
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    response = form_login(client, user.login_name, PASSWORD)
    morsel = response.cookies[QUICK_LOGIN_COOKIE]
    assert morsel["httponly"] is True
    assert morsel["secure"] is True
    assert morsel["samesite"] == "Lax"
    assert morsel["max-age"] == 7 * DAY
    assert morsel["path"] == "/"
    request = HttpRequest()
    request.COOKIES[QUICK_LOGIN_COOKIE] = morsel.value
    value = request.get_signed_cookie(QUICK_LOGIN_COOKIE, salt=QUICK_LOGIN_SALT, max_age=DAY)
    user.refresh_from_db()
    assert value == quick_login_cookie_value(user=user)
    assert value == f"{user.pk}:{user.password_stamp}:{user.account_version}:{user.session_nonce}"


def test_cookie_is_not_secure_where_the_session_cookie_is_not(user, settings):
    settings.SESSION_COOKIE_SECURE = False
    response = form_login(None, user.login_name, PASSWORD)
    assert not response.cookies[QUICK_LOGIN_COOKIE]["secure"]


def test_cookie_lives_quick_login_days(user, settings):
    settings.QUICK_LOGIN_DAYS = 3
    response = form_login(None, user.login_name, PASSWORD)
    assert response.cookies[QUICK_LOGIN_COOKIE]["max-age"] == 3 * DAY


def test_failed_sign_in_sets_no_cookie(user):
    response = form_login(None, user.login_name, "wrong password")
    assert_envelope(response, status=401, errcode="LOGIN-40101")
    assert QUICK_LOGIN_COOKIE not in response.cookies


def test_quick_login_answers_what_the_password_login_answers_and_refreshes_the_cookie(user):
    client, by_password = signed_in_client(user)
    browser = cookie_only_client(client.cookies[QUICK_LOGIN_COOKIE].value)
    response = browser.post(QUICK_URL)
    data = assert_envelope(response, status=200)
    assert response.json()["errmsg"] == "signed in"
    tokens = {"access", "refresh"}
    assert {k: v for k, v in data.items() if k not in tokens} == {
        k: v for k, v in by_password.items() if k not in tokens
    }
    assert response.cookies[QUICK_LOGIN_COOKIE]["max-age"] == 7 * DAY
    assert response.cookies["sessionid"].value
    ways = list(
        SystemLog.objects.filter(user_id=user.pk, action=AuditAction.LOGIN)
        .order_by("id")
        .values_list("detail__way", flat=True)
    )
    assert ways == [SignInWay.PASSWORD, SignInWay.QUICK]


def test_without_the_cookie_quick_login_is_refused(db):
    assert_refused(APIClient(HTTP_ACCEPT_LANGUAGE="en").post(QUICK_URL))


def test_an_altered_cookie_is_refused(user, chain, make_entry):
    other = make_entry(chain["store"], kind="owner").user
    client, _data = signed_in_client(user)
    genuine = client.cookies[QUICK_LOGIN_COOKIE].value
    # Another account's id with the signature of mine.
    value, _sep, signature = genuine.rpartition(":")
    forged_value = value.replace(f"{user.pk}:", f"{other.pk}:", 1)
    assert_refused(cookie_only_client(f"{forged_value}:{signature}").post(QUICK_URL))
    assert_refused(cookie_only_client(genuine[:-2] + "xx").post(QUICK_URL))
    assert_refused(cookie_only_client(quick_login_cookie_value(user=user)).post(QUICK_URL))  # not signed
    assert_refused(cookie_only_client("garbage").post(QUICK_URL))


def test_a_cookie_signed_for_another_purpose_is_refused(user):
    other_salt = signing.get_cookie_signer(salt="something else").sign(quick_login_cookie_value(user=user))
    assert_refused(cookie_only_client(other_salt).post(QUICK_URL))


def test_a_cookie_older_than_quick_login_days_is_refused(user, signed_value):
    value = quick_login_cookie_value(user=user)
    assert_envelope(cookie_only_client(signed_value(value, age_seconds=6 * DAY)).post(QUICK_URL), status=200)
    assert_refused(cookie_only_client(signed_value(value, age_seconds=7 * DAY + 5)).post(QUICK_URL))


def test_a_new_password_ends_quick_login(user):
    client, _data = signed_in_client(user)
    cookie = client.cookies[QUICK_LOGIN_COOKIE].value
    services.user_password_change(actor=SYSTEM_ACTOR, user=user, password="Another@12345")
    assert_refused(cookie_only_client(cookie).post(QUICK_URL))


def test_a_new_password_gives_a_new_session_nonce(user, signed_value):
    client, _data = signed_in_client(user)
    cookie = client.cookies[QUICK_LOGIN_COOKIE].value
    user.refresh_from_db()
    old_nonce = user.session_nonce
    services.user_password_change(actor=SYSTEM_ACTOR, user=user, password="Another@12345")
    user.refresh_from_db()
    assert user.session_nonce != old_nonce
    # The old browser's cookie, and one with the new password's stamp but the old nonce, are refused.
    assert_refused(cookie_only_client(cookie).post(QUICK_URL))
    stale = f"{user.pk}:{user.password_stamp}:{user.account_version}:{old_nonce}"
    assert_refused(cookie_only_client(signed_value(stale)).post(QUICK_URL))


def test_disabling_the_account_in_the_admin_ends_quick_login_even_once_it_is_enabled_again(db):
    user = UserFactory()
    client, _data = signed_in_client(user)
    cookie = client.cookies[QUICK_LOGIN_COOKIE].value
    head_office = Client(HTTP_ACCEPT_LANGUAGE="en")
    head_office.force_login(UserFactory(is_staff=True, is_superuser=True))
    for enabled in (False, True):
        response = head_office.post(f"/admin/accounts/user/{user.pk}/change/", admin_change_form(user, enabled=enabled))
        assert response.status_code == 302, response.content.decode()[:2000]
        user.refresh_from_db()
        assert user.enabled is enabled
    assert_refused(cookie_only_client(cookie).post(QUICK_URL))
    assert list(
        SystemLog.objects.filter(object_id=str(user.pk), action=AuditAction.ENABLED_CHANGED)
        .order_by("id")
        .values_list("detail__enabled", flat=True)
    ) == [False, True]


def admin_change_form(user: User, *, enabled: bool) -> dict:
    """The user change form of the admin as a browser posts it (the user has no role entries)."""
    form = {
        "login_name": user.login_name,
        "nickname": user.nickname,
        "phone": user.phone,
        "wecom_userid": "",
        "new_authorization_code": "",
        "role_entries-TOTAL_FORMS": "0",
        "role_entries-INITIAL_FORMS": "0",
        "role_entries-MIN_NUM_FORMS": "0",
        "role_entries-MAX_NUM_FORMS": "1000",
        "_save": "Save",
    }
    if enabled:
        form["enabled"] = "on"
    return form


def test_a_disabled_account_cannot_quick_login(user):
    client, _data = signed_in_client(user)
    User.objects.filter(pk=user.pk).update(enabled=False)
    assert_refused(cookie_only_client(client.cookies[QUICK_LOGIN_COOKIE].value).post(QUICK_URL))


def test_a_deleted_and_recreated_account_cannot_quick_login(user, signed_value):
    value = f"{user.pk}:{user.password_stamp}:0000000000000000"
    assert_refused(cookie_only_client(signed_value(value)).post(QUICK_URL))
    assert_refused(
        cookie_only_client(signed_value(f"999999:{user.password_stamp}:{user.account_version}")).post(QUICK_URL)
    )


def test_sign_out_clears_the_cookie(user):
    client, data = signed_in_client(user)
    response = client.post(LOGOUT_URL, {"refresh": data["refresh"]}, format="json")
    assert_envelope(response, status=200)
    morsel = response.cookies[QUICK_LOGIN_COOKIE]
    assert morsel.value == ""
    assert morsel["max-age"] == 0
    assert_refused(client.post(QUICK_URL))


def test_sign_out_ends_a_copy_of_the_cookie_kept_elsewhere(user):
    client, data = signed_in_client(user)
    copy = client.cookies[QUICK_LOGIN_COOKIE].value
    assert_envelope(client.post(LOGOUT_URL, {"refresh": data["refresh"]}, format="json"), status=200)
    assert_refused(cookie_only_client(copy).post(QUICK_URL))


def test_sign_out_with_only_a_bearer_token_ends_the_cookie_too(user):
    client, data = signed_in_client(user)
    copy = client.cookies[QUICK_LOGIN_COOKIE].value
    assert_envelope(bearer_client(data).post(LOGOUT_URL, {"refresh": data["refresh"]}, format="json"), status=200)
    assert_refused(cookie_only_client(copy).post(QUICK_URL))


def test_sign_out_without_a_session_still_clears_the_cookie(db):
    response = APIClient().post(LOGOUT_URL, {}, format="json")
    assert_envelope(response, status=200)
    assert response.cookies[QUICK_LOGIN_COOKIE]["max-age"] == 0
