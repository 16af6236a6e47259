"""Member move-in over HTTP (issue 17 §2): a draft saved and committed, approved in the approval
centre (the member filed and the cards opened with move-in ledger entries, in one transaction),
rejected and corrected, attachments checked and kept per store, and another store's move-in 404."""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from apps.accounts.testing import api_client
from apps.approvals.models import ApprovalRequest
from apps.cards.choices import EntryKind
from apps.cards.models import Card, CardEntry
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import CardTypeFactory, ProjectFactory, ProjectPackageFactory
from apps.core.ledgers import audit_all
from apps.core.role_codes import MOVE_IN_APPROVE
from apps.core.testing import assert_envelope, at_once
from apps.members.models import Member, MoveIn, MoveInAttachment
from apps.members.tests.factories import MemberFactory

MOVE_IN_PAGES = ["ERP-HYQR-PAG-0001-0000", "ERP-HYQR-PAG-0001-0001"]
BASE = "/rest/storemembermoveinrest"
UPLOAD = "/rest/storerelocationupload"
APPROVE = "/rest/approvalCenterRest/approve"
REJECT = "/rest/approvalCenterRest/reject"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
PDF = b"%PDF-1.4\n" + b"x" * 64


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def clerk(store, make_entry):
    return make_entry(store, codes=MOVE_IN_PAGES)


@pytest.fixture
def client(clerk):
    return api_client(entry=clerk)


@pytest.fixture
def owner(store, make_entry):
    return make_entry(store, codes=[*MOVE_IN_PAGES, MOVE_IN_APPROVE.code], kind="owner")


@pytest.fixture
def owner_client(owner):
    return api_client(entry=owner)


@pytest.fixture
def catalogue(db):
    projects = [ProjectFactory(), ProjectFactory()]
    package = ProjectPackageFactory()
    return {
        "stored": CardTypeFactory(name="金卡", validity_days=730),
        "package": CardTypeFactory(kind=CardKind.PACKAGE, project_package=package, face_value=0, name="护理卡"),
        "projects": projects,
    }


def form(catalogue, **changes):
    body = {
        "name": "李娜",
        "areaCode": "0086",
        "phone": "13912345678",
        "sourceBrand": "美发连锁",
        "sourceStore": "徐汇店",
        "remark": "门店转让",
        "lines": [
            {
                "oldCardName": "钻石储值卡",
                "oldCardNo": "OLD-001",
                "kind": "storedValue",
                "cardTypeId": catalogue["stored"].pk,
                "oldBalance": "1000.05",
                "coefficient": "0.85",
            },
            {
                "oldCardName": "头皮护理疗程卡",
                "kind": "package",
                "cardTypeId": catalogue["package"].pk,
                "expiresOn": "2099-12-31",
                "sessions": [
                    {"projectId": catalogue["projects"][0].pk, "sessions": 6},
                    {"projectId": catalogue["projects"][1].pk, "sessions": 2},
                ],
            },
        ],
    }
    body.update(changes)
    return body


def saved(client, catalogue, **changes) -> dict:
    return assert_envelope(client.post(f"{BASE}/save", form(catalogue, **changes), format="json"), status=201)


def committed(client, catalogue, **changes) -> dict:
    draft = saved(client, catalogue, **changes)
    return assert_envelope(client.post(f"{BASE}/commit", {"id": draft["id"]}, format="json"), status=200)


