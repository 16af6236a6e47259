"""Tokens and the account version (contract §4.2, §4.5): what a later call refuses, and how
logout, refresh rotation and a password change end tokens."""

from __future__ import annotations

from datetime import timedelta

import jwt
import pytest
from django.test import Client
from rest_framework.test import APIClient
from rest_framework_simplejwt.token_blacklist.models import OutstandingToken
from rest_framework_simplejwt.tokens import AccessToken

from apps.accounts.models import User
from apps.accounts.services import user_password_change
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import PASSWORD, UserFactory
from apps.accounts.tests.helpers import LOGIN_INFO_URL, LOGOUT_URL, REFRESH_URL, bearer_client, form_login
from apps.accounts.tokens import ACCOUNT_VERSION_CLAIM, PASSWORD_STAMP_CLAIM, USER_ROLE_CLAIM
from apps.core.audit import SYSTEM_ACTOR
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(chain, make_entry):
    return make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"])


def signed_in(user: User) -> dict:
    return assert_envelope(form_login(None, user.login_name, PASSWORD), status=200)


def access_token_for(user: User, **claims) -> AccessToken:
    token = AccessToken.for_user(user)
    token[USER_ROLE_CLAIM] = None
    token[ACCOUNT_VERSION_CLAIM] = user.account_version
    token[PASSWORD_STAMP_CLAIM] = user.password_stamp
    for name, value in claims.items():
        token[name] = value
    return token


def refresh_of(raw: str):
    return APIClient(HTTP_ACCEPT_LANGUAGE="en").post(REFRESH_URL, {"refresh": raw}, format="json")


def assert_refused(response, errcode: str, message: str | None = None) -> None:
    assert_envelope(response, status=401, errcode=errcode)
    if message is not None:
        assert response.json()["errmsg"] == message


def test_signed_in_token_with_account_version_reads_login_info(entry):
    issued = signed_in(entry.user)
    data = assert_envelope(bearer_client(issued).get(LOGIN_INFO_URL), status=200)
    assert data["userId"] == entry.user.pk


# --- account version -------------------------------------------------------------------------


def test_call_without_account_version_header_is_refused(entry):
    issued = signed_in(entry.user)
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued['access']}")
    assert_refused(client.get(LOGIN_INFO_URL), "FILTER_LOGIN_VERSION")


def test_call_with_wrong_account_version_header_is_refused(entry):
    issued = signed_in(entry.user)
    client = bearer_client({**issued, "accountVersion": "0" * 16})
    assert_refused(client.get(LOGIN_INFO_URL), "FILTER_LOGIN_VERSION")


def test_account_version_is_built_from_login_name_and_created_date():
    user = UserFactory.build(login_name="SY00012")
    same = UserFactory.build(login_name="SY00012", created_date=user.created_date)
    recreated = UserFactory.build(login_name="SY00012", created_date=user.created_date + timedelta(seconds=1))
    renamed = UserFactory.build(login_name="SY00013", created_date=user.created_date)
    assert user.account_version == same.account_version
    assert user.account_version != recreated.account_version
    assert user.account_version != renamed.account_version


def test_token_of_a_deleted_account_is_refused_after_it_is_recreated_under_the_same_name():
    old = UserFactory(login_name="SY00012")
    issued = signed_in(old)
    old_created = old.created_date
    old.delete()
    new = UserFactory(login_name="SY00012", created_date=old_created + timedelta(minutes=5))
    assert new.account_version != issued["accountVersion"]

    # The old token names a user id that is gone.
    assert_refused(bearer_client(issued).get(LOGIN_INFO_URL), "LOGIN-40103", "failed to fetch user info")
    # Even with the new account's version header the old token does not pass.
    stale = bearer_client({**issued, "accountVersion": new.account_version})
    assert_refused(stale.get(LOGIN_INFO_URL), "LOGIN-40103")
    # The old refresh token does not yield tokens for the new account.
    assert_refused(refresh_of(issued["refresh"]), "LOGIN-40103")


def test_token_whose_account_version_claim_differs_is_refused():
    user = UserFactory()
    token = access_token_for(user, **{ACCOUNT_VERSION_CLAIM: "0" * 16})
    client = bearer_client({"access": str(token), "accountVersion": user.account_version})
    assert_refused(client.get(LOGIN_INFO_URL), "FILTER_LOGIN_VERSION")


