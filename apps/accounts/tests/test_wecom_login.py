"""Enterprise-chat (WeCom) sign-in, spec §2.1 /login?code= and /wxRegister, §7.4 /api/v1/wxwork/,
§8 (the login-abnormal marker), against a fake WeCom server over real HTTP."""

from __future__ import annotations

import time

import pytest
from rest_framework.test import APIClient

from apps.accounts.choices import AuditAction, SignInWay
from apps.accounts.errors import LOGIN_ABNORMAL_MARKER
from apps.accounts.models import User
from apps.accounts.quick_login import QUICK_LOGIN_COOKIE
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import PASSWORD, UserFactory
from apps.accounts.tests.fake_wecom import FakeWecom
from apps.accounts.tests.helpers import LOGIN_INFO_URL, bearer_client, form_login
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope

INFO_URL = "/api/v1/wxwork/info"
LOGIN_URL = "/api/v1/wxwork/login"
BINDING_URL = "/api/v1/wxwork/binding"
CORP_ID = "ww-test-corp"
AGENT_ID = "1000002"
SECRET = "test-secret"
TOKEN_PATH = "/cgi-bin/gettoken"
USERINFO_PATH = "/cgi-bin/auth/getuserinfo"


@pytest.fixture
def fake_wecom(settings, monkeypatch):
    monkeypatch.setenv("no_proxy", "127.0.0.1")  # a developer's HTTP proxy must not stand in between
    fake = FakeWecom(corp_id=CORP_ID, secret=SECRET).start()
    settings.WECOM_API_BASE = fake.base_url
    settings.WECOM_CORP_ID = CORP_ID
    settings.WECOM_AGENT_ID = AGENT_ID
    settings.WECOM_SECRET = SECRET
    settings.WECOM_TIMEOUT_SECONDS = 2.0
    yield fake
    fake.stop()


@pytest.fixture
def bound(chain, make_entry):
    """An owner of Store A bound to the WeCom member `zhangsan`."""
    user = UserFactory(wecom_userid="zhangsan")
    make_entry(chain["store"], kind="owner", user=user)
    return user


def code_login(code: str, *, language: str = "en", client: APIClient | None = None):
    client = client or APIClient(HTTP_ACCEPT_LANGUAGE=language)
    return client.get(LOGIN_URL, {"code": code})


def assert_abnormal(response) -> str:
    assert_envelope(response, status=401, errcode="WECOM-LOGIN-ABNORMAL")
    errmsg = response.json()["errmsg"]
    assert LOGIN_ABNORMAL_MARKER in errmsg
    return errmsg


# --- the QR panel's config -----------------------------------------------------------------------


def test_info_gives_the_qr_panel_config(fake_wecom, db):
    data = assert_envelope(APIClient().get(INFO_URL), status=200)
    assert data == {
        "appid": CORP_ID,
        "agentid": AGENT_ID,
        "configured": True,
        "redirectUri": "http://testserver/login",
    }


@pytest.mark.parametrize("missing", ["WECOM_CORP_ID", "WECOM_AGENT_ID", "WECOM_SECRET"])
def test_info_says_not_configured_so_the_page_shows_account_login_only(settings, db, missing):
    settings.WECOM_CORP_ID, settings.WECOM_AGENT_ID, settings.WECOM_SECRET = CORP_ID, AGENT_ID, SECRET
    setattr(settings, missing, "")
    assert assert_envelope(APIClient().get(INFO_URL), status=200)["configured"] is False


def test_code_login_without_configuration_is_abnormal_and_asks_nobody(settings, db):
    settings.WECOM_CORP_ID = ""
    assert_abnormal(code_login("any"))


# --- code login ----------------------------------------------------------------------------------


