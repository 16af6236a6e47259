"""Every call that changes another account's access applies the "role above me" rule
(apps.accounts.access.check_access_change; docs/api.md, Stores and staff).

ACCESS_CHANGES declares, per endpoint name, a factory that prepares the call acting on an account
at the store and answers (method, url, body, field). Each is called by a principal of the store:
on an account holding the owner's role there it must answer 400 `VALID-40000` on `field` and leave
the owner's role entries as they were; on a nurse's account the same call succeeds (so the refusal
is the rule's, not a malformed request).

The walk fails on any write whose request (body or query) names an account and which is declared
neither here nor in CALLERS_OWN_ACCOUNT, so the next call that touches somebody's access cannot
miss the rule.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import resolve
from drf_spectacular.generators import SchemaGenerator

from apps.accounts.models import UserRole
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import RoleFactory, UserFactory, UserRoleFactory
from apps.core.audit import SYSTEM_ACTOR
from apps.core.permissions import declared_codes
from apps.core.role_codes import PUBLIC, Access
from apps.core.testing import assert_envelope
from apps.core.tests.test_endpoint_declarations import ENDPOINTS
from apps.staff.access import employee_linked
from apps.staff.tests.factories import EmployeeFactory

WRITE_METHODS = ("post", "put", "patch", "delete")
# Request fields that name a sign-in account.
ACCOUNT_FIELD = re.compile(r"^(user|account)(Id|Ids|_id|_ids)?$|^loginName$", re.IGNORECASE)
ABOVE = "this account holds a role above yours at this store"

Request = tuple[str, str, dict[str, Any], str]


def _employee_save(chain: dict[str, Any], target: Any) -> Request:
    body = {
        "name": "王芳",
        "areaCode": "86",
        "phone": "13912345678",
        "position": "nurse",
        "hireDate": "2024-05-06",
        "userId": target.pk,
    }
    return "post", "/rest/staffList/save", body, "userId"


def _employee_leave(chain: dict[str, Any], target: Any) -> Request:
    employee = EmployeeFactory.create(store=chain["store"], user=target, hire_date=datetime.date(2024, 1, 2))
    employee_linked(actor=SYSTEM_ACTOR, employee=employee, previous_user_id=None)
    return "post", "/rest/staffList/leave", {"id": employee.pk, "leftDate": "2025-06-30"}, "id"


ACCESS_CHANGES: dict[str, Callable[[dict[str, Any], Any], Request]] = {
    "staff-save": _employee_save,  # links (or unlinks) an account to an employee of the store
    "staff-leave": _employee_leave,  # revokes the entries the employee's account link holds
}

# Writes whose account field can only name the caller: the service refuses any other account.
CALLERS_OWN_ACCOUNT = {
    "acct-erp-token",  # role switch: userId must be the signed-in user (services.role_switch)
    "hier-quick-save",  # quick shortcuts: userId must be the signed-in user (services.quick_shortcuts_save)
    # store authority: userId must be the signed-in user (403 otherwise); the grant comes only from an
    # owner's approval (apps.approvals.store_authority)
    "store-authority-ask",
}


def _fields(schema: dict[str, Any], node: Any) -> set[str]:
    """Property names of a request body schema (components resolved) or of parameters."""
    if isinstance(node, dict) and "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    if not isinstance(node, dict):
        return set()
    names = set(node.get("properties", {}))
    for part in (*node.get("allOf", ()), *node.get("oneOf", ()), *node.get("anyOf", ())):
        names |= _fields(schema, part)
    if node.get("type") == "array":
        names |= _fields(schema, node.get("items"))
    return names


def writes_naming_an_account() -> set[str]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    found: set[str] = set()
    for path, operations in schema["paths"].items():
        name = resolve(re.sub(r"\{\w+\}", "1", path)).url_name
        for method, operation in operations.items():
            if method not in WRITE_METHODS:
                continue
            names = {parameter["name"] for parameter in operation.get("parameters", ())}
            for content in operation.get("requestBody", {}).get("content", {}).values():
                names |= _fields(schema, content.get("schema"))
            if any(ACCOUNT_FIELD.match(field) for field in names):
                found.add(name or path)  # an unnamed route is reported by its path
    return found


def test_every_write_naming_an_account_is_declared():
    public = {e.name for e in ENDPOINTS if declared_codes(e.view_class) == PUBLIC}
    undeclared = writes_naming_an_account() - public - set(ACCESS_CHANGES) - CALLERS_OWN_ACCOUNT
    assert not undeclared, (
        f"{sorted(undeclared)} take an account: declare a factory in ACCESS_CHANGES (and apply "
        "apps.accounts.access.check_access_change), or list it in CALLERS_OWN_ACCOUNT with the reason"
    )


def test_the_declarations_name_endpoints_that_exist():
    names = {endpoint.name for endpoint in ENDPOINTS}
    assert set(ACCESS_CHANGES) <= names and CALLERS_OWN_ACCOUNT <= names


def _caller(chain: dict[str, Any], name: str) -> UserRole:
    endpoint = next(endpoint for endpoint in ENDPOINTS if endpoint.name == name)
    codes = declared_codes(endpoint.view_class)
    role = RoleFactory(kind="principal", codes=[] if isinstance(codes, Access) else list(codes))
    return UserRoleFactory.create(user=UserFactory(), role=role, hier=chain["store"])


def _holding(chain: dict[str, Any], kind: str) -> Any:
    return UserRoleFactory(user=UserFactory(), role=RoleFactory(kind=kind), hier=chain["store"]).user


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(ACCESS_CHANGES))
def test_every_access_change_refuses_an_account_above_the_caller(name, chain):
    client = api_client(entry=_caller(chain, name))
    owner = _holding(chain, "owner")
    entries = list(UserRole.objects.filter(user=owner).values_list("pk", "role_id", "hier_id"))
    method, url, body, field = ACCESS_CHANGES[name](chain, owner)
    data = assert_envelope(getattr(client, method)(url, body, format="json"), status=400, errcode="VALID-40000")
    assert data == {"fields": {field: [ABOVE]}}
    assert list(UserRole.objects.filter(user=owner).values_list("pk", "role_id", "hier_id")) == entries


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(ACCESS_CHANGES))
def test_every_access_change_acts_on_an_account_not_above_the_caller(name, chain):
    client = api_client(entry=_caller(chain, name))
    method, url, body, _field = ACCESS_CHANGES[name](chain, _holding(chain, "store_employee"))
    response = getattr(client, method)(url, body, format="json")
    assert response.status_code in (200, 201), response.json()
