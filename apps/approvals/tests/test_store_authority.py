"""Store authority over HTTP (spec §2.4 "apply permission", §7.9 getStoreAuthority and
getStoreAuthorityResult, §8 its messages): a staff member asks, the store's boss decides in the
approval centre or in WeCom's approval (a fake WeCom over real HTTP), the poll answers 204 / 200 / 505."""

from __future__ import annotations

import pytest

from apps.accounts.choices import AuditAction as AccountsAction
from apps.accounts.choices import RoleKind
from apps.accounts.models import Role, UserRole
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import RoleFactory, UserFactory
from apps.accounts.tests.fake_wecom import FakeWecom
from apps.approvals.choices import ApprovalStatus
from apps.approvals.models import ApprovalRequest
from apps.core.models import SystemLog
from apps.core.role_codes import STORE_AUTHORITY_APPROVE
from apps.core.testing import assert_envelope

ASK = "/rest/staffList/getStoreAuthority"
RESULT = "/rest/staffList/getStoreAuthorityResult"
APPROVE = "/rest/approvalCenterRest/approve"
REJECT = "/rest/approvalCenterRest/reject"
CORP_ID, AGENT_ID, SECRET, TEMPLATE = "ww-test-corp", "1000002", "test-secret", "tpl-authority"
APPLY_PATH, DETAIL_PATH = "/cgi-bin/oa/applyevent", "/cgi-bin/oa/getapprovaldetail"


@pytest.fixture
def roles(db):
    """The roles the authorities grant: the first of each kind (the demo's 老板 and 店长)."""
    RoleFactory(name="Boss", kind=RoleKind.OWNER)
    RoleFactory(name="Manager", kind=RoleKind.PRINCIPAL)
    return {
        "boss": Role.objects.filter(kind=RoleKind.OWNER).order_by("id").first(),
        "manager": Role.objects.filter(kind=RoleKind.PRINCIPAL).order_by("id").first(),
    }


@pytest.fixture
def nurse(chain, make_entry, roles):
    return make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"], kind="store_employee")


@pytest.fixture
def owner(chain, make_entry, roles):
    return make_entry(chain["store"], codes=[STORE_AUTHORITY_APPROVE.code], kind="owner")


@pytest.fixture
def fake_wecom(settings, monkeypatch, nurse, owner):
    """WeCom's approval set up, the nurse and the store's owner bound to WeCom members."""
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    fake = FakeWecom(corp_id=CORP_ID, secret=SECRET).start()
    settings.WECOM_API_BASE = fake.base_url
    settings.WECOM_CORP_ID, settings.WECOM_AGENT_ID, settings.WECOM_SECRET = CORP_ID, AGENT_ID, SECRET
    settings.WECOM_AUTHORITY_TEMPLATE_ID = TEMPLATE
    settings.WECOM_TIMEOUT_SECONDS = 2.0
    type(nurse.user).objects.filter(pk=nurse.user_id).update(wecom_userid="nurse-wx")
    type(owner.user).objects.filter(pk=owner.user_id).update(wecom_userid="boss-wx")
    yield fake
    fake.stop()


def ask(entry, authority="manager", *, language="en", user_id=None):
    client = api_client(entry=entry, language=language)
    return client.post(ASK, {"userId": user_id or entry.user_id, "authority": authority}, format="json")


def poll(entry, sp_no, n=1, *, language="en"):
    return api_client(entry=entry, language=language).get(RESULT, {"spNo": sp_no, "n": n})


def asked_number(response) -> str:
    data = assert_envelope(response, status=200, errcode="200")
    assert response.json()["errmsg"] == data["spNo"]
    return data["spNo"]


# --- without WeCom: the owner decides in the approval centre -------------------------------------