def test_code_login_answers_what_the_password_login_answers(fake_wecom, bound):
    fake_wecom.members["code-1"] = "zhangsan"
    response = code_login("code-1")
    data = assert_envelope(response, status=200)
    assert response.json()["errmsg"] == "signed in"

    by_password = assert_envelope(form_login(None, bound.login_name, PASSWORD), status=200)
    tokens = {"access", "refresh"}
    assert set(data) == set(by_password)
    assert {k: v for k, v in data.items() if k not in tokens} == {
        k: v for k, v in by_password.items() if k not in tokens
    }
    assert data["loginName"] == bound.login_name
    assert data["roles"] and data["stores"]

    # The tokens work, the browser session is open, and the quick-login cookie is set.
    assert assert_envelope(bearer_client(data).get(LOGIN_INFO_URL), status=200)["userId"] == bound.pk
    assert response.cookies["sessionid"].value
    assert response.cookies[QUICK_LOGIN_COOKIE].value

    log = SystemLog.objects.filter(user_id=bound.pk, action=AuditAction.LOGIN).order_by("id").first()
    assert log.detail == {"way": SignInWay.WECOM}


def test_code_of_a_member_bound_to_no_account_is_refused(fake_wecom, db):
    fake_wecom.members["code-1"] = "lisi"
    response = code_login("code-1")
    assert_envelope(response, status=401, errcode="WECOM-NOT-BOUND")
    assert response.json()["errmsg"] == (
        "this enterprise-chat account is not bound, please bind it after signing in with your account"
    )


def test_code_login_of_a_disabled_account_is_refused(fake_wecom, bound):
    User.objects.filter(pk=bound.pk).update(enabled=False)
    fake_wecom.members["code-1"] = "zhangsan"
    response = code_login("code-1")
    assert_envelope(response, status=401, errcode="LOGIN-40101")
    assert not SystemLog.objects.filter(user_id=bound.pk, action=AuditAction.LOGIN).exists()


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_bad_code_is_abnormal_with_the_marker_in_every_language(fake_wecom, db, language):
    errmsg = assert_abnormal(code_login("expired-or-made-up", language=language))
    if language == "en":
        assert errmsg == "login abnormal: enterprise-chat sign-in failed, please scan the QR code again"


def test_code_of_someone_outside_the_company_is_abnormal(fake_wecom, db):
    fake_wecom.outsiders.add("code-x")
    errmsg = assert_abnormal(code_login("code-x"))
    assert errmsg == "login abnormal: this enterprise-chat account is not a member of the company"


def test_missing_code_is_a_validation_error(fake_wecom, db):
    assert_envelope(APIClient().get(LOGIN_URL), status=400, errcode="VALID-40000")
    assert fake_wecom.calls == []


def test_slow_wecom_is_abnormal_within_the_timeout(fake_wecom, settings, bound):
    settings.WECOM_TIMEOUT_SECONDS = 0.2
    fake_wecom.members["code-1"] = "zhangsan"
    fake_wecom.delay = 3.0
    started = time.monotonic()
    assert_abnormal(code_login("code-1"))
    assert time.monotonic() - started < 2.0


def test_unreachable_wecom_is_abnormal(fake_wecom, bound):
    fake_wecom.stop()
    assert_abnormal(code_login("code-1"))


def test_wecom_answering_no_json_is_abnormal(fake_wecom, bound):
    fake_wecom.broken = True
    assert_abnormal(code_login("code-1"))


def test_wrong_secret_is_abnormal(fake_wecom, settings, bound):
    settings.WECOM_SECRET = "not-the-secret"
    fake_wecom.members["code-1"] = "zhangsan"
    assert_abnormal(code_login("code-1"))
    assert fake_wecom.count(USERINFO_PATH) == 0


def test_access_token_is_fetched_once_for_two_logins(fake_wecom, bound):
    fake_wecom.members.update({"code-1": "zhangsan", "code-2": "zhangsan"})
    assert_envelope(code_login("code-1"), status=200)
    assert_envelope(code_login("code-2"), status=200)
    assert fake_wecom.count(TOKEN_PATH) == 1
    assert fake_wecom.count(USERINFO_PATH) == 2


def test_an_expired_access_token_is_fetched_again_once(fake_wecom, bound):
    fake_wecom.members.update({"code-1": "zhangsan", "code-2": "zhangsan"})
    assert_envelope(code_login("code-1"), status=200)
    fake_wecom.expire_tokens()  # WeCom ended the cached token before we expected
    assert_envelope(code_login("code-2"), status=200)
    assert fake_wecom.count(TOKEN_PATH) == 2


