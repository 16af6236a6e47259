"""Fixtures shared by every app's tests. Data comes from the factories beside each app."""

import pytest
from django.core.cache import cache

from apps.accounts.tests.factories import RoleFactory, UserFactory, UserRoleFactory
from apps.org.tests.factories import HeadOfficeFactory, RegionFactory, StoreFactory


@pytest.fixture(autouse=True)
def _clear_cache():
    # Role codes, revoked tokens and throttles live in the cache: no test sees another's.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The production hasher costs about half a second per password; what the tests check does not
    # depend on the hash's strength.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def chain(db):
    """A head office with one region and two stores."""
    head_office = HeadOfficeFactory(name="Head office")
    region = RegionFactory(parent=head_office, name="East")
    return {
        "head_office": head_office,
        "region": region,
        "store": StoreFactory(parent=region, name="Store A"),
        "other_store": StoreFactory(parent=region, name="Store B"),
    }


@pytest.fixture
def make_entry(db):
    """make_entry(hier, codes=[...], kind=...) -> a user's role entry at `hier` with those codes."""

    def make(hier, codes=(), kind="principal", user=None):
        role = RoleFactory(codes=list(codes), kind=kind)
        return UserRoleFactory(user=user or UserFactory(), role=role, hier=hier)

    return make
