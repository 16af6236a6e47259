"""Staff through the API (spec §2.2 /staffList, §7.9 durations): rules, scoping, system log."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from apps.accounts.models import UserRole
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import UserFactory, UserRoleFactory
from apps.catalog.tests.factories import ProjectFactory
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.staff.choices import AuditAction
from apps.staff.models import Employee, EmployeeServiceDuration
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

LIST = "YGGL-0001"
DETAIL = "YGGL-PAG-0002-0100"


@pytest.fixture
def manager(chain, make_entry):
    return make_entry(chain["store"], codes=[LIST, DETAIL])


@pytest.fixture
def client(manager):
    return api_client(entry=manager)


NEW = {
    "name": "王芳",
    "areaCode": "86",
    "phone": "13912345678",
    "position": "nurse",
    "skillLevel": "senior",
    "hireDate": "2024-05-06",
}


def test_create_and_edit_an_employee_with_the_system_log(chain, client):
    response = client.post("/rest/staffList/save", NEW, format="json")
    created = assert_envelope(response, status=201)
    assert response.json()["errmsg"] == "saved"
    assert created["storeId"] == chain["store"].pk and created["phone"] == "13912345678"
    assert created["status"] == "active" and created["positionName"] == "care therapist"
    log = SystemLog.objects.get(action=AuditAction.EMPLOYEE_CREATED)
    assert log.detail["changed"]["name"] == [None, "王芳"] or log.detail["changed"]["name"][1] == "王芳"
    edited = assert_envelope(
        client.post("/rest/staffList/save", {**NEW, "id": created["id"], "position": "front_desk"}, format="json"),
        status=200,
    )
    assert edited["position"] == "front_desk"
    log = SystemLog.objects.get(action=AuditAction.EMPLOYEE_UPDATED)
    assert log.detail == {"changed": {"position": ["nurse", "front_desk"]}}


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": ""}, "name", "please enter the employee's name"),
        ({"name": "很" * 21}, "name", "the name can have at most 20 characters"),
        ({"phone": "1391234567"}, "phone", "please enter an 11-digit mobile number starting with 1"),
        ({"phone": "23912345678"}, "phone", "please enter an 11-digit mobile number starting with 1"),
        ({"phone": "139123456789"}, "phone", "please enter an 11-digit mobile number starting with 1"),
        ({"areaCode": "852", "phone": "13912345678"}, "phone", "please enter an 8-digit Hong Kong or Macao number"),
        ({"areaCode": "1", "phone": "91234567"}, "areaCode", "please choose an area code"),
        ({"position": "boss"}, "position", "please choose a position"),
        ({"skillLevel": "god"}, "skillLevel", "unknown skill level"),
        ({"hireDate": None}, "hireDate", "please enter the hire date"),
    ],
)
def test_the_rules_of_saving(client, fields, field, message):
    data = assert_envelope(
        client.post("/rest/staffList/save", {**NEW, **fields}, format="json"), status=400, errcode="VALID-40000"
    )
    assert data["fields"][field] == [message]
    assert not Employee.objects.exists()


def test_hire_date_not_in_the_future_and_hk_phone_accepted(client):
    tomorrow = (timezone.localdate() + datetime.timedelta(days=1)).isoformat()
    data = assert_envelope(
        client.post("/rest/staffList/save", {**NEW, "hireDate": tomorrow}, format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert data["fields"]["hireDate"] == ["the hire date cannot be in the future"]
    assert_envelope(
        client.post("/rest/staffList/save", {**NEW, "areaCode": "853", "phone": "66123456"}, format="json"), status=201
    )


def test_a_phone_is_used_once_among_active_staff(client):
    assert_envelope(client.post("/rest/staffList/save", NEW, format="json"), status=201)
    data = assert_envelope(client.post("/rest/staffList/save", NEW, format="json"), status=400, errcode="VALID-40000")
    assert "phone" in data["fields"]


def test_the_list_filters_pages_and_masks_phones(chain, client):
    EmployeeFactory(store=chain["store"], name="张敏", phone="13800000003", position="nurse")
    EmployeeFactory(store=chain["store"], name="李静", phone="13800000002", position="store_manager")
    EmployeeFactory(
        store=chain["store"], name="张强", phone="13800000004", position="nurse", status="left", left_date="2025-01-01"
    )
    EmployeeFactory(store=chain["other_store"], name="张外")
    page = assert_envelope(client.get("/rest/staffList/list", {"pageNo": 1, "pageSize": 10}), status=200)
    assert page["total"] == 3
    assert [row["name"] for row in page["list"]] == ["张敏", "李静", "张强"]
    assert page["list"][0]["phone"] == "138****0003"
    assert assert_envelope(client.get("/rest/staffList/list", {"keyword": "张"}), status=200)["total"] == 2
    assert assert_envelope(client.get("/rest/staffList/list", {"keyword": "0002"}), status=200)["total"] == 1
    assert (
        assert_envelope(client.get("/rest/staffList/list", {"position": "nurse", "status": "active"}), status=200)[
            "total"
        ]
        == 1
    )
    second = assert_envelope(client.get("/rest/staffList/list", {"pageNo": 2, "pageSize": 2}), status=200)
    assert [row["name"] for row in second["list"]] == ["张强"]
    assert_envelope(client.get("/rest/staffList/list", {"pageSize": 201}), status=400, errcode="VALID-40000")
    assert_envelope(client.get("/rest/staffList/list", {"status": "gone"}), status=400, errcode="VALID-40000")


def test_the_list_query_count_is_constant(chain, client):
    def add(n):
        for _ in range(n):
            user = UserFactory()
            UserRoleFactory(user=user, hier=chain["store"])
            EmployeeFactory(store=chain["store"], user=user)

    queries = assert_list_queries_constant(client, "/rest/staffList/list", add, params={"pageSize": 100})
    assert queries == 4


def test_the_detail_shows_the_account_roles_and_whole_phone(chain, client):
    user = UserFactory()
    entry = UserRoleFactory(user=user, hier=chain["store"])
    employee = EmployeeFactory(store=chain["store"], user=user, phone="13800000003")
    data = assert_envelope(client.get(f"/rest/staffList/detail/{employee.pk}"), status=200)
    assert data["phone"] == "13800000003" and data["userAccount"] == user.login_name
    assert data["roles"] == [entry.role.name] and data["durations"] == []


def test_another_stores_employee_is_not_found(chain, client):
    other = EmployeeFactory(store=chain["other_store"])
    assert_envelope(client.get(f"/rest/staffList/detail/{other.pk}"), status=404, errcode="SYS-40400")
    assert_envelope(
        client.post("/rest/staffList/save", {**NEW, "id": other.pk}, format="json"), status=404, errcode="SYS-40400"
    )
    assert_envelope(
        client.post("/rest/staffList/leave", {"id": other.pk, "leftDate": "2025-01-01"}, format="json"),
        status=404,
        errcode="SYS-40400",
    )
    assert_envelope(
        client.put(
            "/rest/staffList/saveDurationInfo",
            {"employeeId": other.pk, "category": "头皮护理", "minutes": 60},
            format="json",
        ),
        status=404,
        errcode="SYS-40400",
    )
    row = EmployeeServiceDuration.objects.create(employee=other, category="头皮护理", minutes=60)
    assert_envelope(
        client.put("/rest/staffList/closeDurationInfo", {"id": row.pk}, format="json"), status=404, errcode="SYS-40400"
    )
    assert_envelope(
        client.post("/rest/staffList/save", {**NEW, "storeId": chain["other_store"].pk}, format="json"),
        status=404,
        errcode="SYS-40400",
    )


def test_the_list_code_does_not_open_the_list_to_others(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"], codes=[DETAIL]))
    assert_envelope(client.get("/rest/staffList/list"), status=403, errcode="AUTH-40300")


def _linked_employee(client, user, **fields):
    """An employee of the caller's store linked to `user`'s account through the API."""
    body = {**NEW, "userId": user.pk, **fields}
    return Employee.objects.get(
        pk=assert_envelope(client.post("/rest/staffList/save", body, format="json"), status=201)["id"]
    )


def test_leaving_revokes_the_roles_at_the_store_and_is_logged(chain, client):
    user = UserFactory()
    here = UserRoleFactory(user=user, hier=chain["store"])
    elsewhere = UserRoleFactory(user=user, hier=chain["other_store"])
    employee = _linked_employee(client, user, hireDate="2024-01-02")
    response = client.post("/rest/staffList/leave", {"id": employee.pk, "leftDate": "2025-06-30"}, format="json")
    data = assert_envelope(response, status=200)
    assert data["status"] == "left" and data["leftDate"] == "2025-06-30" and data["roles"] == []
    assert not UserRole.objects.filter(pk=here.pk).exists()
    assert UserRole.objects.filter(pk=elsewhere.pk).exists()
    log = SystemLog.objects.get(action=AuditAction.EMPLOYEE_LEFT)
    assert log.detail == {"leftDate": "2025-06-30", "revokedRoles": [here.role.name]}
    assert SystemLog.objects.filter(action="account.user_role_revoked", object_id=str(here.pk)).exists()
    again = client.post("/rest/staffList/leave", {"id": employee.pk, "leftDate": "2025-06-30"}, format="json")
    assert_envelope(again, status=409, errcode="SYS-40900")


@pytest.mark.parametrize(
    ("left", "message"),
    [
        ("2023-12-31", "the leaving date cannot be before the hire date"),
        ("2099-01-01", "the leaving date cannot be in the future"),
    ],
)
def test_the_leaving_date_rules(chain, client, left, message):
    employee = EmployeeFactory(store=chain["store"], hire_date=datetime.date(2024, 1, 2))
    data = assert_envelope(
        client.post("/rest/staffList/leave", {"id": employee.pk, "leftDate": left}, format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert data["fields"]["leftDate"] == [message]


def test_durations_are_saved_changed_closed_and_logged(chain, client):
    employee = EmployeeFactory(store=chain["store"])
    url = "/rest/staffList/saveDurationInfo"
    first = assert_envelope(
        client.put(url, {"employeeId": employee.pk, "category": "头皮护理", "minutes": 60}, format="json"), status=200
    )
    again = assert_envelope(
        client.put(url, {"employeeId": employee.pk, "category": "头皮护理", "minutes": 75}, format="json"), status=200
    )
    assert again["id"] == first["id"] and again["minutes"] == 75
    head_spa = ProjectFactory()
    project = assert_envelope(
        client.put(url, {"employeeId": employee.pk, "projectId": head_spa.pk, "minutes": 90}, format="json"),
        status=200,
    )
    detail = assert_envelope(client.get(f"/rest/staffList/detail/{employee.pk}"), status=200)
    assert [(row["category"], row["projectId"], row["minutes"]) for row in detail["durations"]] == [
        ("头皮护理", None, 75),
        ("", head_spa.pk, 90),
    ]
    assert SystemLog.objects.filter(action=AuditAction.DURATION_SAVED).count() == 3
    closed = client.put("/rest/staffList/closeDurationInfo", {"id": project["id"]}, format="json")
    assert closed.json()["errmsg"] == "saved"
    assert SystemLog.objects.filter(action=AuditAction.DURATION_CLOSED, object_id=str(project["id"])).exists()
    detail = assert_envelope(client.get(f"/rest/staffList/detail/{employee.pk}"), status=200)
    assert [row["id"] for row in detail["durations"]] == [first["id"]]
    assert_envelope(
        client.put("/rest/staffList/closeDurationInfo", {"id": project["id"]}, format="json"),
        status=404,
        errcode="SYS-40400",
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"minutes": 60}, "projectId"),
        ({"projectId": 3, "category": "染发", "minutes": 60}, "projectId"),
        ({"category": "染发", "minutes": 0}, "minutes"),
        ({"category": "染发", "minutes": 601}, "minutes"),
        ({"projectId": 999999, "minutes": 60}, "projectId"),
    ],
)
def test_the_rules_of_a_duration(chain, client, body, field):
    employee = EmployeeFactory(store=chain["store"])
    data = assert_envelope(
        client.put("/rest/staffList/saveDurationInfo", {"employeeId": employee.pk, **body}, format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert field in data["fields"]
