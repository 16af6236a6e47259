"""The "role above me" rule (apps.accounts.access), through the service: ranks at a store (the
entries an employee link holds are staff's: apps/staff/tests/test_staff_access.py)."""

from __future__ import annotations

import pytest

from apps.accounts.access import AccessRank, check_access_change, rank_at
from apps.accounts.tests.factories import RoleFactory, UserFactory, UserRoleFactory
from apps.core.errors import InvalidInput, PermissionRefused

pytestmark = pytest.mark.django_db


def _grant(user, hier, kind):
    return UserRoleFactory(user=user, hier=hier, role=RoleFactory(kind=kind))


@pytest.mark.parametrize(
    ("kind", "level", "rank"),
    [
        ("store_employee", "store", AccessRank.STAFF),
        ("material_builder_admin", "store", AccessRank.STAFF),
        ("other", "store", AccessRank.STAFF),
        ("principal", "store", AccessRank.PRINCIPAL),
        ("owner", "store", AccessRank.OWNER),
        ("store_employee", "region", AccessRank.HEAD_OFFICE),
        ("material_builder_admin", "head_office", AccessRank.HEAD_OFFICE),
    ],
)
def test_the_rank_of_what_an_account_holds_at_a_store(chain, kind, level, rank):
    user = UserFactory()
    _grant(user, chain[level], kind)
    assert rank_at(user_id=user.pk, store=chain["store"]) == rank


def test_entries_elsewhere_do_not_count_and_head_office_admins_rank_highest(chain):
    user = UserFactory()
    _grant(user, chain["other_store"], "owner")
    assert rank_at(user_id=user.pk, store=chain["store"]) is None
    admin = UserFactory(is_staff=True)
    assert rank_at(user_id=admin.pk, store=chain["store"]) == AccessRank.HEAD_OFFICE


@pytest.mark.parametrize(
    ("caller_kind", "target_kind", "allowed"),
    [
        ("principal", "owner", False),
        ("principal", "principal", True),
        ("principal", "store_employee", True),
        ("store_employee", "principal", False),
        ("owner", "owner", True),
        ("owner", "principal", True),
    ],
)
def test_a_caller_may_change_only_accounts_not_above_them(chain, caller_kind, target_kind, allowed):
    caller = _grant(UserFactory(), chain["store"], caller_kind)
    target = _grant(UserFactory(), chain["store"], target_kind).user
    try:
        check_access_change(caller_entry_id=caller.pk, store=chain["store"], user_id=target.pk, field="userId")
    except InvalidInput as refused:
        assert not allowed and refused.field == "userId"
    else:
        assert allowed


def test_a_caller_without_a_role_entry_is_refused(chain):
    with pytest.raises(PermissionRefused):
        check_access_change(caller_entry_id=None, store=chain["store"], user_id=UserFactory().pk, field="userId")
