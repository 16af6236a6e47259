"""Every sign-in and registration message of spec §5 and §8, as POST /rest/auth/login and
POST /rest/acct/createAcct answer it, in English and in Simplified Chinese (contract §3, §4.1)."""

from __future__ import annotations

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.accounts.sign_in_rules import account_from_login_username, check_password, normalize_account
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import PASSWORD, UserFactory
from apps.accounts.tests.helpers import form_login
from apps.core.errors import InvalidInput
from apps.core.testing import assert_envelope

REGISTER_URL = "/rest/acct/createAcct"
LANGUAGES = ["en", "zh-hans"]


def post_login(account: str, password: str, *, language: str = "en"):
    return form_login(APIClient(HTTP_ACCEPT_LANGUAGE=language), account, password)


# The Simplified Chinese sentences of locale/zh_Hans/LC_MESSAGES/django.po, as they read when these
# tests were written: a change of wording there is a change of what users read, so it shows here.
ZH_HANS = {
    "please enter account name": "请输入账号",
    "managers please log in with phone number": "管理人员请使用手机号登录",
    "account name cannot exceed 15 characters": "账号不能超过15个字符",
    "please enter password": "请输入密码",
    "password cannot exceed 32 characters": "密码不能超过32个字符",
    "incorrect account or password": "账号或密码错误",
    "minimum length is six": "长度最少为6位",
    "registered, please log in on the tablet": "注册成功，请在平板上登录",
    "SY and digits is a staff code, which head office gives out": "SY加数字是员工工号，由总部分配",
}


def assert_message(errmsg: str, english: str, language: str) -> None:
    """English answers the spec's sentence verbatim; Simplified Chinese answers its translation,
    never empty and never the English fallback of a missing catalogue entry."""
    if language == "en":
        assert errmsg == english
        return
    with translation.override("zh-hans"):
        catalogue = translation.gettext(english)
    assert errmsg, "the Chinese answer is empty"
    assert errmsg != english, f"no Chinese translation for {english!r}"
    assert errmsg == catalogue == ZH_HANS[english]


def assert_field_error(response, *, field: str, english: str, language: str) -> None:
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    errmsg = response.json()["errmsg"]
    assert_message(errmsg, english, language)
    assert data == {"fields": {field: [errmsg]}}


