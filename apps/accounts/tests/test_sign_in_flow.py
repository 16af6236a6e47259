"""The sign-in flow of contract §4 and spec §4, walked over HTTP with the demo accounts of
contract §6: login, login info, role choice, calls in the chosen role, role switch, logout."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from apps.accounts.choices import AuditAction
from apps.accounts.demo import DEMO_PASSWORD
from apps.accounts.models import LoginRecord, User
from apps.accounts.tests.helpers import LOGIN_INFO_URL, LOGOUT_URL, bearer_client, form_login
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.org.models import OrgUnit

QUICK_SAVE_URL = "/rest/hier/addStoreQuicks"
QUICK_CHOICES_URL = "/rest/hier/findStoreQuickBase"
ERP_TOKEN_URL = "/rest/acct/erpToken"


@dataclass(frozen=True)
class Demo:
    head_office: OrgUnit
    store1: OrgUnit
    store2: OrgUnit

    def user(self, account: str) -> User:
        return User.objects.get(login_name=account)


@pytest.fixture
def demo(db, seeded_demo) -> Demo:
    seeded_demo()
    return Demo(
        head_office=OrgUnit.objects.get(code="HQ"),
        store1=OrgUnit.objects.get(code="S-SH-001"),
        store2=OrgUnit.objects.get(code="S-SH-002"),
    )


def login(account: str) -> dict:
    return assert_envelope(form_login(None, account, DEMO_PASSWORD), status=200)


def choose(issued: dict, user_role_id: int) -> dict:
    response = bearer_client(issued).post(f"/rest/acct/selectHierRole/{user_role_id}", {}, format="json")
    return assert_envelope(response, status=200)


def actions_of(user: User) -> list[str]:
    return list(SystemLog.objects.filter(user_id=user.pk).order_by("id").values_list("action", flat=True))


@dataclass(frozen=True)
class Walk:
    account: str
    hier: str  # "store1" or "head_office": where the chosen role entry is held
    role_name: str
    landing: str
    is_owner: bool
    menu_has: tuple[str, ...]
    menu_lacks: tuple[str, ...]
    stores: tuple[str, ...]
    quicks: tuple[str, ...]
    store_employee: bool = False


WALKS = [
    Walk(
        "SY00001",
        "store1",
        "老板",
        "/shopManagement",
        True,
        ("ERP-MENU", "ERP-YUKB-PAG-0001-0000"),
        (),
        ("store1", "store2"),
        ("/shopManagement", "/orderBoard"),
    ),
    Walk(
        "SY00002",
        "store1",
        "店长",
        "/orderBoard",
        False,
        ("ERP-YUKB-PAG-0001-0000",),
        ("ERP-MENU",),
        ("store1",),
        ("/orderBoard", "/MemberList"),
    ),
    Walk(
        "SY00003",
        "store1",
        "护理师",
        "/orderBoard",
        False,
        ("ERP-YUKB-PAG-0001-0000",),
        ("ERP-MENU", "DHJL-0001"),
        ("store1",),
        ("/orderBoard",),
        store_employee=True,
    ),
    Walk(
        "SY00004",
        "head_office",
        "物料建设管理员",
        "/bookProdLstNew",
        False,
        ("DHJL-0001",),
        ("ERP-MENU", "ERP-YUKB-PAG-0001-0000"),
        ("store1", "store2"),
        ("/bookProdLstNew",),
    ),
]


@pytest.mark.parametrize("walk", WALKS, ids=[walk.account for walk in WALKS])
def test_demo_account_walks_login_role_choice_quicks_and_logout(demo, walk):
    user = demo.user(walk.account)
    hier = getattr(demo, walk.hier)

    # 1. Login: the login user info with one checked role entry and the stores to act in.
    issued = login(walk.account)
    assert issued["loginName"] == walk.account
    assert issued["enabled"] is True
    assert issued["access"] and issued["refresh"]
    assert issued["accountVersion"] == user.account_version
    assert [store["id"] for store in issued["stores"]] == [getattr(demo, name).pk for name in walk.stores]
    assert issued["roles"], "a demo account holds at least one role"
    assert [row["checked"] for row in issued["roles"]].count(True) == 1
    row = next(row for row in issued["roles"] if row["hierId"] == hier.pk)
    assert row["role"] == walk.role_name
    assert (row["userRoleId"] == -1) is walk.store_employee

    # Calls that need a role refuse the login token.
    no_role = bearer_client(issued).post(
        QUICK_SAVE_URL,
        {"roleId": row["roleId"], "routers": list(walk.quicks), "storeId": demo.store1.pk, "userId": user.pk},
        format="json",
    )
    assert_envelope(no_role, status=403, errcode="FILTER_LOGIN_NO_ROLE")

    # 2. Login info with the token and the account-version header.
    info = assert_envelope(bearer_client(issued).get(LOGIN_INFO_URL), status=200)
    assert info["userId"] == user.pk
    assert info["userName"] == user.nickname
    assert info["phone"] == user.phone
    assert info["storeName"] == ""
    assert [entry["userRoleId"] for entry in info["roles"]] == [entry["userRoleId"] for entry in issued["roles"]]
    assert info["canLoginBoss"] is walk.is_owner

    # 3. Choose the role entry: the session user info and new tokens carrying the role.
    chosen = choose(issued, row["userRoleId"])
    assert chosen["landing"] == walk.landing
    assert chosen["isOwner"] is walk.is_owner
    assert chosen["storeId"] == hier.pk
    assert chosen["header_text"] == f"{hier.name}|{walk.role_name}"
    for code in walk.menu_has:
        assert code in chosen["menu"]
    for code in walk.menu_lacks:
        assert code not in chosen["menu"]
    assert chosen["access"] != issued["access"]
    assert chosen["accountVersion"] == issued["accountVersion"]

    # 4. The new token acts in the chosen role: save quick shortcuts, read them back.
    acting = bearer_client(chosen)
    saved = acting.post(
        QUICK_SAVE_URL,
        {"roleId": row["roleId"], "routers": list(walk.quicks), "storeId": demo.store1.pk, "userId": user.pk},
        format="json",
    )
    assert assert_envelope(saved, status=200) == {"routers": list(walk.quicks)}
    assert saved.json()["errmsg"] == "saved"
    choices = assert_envelope(acting.get(QUICK_CHOICES_URL, {"store": demo.store1.pk}), status=200)
    assert [choice["router"] for choice in choices[: len(walk.quicks)]] == list(walk.quicks)
    assert all(choice["checked"] for choice in choices[: len(walk.quicks)])
    assert not any(choice["checked"] for choice in choices[len(walk.quicks) :])
    in_role = assert_envelope(acting.get(LOGIN_INFO_URL), status=200)
    assert in_role["storeName"] == hier.name
    assert [entry["checked"] for entry in in_role["roles"]].count(True) == 1

    # 5. Logout.
    out = acting.post(LOGOUT_URL, {"refresh": chosen["refresh"]}, format="json")
    assert_envelope(out, status=200)
    assert_envelope(acting.get(LOGIN_INFO_URL), status=401, errcode="SECURES-LOGIN-ON-401")

    assert actions_of(user) == [
        AuditAction.LOGIN,
        AuditAction.ROLE_CHOSEN,
        AuditAction.QUICKS_SAVED,
        AuditAction.LOGOUT,
    ]


def test_role_choice_is_logged_with_the_role_and_store(demo):
    user = demo.user("SY00002")
    issued = login("SY00002")
    choose(issued, issued["roles"][0]["userRoleId"])
    entry = SystemLog.objects.get(user_id=user.pk, action=AuditAction.ROLE_CHOSEN)
    assert (entry.role_name, entry.store_id, entry.store_name) == ("店长", demo.store1.pk, demo.store1.name)
    assert entry.ip_address == "127.0.0.1"


def test_owner_holds_both_demo_stores_and_the_first_entry_is_checked(demo):
    issued = login("SY00001")
    assert [(row["hierId"], row["checked"]) for row in issued["roles"]] == [
        (demo.store1.pk, True),
        (demo.store2.pk, False),
    ]
    assert all(row["roleId"] == 1 and "ERP-MENU" in row["allRsrc"] for row in issued["roles"])


def test_choosing_a_role_entry_of_another_user_is_not_found(demo):
    others = login("SY00002")["roles"]
    issued = login("SY00001")
    response = bearer_client(issued).post(f"/rest/acct/selectHierRole/{others[0]['userRoleId']}", {}, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")


def test_quick_shortcut_choices_need_a_chosen_role(demo):
    issued = login("SY00002")
    response = bearer_client(issued).get(QUICK_CHOICES_URL, {"store": demo.store1.pk})
    assert_envelope(response, status=403, errcode="FILTER_LOGIN_NO_ROLE")


# --- role codes and role lists ---------------------------------------------------------------


def test_get_resources_answers_the_codes_of_a_role_entry(demo):
    issued = login("SY00002")
    user_role_id = issued["roles"][0]["userRoleId"]
    response = bearer_client(issued).post("/rest/acct/getResources", {"userRoleId": user_role_id}, format="json")
    data = assert_envelope(response, status=200)
    assert data["userRoleId"] == user_role_id
    assert "ERP-YUKB-PAG-0001-0000" in data["menu"]
    assert "ERP-MENU" not in data["menu"]
    assert "BTN-HYGL-PHONE-VIEW" in data["btn"]


def test_get_resources_of_the_store_employee_login_uses_minus_one(demo):
    issued = login("SY00003")
    response = bearer_client(issued).post("/rest/acct/getResources", {"userRoleId": -1}, format="json")
    data = assert_envelope(response, status=200)
    assert data["userRoleId"] == -1
    assert "ERP-YUKB-PAG-0001-0000" in data["menu"]
    assert data["btn"] == []


def test_get_resources_of_another_users_entry_is_not_found(demo):
    others = login("SY00001")["roles"]
    issued = login("SY00002")
    response = bearer_client(issued).post(
        "/rest/acct/getResources", {"userRoleId": others[0]["userRoleId"]}, format="json"
    )
    assert_envelope(response, status=404, errcode="SYS-40400")


def test_roles_lists_the_signed_in_users_entries(demo):
    user = demo.user("SY00001")
    issued = login("SY00001")
    data = assert_envelope(bearer_client(issued).get("/rest/acct/roles", {"userId": user.pk}), status=200)
    assert [row["hierId"] for row in data] == [demo.store1.pk, demo.store2.pk]
    assert {row["userId"] for row in data} == {user.pk}


def test_roles_of_another_user_are_refused(demo):
    other = demo.user("SY00002")
    issued = login("SY00001")
    response = bearer_client(issued).get("/rest/acct/roles", {"userId": other.pk})
    assert_envelope(response, status=403, errcode="AUTH-40300")
    assert response.json()["errmsg"] == "no permission"


# --- store-employee login, login record ------------------------------------------------------


def test_nurse_signs_in_as_store_employee_by_role_name(demo):
    user = demo.user("SY00003")
    issued = login("SY00003")
    response = bearer_client(issued).post(
        "/rest/acct/employeeLogin", {"roleName": "护理师", "storeId": demo.store1.pk}, format="json"
    )
    data = assert_envelope(response, status=200)
    assert data["userRoleId"] == -1
    assert data["storeId"] == demo.store1.pk
    assert data["landing"] == "/orderBoard"
    assert data["header_text"] == f"{demo.store1.name}|护理师"
    assert data["isOwner"] is False
    info = assert_envelope(bearer_client(data).get(LOGIN_INFO_URL), status=200)
    assert info["storeName"] == demo.store1.name
    assert actions_of(user) == [AuditAction.LOGIN, AuditAction.ROLE_CHOSEN]


@pytest.mark.parametrize(
    ("role_name", "store"),
    [("护理师", "store2"), ("前台", "store1"), ("店长", "store1")],
)
def test_store_employee_login_without_that_role_in_that_store_is_not_found(demo, role_name, store):
    issued = login("SY00003")
    response = bearer_client(issued).post(
        "/rest/acct/employeeLogin", {"roleName": role_name, "storeId": getattr(demo, store).pk}, format="json"
    )
    assert_envelope(response, status=404, errcode="SYS-40400")


def test_login_record_keeps_what_the_browser_reports_and_the_address_seen(demo):
    user = demo.user("SY00002")
    issued = login("SY00002")
    login_data = {
        "loginName": "SY00002",
        "userName": "李静",
        "roleName": "店长",
        "storeName": demo.store1.name,
        "ipAddress": "203.0.113.7",
        "ipAscriptionAddress": "上海",
    }
    response = bearer_client(issued).post("/rest/acct/loginRecord", {"loginData": login_data}, format="json")
    data = assert_envelope(response, status=201)
    assert response.json()["errmsg"] == ""
    record = LoginRecord.objects.get(pk=data["id"])
    assert record.user == user
    assert (record.user_name, record.role_name, record.store_name) == ("李静", "店长", demo.store1.name)
    assert (record.reported_ip, record.reported_ip_location, record.seen_ip) == ("203.0.113.7", "上海", "127.0.0.1")


def test_login_record_needs_a_signed_in_user(demo):
    response = bearer_client({"access": "x", "accountVersion": "y"}).post(
        "/rest/acct/loginRecord", {"loginData": {}}, format="json"
    )
    assert_envelope(response, status=401, errcode="SECURES-LOGIN-ON-401")
    assert not LoginRecord.objects.exists()


# --- role switch (ERP token) -----------------------------------------------------------------


def owner_in_store1(demo: Demo) -> tuple[User, dict]:
    issued = login("SY00001")
    row = next(row for row in issued["roles"] if row["hierId"] == demo.store1.pk)
    return demo.user("SY00001"), choose(issued, row["userRoleId"])


def test_owner_switches_from_store_1_to_store_2(demo):
    user, chosen = owner_in_store1(demo)
    body = {"phone": user.phone, "roleId": 1, "storeId": demo.store2.pk, "userId": user.pk}
    answer = assert_envelope(bearer_client(chosen).post(ERP_TOKEN_URL, body, format="json"), status=200)
    assert answer["success"] is True
    token = answer["result"]["token"]
    assert token and token != chosen["access"]
    assert answer["result"]["storeId"] == demo.store2.pk
    assert answer["result"]["header_text"] == f"{demo.store2.name}|老板"

    info = assert_envelope(bearer_client(chosen, access=token).get(LOGIN_INFO_URL), status=200)
    assert info["storeName"] == demo.store2.name
    checked = [row for row in info["roles"] if row["checked"]]
    assert [row["hierId"] for row in checked] == [demo.store2.pk]

    switched = SystemLog.objects.get(user_id=user.pk, action=AuditAction.ROLE_SWITCHED)
    assert (switched.store_id, switched.store_name) == (demo.store2.pk, demo.store2.name)
    assert switched.detail == {"previousRole": "老板"}
    assert actions_of(user) == [AuditAction.LOGIN, AuditAction.ROLE_CHOSEN, AuditAction.ROLE_SWITCHED]


@pytest.mark.parametrize("missing", ["phone", "roleId", "storeId", "userId"])
def test_role_switch_with_a_missing_fact_is_incomplete(demo, missing):
    user, chosen = owner_in_store1(demo)
    body = {"phone": user.phone, "roleId": 1, "storeId": demo.store2.pk, "userId": user.pk}
    del body[missing]
    response = bearer_client(chosen).post(ERP_TOKEN_URL, body, format="json")
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["errmsg"] == "role information incomplete, cannot switch"
    assert not SystemLog.objects.filter(action=AuditAction.ROLE_SWITCHED).exists()


def test_role_switch_with_an_empty_phone_is_incomplete(demo):
    user, chosen = owner_in_store1(demo)
    body = {"phone": "", "roleId": 1, "storeId": demo.store2.pk, "userId": user.pk}
    response = bearer_client(chosen).post(ERP_TOKEN_URL, body, format="json")
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["errmsg"] == "role information incomplete, cannot switch"


def test_nurse_gets_no_role_switch(demo):
    user = demo.user("SY00003")
    chosen = choose(login("SY00003"), -1)
    body = {"phone": user.phone, "roleId": 6, "storeId": demo.store1.pk, "userId": user.pk}
    response = bearer_client(chosen).post(ERP_TOKEN_URL, body, format="json")
    assert_envelope(response, status=403, errcode="AUTH-40300")
    assert not SystemLog.objects.filter(action=AuditAction.ROLE_SWITCHED).exists()


def test_role_switch_for_another_user_is_refused(demo):
    _, chosen = owner_in_store1(demo)
    other = demo.user("SY00002")
    body = {"phone": other.phone, "roleId": 2, "storeId": demo.store1.pk, "userId": other.pk}
    response = bearer_client(chosen).post(ERP_TOKEN_URL, body, format="json")
    assert_envelope(response, status=403, errcode="AUTH-40300")


def test_role_switch_to_a_role_not_held_there_is_not_found(demo):
    user, chosen = owner_in_store1(demo)
    body = {"phone": user.phone, "roleId": 2, "storeId": demo.store2.pk, "userId": user.pk}
    response = bearer_client(chosen).post(ERP_TOKEN_URL, body, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")


def test_role_switch_before_a_role_is_chosen_is_refused(demo):
    user = demo.user("SY00001")
    issued = login("SY00001")
    body = {"phone": user.phone, "roleId": 1, "storeId": demo.store2.pk, "userId": user.pk}
    response = bearer_client(issued).post(ERP_TOKEN_URL, body, format="json")
    assert_envelope(response, status=403, errcode="AUTH-40300")


# --- the system log of sign-in ---------------------------------------------------------------


def test_login_and_logout_each_write_one_system_log_row(demo):
    user = demo.user("SY00002")
    issued = login("SY00002")
    login_row = SystemLog.objects.get(user_id=user.pk, action=AuditAction.LOGIN)
    assert (login_row.login_name, login_row.object_id) == ("SY00002", str(user.pk))
    assert_envelope(bearer_client(issued).post(LOGOUT_URL, {"refresh": issued["refresh"]}, format="json"), status=200)
    assert actions_of(user) == [AuditAction.LOGIN, AuditAction.LOGOUT]


def test_failed_login_writes_no_login_row(demo):
    assert_envelope(form_login(None, "SY00002", "wrong-password"), status=401, errcode="LOGIN-40101")
    assert not SystemLog.objects.filter(action=AuditAction.LOGIN).exists()
