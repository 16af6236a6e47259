"""Store scoping (contract §5), exercised on role entries, a model with a store (`hier`) field."""

import pytest
from rest_framework.test import APIRequestFactory

from apps.accounts.models import UserRole
from apps.accounts.session import ActingSession
from apps.core.errors import InvalidInput, NoRoleChosen, NotFound
from apps.core.scoping import get_in_scope, level_in_scope, named_store_id, scoped_to_stores, store_in_scope
from apps.org.models import OrgUnit
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def _request(entry):
    request = APIRequestFactory().get("/")
    request.auth = ActingSession(user=entry.user, user_role=entry) if entry else None
    return request


def test_a_store_role_sees_only_its_store(chain, make_entry):
    mine = make_entry(chain["store"])
    theirs = make_entry(chain["other_store"])
    rows = scoped_to_stores(UserRole.objects.all(), _request(mine), store_field="hier")
    assert set(rows) == {mine}
    assert theirs not in rows


def test_a_head_office_role_sees_every_store_beneath_it(chain, make_entry):
    boss = make_entry(chain["head_office"])
    a = make_entry(chain["store"])
    b = make_entry(chain["other_store"])
    elsewhere = make_entry(StoreFactory())  # a store of another head office
    rows = set(scoped_to_stores(UserRole.objects.all(), _request(boss), store_field="hier"))
    assert {a, b} <= rows
    assert elsewhere not in rows


def test_another_stores_record_answers_not_found(chain, make_entry):
    mine = make_entry(chain["store"])
    theirs = make_entry(chain["other_store"])
    assert get_in_scope(UserRole.objects.all(), _request(mine), store_field="hier", pk=mine.pk) == mine
    with pytest.raises(NotFound):
        get_in_scope(UserRole.objects.all(), _request(mine), store_field="hier", pk=theirs.pk)


def test_scoping_without_a_chosen_role_is_refused(chain):
    with pytest.raises(NoRoleChosen):
        scoped_to_stores(UserRole.objects.all(), _request(None), store_field="hier")


def test_a_named_store_of_the_role_is_answered(chain, make_entry):
    boss = make_entry(chain["head_office"])
    stores = OrgUnit.objects.stores()
    assert store_in_scope(stores, _request(boss), chain["store"].pk) == chain["store"]
    with pytest.raises(NotFound):
        store_in_scope(stores, _request(boss), StoreFactory().pk)


def test_without_a_named_store_the_chosen_store_is_used(chain, make_entry):
    mine = make_entry(chain["store"])
    assert named_store_id(_request(mine), None) == chain["store"].pk
    assert store_in_scope(OrgUnit.objects.stores(), _request(mine)) == chain["store"]
    boss = make_entry(chain["head_office"])
    assert named_store_id(_request(boss), None) is None
    with pytest.raises(InvalidInput):
        store_in_scope(OrgUnit.objects.stores(), _request(boss), when_none=InvalidInput("choose a store"))


def test_the_level_a_call_acts_for(chain, make_entry):
    boss = make_entry(chain["head_office"])
    units = OrgUnit.objects.all()
    assert level_in_scope(units, _request(boss), None) == chain["head_office"]
    assert level_in_scope(units, _request(boss), chain["head_office"].pk) == chain["head_office"]
    assert level_in_scope(units, _request(boss), chain["store"].pk) == chain["store"]
    with pytest.raises(NotFound):
        level_in_scope(units, _request(boss), StoreFactory().pk)
