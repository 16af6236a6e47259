"""One refresh token presented many times at the same moment gives exactly one new pair: the
rotation claims the token with an insert into the blacklist before it issues anything
(PostgreSQL: real concurrent transactions)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from apps.accounts.tests.factories import UserFactory
from apps.accounts.tests.helpers import REFRESH_URL
from apps.accounts.tokens import issue_tokens

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent transactions (PostgreSQL)"),
]

PARALLEL = 10


def test_one_refresh_token_used_ten_times_at_once_gives_exactly_one_new_pair():
    issued = issue_tokens(user=UserFactory())
    start = threading.Barrier(PARALLEL)
    statuses: list[int] = []
    failures: list[BaseException] = []

    def refresh() -> None:
        try:
            start.wait()
            response = APIClient().post(REFRESH_URL, {"refresh": issued["refresh"]}, format="json")
            statuses.append(response.status_code)
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
    assert sorted(statuses) == [200] + [401] * (PARALLEL - 1)