def test_a_move_in_with_two_old_cards_is_approved_and_the_member_holds_both_cards(client, owner_client, catalogue):
    draft = saved(client, catalogue)
    assert (draft["status"], draft["oldValue"], draft["newValue"], draft["sessions"]) == (
        "draft",
        "1000.05",
        "850.04",
        8,
    )
    assert draft["phone"] == "139****5678" and draft["memId"] is None
    assert [line["newValue"] for line in draft["lines"]] == ["850.04", "0.00"]

    submitted = assert_envelope(client.post(f"{BASE}/commit", {"id": draft["id"]}, format="json"), status=200)
    assert submitted["status"] == "submitted" and submitted["approval"]["status"] == "pending"
    assert not Member.objects.filter(phone="13912345678").exists()
    assert not Card.objects.exists()

    assert_envelope(owner_client.post(APPROVE, {"id": submitted["approvalId"]}, format="json"), status=200)

    detail = assert_envelope(client.get(f"{BASE}/detail", {"id": draft["id"]}), status=200)
    assert detail["status"] == "approved" and detail["approval"]["status"] == "approved"
    member = Member.objects.get(area_code="0086", phone="13912345678")
    assert detail["memId"] == member.pk and member.home_store_id == detail["storeId"]
    stored, package = Card.objects.filter(member=member).order_by("id")
    assert [line["cardId"] for line in detail["lines"]] == [stored.pk, package.pk]
    assert (stored.kind, stored.principal, stored.gift, stored.card_type_id) == (
        "storedValue",
        Decimal("850.04"),
        Decimal("0.00"),
        catalogue["stored"].pk,
    )
    assert package.expires_on.isoformat() == "2099-12-31"
    assert sorted((s.project_id, s.total, s.left) for s in package.sessions.all()) == sorted(
        [(catalogue["projects"][0].pk, 6, 6), (catalogue["projects"][1].pk, 2, 2)]
    )
    entries = CardEntry.objects.filter(card__member=member)
    assert {entry.kind for entry in entries} == {EntryKind.MOVE_IN} and entries.count() == 3
    assert audit_all() == []


def test_audit_ledgers_finds_nothing_after_an_approved_move_in(client, owner_client, catalogue, capsys):
    submitted = committed(client, catalogue)
    assert_envelope(owner_client.post(APPROVE, {"id": submitted["approvalId"]}, format="json"), status=200)
    call_command("audit_ledgers")
    assert "0 differences" in capsys.readouterr().out


def test_a_member_found_by_phone_gets_the_cards_and_no_second_file(client, owner_client, catalogue, store):
    member = MemberFactory(home_store=store, phone="13700001111", name="王芳")
    found = assert_envelope(client.get(f"{BASE}/findByPhone", {"areaCode": "0086", "phone": "13700001111"}), status=200)
    assert found["found"] is True and found["member"]["memId"] == member.pk
    submitted = committed(client, catalogue, memId=member.pk, name="", phone="")
    assert submitted["name"] == "王芳"
    assert_envelope(owner_client.post(APPROVE, {"id": submitted["approvalId"]}, format="json"), status=200)
    assert Card.objects.filter(member=member).count() == 2
    assert Member.objects.filter(phone="13700001111").count() == 1


def test_a_rejected_move_in_shows_the_reason_and_is_corrected_and_committed_again(client, owner_client, catalogue):
    submitted = committed(client, catalogue)
    rejection = {"id": submitted["approvalId"], "remark": "余额与合同不符"}
    assert_envelope(owner_client.post(REJECT, rejection, format="json"), status=200)
    rejected = assert_envelope(client.get(f"{BASE}/detail", {"id": submitted["id"]}), status=200)
    assert (rejected["status"], rejected["decisionRemark"], rejected["canEdit"]) == ("rejected", "余额与合同不符", True)
    assert not Card.objects.exists() and not Member.objects.exists()

    body = form(catalogue, id=submitted["id"], keepMember=True)
    body["lines"][0]["oldBalance"] = "900.00"
    updated = assert_envelope(client.post(f"{BASE}/update", body, format="json"), status=200)
    assert updated["oldValue"] == "900.00" and updated["phone"] == "139****5678"
    again = assert_envelope(client.post(f"{BASE}/commit", {"id": submitted["id"]}, format="json"), status=200)
    assert again["status"] == "submitted" and again["approvalId"] != submitted["approvalId"]
    # A committed move-in is no longer edited or deleted.
    assert_envelope(client.post(f"{BASE}/update", body, format="json"), status=409, errcode="MEM-40907")
    assert_envelope(
        client.post(f"{BASE}/delete", {"id": submitted["id"]}, format="json"), status=409, errcode="MEM-40907"
    )


