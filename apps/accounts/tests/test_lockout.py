"""Lockout after repeated failures (contract §4.1: 429 LOGIN-42901), per account and address, on
every way in: the REST login and the Django admin's login."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import F
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from apps.accounts.choices import AuditAction
from apps.accounts.tests.factories import PASSWORD, UserFactory
from apps.accounts.tests.helpers import form_login
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

HOME = "198.51.100.10"
ELSEWHERE = "198.51.100.20"
LOCKED_PAGE_TEXT = "too many failed attempts, please try again later"
LOCKED_MESSAGE = "too many failed attempts, please try again after {time}"


def rest_login(account: str, password: str, *, ip: str = HOME, client: APIClient | None = None):
    return form_login(client, account, password, REMOTE_ADDR=ip)


def fail_until_locked(account: str, *, ip: str = HOME) -> None:
    """AXES_FAILURE_LIMIT wrong passwords; each is refused, none with a token."""
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = rest_login(account, "wrong-password", ip=ip)
        assert response.status_code in (401, 429), response.json()
        assert response.json()["data"] is None


def lock_time() -> datetime:
    """When the lockout began: the latest recorded failure (attempts during it are not recorded)."""
    return AccessAttempt.objects.latest("attempt_time").attempt_time


def try_again_at() -> str:
    """The local time the lockout message names: the lock plus 15 minutes, rounded up to the minute."""
    until = timezone.localtime(lock_time() + timedelta(minutes=15))
    if until.second or until.microsecond:
        until = until.replace(second=0, microsecond=0) + timedelta(minutes=1)
    return until.strftime("%H:%M")


def move_back(delta: timedelta) -> None:
    """As if `delta` had passed since every recorded attempt."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - delta)


def test_failure_limit_is_five():
    assert settings.AXES_FAILURE_LIMIT == 5


def test_failures_below_the_limit_answer_wrong_credentials_and_the_right_password_still_works():
    user = UserFactory()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert_envelope(rest_login(user.login_name, "wrong-password"), status=401, errcode="LOGIN-40101")
    assert_envelope(rest_login(user.login_name, PASSWORD), status=200)


def test_after_five_failures_the_right_password_is_refused_with_429_and_nothing_is_opened():
    user = UserFactory()
    fail_until_locked(user.login_name)
    browser = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    response = rest_login(user.login_name, PASSWORD, client=browser)
    assert assert_envelope(response, status=429, errcode="LOGIN-42901") is None
    assert response.json()["errmsg"] == LOCKED_MESSAGE.format(time=try_again_at())
    assert "access" not in response.content.decode()
    assert (
        settings.SESSION_COOKIE_NAME not in browser.cookies or not browser.cookies[settings.SESSION_COOKIE_NAME].value
    )
    assert not SystemLog.objects.filter(action=AuditAction.LOGIN, user_id=user.pk).exists()
    # Still locked on the next try: the lockout does not lift by itself after one answer.
    assert_envelope(rest_login(user.login_name, PASSWORD), status=429, errcode="LOGIN-42901")


def test_the_fifth_failure_already_answers_429():
    user = UserFactory()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert_envelope(rest_login(user.login_name, "wrong-password"), status=401, errcode="LOGIN-40101")
    assert_envelope(rest_login(user.login_name, "wrong-password"), status=429, errcode="LOGIN-42901")


def test_padded_and_typed_account_count_as_the_same_account():
    UserFactory(login_name="SY00012")
    for typed in ("12", "SY00012", "012", "00012", "SY00012"):
        rest_login(typed, "wrong-password")
    assert_envelope(rest_login("12", PASSWORD), status=429, errcode="LOGIN-42901")


def test_locked_account_still_signs_in_from_another_address():
    user = UserFactory()
    fail_until_locked(user.login_name, ip=HOME)
    data = assert_envelope(rest_login(user.login_name, PASSWORD, ip=ELSEWHERE), status=200)
    assert data["access"]


def test_another_account_still_signs_in_from_the_locked_address():
    locked = UserFactory()
    other = UserFactory()
    fail_until_locked(locked.login_name, ip=HOME)
    data = assert_envelope(rest_login(other.login_name, PASSWORD, ip=HOME), status=200)
    assert data["loginName"] == other.login_name


