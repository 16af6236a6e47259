"""The written-off records list (contract §9 `records`; spec §4, §9): the store's records only (a
store the role lacks answers 404), the filters, paging (10 by default), the status label in both
languages, and phones masked for every role (a whole phone is read one at a time through
`wholePhone`); a phone search finds only what the mask shows unless the role holds
BTN-HYGL-PHONE-VIEW, and is in the system log."""

from __future__ import annotations

import uuid

import pytest

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProjectFactory
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import MEMBER_PHONE_VIEW
from apps.core.testing import assert_envelope
from apps.groupbuy.models import WriteOff
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory

from .factories import CHANNELS, DOUYIN, KUAISHOU
from .helpers import new_code

pytestmark = pytest.mark.django_db

BOARD = code_of("/orderBoard")
CASHIER = code_of("/account")
RECORDS = "/rest/groupPurchasing/records"


def record(platform, store, *, phone="13912345678", status="done", project=None, code=None):
    """A record as the write-off leaves it (the flow itself is tested elsewhere)."""
    member = Member.objects.filter(area_code="0086", phone=phone).first() or MemberFactory(
        home_store=store, phone=phone
    )
    return WriteOff.objects.create(
        platform=platform,
        code=code or new_code(),
        store=store,
        member=member,
        area_code="0086",
        phone=phone,
        status=status,
        request_id=uuid.uuid4().hex,
        commodity_type="project" if project else "",
        commodity_id=project.pk if project else None,
        commodity_name=project.name if project else "",
        unified_code=project.code if project else "",
    )


@pytest.fixture
def desk(store, make_entry):
    return api_client(entry=make_entry(store, codes=[BOARD, CASHIER]))


def listed(client, **params):
    return assert_envelope(client.get(RECORDS, params), status=200)


def test_a_store_lists_its_own_records_newest_first(desk, store, other_store, fixed_platforms):
    mine = [record(fixed_platforms[KUAISHOU], store) for _ in range(3)]
    record(fixed_platforms[KUAISHOU], other_store)
    record(fixed_platforms[KUAISHOU], store, status="failed")  # a refused attempt is only in the log
    page = listed(desk)
    assert page["total"] == 3
    assert [row["id"] for row in page["list"]] == [r.pk for r in reversed(mine)]
    assert listed(desk, storeId=store.pk)["total"] == 3
    answer = desk.get(RECORDS, {"storeId": other_store.pk})
    assert_envelope(answer, status=404, errcode="SYS-40400")


def test_the_filters(desk, store, fixed_platforms):
    project, other_project = ProjectFactory(), ProjectFactory()
    by_hand = record(fixed_platforms[KUAISHOU], store, phone="13900001111", project=project, code="KS-1")
    douyin = record(fixed_platforms[DOUYIN], store, phone="13900002222", project=other_project)
    channels = record(fixed_platforms[CHANNELS], store, phone="13811112222")

    def found(**params):
        return sorted(row["id"] for row in listed(desk, **params)["list"])

    assert found(platformId=KUAISHOU) == [by_hand.pk]
    assert found(platformType=1) == sorted([by_hand.pk, douyin.pk])
    assert found(platformType=3) == [channels.pk]
    assert found(checkCode="KS-1") == [by_hand.pk]
    assert found(checkCode="KS") == []  # the code matches whole
    assert found(unifiedCode=other_project.code) == [douyin.pk]
    assert found(phone="139") == sorted([by_hand.pk, douyin.pk])
    assert found(phone="13900002222") == [douyin.pk]
    assert found(phone="2222") == sorted([douyin.pk, channels.pk])  # the masked phone's tail
    assert found(phone="00002222") == []  # hidden digits find nothing


def test_a_role_that_may_see_phones_finds_them_by_any_start(store, make_entry, fixed_platforms):
    douyin = record(fixed_platforms[DOUYIN], store, phone="13900002222")
    record(fixed_platforms[KUAISHOU], store, phone="13800001111")
    plain = api_client(entry=make_entry(store, codes=[BOARD]))
    assert listed(plain, phone="1390000")["list"] == []
    seeing = api_client(entry=make_entry(store, codes=[BOARD, MEMBER_PHONE_VIEW.code]))
    assert [row["id"] for row in listed(seeing, platformId=DOUYIN, phone="1390000")["list"]] == [douyin.pk]
    assert [row["id"] for row in listed(seeing, phone="00002222")["list"]] == []  # by its start
    searched = SystemLog.objects.filter(action="phone.fragment_searched").order_by("id")
    assert [entry.detail["fragment"] for entry in searched] == ["1390000", "1390000", "00002222"]


def test_ten_rows_a_page_by_default_and_the_other_page_sizes(desk, store, fixed_platforms):
    for _ in range(41):
        record(fixed_platforms[KUAISHOU], store)
    assert len(listed(desk)["list"]) == 10
    for size in (10, 20, 30, 40):
        page = listed(desk, pageSize=size)
        assert (len(page["list"]), page["total"]) == (size, 41)
    assert len(listed(desk, pageSize=40, pageNo=2)["list"]) == 1


def test_the_status_label_in_both_languages(store, make_entry, fixed_platforms):
    entry = make_entry(store, codes=[BOARD, CASHIER])
    project = ProjectFactory()
    written_off = api_client(entry=entry).post(
        "/rest/groupPurchasing/writeOff",
        {
            "platformType": 1,
            "platformId": KUAISHOU,
            "checkCode": new_code(),
            "phone": "13912345678",
            "commodityType": "project",
            "commodityId": project.pk,
        },
        format="json",
    )
    record_id = assert_envelope(written_off, status=201)["recordId"]
    not_served = record(fixed_platforms[KUAISHOU], store)
    served = api_client(entry=entry).post("/rest/order/groupBuy", {"recordId": record_id}, format="json")
    assert assert_envelope(served, status=200)["record"]["statusLabel"] == "served"
    cancelling = record(fixed_platforms[KUAISHOU], store, status="cancelling")
    labels = {row["id"]: row["statusLabel"] for row in listed(api_client(entry=entry))["list"]}
    assert labels == {record_id: "served", not_served.pk: "written off, not served", cancelling.pk: "being cancelled"}
    chinese = {row["id"]: row["statusLabel"] for row in listed(api_client(entry=entry, language="zh-hans"))["list"]}
    assert chinese == {record_id: "已服务", not_served.pk: "已核销未服务", cancelling.pk: "撤销中"}
    row = next(row for row in listed(api_client(entry=entry))["list"] if row["id"] == record_id)
    assert row["served"] is True and row["orderCode"] and row["commodity"]["id"] == project.pk


def test_phones_are_masked_even_for_a_role_that_may_see_them(store, make_entry, fixed_platforms):
    """As every other list: the whole phone is one call of its own (`wholePhone`), budgeted and in the
    log, never a page of them."""
    record(fixed_platforms[KUAISHOU], store, phone="13800095028")
    plain = api_client(entry=make_entry(store, codes=[BOARD]))
    assert listed(plain)["list"][0]["phone"] == "138****5028"
    seeing = api_client(entry=make_entry(store, codes=[BOARD, MEMBER_PHONE_VIEW.code]))
    assert listed(seeing)["list"][0]["phone"] == "138****5028"


def test_the_list_needs_the_write_off_pages(store, make_entry, fixed_platforms):
    answer = api_client(entry=make_entry(store, codes=[])).get(RECORDS)
    assert_envelope(answer, status=403, errcode="AUTH-40300")