def test_the_owner_approves_in_the_centre_and_the_poll_grants_the_role(nurse, owner, roles):
    response = ask(nurse)
    sp_no = asked_number(response)
    request = ApprovalRequest.objects.get(kind="store-authority")
    assert sp_no == f"ERP-{request.pk}"
    data = response.json()["data"]
    assert data["requestId"] == request.pk
    assert data["approveUrl"] == f"http://testserver/approvalCenter?id={request.pk}"
    assert data["qr"].startswith("data:image/svg+xml")
    assert (request.store_id, request.applicant_id, request.payload["authority"]) == (
        nurse.hier_id,
        nurse.user_id,
        "manager",
    )

    assert assert_envelope(poll(nurse, sp_no, 1), status=200, errcode="204") is None
    assert_envelope(api_client(entry=owner).post(APPROVE, {"id": request.pk}, format="json"), status=200)
    response = poll(nurse, sp_no, 2)

    rows = assert_envelope(response, status=200, errcode="200")
    assert response.json()["errmsg"] == "authorization passed"
    assert {(row["hierId"], row["roleId"]) for row in rows} == {
        (nurse.hier_id, nurse.role_id),
        (nurse.hier_id, roles["manager"].pk),
    }
    granted = UserRole.objects.get(user_id=nurse.user_id, role=roles["manager"], hier_id=nurse.hier_id)
    assert SystemLog.objects.filter(action=AccountsAction.USER_ROLE_GRANTED, object_id=str(granted.pk)).exists()


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "authorisation not passed, please apply again"), ("zh-hans", "授权未通过，请重新申请")],
)
def test_a_rejection_in_the_centre_answers_505_in_the_readers_language(nurse, owner, roles, language, message):
    sp_no = asked_number(ask(nurse, "boss"))
    request = ApprovalRequest.objects.get(kind="store-authority")
    client = api_client(entry=owner)
    assert_envelope(client.post(REJECT, {"id": request.pk, "remark": "not yet"}, format="json"), status=200)

    response = poll(nurse, sp_no, language=language)

    assert assert_envelope(response, status=200, errcode="505") is None
    assert response.json()["errmsg"] == message
    assert not UserRole.objects.filter(user_id=nurse.user_id, role=roles["boss"]).exists()


def test_the_waiting_message_in_chinese(nurse, owner):
    sp_no = asked_number(ask(nurse))
    assert poll(nurse, sp_no, language="zh-hans").json()["errmsg"] == "等待授权"


def test_asking_twice_while_waiting_answers_the_same_number(nurse, owner):
    first = asked_number(ask(nurse))
    assert asked_number(ask(nurse)) == first
    assert ApprovalRequest.objects.filter(kind="store-authority").count() == 1


def test_only_the_applicant_polls_their_number(chain, make_entry, nurse, owner):
    sp_no = asked_number(ask(nurse))
    colleague = make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"], kind="store_employee")

    assert_envelope(poll(colleague, sp_no), status=404, errcode="SYS-40400")
    assert_envelope(poll(owner, sp_no), status=404, errcode="SYS-40400")
    assert_envelope(poll(nurse, "ERP-999999"), status=404, errcode="SYS-40400")
    assert_envelope(poll(nurse, "202600000000"), status=404, errcode="SYS-40400")


def test_a_person_asks_for_themself_only(nurse, owner):
    other = UserFactory()
    assert_envelope(ask(nurse, user_id=other.pk), status=403, errcode="AUTH-40300")
    assert not ApprovalRequest.objects.exists()


@pytest.mark.parametrize(("kind", "authority"), [("owner", "boss"), ("owner", "manager"), ("principal", "manager")])
def test_an_authority_already_held_is_not_asked_for(chain, make_entry, roles, kind, authority):
    holder = make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"], kind=kind)
    assert_envelope(ask(holder, authority), status=409, errcode="STAUTH-40901")


def test_an_unknown_authority_is_invalid_input(nurse):
    assert_envelope(ask(nurse, "king"), status=400, errcode="VALID-40000")