# --- login messages --------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("account", ["", "   "])
def test_login_without_account_asks_for_the_account_name(language, account):
    response = post_login(account, PASSWORD, language=language)
    assert_field_error(response, field="username", english="please enter account name", language=language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("account", ["SYYG0001", "syyg0001"])
def test_login_with_manager_prefix_asks_managers_to_use_their_phone(language, account):
    UserFactory(login_name=account)
    response = post_login(account, PASSWORD, language=language)
    assert_field_error(
        response, field="username", english="managers please log in with phone number", language=language
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_login_with_account_over_15_characters_is_refused(language):
    account = "A" * 16
    UserFactory(login_name=account)
    response = post_login(account, PASSWORD, language=language)
    assert_field_error(
        response, field="username", english="account name cannot exceed 15 characters", language=language
    )


@pytest.mark.django_db
def test_login_with_account_of_exactly_15_characters_is_checked_against_the_password():
    user = UserFactory(login_name="A" * 15)
    response = post_login(user.login_name, PASSWORD)
    assert assert_envelope(response, status=200)["loginName"] == "A" * 15


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_login_without_password_asks_for_the_password(language):
    user = UserFactory()
    response = post_login(user.login_name, "", language=language)
    assert_field_error(response, field="password", english="please enter password", language=language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_login_with_password_over_32_characters_is_refused(language):
    user = UserFactory()
    user.set_password("p" * 33)
    user.save()
    response = post_login(user.login_name, "p" * 33, language=language)
    assert_field_error(response, field="password", english="password cannot exceed 32 characters", language=language)


@pytest.mark.django_db
def test_login_with_password_of_exactly_32_characters_signs_in():
    user = UserFactory()
    user.set_password("p" * 32)
    user.save()
    response = post_login(user.login_name, "p" * 32)
    assert assert_envelope(response, status=200)["loginName"] == user.login_name


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_login_with_wrong_password_answers_incorrect_account_or_password(language):
    user = UserFactory()
    response = post_login(user.login_name, "wrong-password", language=language)
    assert assert_envelope(response, status=401, errcode="LOGIN-40101") is None
    assert_message(response.json()["errmsg"], "incorrect account or password", language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_login_with_unknown_account_answers_the_same_as_a_wrong_password(language):
    response = post_login("SY99999", PASSWORD, language=language)
    assert_envelope(response, status=401, errcode="LOGIN-40101")
    assert_message(response.json()["errmsg"], "incorrect account or password", language)


# --- account padding -------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "account"),
    [("12", "SY00012"), ("1", "SY00001"), ("12345", "SY12345")],
)
def test_login_pads_one_to_five_digits_into_an_sy_account_code(typed, account):
    UserFactory(login_name=account)
    data = assert_envelope(post_login(typed, PASSWORD), status=200)
    assert data["loginName"] == account


@pytest.mark.django_db
def test_login_does_not_pad_six_digits():
    UserFactory(login_name="123456")
    UserFactory(login_name="SY123456")  # where a wrongly padded account would lead
    data = assert_envelope(post_login("123456", PASSWORD), status=200)
    assert data["loginName"] == "123456"


@pytest.mark.parametrize(
    ("typed", "account"),
    [
        ("12", "SY00012"),
        ("1", "SY00001"),
        ("00001", "SY00001"),
        ("12345", "SY12345"),
        ("123456", "123456"),
        ("SY00012", "SY00012"),
        (" 12 ", "SY00012"),
    ],
)
def test_account_rule_pads_only_one_to_five_digits(typed, account):
    assert normalize_account(typed) == account


@pytest.mark.parametrize("username", ["ERP:12", "erp:12", "12"])
def test_login_username_drops_the_erp_prefix_before_padding(username):
    assert account_from_login_username(username) == "SY00012"


@pytest.mark.parametrize(
    ("raw", "english"),
    [
        (None, "please enter account name"),
        ("", "please enter account name"),
        ("SYYG1", "managers please log in with phone number"),
        ("B" * 16, "account name cannot exceed 15 characters"),
    ],
)
def test_account_rule_refuses_with_the_spec_message(raw, english):
    # The message is lazy: read inside the override, not in whatever language the thread has after it.
    with translation.override("en"):
        with pytest.raises(InvalidInput) as refused:
            normalize_account(raw)
        assert str(refused.value.message) == english
    assert refused.value.field == "username"


@pytest.mark.parametrize(
    ("raw", "english"),
    [
        (None, "please enter password"),
        ("", "please enter password"),
        ("x" * 33, "password cannot exceed 32 characters"),
    ],
)
def test_password_rule_refuses_with_the_spec_message(raw, english):
    # The message is lazy: read inside the override, not in whatever language the thread has after it.
    with translation.override("en"):
        with pytest.raises(InvalidInput) as refused:
            check_password(raw)
        assert str(refused.value.message) == english
    assert refused.value.field == "password"


# --- registration ----------------------------------------------------------------------------


def post_register(account: str, password: str, *, language: str = "en"):
    return api_client(language=language).post(REGISTER_URL, {"account": account, "password": password}, format="json")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("account", "password", "field"),
    [("abcde", "secret1", "account"), ("abcdef", "12345", "password")],
)
def test_register_needs_six_characters_for_account_and_password(language, account, password, field):
    response = post_register(account, password, language=language)
    assert_field_error(response, field=field, english="minimum length is six", language=language)
    assert not User.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_register_creates_the_account_and_asks_to_log_in_on_the_tablet(language):
    response = post_register("abcdef", "secret1", language=language)
    data = assert_envelope(response, status=201)
    assert data == {"loginName": "abcdef"}
    assert_message(response.json()["errmsg"], "registered, please log in on the tablet", language)
    user = User.objects.get(login_name="abcdef")
    assert user.check_password("secret1")
    assert not user.role_entries.exists()


@pytest.mark.django_db
def test_registered_account_can_sign_in():
    assert_envelope(post_register("abcdef", "secret1"), status=201)
    data = assert_envelope(post_login("abcdef", "secret1"), status=200)
    assert data["loginName"] == "abcdef"
    assert data["roles"] == []


@pytest.mark.django_db
def test_register_twice_with_the_same_account_is_a_conflict():
    assert_envelope(post_register("abcdef", "secret1"), status=201)
    response = post_register("abcdef", "other-secret")
    assert_envelope(response, status=409, errcode="ACCT-40901")
    assert User.objects.filter(login_name="abcdef").count() == 1
    assert User.objects.get(login_name="abcdef").check_password("secret1")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("account", ["SY00099", "sy00099", "Sy12345", "SY123456", "SY000001", " SY99999 "])
def test_a_staff_code_cannot_be_registered_head_office_gives_them_out(language, account):
    # Contract §4.1: 1 to 5 digits sign in as SY and zeros (12 is SY00012); head office issues those.
    response = post_register(account, "secret1", language=language)
    english = "SY and digits is a staff code, which head office gives out"
    assert_field_error(response, field="account", english=english, language=language)
    assert not User.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("account", ["SYabcd", "SY0001a", "sy-00099", "ASY00099", "123456"])
def test_an_account_that_only_looks_like_a_staff_code_can_be_registered(account):
    assert_envelope(post_register(account, "secret1"), status=201)
    assert User.objects.filter(login_name=account).exists()
