"""Head office deactivates a store or disables it for debt: every call acting there stops at once,
reads and writes alike, over a token or the browser session; refresh gives no new pair acting there;
and no way in (selectHierRole, employeeLogin, erpToken, storeModify) switches into it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from apps.accounts.testing import api_client
from apps.accounts.tests.factories import PASSWORD, UserRoleFactory
from apps.accounts.tests.helpers import LOGIN_INFO_URL, REFRESH_URL, bearer_client, form_login
from apps.core.testing import assert_envelope
from apps.org.models import OrgUnit

pytestmark = pytest.mark.django_db

CHOICES_URL = "/rest/hier/findStoreQuickBase"
SAVE_URL = "/rest/hier/addStoreQuicks"
DEACTIVATED = ("SHOP-40302", "this store has been deactivated, please contact head office")
DEBT = ("SHOP-40301", "this store is disabled for debt, please contact head office")
CLOSINGS = {
    "deactivated": ({"is_active": False}, DEACTIVATED),
    "disabled for debt": ({"debt_disabled": True}, DEBT),
}


@pytest.fixture
def entry(chain, make_entry):
    return make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000", "ERP-MENU"], kind="owner")


def close(store, changes: dict) -> None:
    OrgUnit.objects.filter(pk=store.pk).update(**changes)


def read(client):
    return client.get(CHOICES_URL)


def write(client, entry):
    body = {"roleId": entry.role_id, "routers": ["/orderBoard"], "storeId": entry.hier_id, "userId": entry.user_id}
    return client.post(SAVE_URL, body, format="json")


def assert_store_refused(response, refusal: tuple[str, str]) -> None:
    errcode, message = refusal
    assert_envelope(response, status=403, errcode=errcode)
    assert response.json()["errmsg"] == message


def assert_not_switched(response, refusal: tuple[str, str]) -> None:
    """A store disabled for debt refuses the switch; a deactivated one is not even offered (the
    choices list only active levels): 404."""
    if refusal == DEACTIVATED:
        assert_envelope(response, status=404, errcode="SYS-40400")
    else:
        assert_store_refused(response, refusal)
    assert "access" not in response.content.decode()


@pytest.mark.parametrize("changes, refusal", CLOSINGS.values(), ids=CLOSINGS.keys())
def test_a_token_acting_in_a_store_closed_since_is_refused_on_a_read_and_on_a_write(entry, changes, refusal):
    client = api_client(entry=entry)
    assert_envelope(read(client), status=200)
    assert_envelope(write(client, entry), status=200)
    close(entry.hier, changes)
    assert_store_refused(read(client), refusal)
    assert_store_refused(write(client, entry), refusal)
    # Still signed in: the person sees who they are and can choose a role in another store.
    assert assert_envelope(client.get(LOGIN_INFO_URL), status=200)["userId"] == entry.user_id


def test_the_refusal_is_translated(entry):
    close(entry.hier, {"is_active": False})
    response = read(api_client(entry=entry, language="zh-hans"))
    assert_envelope(response, status=403, errcode="SHOP-40302")
    assert response.json()["errmsg"] == "该门店已停用，请联系总部"  # locale/zh_Hans/LC_MESSAGES/django.po
    close(entry.hier, {"is_active": True, "debt_disabled": True})
    response = read(api_client(entry=entry, language="zh-hans"))
    assert response.json()["errmsg"] == "该门店因欠款已被停用，请联系总部"


def test_a_store_open_again_is_served_again(entry):
    client = api_client(entry=entry)
    close(entry.hier, {"is_active": False})
    assert_store_refused(read(client), DEACTIVATED)
    close(entry.hier, {"is_active": True})
    assert_envelope(read(client), status=200)


@pytest.mark.parametrize("changes, refusal", CLOSINGS.values(), ids=CLOSINGS.keys())
def test_refresh_gives_no_new_pair_acting_in_a_closed_store(entry, changes, refusal):
    issued = api_client(entry=entry).issued
    close(entry.hier, changes)
    assert_store_refused(
        APIClient(HTTP_ACCEPT_LANGUAGE="en").post(REFRESH_URL, {"refresh": issued["refresh"]}), refusal
    )


@pytest.mark.parametrize("changes, refusal", CLOSINGS.values(), ids=CLOSINGS.keys())
def test_select_hier_role_does_not_switch_into_a_closed_store(chain, entry, changes, refusal):
    there = UserRoleFactory(user=entry.user, role=entry.role, hier=chain["other_store"])
    issued = assert_envelope(form_login(None, entry.user.login_name, PASSWORD), status=200)
    close(chain["other_store"], changes)
    response = bearer_client(issued).post(f"/rest/acct/selectHierRole/{there.pk}", {}, format="json")
    assert_not_switched(response, refusal)


@pytest.mark.parametrize("changes, refusal", CLOSINGS.values(), ids=CLOSINGS.keys())
def test_store_modify_and_erp_token_do_not_switch_into_a_closed_store(chain, entry, changes, refusal):
    UserRoleFactory(user=entry.user, role=entry.role, hier=chain["other_store"])
    close(chain["other_store"], changes)
    client = api_client(entry=entry)
    body = {"phone": entry.user.phone, "roleId": entry.role_id, "storeId": chain["other_store"].pk}
    assert_store_refused(client.post("/rest/acct/erpToken", {**body, "userId": entry.user_id}, format="json"), refusal)
    assert_not_switched(
        client.put("/rest/acct/storeModify", {"storeId": chain["other_store"].pk}, format="json"), refusal
    )


def test_employee_login_does_not_sign_in_to_a_store_disabled_for_debt(chain, make_entry):
    entry = make_entry(chain["store"], kind="store_employee")
    close(chain["store"], {"debt_disabled": True})
    client = api_client(user=entry.user)
    response = client.post(
        "/rest/acct/employeeLogin", {"roleName": entry.role.name, "storeId": chain["store"].pk}, format="json"
    )
    assert_store_refused(response, DEBT)