def test_only_a_draft_is_deleted_with_its_attachments(client, catalogue, media):
    draft = saved(client, catalogue)
    upload = SimpleUploadedFile("card.png", PNG, content_type="image/png")
    assert_envelope(client.post(f"{UPLOAD}/upload", {"id": draft["id"], "file": upload}), status=201)
    assert_envelope(client.post(f"{BASE}/delete", {"id": draft["id"]}, format="json"), status=200)
    assert not MoveIn.objects.exists() and not MoveInAttachment.objects.exists()


def test_the_rules_of_the_form_answer_the_field(client, catalogue):
    body = form(catalogue)
    body["lines"][0]["coefficient"] = "1.2"
    answer = client.post(f"{BASE}/save", body, format="json")
    assert_envelope(answer, status=400, errcode="VALID-40000")
    assert "lines[0].coefficient" in answer.json()["data"]["fields"]
    body = form(catalogue)
    body["lines"][1]["cardTypeId"] = catalogue["stored"].pk
    answer = client.post(f"{BASE}/save", body, format="json")
    assert "lines[1].cardTypeId" in answer.json()["data"]["fields"]
    answer = client.post(f"{BASE}/save", form(catalogue, sourceStore=""), format="json")
    assert "sourceStore" in answer.json()["data"]["fields"]
    assert not MoveIn.objects.exists()


def test_attachments_are_kept_and_served_to_the_store_only(client, catalogue, chain, make_entry):
    draft = saved(client, catalogue)
    upload = SimpleUploadedFile("合同.pdf", PDF, content_type="application/pdf")
    row = assert_envelope(client.post(f"{UPLOAD}/upload", {"id": draft["id"], "file": upload}), status=201)
    assert (row["name"], row["contentType"], row["size"]) == ("合同.pdf", "application/pdf", len(PDF))
    listed = assert_envelope(client.get(f"{BASE}/attachments", {"id": draft["id"]}), status=200)
    assert [a["id"] for a in listed] == [row["id"]]
    served = client.get(row["url"])
    assert served.status_code == 200 and b"".join(served.streaming_content) == PDF
    assert served["Content-Type"] == "application/pdf"

    other = api_client(entry=make_entry(chain["other_store"], codes=MOVE_IN_PAGES))
    assert_envelope(other.get(row["url"]), status=404, errcode="SYS-40400")
    assert api_client().get(row["url"]).status_code == 401

    assert_envelope(client.post(f"{UPLOAD}/delete", {"id": row["id"]}, format="json"), status=200)
    assert not MoveInAttachment.objects.exists()


@pytest.mark.parametrize(
    ("name", "content", "kind"), [("合同.pdf", PDF, "application/pdf"), ("卡.png", PNG, "image/png")]
)
def test_an_attachment_is_served_as_a_download_under_a_sandbox_never_inline(client, catalogue, name, content, kind):
    # A PDF opened from our origin could run its scripts with the session's cookies: it is saved, and
    # whatever a browser makes of it stays in a sandbox without our origin.
    draft = saved(client, catalogue)
    upload = SimpleUploadedFile(name, content, content_type=kind)
    row = assert_envelope(client.post(f"{UPLOAD}/upload", {"id": draft["id"], "file": upload}), status=201)
    served = client.get(row["url"])
    assert served.status_code == 200 and served["Content-Type"] == kind
    assert served["Content-Disposition"].startswith("attachment;")
    assert quote(name) in served["Content-Disposition"]
    assert served["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in served["Content-Security-Policy"].split("; ")
    assert "default-src 'none'" in served["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("virus.exe", b"MZ\x90\x00" + b"\x00" * 64, "only JPEG, PNG or PDF files can be attached"),
        ("fake.png", b"<html>not a picture</html>", "only JPEG, PNG or PDF files can be attached"),
        ("big.jpg", b"\xff\xd8\xff" + b"\x00" * (5 * 1024 * 1024), "the file can be at most 5 MB"),
    ],
)
def test_an_attachment_of_another_type_or_too_big_is_refused_and_nothing_is_written(
    client, catalogue, media, name, content, message
):
    draft = saved(client, catalogue)
    upload = SimpleUploadedFile(name, content)
    answer = client.post(f"{UPLOAD}/upload", {"id": draft["id"], "file": upload})
    assert_envelope(answer, status=400, errcode="VALID-40000")
    assert answer.json()["errmsg"] == message
    assert not MoveInAttachment.objects.exists()
    assert not [path for path in media.rglob("*") if path.is_file()]