def test_token_of_the_same_user_id_with_a_new_created_date_is_refused():
    user = UserFactory()
    issued = signed_in(user)
    User.objects.filter(pk=user.pk).update(created_date=user.created_date - timedelta(days=1))
    user.refresh_from_db()
    # The header matches the account as it now is; the token's claim does not.
    client = bearer_client({**issued, "accountVersion": user.account_version})
    assert_refused(client.get(LOGIN_INFO_URL), "FILTER_LOGIN_VERSION")
    assert_refused(bearer_client(issued).get(LOGIN_INFO_URL), "FILTER_LOGIN_VERSION")


# --- bad, missing and expired tokens ---------------------------------------------------------


def test_expired_access_token_is_refused():
    user = UserFactory()
    token = access_token_for(user)
    token.set_exp(lifetime=-timedelta(seconds=1))
    client = bearer_client({"access": str(token), "accountVersion": user.account_version})
    assert_refused(client.get(LOGIN_INFO_URL), "SECURES-LOGIN-ON-401")


def test_freshly_built_access_token_is_accepted():
    # The counterpart of the expired one above: only `exp` differs.
    user = UserFactory()
    client = bearer_client({"access": str(access_token_for(user)), "accountVersion": user.account_version})
    assert_envelope(client.get(LOGIN_INFO_URL), status=200)


def test_call_without_token_is_refused():
    response = APIClient(HTTP_ACCEPT_LANGUAGE="en").get(LOGIN_INFO_URL)
    assert_refused(response, "SECURES-LOGIN-ON-401", "please log in")


@pytest.mark.parametrize("header", ["Bearer garbage", "Bearer a.b.c", "Bearer", "Bearer one two"])
def test_garbage_token_is_refused(header):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.credentials(HTTP_AUTHORIZATION=header, HTTP_X_ACCOUNT_VERSION="x")
    assert_refused(client.get(LOGIN_INFO_URL), "SECURES-LOGIN-ON-401")


def test_token_signed_with_another_key_is_refused():
    user = UserFactory()
    claims = access_token_for(user).payload
    raw = jwt.encode(claims, "another-signing-key-0123456789abcdef", algorithm="HS256")
    client = bearer_client({"access": raw, "accountVersion": user.account_version})
    assert_refused(client.get(LOGIN_INFO_URL), "SECURES-LOGIN-ON-401")


def test_disabled_user_is_refused_with_failed_to_fetch_user_info(entry):
    issued = signed_in(entry.user)
    User.objects.filter(pk=entry.user.pk).update(enabled=False)
    assert_refused(bearer_client(issued).get(LOGIN_INFO_URL), "LOGIN-40103", "failed to fetch user info")
    assert_refused(refresh_of(issued["refresh"]), "LOGIN-40103")


def test_disabled_user_cannot_sign_in():
    user = UserFactory(enabled=False)
    assert_envelope(form_login(None, user.login_name, PASSWORD), status=401, errcode="LOGIN-40101")


def test_user_gone_message_is_translated():
    user = UserFactory()
    client = api_client(user=user, language="zh-hans")
    User.objects.filter(pk=user.pk).update(enabled=False)
    response = client.get(LOGIN_INFO_URL)
    assert_envelope(response, status=401, errcode="LOGIN-40103")
    assert response.json()["errmsg"] == "获取用户信息失败"  # locale/zh_Hans/LC_MESSAGES/django.po


# --- logout ----------------------------------------------------------------------------------


def test_logout_revokes_the_access_token_and_the_refresh_token(entry):
    issued = signed_in(entry.user)
    client = bearer_client(issued)
    assert_envelope(client.post(LOGOUT_URL, {"refresh": issued["refresh"]}, format="json"), status=200)
    assert_refused(client.get(LOGIN_INFO_URL), "SECURES-LOGIN-ON-401")
    assert_refused(refresh_of(issued["refresh"]), "SECURES-LOGIN-ON-401")


def test_logout_leaves_other_sign_ins_working(entry):
    first = signed_in(entry.user)
    second = signed_in(entry.user)
    assert_envelope(bearer_client(first).post(LOGOUT_URL, {"refresh": first["refresh"]}, format="json"), status=200)
    assert_envelope(bearer_client(second).get(LOGIN_INFO_URL), status=200)
    assert_envelope(refresh_of(second["refresh"]), status=200)


