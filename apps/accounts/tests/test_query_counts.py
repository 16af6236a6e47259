"""SQL query counts of the sign-in reads: pinned, so an N+1 regression fails."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.testing import api_client
from apps.accounts.tests.factories import PASSWORD, RoleFactory, UserRoleFactory
from apps.accounts.tests.helpers import form_login
from apps.accounts.tokens import issue_tokens
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

LOGIN_INFO_MAX_QUERIES = 3
CODES = ["ERP-YUKB-PAG-0001-0000", "ERP-KDJC-PAG-0003-0000", "BTN-YUKB-FORCE-UPDATE"]


def test_login_info_in_a_chosen_role_makes_at_most_three_queries(chain, make_entry):
    entry = make_entry(chain["store"], codes=CODES)
    UserRoleFactory(user=entry.user, role=RoleFactory(codes=CODES), hier=chain["other_store"])
    client = api_client(entry=entry)
    assert_envelope(client.get("/rest/acct/loginInfo"), status=200)  # warm the role-code cache
    with CaptureQueriesContext(connection) as queries:
        data = assert_envelope(client.get("/rest/acct/loginInfo"), status=200)
    assert len(data["roles"]) == 2
    assert data["storeName"] == chain["store"].name
    assert len(queries) <= LOGIN_INFO_MAX_QUERIES, (
        f"GET /rest/acct/loginInfo made {len(queries)} queries (at most {LOGIN_INFO_MAX_QUERIES}):\n"
        + "\n".join(query["sql"] for query in queries.captured_queries)
    )


def test_login_info_with_a_login_token_makes_at_most_three_queries(chain, make_entry):
    entry = make_entry(chain["store"], codes=CODES)
    client = api_client(user=entry.user)
    assert_envelope(client.get("/rest/acct/loginInfo"), status=200)
    with CaptureQueriesContext(connection) as queries:
        assert_envelope(client.get("/rest/acct/loginInfo"), status=200)
    assert len(queries) <= LOGIN_INFO_MAX_QUERIES, f"GET /rest/acct/loginInfo made {len(queries)} queries"


def test_roles_list_queries_do_not_grow_with_entries_of_one_role(chain, make_entry):
    entry = make_entry(chain["store"], codes=CODES)
    client = api_client(entry=entry)

    def add_rows(n: int) -> None:
        for _ in range(n):
            UserRoleFactory(user=entry.user, role=entry.role, hier=StoreFactory(parent=chain["region"]))

    count = assert_list_queries_constant(client, "/rest/acct/roles", add_rows, params={"userId": entry.user_id})
    rows = assert_envelope(client.get("/rest/acct/roles", {"userId": entry.user_id}), status=200)
    assert len(rows) == 51
    assert count <= 3, f"GET /rest/acct/roles made {count} queries"


def queries_of(call, *, cold: bool) -> CaptureQueriesContext:
    if cold:
        cache.clear()  # every role's codes must be read again
    with CaptureQueriesContext(connection) as queries:
        call()
    return queries


def add_entries_of_new_roles(chain, user, n: int) -> None:
    for _ in range(n):
        UserRoleFactory(user=user, role=RoleFactory(codes=CODES), hier=StoreFactory(parent=chain["region"]))


def test_roles_list_reads_the_codes_of_many_uncached_roles_in_one_query(chain, make_entry):
    entry = make_entry(chain["store"], codes=CODES)
    client = api_client(entry=entry)
    url, params = "/rest/acct/roles", {"userId": entry.user_id}
    add_entries_of_new_roles(chain, entry.user, 1)
    one = queries_of(lambda: assert_envelope(client.get(url, params), status=200), cold=True)
    add_entries_of_new_roles(chain, entry.user, 49)
    fifty = queries_of(lambda: assert_envelope(client.get(url, params), status=200), cold=True)
    assert len(fifty) == len(one), f"{len(one)} queries for 2 roles, {len(fifty)} for 51:\n" + "\n".join(
        query["sql"] for query in fifty.captured_queries
    )
    rows = assert_envelope(client.get(url, params), status=200)
    assert len(rows) == 51
    assert all(row["allRsrc"] == sorted(CODES[:2]) for row in rows)


def test_login_queries_do_not_grow_with_role_entries(chain, make_entry):
    entry = make_entry(chain["store"], codes=CODES)
    assert_envelope(form_login(None, entry.user.login_name, PASSWORD), status=200)  # content types and the like

    def login() -> None:
        assert_envelope(form_login(None, entry.user.login_name, PASSWORD), status=200)

    add_entries_of_new_roles(chain, entry.user, 2)
    few = queries_of(login, cold=True)
    add_entries_of_new_roles(chain, entry.user, 20)
    many = queries_of(login, cold=True)
    assert len(many) == len(few), f"{len(few)} queries for 3 entries, {len(many)} for 23:\n" + "\n".join(
        query["sql"] for query in many.captured_queries
    )


def test_issuing_tokens_writes_only_the_outstanding_refresh_token(chain, make_entry):
    entry = make_entry(chain["store"], codes=CODES)
    with CaptureQueriesContext(connection) as queries:
        issue_tokens(user=entry.user, user_role=entry)
    assert len(queries) == 1  # the outstanding refresh token row
