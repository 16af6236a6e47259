"""A page that left (or lost its connection) while its refresh was answered still holds the spent
refresh token: the same browser session asking again within the replay window gets the same pair,
so the person is not signed out; a copy of the token used anywhere else is still refused."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.test import APIClient

from apps.accounts.tests.factories import UserFactory
from apps.accounts.tests.helpers import LOGOUT_URL, REFRESH_URL, bearer_client
from apps.accounts.tokens import issue_tokens

pytestmark = pytest.mark.django_db


def browser(session_key: str | None = None) -> APIClient:
    """A client carrying a pages' session cookie, as the browser sends it with every call."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if session_key is None:
        session = SessionStore()
        session.create()
        session_key = str(session.session_key)
    client.cookies[settings.SESSION_COOKIE_NAME] = session_key
    return client


def refresh(client: APIClient, token: str):
    return client.post(REFRESH_URL, {"refresh": token}, format="json")


def test_the_same_browser_asking_again_with_a_spent_token_gets_the_same_pair():
    issued = issue_tokens(user=UserFactory())
    desk = browser()
    first = refresh(desk, issued["refresh"])
    again = refresh(desk, issued["refresh"])
    assert first.status_code == again.status_code == 200
    assert again.json()["data"] == first.json()["data"]
    # The pair given again is a working one: it is exchanged onwards as usual.
    assert refresh(desk, again.json()["data"]["refresh"]).status_code == 200


def test_a_copy_of_a_spent_token_from_another_browser_or_without_one_is_refused():
    issued = issue_tokens(user=UserFactory())
    assert refresh(browser(), issued["refresh"]).status_code == 200
    assert refresh(browser(), issued["refresh"]).status_code == 401
    assert refresh(APIClient(), issued["refresh"]).status_code == 401


def test_without_a_browser_session_a_spent_token_is_never_answered_again():
    issued = issue_tokens(user=UserFactory())
    assert refresh(APIClient(), issued["refresh"]).status_code == 200
    assert refresh(APIClient(), issued["refresh"]).status_code == 401


def test_a_spent_token_is_refused_after_the_replay_window(settings):
    settings.REFRESH_REPLAY_SECONDS = 1
    issued = issue_tokens(user=UserFactory())
    desk = browser()
    assert refresh(desk, issued["refresh"]).status_code == 200
    time.sleep(1.5)  # the cache (LocMem or Redis) forgets the pair by its own clock
    assert refresh(desk, issued["refresh"]).status_code == 401


def test_the_pair_is_not_given_again_once_it_was_itself_exchanged():
    issued = issue_tokens(user=UserFactory())
    desk = browser()
    second = refresh(desk, issued["refresh"]).json()["data"]
    assert refresh(desk, second["refresh"]).status_code == 200
    assert refresh(desk, issued["refresh"]).status_code == 401


def test_the_pair_is_not_given_again_after_signing_out():
    issued = issue_tokens(user=UserFactory())
    desk = browser()
    second = refresh(desk, issued["refresh"]).json()["data"]
    signed_out = bearer_client(second).post(LOGOUT_URL, {"refresh": second["refresh"]}, format="json")
    assert signed_out.status_code == 200
    assert refresh(desk, issued["refresh"]).status_code == 401


def test_the_replay_window_can_be_switched_off(settings):
    settings.REFRESH_REPLAY_SECONDS = 0
    issued = issue_tokens(user=UserFactory())
    desk = browser()
    assert refresh(desk, issued["refresh"]).status_code == 200
    assert refresh(desk, issued["refresh"]).status_code == 401
