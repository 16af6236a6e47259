"""Member files through the API: create, edit, labels, SMS consent, the whole phone, the store list."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.members.choices import AuditAction
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory, MemberLabelFactory

pytestmark = pytest.mark.django_db

NEW = {"name": "王芳", "areaCode": "0086", "phone": "13912345678"}


def test_new_member_joins_the_chosen_store_and_is_logged(client, store, master_lists):
    label = MemberLabelFactory(name="新客")
    response = client.post(
        "/rest/member/newMember",
        {**NEW, "gender": "2", "birthday": "1990-05-06", "crmCode": "HY001", "source": "meituan", "labels": [label.pk]},
        format="json",
    )
    created = assert_envelope(response, status=201)
    assert response.json()["errmsg"] == "saved"
    assert created["memId"] and created["dependencyStoreId"] == store.pk and created["myself"] is True
    assert created["phone"] == "139****5678" and created["genderName"] == "Female"
    assert created["sourceName"] == "Meituan" and created["labels"] == [
        {"id": label.pk, "name": "新客", "color": "#1976d2"}
    ]
    log = SystemLog.objects.get(action=AuditAction.MEMBER_CREATED)
    assert log.detail["phone"] == "139****5678" and "13912345678" not in str(log.detail)


def test_a_second_member_with_the_same_phone_answers_409(client, other_client):
    assert_envelope(client.post("/rest/member/newMember", NEW, format="json"), status=201)
    body = other_client.post("/rest/member/newMember", {**NEW, "name": "李四"}, format="json").json()
    assert body["errcode"] == "MEM-40901"
    assert Member.objects.count() == 1


def test_member_code_and_card_number_are_unique_in_the_chain(client, store):
    MemberFactory(home_store=store, crm_code="HY1", card_no="C1")
    response = client.post("/rest/member/newMember", {**NEW, "crmCode": "HY1"}, format="json")
    assert_envelope(response, status=409, errcode="MEM-40902")
    response = client.post("/rest/member/newMember", {**NEW, "cardNo": "C1"}, format="json")
    assert_envelope(response, status=409, errcode="MEM-40903")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "王" * 21}, "name"),
        ({"areaCode": "0044"}, "areaCode"),
        ({"phone": "12912345678"}, "phone"),
        ({"phone": "139123456789"}, "phone"),
        ({"areaCode": "00853", "phone": "13912345678"}, "phone"),
        ({"gender": "9"}, "gender"),
        ({"source": "nowhere"}, "source"),
        ({"birthday": "2999-01-01"}, "birthday"),
        ({"crmCode": "HY 01"}, "crmCode"),
        ({"labels": [999]}, "labels"),
    ],
)
def test_bad_input_names_the_field_and_writes_nothing(client, master_lists, change, field):
    body = client.post("/rest/member/newMember", {**NEW, **change}, format="json").json()
    assert body["errcode"] == "VALID-40000" and field in body["data"]["fields"], body
    assert not Member.objects.exists() and not SystemLog.objects.filter(action=AuditAction.MEMBER_CREATED).exists()


def test_a_store_save_with_a_remark_over_200_characters_is_refused_not_cut(client, master_lists):
    body = client.post("/rest/member/stoSaveMember", {**NEW, "remark": "备" * 201}, format="json").json()
    assert body["errcode"] == "VALID-40000" and "remark" in body["data"]["fields"], body
    assert not Member.objects.exists()


def test_store_save_takes_the_full_form(client, store, master_lists):
    introducer = MemberFactory(home_store=store, name="介绍人")
    form = {
        **NEW,
        "occupation": "teacher",
        "income": "5k-10k",
        "education": "21",
        "maritalStatus": "20",
        "introducerId": introducer.pk,
        "smsConsent": True,
        "remark": "怕冷",
    }
    created = assert_envelope(client.post("/rest/member/stoSaveMember", form, format="json"), status=201)
    assert created["occupationName"] == "Teacher" and created["educationName"] == "Bachelor's degree"
    assert created["introducer"] == {"memId": introducer.pk, "name": "介绍人"} and created["smsConsent"] is True


def test_update_changes_only_the_fields_sent_and_logs_them(client, store):
    member = MemberFactory(home_store=store, name="王芳", phone="13912345678", remark="old")
    updated = assert_envelope(
        client.post("/rest/member/stoUpdateMember", {"memId": member.pk, "phone": "13912340000"}, format="json"),
        status=200,
    )
    assert updated["phone"] == "139****0000" and updated["name"] == "王芳"
    member.refresh_from_db()
    assert member.remark == "old" and member.area_code == "0086"
    log = SystemLog.objects.get(action=AuditAction.MEMBER_UPDATED)
    assert log.detail == {"changed": {"phone": ["139****5678", "139****0000"]}}


def test_labels_are_replaced_and_a_rename_updates_the_search_index(client, store):
    old, new = MemberLabelFactory(), MemberLabelFactory()
    member = MemberFactory(home_store=store, name="王芳", labels=[old])
    client.post(
        "/rest/member/stoUpdateMember", {"memId": member.pk, "labels": [new.pk], "name": "王芳芳"}, format="json"
    )
    member.refresh_from_db()
    assert list(member.labels.all()) == [new] and member.name_grams == "王芳 芳芳"


def test_another_stores_member_can_be_read_but_not_edited(client, other_store):
    member = MemberFactory(home_store=other_store)
    assert_envelope(client.get(f"/rest/member/findById/{member.pk}"), status=200)
    assert_envelope(client.get(f"/rest/member/findStoMemById/{member.pk}"), status=404, errcode="SYS-40400")
    response = client.post("/rest/member/stoUpdateMember", {"memId": member.pk, "name": "改名"}, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")


def test_the_whole_phone_needs_the_button_code_and_is_logged(client, clerk_client, store):
    member = MemberFactory(home_store=store, phone="13912345678")
    file = assert_envelope(clerk_client.get(f"/rest/member/findById/{member.pk}"), status=200)
    assert file["phone"] == "139****5678"
    assert_envelope(clerk_client.get(f"/rest/member/wholePhone/{member.pk}"), status=403, errcode="AUTH-40300")
    whole = assert_envelope(client.get(f"/rest/member/wholePhone/{member.pk}"), status=200)
    assert whole == {"memId": member.pk, "areaCode": "0086", "phone": "13912345678"}
    assert SystemLog.objects.filter(action=AuditAction.PHONE_VIEWED, object_id=str(member.pk)).count() == 1


def test_sms_consent_is_read_and_changed_with_the_log(client, store):
    member = MemberFactory(home_store=store)
    assert (
        assert_envelope(client.get("/rest/member/querySmsStatus", {"memId": member.pk}), status=200)["smsConsent"]
        is False
    )
    changed = assert_envelope(
        client.post("/rest/member/updateSmsStatus", {"memId": member.pk, "smsConsent": True}, format="json"),
        status=200,
    )
    assert changed["smsConsent"] is True and changed["updatedAt"]
    assert SystemLog.objects.get(action=AuditAction.MEMBER_UPDATED).detail == {"changed": {"smsConsent": [False, True]}}


def test_store_list_filters_masks_and_counts(client, store, other_store):
    label = MemberLabelFactory()
    wanted = MemberFactory(home_store=store, name="王芳", phone="13912345678", source="meituan", labels=[label])
    MemberFactory(home_store=store, name="李娜", source="douyin")
    MemberFactory(home_store=other_store, name="王芳芳", source="meituan")
    page = assert_envelope(client.get("/rest/member/findStoLstByCondition", {"name": "王"}), status=200)
    assert page["total"] == 1 and page["list"][0]["memId"] == wanted.pk
    assert page["list"][0]["phone"] == "139****5678" and page["list"][0]["labels"][0]["id"] == label.pk
    for params in ({"source": "meituan"}, {"labelId": label.pk}, {"phone": "2345"}):
        page = assert_envelope(client.get("/rest/member/findStoLstByCondition", params), status=200)
        assert [row["memId"] for row in page["list"]] == [wanted.pk], params
    count = assert_envelope(client.get("/rest/member/findStoCntByCondition", {"source": "meituan"}), status=200)
    assert count == {"total": 1}


def test_store_list_date_ranges(client, store):
    old = MemberFactory(home_store=store)
    Member.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=40), last_visit_at=timezone.now()
    )
    MemberFactory(home_store=store)
    today = timezone.localdate()
    page = assert_envelope(
        client.get(
            "/rest/member/findStoLstByCondition",
            {"createdTo": (today - datetime.timedelta(days=30)).isoformat(), "lastVisitFrom": today.isoformat()},
        ),
        status=200,
    )
    assert [row["memId"] for row in page["list"]] == [old.pk]


def test_whole_phone_list_matches_the_whole_phone_only(client, store):
    member = MemberFactory(home_store=store, phone="13912345678")
    MemberFactory(home_store=store, phone="13912345679")
    page = assert_envelope(
        client.get("/rest/member/findLstByConditionWholePhone", {"phone": "13912345678"}), status=200
    )
    assert [row["memId"] for row in page["list"]] == [member.pk] and page["list"][0]["phone"] == "139****5678"
    count = client.get("/rest/member/findCntByConditionWholePhone", {"phone": "2345"})
    assert_envelope(count, status=400, errcode="VALID-40000")


def test_store_list_costs_the_same_queries_for_fifty_rows(client, store):
    label = MemberLabelFactory()

    def add(n):
        for _ in range(n):
            MemberFactory(home_store=store, labels=[label])

    assert_list_queries_constant(client, "/rest/member/findStoLstByCondition", add, params={"pageSize": 50})


def test_labels_list_answers_the_enabled_labels(client):
    MemberLabelFactory(name="VIP", group_name="价值")
    MemberLabelFactory(name="旧标签", enabled=False)
    labels = assert_envelope(client.get("/rest/memLabel/findAllMemLabel"), status=200)
    assert [label["name"] for label in labels] == ["VIP"] and labels[0]["groupName"] == "价值"


def test_a_head_office_role_cannot_file_members(chain, make_entry):
    entry = make_entry(chain["head_office"], codes=["ERP-HYGL-PAG-0002-0000"])
    body = api_client(entry=entry).post("/rest/member/newMember", NEW, format="json").json()
    assert body["errcode"] == "VALID-40000"
    assert not Member.objects.exists()
