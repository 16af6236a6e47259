"""Who may change each store setting (issue 25 finding 6; decision 0024, "the store's controls are
the owner's"). Every field UpdateErpStore takes is classified here, once: the settings that govern
approvals, money or stock are the owner's (BTN-MDGL-STORE-CONTROLS); the rest a principal with the
page code may change. A new field of the serializer fails the classification test until it is put
in one of the two lists."""

from __future__ import annotations

import pytest

from apps.accounts.demo import ROLES
from apps.accounts.testing import api_client
from apps.core.models import SystemLog
from apps.core.role_codes import STORE_CONTROLS
from apps.core.testing import assert_envelope
from apps.masterdata.choices import RegionLevel
from apps.masterdata.models import Region
from apps.org import services
from apps.org.api.serializers import StoreUpdateInputSerializer
from apps.org.choices import AuditAction
from apps.org.models import OrgUnit

pytestmark = pytest.mark.django_db

INFO = "MDGL-PAG-0002-0000"
UPDATE = "/rest/shopDetail/UpdateErpStore"

# The decision, by wire name. Moving a field between the lists is a decision to record in 0024.
OWNER_ONLY = {
    "refundApprovalAbove",
    "cardTransferApproval",
    "negativeStockAllowed",
    "signatureRequired",
    "borrowOutTargetIds",
}
PRINCIPAL_MAY = {
    "name",
    "provinceCode",
    "cityCode",
    "districtCode",
    "address",
    "phone",
    "openTime",
    "closeTime",
    "seats",
    "status",
    "frontDeskCheckRequired",
}


def _changes(chain) -> dict[str, dict]:
    """For each setting, a body that changes it from a new store's values (with the fields a rule
    asks to come with it)."""
    region = {"provinceCode": "310000", "cityCode": "310100", "districtCode": "310106"}
    hours = {"openTime": "10:00", "closeTime": "22:00"}
    return {
        "refundApprovalAbove": {"refundApprovalAbove": "100.00"},
        "cardTransferApproval": {"cardTransferApproval": True},
        "negativeStockAllowed": {"negativeStockAllowed": True},
        "signatureRequired": {"signatureRequired": True},
        "borrowOutTargetIds": {"borrowOutTargetIds": [chain["other_store"].pk]},
        "name": {"name": "青丝养护新店"},
        "provinceCode": region,
        "cityCode": region,
        "districtCode": region,
        "address": {"address": "南京西路1266号"},
        "phone": {"phone": "021-62881234"},
        "openTime": hours,
        "closeTime": hours,
        "seats": {"seats": 12},
        "status": {"status": "closed"},
        "frontDeskCheckRequired": {"frontDeskCheckRequired": True},
    }


@pytest.fixture
def regions(db):
    shanghai = Region.objects.create(code="310000", name="上海市", level=RegionLevel.PROVINCE)
    city = Region.objects.create(code="310100", name="上海市", level=RegionLevel.CITY, parent=shanghai)
    Region.objects.create(code="310106", name="静安区", level=RegionLevel.DISTRICT, parent=city)


@pytest.fixture
def principal(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=[INFO]))


@pytest.fixture
def owner(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=[INFO, STORE_CONTROLS.code], kind="owner"))


def _snapshot(store: OrgUnit) -> dict:
    store = OrgUnit.objects.get(pk=store.pk)
    row = {field: getattr(store, field) for field in services.STORE_FIELDS}
    return {**row, "borrow_out_target_ids": sorted(store.borrow_out_targets.values_list("id", flat=True))}


def test_every_store_setting_is_either_the_owners_or_a_principals():
    fields = set(StoreUpdateInputSerializer().fields) - {"id"}
    assert not OWNER_ONLY & PRINCIPAL_MAY
    assert fields == OWNER_ONLY | PRINCIPAL_MAY, "classify the new store setting in OWNER_ONLY or PRINCIPAL_MAY"
    # The service enforces the same lists (by model field).
    wire = {**services.STORE_FIELDS, "borrow_out_target_ids": "borrowOutTargetIds"}
    assert {wire[field] for field in services.OWNER_ONLY_SETTINGS} == OWNER_ONLY
    assert {wire[field] for field in services.PRINCIPAL_SETTINGS} == PRINCIPAL_MAY
    assert set(wire) == services.OWNER_ONLY_SETTINGS | services.PRINCIPAL_SETTINGS


@pytest.mark.parametrize("field", sorted(OWNER_ONLY))
def test_a_principal_cannot_change_an_owners_setting(chain, principal, regions, field):
    before = _snapshot(chain["store"])
    body = {"id": chain["store"].pk, **_changes(chain)[field]}
    refused = principal.post(UPDATE, body, format="json")
    data = assert_envelope(refused, status=403, errcode="AUTH-40300")
    assert data == {"fields": [field]}
    assert refused.json()["errmsg"] == "only the owner may change the store's approval, money and stock settings"
    assert _snapshot(chain["store"]) == before
    assert not SystemLog.objects.filter(action=AuditAction.STORE_UPDATED).exists()


@pytest.mark.parametrize("field", sorted(PRINCIPAL_MAY))
def test_a_principal_may_change_the_rest(chain, principal, regions, field):
    body = {"id": chain["store"].pk, **_changes(chain)[field]}
    assert_envelope(principal.post(UPDATE, body, format="json"), status=200)
    log = SystemLog.objects.get(action=AuditAction.STORE_UPDATED)
    assert field in log.detail["changed"]


def test_the_owner_changes_every_setting_and_each_change_is_logged(chain, owner, regions):
    body: dict = {"id": chain["store"].pk}
    for change in _changes(chain).values():
        body.update(change)
    assert_envelope(owner.post(UPDATE, body, format="json"), status=200)
    log = SystemLog.objects.get(action=AuditAction.STORE_UPDATED)
    assert set(log.detail["changed"]) == OWNER_ONLY | PRINCIPAL_MAY


def test_a_principals_edit_with_one_owners_setting_changes_nothing(chain, principal, owner, regions):
    """Issue 25 finding 6: the principal clears the owner's refund approval amount and turns card
    transfer approval off beside a permitted change: all of it is refused."""
    set_by_owner = {"id": chain["store"].pk, "refundApprovalAbove": "100.00", "cardTransferApproval": True}
    assert_envelope(owner.post(UPDATE, set_by_owner, format="json"), status=200)
    before = _snapshot(chain["store"])
    body = {"id": chain["store"].pk, "name": "改名", "refundApprovalAbove": None, "cardTransferApproval": False}
    data = assert_envelope(principal.post(UPDATE, body, format="json"), status=403, errcode="AUTH-40300")
    assert data == {"fields": ["cardTransferApproval", "refundApprovalAbove"]}
    assert _snapshot(chain["store"]) == before
    assert SystemLog.objects.filter(action=AuditAction.STORE_UPDATED).count() == 1  # the owner's
    # The whole form sent back with the owner's settings as they are is no change of them.
    unchanged = {**body, "refundApprovalAbove": "100", "cardTransferApproval": True, "borrowOutTargetIds": []}
    assert assert_envelope(principal.post(UPDATE, unchanged, format="json"), status=200)["name"] == "改名"


def test_the_demo_owner_holds_the_store_controls_code_and_the_principals_do_not():
    codes = {role_id: set(role_codes) for role_id, _name, _kind, _remark, role_codes in ROLES}
    assert STORE_CONTROLS.code in codes[1]
    assert STORE_CONTROLS.code not in codes[2] and STORE_CONTROLS.code not in codes[5]
