"""An employee's account link through the API: nobody links, unlinks or marks as left an account
holding a role above theirs at the store (apps.accounts.access), and leaving revokes only the
entries the link holds (apps.staff.access)."""

from __future__ import annotations

import pytest

from apps.accounts.models import UserRole
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import RoleFactory, UserFactory, UserRoleFactory
from apps.core.testing import assert_envelope
from apps.staff.models import Employee, LinkedRoleEntry
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

STAFF_CODES = ["YGGL-0001", "YGGL-PAG-0002-0100"]
ABOVE_EN = "this account holds a role above yours at this store"
ABOVE_ZH = "该账号在本门店持有高于您的角色"
NEW = {"name": "王芳", "areaCode": "86", "phone": "13912345678", "position": "nurse", "hireDate": "2024-05-06"}


@pytest.fixture
def principal(chain, make_entry):
    return make_entry(chain["store"], codes=STAFF_CODES, kind="principal")


@pytest.fixture
def owner(chain, make_entry):
    return make_entry(chain["store"], codes=STAFF_CODES, kind="owner")


def _save(entry, body, language="en"):
    return api_client(entry=entry, language=language).post("/rest/staffList/save", body, format="json")


def _leave(entry, employee):
    body = {"id": employee.pk, "leftDate": "2025-06-30"}
    return api_client(entry=entry).post("/rest/staffList/leave", body, format="json")


def _grant(user, hier, kind):
    return UserRoleFactory(user=user, hier=hier, role=RoleFactory(kind=kind))


@pytest.mark.parametrize(("language", "message"), [("en", ABOVE_EN), ("zh-hans", ABOVE_ZH)])
def test_linking_the_owners_account_is_refused_on_the_user_field(chain, principal, owner, language, message):
    response = _save(principal, {**NEW, "userId": owner.user_id}, language=language)
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["errmsg"] == message
    assert data == {"fields": {"userId": [message]}}
    assert not Employee.objects.exists()


@pytest.mark.parametrize(
    "holds",
    [
        pytest.param(lambda chain, user: _grant(user, chain["head_office"], "store_employee"), id="head-office-entry"),
        pytest.param(lambda chain, user: _grant(user, chain["region"], "principal"), id="region-entry"),
        pytest.param(lambda chain, user: type(user).objects.filter(pk=user.pk).update(is_staff=True), id="admin"),
    ],
)
def test_an_account_of_head_office_is_above_the_owner(chain, owner, holds):
    user = UserFactory()
    holds(chain, user)
    assert_envelope(_save(owner, {**NEW, "userId": user.pk}), status=400, errcode="VALID-40000")


def test_equal_or_lower_roles_and_roles_elsewhere_may_be_linked(chain, principal):
    deputy = _grant(UserFactory(), chain["store"], "principal").user
    nurse = _grant(UserFactory(), chain["store"], "store_employee").user
    owner_elsewhere = _grant(UserFactory(), chain["other_store"], "owner").user
    for number, user in enumerate([deputy, nurse, owner_elsewhere, UserFactory()]):
        body = {**NEW, "phone": f"1391234567{number}", "userId": user.pk}
        assert_envelope(_save(principal, body), status=201)


def test_the_owner_keeps_their_role_when_a_principal_tries_to_strip_it(chain, principal, owner):
    # The probe: link the owner's account to an employee, then mark the employee as left.
    assert_envelope(_save(principal, {**NEW, "userId": owner.user_id}), status=400, errcode="VALID-40000")
    own = Employee.objects.get(pk=assert_envelope(_save(owner, {**NEW, "userId": owner.user_id}), status=201)["id"])
    refused = assert_envelope(_leave(principal, own), status=400, errcode="VALID-40000")
    assert refused == {"fields": {"id": [ABOVE_EN]}}
    unlink = _save(principal, {**NEW, "id": own.pk, "userId": None})
    assert_envelope(unlink, status=400, errcode="VALID-40000")
    renamed = assert_envelope(
        _save(principal, {**NEW, "id": own.pk, "name": "王老板", "userId": owner.user_id}), status=200
    )
    assert renamed["userId"] == owner.user_id
    assert UserRole.objects.filter(pk=owner.pk).exists()


def test_leaving_revokes_only_the_entries_the_employee_link_gave(chain, owner):
    co_owner = _grant(UserFactory(), chain["store"], "owner")
    user = co_owner.user
    before = _grant(user, chain["store"], "principal")
    elsewhere = _grant(user, chain["other_store"], "store_employee")
    employee = Employee.objects.get(pk=assert_envelope(_save(owner, {**NEW, "userId": user.pk}), status=201)["id"])
    while_linked = _grant(user, chain["store"], "store_employee")

    data = assert_envelope(_leave(owner, employee), status=200)

    kept = set(UserRole.objects.filter(user=user).values_list("pk", flat=True))
    assert kept == {co_owner.pk, elsewhere.pk}
    assert data["roles"] == [co_owner.role.name]
    assert not {before.pk, while_linked.pk} & kept
    after = _grant(user, chain["store"], "principal")
    assert not LinkedRoleEntry.objects.filter(role_entry=after).exists()


def test_an_account_unlinked_keeps_its_entries_and_the_link_no_longer_holds_them(chain, principal):
    first, second = UserFactory(), UserFactory()
    first_entry = _grant(first, chain["store"], "store_employee")
    second_entry = _grant(second, chain["store"], "store_employee")
    employee = Employee.objects.get(pk=assert_envelope(_save(principal, {**NEW, "userId": first.pk}), status=201)["id"])
    assert_envelope(_save(principal, {**NEW, "id": employee.pk, "userId": second.pk}), status=200)
    assert_envelope(_leave(principal, employee), status=200)
    assert UserRole.objects.filter(pk=first_entry.pk).exists()
    assert not UserRole.objects.filter(pk=second_entry.pk).exists()


def test_an_unknown_account_is_refused(chain, principal):
    response = _save(principal, {**NEW, "userId": 999_999})
    assert assert_envelope(response, status=400, errcode="VALID-40000") == {
        "fields": {"userId": ["unknown user account"]}
    }


def test_a_grant_at_the_store_of_a_linked_employee_is_held_by_the_link_unless_it_is_an_owners(chain):
    user = UserFactory()
    employee = EmployeeFactory(store=chain["store"], user=user)
    nurse = _grant(user, chain["store"], "store_employee")
    owner = _grant(user, chain["store"], "owner")
    elsewhere = _grant(user, chain["other_store"], "principal")
    held = dict(UserRole.objects.filter(user=user).values_list("pk", "employee_link__employee_id"))
    assert held == {nurse.pk: employee.pk, owner.pk: None, elsewhere.pk: None}