def test_another_stores_move_in_is_not_found(client, catalogue, chain, make_entry):
    draft = saved(client, catalogue)
    other = api_client(entry=make_entry(chain["other_store"], codes=MOVE_IN_PAGES))
    assert_envelope(other.get(f"{BASE}/detail", {"id": draft["id"]}), status=404, errcode="SYS-40400")
    for path in ("commit", "delete"):
        assert_envelope(
            other.post(f"{BASE}/{path}", {"id": draft["id"]}, format="json"), status=404, errcode="SYS-40400"
        )
    upload = SimpleUploadedFile("card.png", PNG)
    assert_envelope(
        other.post(f"{UPLOAD}/upload", {"id": draft["id"], "file": upload}), status=404, errcode="SYS-40400"
    )
    assert assert_envelope(other.get(f"{BASE}/list"), status=200)["total"] == 0
    assert MoveIn.objects.get().status == "draft"


def test_the_lists_filter_and_sum(client, catalogue):
    saved(client, catalogue)
    committed(client, catalogue, phone="13912340000", name="张伟")
    page = assert_envelope(client.get(f"{BASE}/list", {"pageNo": 1, "pageSize": 10}), status=200)
    assert page["total"] == 2 and [row["status"] for row in page["list"]] == ["submitted", "draft"]
    drafts = assert_envelope(client.get(f"{BASE}/count", {"status": "draft"}), status=200)
    assert drafts == {"total": 1}
    summary = assert_envelope(client.get(f"{BASE}/summary"), status=200)
    assert (summary["total"], summary["newValue"], summary["sessions"]) == (2, "1700.08", 16)
    lines = assert_envelope(
        client.get(f"{BASE}/lineList", {"kind": "package", "pageNo": 1, "pageSize": 10}), status=200
    )
    assert lines["total"] == 2 and {row["kind"] for row in lines["list"]} == {"package"}
    by_name = assert_envelope(client.get(f"{BASE}/list", {"keyword": "张伟"}), status=200)
    assert [row["name"] for row in by_name["list"]] == ["张伟"]


def test_the_form_lists_card_types_projects_and_the_new_card_discount(client, catalogue):
    types = assert_envelope(client.get(f"{BASE}/cardTypes", {"kind": "package"}), status=200)
    assert [row["id"] for row in types] == [catalogue["package"].pk]
    projects = assert_envelope(client.get(f"{BASE}/projects"), status=200)
    assert {row["id"] for row in projects} >= {project.pk for project in catalogue["projects"]}
    discount = assert_envelope(
        client.get(f"{BASE}/newCardDiscount", {"cardTypeId": catalogue["stored"].pk}), status=200
    )
    assert discount["cardTypeId"] == catalogue["stored"].pk and discount["discounts"] == []


@pytest.mark.django_db(transaction=True)
def test_two_approvals_at_once_open_the_cards_once(chain, make_entry, catalogue):
    store = chain["store"]
    client = api_client(entry=make_entry(store, codes=MOVE_IN_PAGES))
    submitted = committed(client, catalogue)
    owners = [make_entry(store, codes=[MOVE_IN_APPROVE.code], kind="owner") for _ in range(2)]
    clients = iter([api_client(entry=entry) for entry in owners * 2])
    statuses: list[int] = []

    def approve() -> None:
        statuses.append(next(clients).post(APPROVE, {"id": submitted["approvalId"]}, format="json").status_code)

    at_once(approve, 4)
    assert sorted(statuses) == [200, 409, 409, 409]
    assert Card.objects.count() == 2 and Member.objects.count() == 1
    assert ApprovalRequest.objects.get().status == "approved"
    assert audit_all() == []
