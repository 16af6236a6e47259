"""One refresh token presented many times at the same moment gives exactly one new pair: the
rotation claims the token with an insert into the blacklist before it issues anything
(real concurrent transactions). Callers without a browser session get a 401; the tabs
of one browser session get that same pair (the replay window, test_refresh_replay.py)."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import connections
from rest_framework.test import APIClient
from rest_framework_simplejwt.token_blacklist.models import OutstandingToken

from apps.accounts.tests.factories import UserFactory
from apps.accounts.tests.helpers import REFRESH_URL
from apps.accounts.tokens import issue_tokens

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 10


def refresh_at_once(token: str, session_key: str | None) -> tuple[list[int], list[dict]]:
    """Presents `token` from PARALLEL threads at the same moment: the statuses and the pairs."""
    start = threading.Barrier(PARALLEL)
    statuses: list[int] = []
    pairs: list[dict] = []
    failures: list[BaseException] = []

    def refresh() -> None:
        try:
            client = APIClient()
            if session_key:
                client.cookies[settings.SESSION_COOKIE_NAME] = session_key
            start.wait()
            response = client.post(REFRESH_URL, {"refresh": token}, format="json")
            statuses.append(response.status_code)
            if response.status_code == 200:
                pairs.append(response.json()["data"])
        except BaseException as failure:  # collected and asserted in the main thread
            failures.append(failure)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=refresh) for _ in range(PARALLEL)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert failures == []
    return statuses, pairs


def test_one_refresh_token_used_ten_times_at_once_gives_exactly_one_new_pair():
    user = UserFactory()
    issued = issue_tokens(user=user)
    statuses, _pairs = refresh_at_once(issued["refresh"], session_key=None)
    assert sorted(statuses) == [200] + [401] * (PARALLEL - 1)
    assert OutstandingToken.objects.filter(user=user).count() == 2


def test_ten_tabs_of_one_browser_refreshing_at_once_all_get_the_one_new_pair():
    user = UserFactory()
    issued = issue_tokens(user=user)
    session = SessionStore()
    session.create()
    statuses, pairs = refresh_at_once(issued["refresh"], session_key=session.session_key)
    assert statuses == [200] * PARALLEL
    assert len({pair["refresh"] for pair in pairs}) == 1
    assert OutstandingToken.objects.filter(user=user).count() == 2
