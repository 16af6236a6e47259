"""A role's codes are cached (apps.accounts.role_code_cache); every change to them is seen by the very
next request's permission check (contract §5), because the signals clear the cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import path

from apps.accounts.models import Resource, Role
from apps.accounts.role_code_cache import codes_of_role, codes_of_roles
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import RoleFactory
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.testing import assert_envelope
from erp.urls import urlpatterns as erp_urlpatterns

GUARD = "XMGL-PAG-0001"  # projects page
OTHER = "ERP-YUKB-PAG-0001-0000"
PROBE_URL = "/rest/probe"


class ProbeApi(ErpApi):
    """A call guarded by one page code, like every page-backed call of the product."""

    required_codes = (GUARD,)

    def get(self, request):
        return EnvelopeResponse({"ok": True})


urlpatterns = [path("rest/probe", ProbeApi.as_view()), *erp_urlpatterns]

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


@pytest.fixture
def guard(db) -> Resource:
    RoleFactory(codes=[GUARD])  # makes sure the resources exist
    return Resource.objects.get(code=GUARD)


def probe(entry):
    return api_client(entry=entry).get(PROBE_URL)


def allowed(entry) -> bool:
    response = probe(entry)
    if response.status_code == 403:
        assert_envelope(response, status=403, errcode="AUTH-40300")
        return False
    assert_envelope(response, status=200)
    return True


@pytest.fixture
def without_code(chain, make_entry, guard):
    entry = make_entry(chain["store"], codes=[OTHER])
    assert not allowed(entry)  # and the codes are now cached
    return entry


@pytest.fixture
def with_code(chain, make_entry, guard):
    entry = make_entry(chain["store"], codes=[OTHER, GUARD])
    assert allowed(entry)  # and the codes are now cached
    return entry


def test_role_resources_add_is_seen_by_the_next_request(without_code, guard):
    without_code.role.resources.add(guard)
    assert allowed(without_code)


def test_role_resources_remove_is_seen_by_the_next_request(with_code, guard):
    with_code.role.resources.remove(guard)
    assert not allowed(with_code)


def test_role_resources_set_is_seen_by_the_next_request(with_code):
    with_code.role.resources.set(Resource.objects.filter(code=OTHER))
    assert not allowed(with_code)


def test_role_resources_clear_is_seen_by_the_next_request(with_code):
    with_code.role.resources.clear()
    assert not allowed(with_code)


def test_resource_roles_add_is_seen_by_the_next_request(without_code, guard):
    guard.roles.add(without_code.role)
    assert allowed(without_code)


def test_resource_roles_remove_is_seen_by_the_next_request(with_code, guard):
    guard.roles.remove(with_code.role)
    assert not allowed(with_code)


def test_resource_roles_clear_is_seen_by_the_next_request(with_code, guard):
    guard.roles.clear()
    assert not allowed(with_code)


def test_resource_delete_is_seen_by_the_next_request(with_code, guard):
    guard.delete()
    assert not allowed(with_code)


def test_resource_code_change_is_seen_by_the_next_request(with_code, guard):
    guard.code = "XMGL-PAG-0001-OLD"
    guard.save()
    assert not allowed(with_code)


def test_role_delete_forgets_its_codes(db):
    role = RoleFactory(codes=[GUARD])
    assert codes_of_role(role.pk)["menu"] == (GUARD,)
    role_id = role.pk
    role.delete()
    assert codes_of_role(role_id) == {"menu": (), "btn": ()}


def test_changed_codes_show_in_get_resources_at_once(without_code, guard):
    client = api_client(user=without_code.user)
    body = {"userRoleId": without_code.pk}
    assert GUARD not in assert_envelope(client.post("/rest/acct/getResources", body, format="json"), status=200)["menu"]
    without_code.role.resources.add(guard)
    assert GUARD in assert_envelope(client.post("/rest/acct/getResources", body, format="json"), status=200)["menu"]


def test_the_codes_come_from_the_cache_between_changes(with_code, django_assert_num_queries):
    codes_of_role(with_code.role_id)
    with django_assert_num_queries(0):
        assert GUARD in codes_of_role(with_code.role_id)["menu"]


def test_a_code_given_by_a_raw_statement_is_seen_by_the_next_request(without_code, guard):
    """The memory of each process is keyed by the role's codes_version, which a trigger moves: no
    signal is needed for a change to be seen."""
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO accounts_role_resources (role_id, resource_id) VALUES (%s, %s)",
            [without_code.role_id, guard.pk],
        )
    assert allowed(without_code)


def test_every_change_of_a_roles_codes_moves_its_version_to_one_never_used(with_code, guard):
    def version() -> int:
        return Role.objects.values_list("codes_version", flat=True).get(pk=with_code.role_id)

    seen = [version()]
    for change in (
        lambda: with_code.role.resources.remove(guard),
        lambda: with_code.role.resources.add(guard),
        lambda: Resource.objects.filter(pk=guard.pk).update(code="XMGL-PAG-0001-NEW"),
    ):
        change()
        assert version() > seen[-1]
        seen.append(version())
    other = RoleFactory(codes=[OTHER])
    assert Role.objects.get(pk=other.pk).codes_version > seen[-1]


def test_a_call_reads_its_codes_from_the_processes_memory_without_sql_or_the_cache(with_code):
    """After the first call, the permission check costs nothing: the acting query is the only
    statement, and the shared cache is not asked (it may even be empty)."""
    client = api_client(entry=with_code)
    assert client.get(PROBE_URL).status_code == 200
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(PROBE_URL).status_code == 200
    assert len(captured) == 1
    assert cache.get_many([f"accounts:role-codes:v1:{with_code.role_id}"]) == {}


# --- many roles at once ----------------------------------------------------------------------


def test_codes_of_roles_answers_as_codes_of_role_for_each(db):
    pages_and_button = RoleFactory(codes=[GUARD, OTHER, "BTN-CZRZ-VIEW"])
    pages = RoleFactory(codes=[OTHER])
    bare = RoleFactory()
    ids = [pages_and_button.pk, pages.pk, bare.pk]
    together = codes_of_roles(ids)
    assert together[bare.pk] == {"menu": (), "btn": ()}
    assert together[pages_and_button.pk] == {"menu": tuple(sorted([GUARD, OTHER])), "btn": ("BTN-CZRZ-VIEW",)}
    cache.clear()
    assert {role_id: codes_of_role(role_id) for role_id in ids} == together


def test_codes_of_roles_reads_all_uncached_roles_in_one_query(db, django_assert_num_queries):
    roles = [RoleFactory(codes=[GUARD]) for _ in range(5)]
    cache.clear()
    with django_assert_num_queries(1):
        codes_of_roles(role.pk for role in roles)
    with django_assert_num_queries(0):
        assert all(codes_of_role(role.pk)["menu"] == (GUARD,) for role in roles)
    assert Role.objects.count() == 5