def test_an_owner_of_another_store_cannot_decide_it(chain, make_entry, nurse, owner):
    asked_number(ask(nurse))
    request = ApprovalRequest.objects.get(kind="store-authority")
    stranger = make_entry(chain["other_store"], codes=[STORE_AUTHORITY_APPROVE.code], kind="owner")
    response = api_client(entry=stranger).post(APPROVE, {"id": request.pk}, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")
    assert ApprovalRequest.objects.get(pk=request.pk).status == ApprovalStatus.PENDING


# --- with WeCom's approval -----------------------------------------------------------------------


def test_the_request_is_raised_in_wecom_and_its_approval_there_grants_the_role(fake_wecom, nurse, owner, roles):
    sp_no = asked_number(ask(nurse))

    request = ApprovalRequest.objects.get(kind="store-authority")
    assert request.external_no == sp_no
    [body] = fake_wecom.applied
    assert body["creator_userid"] == "nurse-wx"
    assert body["template_id"] == TEMPLATE
    assert body["approver"] == [{"attr": 1, "userid": ["boss-wx"]}]
    assert "店长" in body["apply_data"]["contents"][0]["value"]["text"]

    assert_envelope(poll(nurse, sp_no, 1), status=200, errcode="204")
    fake_wecom.decide(sp_no, 2, approver="boss-wx")
    rows = assert_envelope(poll(nurse, sp_no, 2), status=200, errcode="200")

    assert (nurse.hier_id, roles["manager"].pk) in {(row["hierId"], row["roleId"]) for row in rows}
    request.refresh_from_db()
    assert (request.status, request.decided_by_id, request.decided_by_name) == (
        ApprovalStatus.APPROVED,
        owner.user_id,
        "WeCom boss-wx",
    )
    # Decided: the next poll answers from our record without asking WeCom again.
    asked_before = fake_wecom.count(DETAIL_PATH)
    assert_envelope(poll(nurse, sp_no, 3), status=200, errcode="200")
    assert fake_wecom.count(DETAIL_PATH) == asked_before


@pytest.mark.parametrize("sp_status", [3, 4])
def test_a_rejection_or_withdrawal_in_wecom_answers_505(fake_wecom, nurse, owner, roles, sp_status):
    sp_no = asked_number(ask(nurse, "boss"))
    fake_wecom.decide(sp_no, sp_status, approver="boss-wx")

    response = poll(nurse, sp_no)

    assert_envelope(response, status=200, errcode="505")
    assert ApprovalRequest.objects.get(external_no=sp_no).status == ApprovalStatus.REJECTED
    assert not UserRole.objects.filter(user_id=nurse.user_id, role=roles["boss"]).exists()


def test_asking_twice_while_waiting_raises_one_wecom_approval(fake_wecom, nurse, owner):
    first = asked_number(ask(nurse))
    assert asked_number(ask(nurse)) == first
    assert fake_wecom.count(APPLY_PATH) == 1


def test_wecom_down_at_asking_still_files_the_request_for_the_centre(fake_wecom, nurse, owner, roles):
    fake_wecom.broken = True

    sp_no = asked_number(ask(nurse))

    request = ApprovalRequest.objects.get(kind="store-authority")
    assert (sp_no, request.external_no) == (f"ERP-{request.pk}", "")
    assert_envelope(poll(nurse, sp_no), status=200, errcode="204")
    assert_envelope(api_client(entry=owner).post(APPROVE, {"id": request.pk}, format="json"), status=200)
    assert_envelope(poll(nurse, sp_no), status=200, errcode="200")


def test_wecom_down_while_polling_keeps_the_browser_waiting(fake_wecom, nurse, owner):
    sp_no = asked_number(ask(nurse))
    fake_wecom.decide(sp_no, 2, approver="boss-wx")
    fake_wecom.broken = True

    assert_envelope(poll(nurse, sp_no), status=200, errcode="204")
    assert ApprovalRequest.objects.get(external_no=sp_no).status == ApprovalStatus.PENDING

    fake_wecom.broken = False
    assert_envelope(poll(nurse, sp_no), status=200, errcode="200")


def test_the_owner_may_still_decide_in_the_centre_a_request_raised_in_wecom(fake_wecom, nurse, owner, roles):
    sp_no = asked_number(ask(nurse))
    request = ApprovalRequest.objects.get(external_no=sp_no)
    assert_envelope(api_client(entry=owner).post(APPROVE, {"id": request.pk}, format="json"), status=200)

    assert_envelope(poll(nurse, sp_no), status=200, errcode="200")
    assert fake_wecom.count(DETAIL_PATH) == 0


def test_an_applicant_not_bound_to_wecom_is_decided_in_the_centre(fake_wecom, nurse, owner):
    type(nurse.user).objects.filter(pk=nurse.user_id).update(wecom_userid=None)
    sp_no = asked_number(ask(nurse))
    assert sp_no.startswith("ERP-")
    assert fake_wecom.count(APPLY_PATH) == 0


def test_a_stale_wecom_token_is_fetched_again(fake_wecom, nurse, owner):
    sp_no = asked_number(ask(nurse))
    fake_wecom.expire_tokens()
    fake_wecom.decide(sp_no, 2, approver="boss-wx")
    assert_envelope(poll(nurse, sp_no), status=200, errcode="200")