def test_failures_of_other_accounts_from_the_same_address_do_not_count():
    users = UserFactory.create_batch(settings.AXES_FAILURE_LIMIT + 1)
    for user in users[:-1]:
        assert_envelope(rest_login(user.login_name, "wrong-password"), status=401, errcode="LOGIN-40101")
    assert_envelope(rest_login(users[-1].login_name, "wrong-password"), status=401, errcode="LOGIN-40101")


def test_lockout_message_is_translated():
    user = UserFactory()
    fail_until_locked(user.login_name)
    response = form_login(APIClient(HTTP_ACCEPT_LANGUAGE="zh-hans"), user.login_name, PASSWORD, REMOTE_ADDR=HOME)
    assert_envelope(response, status=429, errcode="LOGIN-42901")
    assert response.json()["errmsg"] == f"失败次数过多，请在 {try_again_at()} 之后再试"  # locale/zh_Hans/…/django.po


def test_attempts_during_a_lockout_do_not_extend_it_and_it_ends_15_minutes_after_the_lock():
    user = UserFactory()
    fail_until_locked(user.login_name)
    move_back(timedelta(minutes=10))
    locked_at = lock_time()
    shown = try_again_at()
    # Ten minutes in, wrong and right passwords alike are refused, name the same time, and leave the
    # lock where it was.
    for password in ("wrong-password", PASSWORD, "wrong-password", PASSWORD):
        response = rest_login(user.login_name, password)
        assert_envelope(response, status=429, errcode="LOGIN-42901")
        assert response.json()["errmsg"] == LOCKED_MESSAGE.format(time=shown)
    assert lock_time() == locked_at
    assert AccessAttempt.objects.get().failures_since_start == settings.AXES_FAILURE_LIMIT
    # Fifteen minutes after the lock the right password works.
    move_back(timedelta(minutes=5, seconds=1))
    assert_envelope(rest_login(user.login_name, PASSWORD), status=200)


def test_the_lockout_still_holds_just_before_15_minutes():
    user = UserFactory()
    fail_until_locked(user.login_name)
    move_back(timedelta(minutes=14, seconds=50))
    assert_envelope(rest_login(user.login_name, PASSWORD), status=429, errcode="LOGIN-42901")


# --- the Django admin ------------------------------------------------------------------------


def admin_login(client: Client, account: str, password: str, *, ip: str = HOME):
    return client.post("/admin/login/?next=/admin/", {"username": account, "password": password}, REMOTE_ADDR=ip)


def test_admin_login_works_for_head_office_staff():
    staff = UserFactory(is_staff=True)
    response = admin_login(Client(HTTP_ACCEPT_LANGUAGE="en"), staff.login_name, PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == "/admin/"


def test_admin_login_locks_after_five_failures_with_the_locked_out_page():
    staff = UserFactory(is_staff=True)
    client = Client(enforce_csrf_checks=False, HTTP_ACCEPT_LANGUAGE="en")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert admin_login(client, staff.login_name, "wrong-password").status_code == 200  # the form again
    response = admin_login(client, staff.login_name, PASSWORD)
    assert response.status_code == 302  # below the limit the right password still works
    client = Client(enforce_csrf_checks=False, HTTP_ACCEPT_LANGUAGE="en")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        admin_login(client, staff.login_name, "wrong-password")
    response = admin_login(client, staff.login_name, PASSWORD)
    assert response.status_code == 429
    assert LOCKED_PAGE_TEXT in response.content.decode()
    assert LOCKED_MESSAGE.format(time=try_again_at()) in response.content.decode()
    assert "_auth_user_id" not in client.session
    # The other address is not locked.
    other = Client(enforce_csrf_checks=False, HTTP_ACCEPT_LANGUAGE="en")
    assert admin_login(other, staff.login_name, PASSWORD, ip=ELSEWHERE).status_code == 302


def test_failures_at_the_rest_login_lock_the_admin_login_too():
    staff = UserFactory(is_staff=True)
    fail_until_locked(staff.login_name)
    response = admin_login(Client(HTTP_ACCEPT_LANGUAGE="en"), staff.login_name, PASSWORD)
    assert response.status_code == 429


def test_the_locked_out_page_styles_itself_with_the_policys_nonce():
    staff = UserFactory(is_staff=True)
    fail_until_locked(staff.login_name)
    response = admin_login(Client(HTTP_ACCEPT_LANGUAGE="en"), staff.login_name, PASSWORD)
    html = response.content.decode()
    nonce = re.search(r'<style nonce="([^"]+)">', html).group(1)
    assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]
    assert " style=" not in html  # an inline style attribute would break the policy