# --- binding -------------------------------------------------------------------------------------


def test_binding_binds_the_member_to_the_signed_in_account_and_then_code_login_works(fake_wecom, chain, make_entry):
    user = make_entry(chain["store"], kind="owner").user
    fake_wecom.members["bind-code"] = "wangwu"
    response = api_client(user=user).get(BINDING_URL, {"code": "bind-code"})
    data = assert_envelope(response, status=200)
    assert data == {"loginName": user.login_name, "wecomUserId": "wangwu"}
    assert response.json()["errmsg"] == "bound"
    user.refresh_from_db()
    assert user.wecom_userid == "wangwu"
    log = SystemLog.objects.get(action=AuditAction.WECOM_BOUND)
    assert (log.user_id, log.object_id, log.detail) == (
        user.pk,
        str(user.pk),
        {"wecomUserId": "wangwu", "previous": None},
    )

    fake_wecom.members["login-code"] = "wangwu"
    assert assert_envelope(code_login("login-code"), status=200)["userId"] == user.pk


def test_binding_again_to_the_same_account_changes_nothing(fake_wecom, bound):
    fake_wecom.members["bind-code"] = "zhangsan"
    assert_envelope(api_client(user=bound).get(BINDING_URL, {"code": "bind-code"}), status=200)
    assert not SystemLog.objects.filter(action=AuditAction.WECOM_BOUND).exists()


def test_binding_a_member_bound_to_someone_else_conflicts(fake_wecom, bound, db):
    other = UserFactory()
    fake_wecom.members["bind-code"] = "zhangsan"
    response = api_client(user=other).get(BINDING_URL, {"code": "bind-code"})
    assert_envelope(response, status=409, errcode="WECOM-40901")
    assert response.json()["errmsg"] == "this enterprise-chat account is already bound to another account"
    other.refresh_from_db()
    assert other.wecom_userid is None
    assert User.objects.get(wecom_userid="zhangsan") == bound


def test_binding_a_new_member_replaces_the_previous_one(fake_wecom, bound):
    fake_wecom.members["bind-code"] = "zhangsan2"
    assert_envelope(api_client(user=bound).get(BINDING_URL, {"code": "bind-code"}), status=200)
    bound.refresh_from_db()
    assert bound.wecom_userid == "zhangsan2"
    assert SystemLog.objects.get(action=AuditAction.WECOM_BOUND).detail == {
        "wecomUserId": "zhangsan2",
        "previous": "zhangsan",
    }


def test_binding_needs_a_signed_in_user(fake_wecom, db):
    fake_wecom.members["bind-code"] = "zhangsan"
    response = APIClient().get(BINDING_URL, {"code": "bind-code"})
    assert_envelope(response, status=401, errcode="SECURES-LOGIN-ON-401")
    assert fake_wecom.calls == []


def test_binding_with_a_bad_code_is_abnormal(fake_wecom, bound):
    assert_abnormal(api_client(user=bound).get(BINDING_URL, {"code": "made-up"}))
    bound.refresh_from_db()
    assert bound.wecom_userid == "zhangsan"


@pytest.mark.parametrize(
    "userid", ["x" * 65, "x" * 500, "zhang\x00san"], ids=["65-characters", "500-characters", "nul"]
)
def test_a_wecom_userid_the_account_cannot_hold_is_a_login_abnormal_at_login_and_binding(fake_wecom, bound, userid):
    # Docs: enterprise-chat failures answer 401 WECOM-LOGIN-ABNORMAL; an id no account can hold is
    # WeCom's odd answer, not the caller's bad input.
    fake_wecom.members["odd-code"] = userid
    assert_abnormal(code_login("odd-code"))
    fake_wecom.members["odd-bind-code"] = userid
    assert_abnormal(api_client(user=bound).get(BINDING_URL, {"code": "odd-bind-code"}))
    bound.refresh_from_db()
    assert bound.wecom_userid == "zhangsan"