def test_logout_with_an_expired_token_still_succeeds():
    user = UserFactory()
    token = access_token_for(user)
    token.set_exp(lifetime=-timedelta(seconds=1))
    response = bearer_client({"access": str(token), "accountVersion": user.account_version}).post(
        LOGOUT_URL, {}, format="json"
    )
    assert_envelope(response, status=200)


def test_logout_ends_the_browser_session():
    user = UserFactory()
    browser = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    assert_envelope(form_login(browser, user.login_name, PASSWORD), status=200)
    # The session cookie set by the login is accepted in place of the header (contract §4.2).
    assert assert_envelope(browser.get(LOGIN_INFO_URL), status=200)["userId"] == user.pk
    assert_envelope(browser.post(LOGOUT_URL, {}, format="json"), status=200)
    assert_refused(browser.get(LOGIN_INFO_URL), "SECURES-LOGIN-ON-401")


def test_browser_session_needs_csrf_like_drf_session_authentication():
    user = UserFactory()
    browser = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    assert_envelope(form_login(browser, user.login_name, PASSWORD), status=200)
    response = browser.post("/rest/acct/loginRecord", {"loginData": {}}, content_type="application/json")
    assert_envelope(response, status=403, errcode="AUTH-40300")


# --- refresh rotation ------------------------------------------------------------------------


def test_refresh_gives_a_new_pair_and_refuses_the_old_refresh_the_second_time(entry):
    issued = signed_in(entry.user)
    renewed = assert_envelope(refresh_of(issued["refresh"]), status=200)
    assert set(renewed) == {"access", "refresh", "accountVersion"}
    assert renewed["refresh"] != issued["refresh"]
    assert renewed["access"] != issued["access"]
    assert_envelope(bearer_client(renewed).get(LOGIN_INFO_URL), status=200)
    assert_refused(refresh_of(issued["refresh"]), "SECURES-LOGIN-ON-401")
    assert_envelope(refresh_of(renewed["refresh"]), status=200)


def test_refresh_keeps_the_chosen_role(entry):
    issued = signed_in(entry.user)
    chosen = assert_envelope(
        bearer_client(issued).post(f"/rest/acct/selectHierRole/{entry.pk}", {}, format="json"), status=200
    )
    renewed = assert_envelope(refresh_of(chosen["refresh"]), status=200)
    info = assert_envelope(bearer_client(renewed).get(LOGIN_INFO_URL), status=200)
    assert info["storeName"] == entry.hier.name


def test_an_access_token_is_no_refresh_token(entry):
    issued = signed_in(entry.user)
    assert_refused(refresh_of(issued["access"]), "SECURES-LOGIN-ON-401")


# --- password change -------------------------------------------------------------------------


def test_password_change_ends_old_access_and_refresh_tokens(entry):
    issued = signed_in(entry.user)
    user_password_change(actor=SYSTEM_ACTOR, user=entry.user, password="N3w-Secret!")
    assert_refused(bearer_client(issued).get(LOGIN_INFO_URL), "SECURES-LOGIN-ON-401")
    assert_refused(refresh_of(issued["refresh"]), "SECURES-LOGIN-ON-401")
    # The new password signs in and its tokens work.
    fresh = assert_envelope(form_login(None, entry.user.login_name, "N3w-Secret!"), status=200)
    assert_envelope(bearer_client(fresh).get(LOGIN_INFO_URL), status=200)


def test_password_change_blacklists_every_outstanding_refresh_token(entry):
    signed_in(entry.user)
    signed_in(entry.user)
    user_password_change(actor=SYSTEM_ACTOR, user=entry.user, password="N3w-Secret!")
    outstanding = OutstandingToken.objects.filter(user=entry.user)
    assert outstanding.count() == 2
    assert not outstanding.filter(blacklistedtoken__isnull=True).exists()


# --- lifetime --------------------------------------------------------------------------------


def test_access_token_lives_at_most_30_minutes(entry):
    issued = signed_in(entry.user)
    token = AccessToken(issued["access"])
    assert 0 < token["exp"] - token["iat"] <= 30 * 60
