"""Store information and shop management through the API (spec §7.2): rules, scoping, system log."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.accounts.tests.factories import RoleFactory, UserRoleFactory
from apps.core.models import SystemLog
from apps.core.role_codes import STORE_CONTROLS
from apps.core.testing import assert_envelope
from apps.masterdata.choices import RegionLevel
from apps.masterdata.models import Region
from apps.org.choices import AuditAction
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

INFO = "MDGL-PAG-0002-0000"
SHOP = "ERP-MENU"


@pytest.fixture
def regions(db):
    shanghai = Region.objects.create(code="310000", name="上海市", level=RegionLevel.PROVINCE)
    city = Region.objects.create(code="310100", name="上海市", level=RegionLevel.CITY, parent=shanghai)
    Region.objects.create(code="310106", name="静安区", level=RegionLevel.DISTRICT, parent=city)
    Region.objects.create(code="310104", name="徐汇区", level=RegionLevel.DISTRICT, parent=city)
    beijing = Region.objects.create(code="110000", name="北京市", level=RegionLevel.PROVINCE)
    Region.objects.create(code="110100", name="北京市", level=RegionLevel.CITY, parent=beijing)


@pytest.fixture
def editor(chain, make_entry):
    """An owner at the store: every setting is theirs to change (a principal's are in test_store_controls)."""
    return make_entry(chain["store"], codes=[INFO, STORE_CONTROLS.code], kind="owner")


def _update(client, store_id, **fields):
    return client.post("/rest/shopDetail/UpdateErpStore", {"id": store_id, **fields}, format="json")


VALID = {
    "provinceCode": "310000",
    "cityCode": "310100",
    "districtCode": "310106",
    "address": "南京西路1266号",
    "phone": "021-62881234",
    "openTime": "10:00",
    "closeTime": "22:00",
    "seats": 12,
}


def test_the_store_information_is_read_and_checked_for_completeness(chain, editor, regions):
    client = api_client(entry=editor)
    data = assert_envelope(client.get(f"/rest/shopDetail/findErpById/{chain['store'].pk}"), status=200)
    assert data["name"] == "Store A" and data["status"] == "open" and data["debtDisabled"] is False
    check = assert_envelope(client.get(f"/rest/shopDetail/findErpByIdCheck/{chain['store'].pk}"), status=200)
    assert check["complete"] is False
    assert set(check["missingFields"]) == {
        "provinceCode",
        "cityCode",
        "districtCode",
        "address",
        "phone",
        "openTime",
        "closeTime",
    }
    assert_envelope(_update(client, chain["store"].pk, **VALID), status=200)
    check = assert_envelope(client.get(f"/rest/shopDetail/findErpByIdCheck/{chain['store'].pk}"), status=200)
    assert check["complete"] is True and check["missingFields"] == []
    assert check["fullAddress"] == "上海市静安区南京西路1266号"
    assert check["districtName"] == "静安区" and check["openTime"] == "10:00" and check["seats"] == 12


def test_an_edit_changes_only_the_fields_sent_and_logs_each_change(chain, editor, regions):
    client = api_client(entry=editor)
    response = _update(
        client, chain["store"].pk, **VALID, frontDeskCheckRequired=True, borrowOutTargetIds=[chain["other_store"].pk]
    )
    body = response.json()
    assert body["errmsg"] == "saved"
    data = assert_envelope(response, status=200)
    assert data["borrowOutTargets"] == [{"id": chain["other_store"].pk, "name": "Store B"}]
    log = SystemLog.objects.get(action=AuditAction.STORE_UPDATED)
    assert log.detail["changed"]["phone"] == ["", "021-62881234"]
    assert log.detail["changed"]["openTime"] == [None, "10:00"]
    assert log.detail["changed"]["borrowOutTargetIds"] == [[], [chain["other_store"].pk]]
    assert log.login_name == editor.user.login_name and log.object_id == str(chain["store"].pk)
    assert_envelope(_update(client, chain["store"].pk, seats=14), status=200)
    second = SystemLog.objects.filter(action=AuditAction.STORE_UPDATED).order_by("-id").first()
    assert second.detail == {"changed": {"seats": [12, 14]}}
    # Nothing changed, nothing logged.
    assert_envelope(_update(client, chain["store"].pk, seats=14), status=200)
    assert SystemLog.objects.filter(action=AuditAction.STORE_UPDATED).count() == 2


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"phone": "12345"}, "phone", "please enter a valid phone number"),
        ({"phone": "021-123"}, "phone", "please enter a valid phone number"),
        ({"openTime": "22:00", "closeTime": "10:00"}, "closeTime", "the opening time must be before the closing time"),
        ({"openTime": "10:00", "closeTime": "10:00"}, "closeTime", "the opening time must be before the closing time"),
        ({"openTime": "10:00"}, "closeTime", "please enter both the opening and the closing time"),
        ({"seats": -1}, "seats", "enter at least 0"),
        ({"seats": 1000}, "seats", "enter at most 999"),
        ({"name": " "}, "name", "please enter the store name"),
        ({"status": "gone"}, "status", "unknown store status"),
        ({"provinceCode": "310000"}, "cityCode", "please choose the province, city and district"),
        (
            {"provinceCode": "310000", "cityCode": "110100", "districtCode": "310106"},
            "cityCode",
            "the city is not in that province",
        ),
        (
            {"provinceCode": "310000", "cityCode": "310100", "districtCode": "110101"},
            "districtCode",
            "the district is not in that city",
        ),
    ],
)
def test_the_rules_of_an_edit(chain, editor, regions, fields, field, message):
    response = _update(api_client(entry=editor), chain["store"].pk, **fields)
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert data["fields"][field] == [message]
    assert response.json()["errmsg"] == message
    assert not SystemLog.objects.filter(action=AuditAction.STORE_UPDATED).exists()


