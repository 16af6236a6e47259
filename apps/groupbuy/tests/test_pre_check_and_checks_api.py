"""What a coupon may buy and the checks before a write-off (contract §9; rzCheckFrequencyLimit/*),
against the fake Meituan: the pre-check's candidate lists (a mapped deal: only its items, the store's
mapping and the chain's; an unmapped one: every item of the store, `mapped: false`), the item and
card lists (only what the store sells, at its own price), isFrontCheckStore, checkCode,
onlinePriceCheck (warnings, never a refusal) and reviewFrontCheck (everything checked, nothing
written)."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.catalog.models import StoreItem
from apps.catalog.tests.factories import CardTypeFactory, ProjectFactory, ProjectPackageFactory
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.groupbuy.models import Deal, DealItem, WriteOff
from apps.members.tests.factories import MemberFactory

from .factories import DOUYIN, MEITUAN, mapped_deal
from .helpers import USED, new_code

BOARD = code_of("/orderBoard")
PRE_CHECK = "/rest/groupPurchasing/preCheck"
ITEMS = "/rest/groupPurchasing/items"
CARDS = "/rest/groupPurchasing/cards"
FRONT = "/rest/rzCheckFrequencyLimit/isFrontCheckStore"
CODE_CHECK = "/rest/rzCheckFrequencyLimit/checkCode"
PRICE = "/rest/rzCheckFrequencyLimit/onlinePriceCheck"
REVIEW_FRONT = "/rest/rzCheckFrequencyLimit/reviewFrontCheck"
TRANSACTIONAL = pytest.mark.django_db(transaction=True)


@pytest.fixture
def desk(store, make_entry):
    return api_client(entry=make_entry(store, codes=[BOARD]))


def ids(rows):
    return [row["id"] for row in rows]


# -- item and card lists ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_item_and_card_lists_name_what_the_store_sells_at_its_price(desk, store, other_store):
    sold = ProjectFactory(name="A 头疗", price=Decimal("298.00"))
    own_price = ProjectFactory(name="B 护理", price=Decimal("100.00"), store_price_allowed=True)
    switched_off = ProjectFactory(name="C 停售")
    retired = ProjectFactory(name="D 下架", enabled=False)
    StoreItem.objects.create(store=store, item_type="project", project=own_price, store_price=Decimal("88.00"))
    StoreItem.objects.create(store=store, item_type="project", project=switched_off, enabled=False)
    package = ProjectPackageFactory()
    card = CardTypeFactory()
    off_card = CardTypeFactory()
    StoreItem.objects.create(store=store, item_type="cardType", card_type=off_card, enabled=False)

    projects = assert_envelope(desk.get(ITEMS, {"type": 2}), status=200)
    assert sold.pk in ids(projects) and own_price.pk in ids(projects)
    assert switched_off.pk not in ids(projects) and retired.pk not in ids(projects)
    row = next(row for row in projects if row["id"] == own_price.pk)
    assert row == {
        "id": own_price.pk,
        "name": "B 护理",
        "value": "B 护理",
        "unifiedCode": own_price.code,
        "price": "88.00",
    }
    assert ids(assert_envelope(desk.get(ITEMS, {"type": 4}), status=200)) == [package.pk]
    assert ids(assert_envelope(desk.get(CARDS), status=200)) == [card.pk]
    # the other store sells the switched-off project: its own list has it, and it is not ours to ask
    assert_envelope(desk.get(ITEMS, {"type": 2, "storeId": other_store.pk}), status=404, errcode="SYS-40400")
    assert_envelope(desk.get(ITEMS, {"type": 3}), status=400, errcode="VALID-40000")


# -- pre-check -------------------------------------------------------------------------------------


@TRANSACTIONAL
def test_a_mapped_deal_answers_its_items_at_the_store_and_the_chains(
    desk, store, other_store, fixed_platforms, platform_accounts
):
    deal, chain_wide = mapped_deal(fixed_platforms[MEITUAN])
    _deal, here = mapped_deal(fixed_platforms[MEITUAN], store=store)
    _deal, there = mapped_deal(fixed_platforms[MEITUAN], store=other_store)
    package = ProjectPackageFactory()
    DealItem.objects.create(deal=deal, store=store, commodity_type="package", item_id=package.pk)
    ProjectFactory()  # sold here, not mapped
    answer = assert_envelope(
        desk.post(PRE_CHECK, {"platformId": MEITUAN, "checkCode": new_code()}, format="json"), status=200
    )
    assert answer["mapped"] is True
    assert sorted(ids(answer["projects"])) == sorted([chain_wide.pk, here.pk])
    assert there.pk not in ids(answer["projects"])
    assert ids(answer["packages"]) == [package.pk] and answer["cards"] == []
    assert answer["deal"]["dealId"] == "100001" and answer["deal"]["price"] == "99.00"
    assert answer["deal"]["marketPrice"] == "298.00" and answer["deal"]["count"] == 1
    assert WriteOff.objects.count() == 0


@TRANSACTIONAL
def test_an_unmapped_deal_answers_every_item_of_the_store(desk, store, fixed_platforms, platform_accounts):
    ProjectFactory()
    ProjectPackageFactory()
    CardTypeFactory()
    answer = assert_envelope(
        desk.post(PRE_CHECK, {"platformId": MEITUAN, "checkCode": new_code(deal="3")}, format="json"), status=200
    )
    assert answer["mapped"] is False
    assert answer["projects"] == assert_envelope(desk.get(ITEMS, {"type": 2}), status=200)
    assert answer["packages"] == assert_envelope(desk.get(ITEMS, {"type": 4}), status=200)
    assert answer["cards"] == assert_envelope(desk.get(CARDS), status=200)
    assert answer["projects"] and answer["packages"] and answer["cards"]
    assert Deal.objects.get(deal_id="100003").title == "精油头疗 60分钟"  # seen, for head office to map


@pytest.mark.django_db
def test_the_pre_check_is_for_the_review_platforms_only(desk, fixed_platforms):
    answer = desk.post(PRE_CHECK, {"platformId": DOUYIN, "checkCode": new_code()}, format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"platformId": ["the pre-check is for the review platforms only"]}
    answer = desk.post(PRE_CHECK, {"platformId": MEITUAN, "checkCode": " "}, format="json")
    assert assert_envelope(answer, status=400, errcode="VALID-40000")["fields"] == {
        "checkCode": ["please enter coupon code"]
    }


def written_off_here(platform, store, code):
    return WriteOff.objects.create(
        platform=platform,
        code=code,
        store=store,
        member=MemberFactory(home_store=store),
        area_code="0086",
        phone="13912345678",
        status="done",
        request_id=uuid.uuid4().hex,
    )


@TRANSACTIONAL
def test_a_code_written_off_at_any_store_of_the_chain_answers_gb_40901(
    desk, store, other_store, fixed_platforms, platform_accounts
):
    code = new_code()
    record = written_off_here(fixed_platforms[MEITUAN], other_store, code)
    answer = desk.post(PRE_CHECK, {"platformId": MEITUAN, "checkCode": code}, format="json")
    data = assert_envelope(answer, status=409, errcode="GB-40901")
    assert (data["recordId"], data["storeId"]) == (record.pk, other_store.pk)
    assert answer.json()["errmsg"] == "this coupon code has already been written off"
    assert platform_accounts["meituan"].book.coupons.get(code) is None  # the platform was not asked
    code_check = desk.post(CODE_CHECK, {"platformId": MEITUAN, "checkCode": code}, format="json")
    assert_envelope(code_check, status=409, errcode="GB-40901")


@TRANSACTIONAL
def test_a_used_code_is_refused_at_the_pre_check(desk, fixed_platforms, platform_accounts):
    answer = desk.post(PRE_CHECK, {"platformId": MEITUAN, "checkCode": new_code(USED)}, format="json")
    assert assert_envelope(answer, status=409, errcode="GB-40902")["platformMessage"] == "券码已使用"


# -- rzCheckFrequencyLimit -------------------------------------------------------------------------


@pytest.mark.django_db
def test_is_front_check_store_answers_the_stores_setting(desk, store, other_store):
    assert assert_envelope(desk.get(FRONT), status=200) == {"storeId": store.pk, "frontCheck": False}
    store.front_desk_check_required = True
    store.save(update_fields=["front_desk_check_required"])
    answer = desk.get(FRONT, {"storeId": store.pk})
    assert assert_envelope(answer, status=200) == {"storeId": store.pk, "frontCheck": True}
    assert_envelope(desk.get(FRONT, {"storeId": other_store.pk}), status=404, errcode="SYS-40400")


@TRANSACTIONAL
def test_check_code_answers_the_deal_and_consumes_nothing(desk, fixed_platforms, platform_accounts):
    code = new_code(deal="2")
    answer = assert_envelope(
        desk.post(CODE_CHECK, {"platformId": DOUYIN, "checkCode": code}, format="json"), status=200
    )
    assert answer["ok"] is True
    assert (answer["deal"]["dealId"], answer["deal"]["price"]) == ("100002", "399.00")
    assert platform_accounts["douyin"].book.of_code(code) == []
    assert WriteOff.objects.count() == 0
    refused = desk.post(CODE_CHECK, {"platformId": DOUYIN, "checkCode": new_code(USED)}, format="json")
    assert_envelope(refused, status=409, errcode="GB-40902")
    missing = desk.post(CODE_CHECK, {"platformId": None, "checkCode": code}, format="json")
    assert assert_envelope(missing, status=400, errcode="VALID-40000")["fields"] == {
        "platformId": ["please select platform"]
    }


def price_check(client, project):
    body = {"platformId": MEITUAN, "checkCode": new_code(), "commodityType": "project", "commodityId": project.pk}
    return assert_envelope(client.post(PRICE, body, format="json"), status=200)


@TRANSACTIONAL
def test_online_price_check_warns_of_a_list_price_that_differs_and_a_deal_below_the_floor(
    desk, store, make_entry, fixed_platforms, platform_accounts, settings
):
    # the deal sells at 99.00, listed at 298.00 on the platform
    same = ProjectFactory(price=Decimal("298.00"))
    assert price_check(desk, same) == {
        "dealPrice": "99.00",
        "marketPrice": "298.00",
        "storePrice": "298.00",
        "warnings": [],
        "ok": True,
    }
    dearer = ProjectFactory(price=Decimal("320.00"), store_price_allowed=True)
    answer = price_check(desk, dearer)
    assert answer["ok"] is False
    assert answer["warnings"] == ["the platform lists the item at 298.00, the store sells it at 320.00"]
    # 30% of 400.00 is 120.00: a deal at 99.00 is below it
    cheap = ProjectFactory(price=Decimal("400.00"))
    assert price_check(desk, cheap)["warnings"] == [
        "the platform lists the item at 298.00, the store sells it at 400.00",
        "the deal sells at 99.00, below 120.00 (the lowest price allowed for this item)",
    ]
    settings.GROUPBUY_PRICE_FLOOR_RATIO = 0.5  # 149.00 of the store's 298.00
    chinese = api_client(entry=make_entry(store, codes=[BOARD]), language="zh-hans")
    assert price_check(chinese, same)["warnings"] == ["团购售价 99.00 低于该商品允许的最低价 149.00"]
    # the store's own price is the one compared
    StoreItem.objects.create(store=store, item_type="project", project=dearer, store_price=Decimal("298.00"))
    assert price_check(desk, dearer)["storePrice"] == "298.00"
    assert WriteOff.objects.count() == 0


def review_form(project, **extra):
    return {
        "platformType": 1,
        "platformId": MEITUAN,
        "checkCode": new_code(),
        "phone": "13912345678",
        "commodityType": "project",
        "commodityId": project.pk,
        **extra,
    }


@TRANSACTIONAL
def test_review_front_check_answers_the_deal_the_frequency_and_the_price_writing_nothing(
    desk, fixed_platforms, platform_accounts
):
    project = ProjectFactory(price=Decimal("298.00"))
    form = review_form(project)
    answer = assert_envelope(desk.post(REVIEW_FRONT, form, format="json"), status=200)
    assert answer["deal"]["dealId"] == "100001"
    assert answer["frequency"] == {"count": 0, "limit": 3, "periodDays": 30, "exceeded": False}
    assert answer["price"]["ok"] is True and answer["price"]["storePrice"] == "298.00"
    assert WriteOff.objects.count() == 0
    assert platform_accounts["meituan"].book.of_code(form["checkCode"]) == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field", "sentence"),
    [
        ({"platformId": None}, "platformId", "请选择平台"),
        ({"checkCode": ""}, "checkCode", "请输入券码"),
        ({"phone": ""}, "phone", "请输入顾客手机号"),
        ({"phone": "1391234567"}, "phone", "手机号格式不正确，无法核销"),
        ({"commodityId": None}, "commodityId", "请选择项目套餐/项目/卡"),
        ({"platformId": DOUYIN}, "platformId", "该操作仅适用于美团、大众点评"),
    ],
)
def test_review_front_check_applies_the_forms_rules(store, make_entry, fixed_platforms, change, field, sentence):
    chinese = api_client(entry=make_entry(store, codes=[BOARD]), language="zh-hans")
    answer = chinese.post(REVIEW_FRONT, review_form(ProjectFactory(), **change), format="json")
    assert assert_envelope(answer, status=400, errcode="VALID-40000")["fields"] == {field: [sentence]}
