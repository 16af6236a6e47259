"""The hand-written query behind every authenticated call loads exactly what the ORM would."""

from __future__ import annotations

import pytest

from apps.accounts.authentication import load_acting
from apps.accounts.models import UserRole
from apps.accounts.tests.factories import UserFactory, UserRoleFactory

pytestmark = pytest.mark.django_db


def _values(instance):
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_acting_entry_matches_the_orms_select_related(chain):
    entry = UserRoleFactory(hier=chain["store"])
    user, loaded = load_acting(entry.user_id, entry.pk)
    expected = UserRole.objects.select_related("user", "role", "hier").get(pk=entry.pk)
    assert _values(loaded) == _values(expected)
    for related in ("user", "role", "hier"):
        assert _values(getattr(loaded, related)) == _values(getattr(expected, related)), related
    assert user is loaded.user and user.account_version == expected.user.account_version
    assert user.created_date.tzinfo is not None


def test_another_users_entry_or_none_leaves_the_user_without_a_role(chain):
    entry = UserRoleFactory(hier=chain["store"])
    stranger = UserFactory()
    user, loaded = load_acting(stranger.pk, entry.pk)
    assert user == stranger and loaded is None
    user, loaded = load_acting(stranger.pk, None)
    assert user == stranger and loaded is None