@pytest.mark.parametrize(("fields", "field"), [({"name": "店" * 101}, "name"), ({"address": "路" * 201}, "address")])
def test_a_store_name_or_address_over_the_limit_is_refused_not_cut(chain, editor, regions, fields, field):
    data = assert_envelope(
        _update(api_client(entry=editor), chain["store"].pk, **fields), status=400, errcode="VALID-40000"
    )
    assert field in data["fields"]
    assert not SystemLog.objects.filter(action=AuditAction.STORE_UPDATED).exists()


def test_a_store_cannot_lend_to_itself_or_to_an_unknown_store(chain, editor):
    client = api_client(entry=editor)
    assert_envelope(
        _update(client, chain["store"].pk, borrowOutTargetIds=[chain["store"].pk]), status=400, errcode="VALID-40000"
    )
    assert_envelope(
        _update(client, chain["store"].pk, borrowOutTargetIds=[chain["region"].pk]), status=400, errcode="VALID-40000"
    )


def test_a_store_cannot_lend_to_a_store_of_another_chain(chain, editor):
    elsewhere = StoreFactory()  # under a head office of its own
    response = _update(api_client(entry=editor), chain["store"].pk, borrowOutTargetIds=[elsewhere.pk])
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert data["fields"]["borrowOutTargetIds"] == ["unknown store among the borrow-out targets"]


def test_borrow_out_candidates_are_the_other_stores_of_the_chain(chain, editor):
    StoreFactory()  # another chain's store is not offered
    client = api_client(entry=editor)
    data = assert_envelope(client.get(f"/rest/shopDetail/borrowOutCandidates/{chain['store'].pk}"), status=200)
    assert data == [{"id": chain["other_store"].pk, "name": "Store B"}]
    response = client.get(f"/rest/shopDetail/borrowOutCandidates/{chain['other_store'].pk}")
    assert_envelope(response, status=404, errcode="SYS-40400")


def test_messages_follow_the_language(chain, editor):
    response = _update(api_client(entry=editor, language="zh-hans"), chain["store"].pk, seats=-1)
    assert_envelope(response, status=400, errcode="VALID-40000")


