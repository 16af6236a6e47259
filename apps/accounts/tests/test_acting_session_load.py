"""The hand-written query behind every authenticated call loads exactly what the ORM would."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.authentication import Acting, load_acting
from apps.accounts.models import RevokedAccess, UserRole
from apps.accounts.tests.factories import UserFactory, UserRoleFactory

pytestmark = pytest.mark.django_db


def _values(instance):
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_acting_entry_matches_the_orms_select_related(chain):
    entry = UserRoleFactory(hier=chain["store"])
    acting = load_acting(entry.user_id, entry.pk)
    user, loaded = acting.user, acting.entry
    expected = UserRole.objects.select_related("user", "role", "hier").get(pk=entry.pk)
    assert _values(loaded) == _values(expected)
    for related in ("user", "role", "hier"):
        assert _values(getattr(loaded, related)) == _values(getattr(expected, related)), related
    assert user is loaded.user and user.account_version == expected.user.account_version
    assert user.created_date.tzinfo is not None


def test_another_users_entry_or_none_leaves_the_user_without_a_role(chain):
    entry = UserRoleFactory(hier=chain["store"])
    stranger = UserFactory()
    assert load_acting(stranger.pk, entry.pk) == Acting(stranger, None)
    assert load_acting(stranger.pk, None) == Acting(stranger, None)


def test_a_gone_user_loads_nothing_and_a_revoked_token_says_so(chain):
    entry = UserRoleFactory(hier=chain["store"])
    assert load_acting(entry.user_id + 1000, entry.pk) == Acting(None, None)
    RevokedAccess.objects.create(jti="ended", expires_at=timezone.now() + timedelta(minutes=5))
    assert load_acting(entry.user_id, entry.pk, "ended").revoked
    assert not load_acting(entry.user_id, entry.pk, "another").revoked


def test_the_acting_call_reads_the_user_its_role_and_the_revocation_in_one_query(chain):
    entry = UserRoleFactory(hier=chain["store"])
    with CaptureQueriesContext(connection) as captured:
        acting = load_acting(entry.user_id, entry.pk, "some-token")
        assert acting.entry.role.name and acting.entry.hier.name and acting.entry.user.login_name
    assert len(captured) == 1
