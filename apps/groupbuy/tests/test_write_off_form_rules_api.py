"""The write-off form's rules over HTTP (spec §5 "Write-off form"; contract §9): each refusal answers
400 VALID-40000 with the spec's sentence as errmsg and on its field, in English and in Chinese, and
writes nothing; a phone picked from today's reservations skips the format check; each write-off call
takes only its own platforms."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.booking.tests.factories import ReservationFactory, just_started
from apps.catalog.tests.factories import ProjectFactory
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.groupbuy.models import WriteOff
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory

from .factories import DIANPING, DOUYIN, KUAISHOU, MEITUAN
from .helpers import new_code

pytestmark = pytest.mark.django_db

REVIEW = "/rest/groupPurchasing/writeOffReview"
OTHER = "/rest/groupPurchasing/writeOff"
BOARD = code_of("/orderBoard")
CASHIER = code_of("/account")


@pytest.fixture
def entry(store, make_entry):
    return make_entry(store, codes=[BOARD, CASHIER])


def client(entry, language="en"):
    return api_client(entry=entry, language=language)


def form(platform_id=KUAISHOU, **extra):
    return {
        "platformType": 1,
        "platformId": platform_id,
        "checkCode": new_code(),
        "areaCode": "0086",
        "phone": "13912345678",
        **extra,
    }


RULES = [
    # (call, the form's change, field, English, Chinese)
    (OTHER, {"platformId": None}, "platformId", "please select platform", "请选择平台"),
    (REVIEW, {"platformId": None}, "platformId", "please select platform", "请选择平台"),
    (OTHER, {"checkCode": ""}, "checkCode", "please enter coupon code", "请输入券码"),
    (OTHER, {"checkCode": "   "}, "checkCode", "please enter coupon code", "请输入券码"),
    (OTHER, {"phone": ""}, "phone", "please enter customer phone", "请输入顾客手机号"),
    (
        OTHER,
        {"phone": "12912345678"},
        "phone",
        "phone format incorrect, cannot write off",
        "手机号格式不正确，无法核销",
    ),
    (OTHER, {"phone": "1391234567"}, "phone", "phone format incorrect, cannot write off", "手机号格式不正确，无法核销"),
    (
        OTHER,
        {"phone": "139123456a8"},
        "phone",
        "phone format incorrect, cannot write off",
        "手机号格式不正确，无法核销",
    ),
    (
        OTHER,
        {"areaCode": "00852", "phone": "1234567"},
        "phone",
        "phone format incorrect, cannot write off",
        "手机号格式不正确，无法核销",
    ),
    (
        OTHER,
        {"areaCode": "00852", "phone": "123456789"},
        "phone",
        "phone format incorrect, cannot write off",
        "手机号格式不正确，无法核销",
    ),
    (
        OTHER,
        {"areaCode": "00853", "phone": "6123456"},
        "phone",
        "phone format incorrect, cannot write off",
        "手机号格式不正确，无法核销",
    ),
    (
        OTHER,
        {"areaCode": "00853", "phone": "13912345678"},
        "phone",
        "phone format incorrect, cannot write off",
        "手机号格式不正确，无法核销",
    ),
    (
        REVIEW,
        {"platformId": MEITUAN},
        "commodityId",
        "please select project package / project / card",
        "请选择项目套餐/项目/卡",
    ),
    (
        REVIEW,
        {"platformId": DIANPING, "commodityType": "project"},
        "commodityId",
        "please select project package / project / card",
        "请选择项目套餐/项目/卡",
    ),
]


@pytest.mark.parametrize(("language", "index"), [("en", 3), ("zh-hans", 4)])
@pytest.mark.parametrize(
    "rule", RULES, ids=[f"{call.rsplit('/', 1)[1]}-{field}-{i}" for i, (call, _c, field, *_r) in enumerate(RULES)]
)
def test_each_rule_answers_the_specs_sentence_on_its_field_and_writes_nothing(
    entry, fixed_platforms, rule, language, index
):
    call, change, field, *_sentences = rule
    sentence = rule[index]
    members = Member.objects.count()
    response = client(entry, language).post(call, form(**change), format="json")
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["errmsg"] == sentence
    assert data["fields"] == {field: [sentence]}
    assert WriteOff.objects.count() == 0
    assert Member.objects.count() == members


def test_the_rules_come_in_the_specs_order(entry, fixed_platforms):
    """Everything missing: the platform is named first, then the code, then the phone."""
    empty = {"platformId": None, "checkCode": "", "phone": ""}
    answer = client(entry).post(OTHER, form(**empty), format="json")
    assert assert_envelope(answer, status=400, errcode="VALID-40000")["fields"] == {
        "platformId": ["please select platform"]
    }
    answer = client(entry).post(OTHER, form(**{**empty, "platformId": KUAISHOU}), format="json")
    assert list(assert_envelope(answer, status=400, errcode="VALID-40000")["fields"]) == ["checkCode"]


@pytest.mark.parametrize(("area", "phone"), [("0086", "13912345678"), ("00852", "51234567"), ("00853", "61234567")])
def test_a_phone_of_its_area_codes_format_is_written_off(entry, fixed_platforms, area, phone):
    answer = client(entry).post(OTHER, form(areaCode=area, phone=phone), format="json")
    data = assert_envelope(answer, status=201)
    record = WriteOff.objects.get(pk=data["recordId"])
    assert (record.area_code, record.phone, record.status) == (area, phone, "done")
    assert (record.member.area_code, record.member.phone) == (area, phone)


def test_the_manual_platforms_code_keeps_its_letters_and_the_spaces_around_it_are_trimmed(entry, fixed_platforms):
    answer = client(entry).post(OTHER, form(checkCode="  KS-abc123  "), format="json")
    assert WriteOff.objects.get(pk=assert_envelope(answer, status=201)["recordId"]).code == "KS-abc123"


def test_a_code_of_other_characters_is_refused(entry, fixed_platforms):
    answer = client(entry, "zh-hans").post(OTHER, form(checkCode="12 34"), format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"checkCode": ["券码只能包含字母、数字和短横线"]}


@pytest.fixture
def reserved(store):
    """A member booked today whose phone on file would fail the mainland format."""
    member = MemberFactory(home_store=store, phone="12000000001")
    ReservationFactory(store=store, member=member, start=just_started(), name=member.name, phone=member.phone)
    return member


def test_a_member_picked_from_todays_reservations_skips_the_phone_format(entry, fixed_platforms, reserved):
    picked = form(fromReservation=True, memId=reserved.pk, phone="")
    answer = client(entry).post(OTHER, picked, format="json")
    record = WriteOff.objects.get(pk=assert_envelope(answer, status=201)["recordId"])
    assert (record.member_id, record.phone, record.from_reservation) == (reserved.pk, "12000000001", True)


def test_the_same_phone_typed_in_is_refused(entry, fixed_platforms, reserved):
    answer = client(entry).post(OTHER, form(phone=reserved.phone), format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"phone": ["phone format incorrect, cannot write off"]}


def test_from_reservation_needs_a_member_reserved_today_at_the_store(entry, fixed_platforms, store, other_store):
    nobody = MemberFactory(home_store=store, phone="12000000002")
    elsewhere = MemberFactory(home_store=other_store, phone="12000000003")
    ReservationFactory(store=other_store, member=elsewhere, start=just_started())
    for member_id in (None, nobody.pk, elsewhere.pk):
        answer = client(entry, "zh-hans").post(OTHER, form(fromReservation=True, memId=member_id), format="json")
        data = assert_envelope(answer, status=400, errcode="VALID-40000")
        assert data["fields"] == {"memId": ["请从今日预约中选择会员"]}
    assert WriteOff.objects.count() == 0


@pytest.mark.parametrize("platform_id", [MEITUAN, DIANPING])
def test_write_off_refuses_the_review_platforms(entry, fixed_platforms, platform_id):
    project = ProjectFactory()
    body = form(platform_id, commodityType="project", commodityId=project.pk)
    answer = client(entry).post(OTHER, body, format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"platformId": ["write off the review platforms' codes with their own call"]}
    answer = client(entry, "zh-hans").post(OTHER, body, format="json")
    assert assert_envelope(answer, status=400, errcode="VALID-40000")["fields"]["platformId"] == [
        "美团、大众点评的券码请在其专用入口核销"
    ]
    assert WriteOff.objects.count() == 0


@pytest.mark.parametrize("platform_id", [DOUYIN, KUAISHOU])
def test_write_off_review_refuses_the_other_platforms(entry, fixed_platforms, platform_id):
    project = ProjectFactory()
    body = form(platform_id, commodityType="project", commodityId=project.pk)
    answer = client(entry).post(REVIEW, body, format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"platformId": ["this call is for the review platforms"]}
    assert WriteOff.objects.count() == 0


def test_a_platform_of_another_tab_is_refused(entry, fixed_platforms):
    answer = client(entry).post(OTHER, form(platformType=3), format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"platformId": ["please select platform"]}
    assert WriteOff.objects.count() == 0