def test_another_stores_information_is_not_found(chain, editor):
    client = api_client(entry=editor)
    other = chain["other_store"].pk
    assert_envelope(client.get(f"/rest/shopDetail/findErpById/{other}"), status=404, errcode="SYS-40400")
    assert_envelope(client.get(f"/rest/shopDetail/findErpByIdCheck/{other}"), status=404, errcode="SYS-40400")
    assert_envelope(_update(client, other, seats=3), status=404, errcode="SYS-40400")
    assert_envelope(
        client.get("/rest/shopDetail/checkStoreStatusIsDebtDisable", {"storeId": other}),
        status=404,
        errcode="SYS-40400",
    )


def test_without_the_code_the_edit_is_refused(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"], codes=[SHOP]))
    assert_envelope(_update(client, chain["store"].pk, seats=3), status=403, errcode="AUTH-40300")


@pytest.fixture
def owner(chain, make_entry):
    entry = make_entry(chain["store"], codes=[SHOP, INFO], kind="owner")
    UserRoleFactory(user=entry.user, role=entry.role, hier=chain["other_store"])
    return entry


def test_the_debt_status_of_a_store(chain, owner):
    store = chain["other_store"]
    store.debt_disabled, store.debt_disabled_reason = True, "欠款未结清"
    store.save()
    client = api_client(entry=owner)
    assert assert_envelope(
        client.get("/rest/shopDetail/checkStoreStatusIsDebtDisable", {"storeId": store.pk}), status=200
    ) == {
        "disabled": True,
        "reason": "欠款未结清",
    }
    assert assert_envelope(
        client.get("/rest/shopDetail/checkStoreStatusIsDebtDisable", {"storeId": chain["store"].pk}), status=200
    ) == {"disabled": False, "reason": ""}
    assert_envelope(client.get("/rest/shopDetail/checkStoreStatusIsDebtDisable"), status=400, errcode="VALID-40000")


def test_store_modify_answers_the_session_of_the_owners_entry_there(chain, owner):
    client = api_client(entry=owner)
    data = assert_envelope(
        client.put("/rest/acct/storeModify", {"storeId": chain["other_store"].pk}, format="json"), status=200
    )
    assert data["storeId"] == chain["other_store"].pk and data["landing"] == "/shopManagement"
    assert data["access"] and data["roleId"] == owner.role_id


def test_store_modify_refuses_a_store_disabled_for_debt_and_a_stranger_store(chain, owner):
    store = chain["other_store"]
    store.debt_disabled = True
    store.save()
    client = api_client(entry=owner)
    assert_envelope(
        client.put("/rest/acct/storeModify", {"storeId": store.pk}, format="json"), status=403, errcode="SHOP-40301"
    )
    stranger = StoreFactory(parent=chain["region"])
    assert_envelope(
        client.put("/rest/acct/storeModify", {"storeId": stranger.pk}, format="json"), status=404, errcode="SYS-40400"
    )


def test_store_modify_needs_shop_management(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"], codes=[INFO]))
    assert_envelope(
        client.put("/rest/acct/storeModify", {"storeId": chain["store"].pk}, format="json"),
        status=403,
        errcode="AUTH-40300",
    )


def test_an_owner_role_without_a_store_entry_cannot_switch(chain, make_entry):
    role = RoleFactory(codes=[SHOP], kind="owner")
    entry = UserRoleFactory(role=role, hier=chain["head_office"])
    client = api_client(entry=entry)
    assert_envelope(
        client.put("/rest/acct/storeModify", {"storeId": chain["store"].pk}, format="json"),
        status=404,
        errcode="SYS-40400",
    )


def test_the_card_transfer_approval_setting_is_saved_shown_and_logged(chain, editor):
    client = api_client(entry=editor)
    data = assert_envelope(_update(client, chain["store"].pk, cardTransferApproval=True), status=200)
    assert data["cardTransferApproval"] is True
    chain["store"].refresh_from_db()
    assert chain["store"].card_transfer_approval is True
    log = SystemLog.objects.get(action=AuditAction.STORE_UPDATED)
    assert log.detail == {"changed": {"cardTransferApproval": [False, True]}}
    shown = assert_envelope(client.get(f"/rest/shopDetail/findErpByIdCheck/{chain['store'].pk}"), status=200)
    assert shown["cardTransferApproval"] is True
