"""The catalogue lists and details through the API (issue 4 §4): search, filters, paging, the
acting store's switch and price, the store's switch/price command and the price log. 401/403 come
from the walker in apps/core/tests/test_endpoint_declarations.py."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.catalog.choices import CouponKind, UseType
from apps.catalog.models import PriceChange, StoreItem
from apps.catalog.services import catalog_item_save
from apps.catalog.tests.factories import (
    CardTypeFactory,
    CouponTemplateFactory,
    ProductCategoryFactory,
    ProductFactory,
    ProductPackageLineFactory,
    ProjectConsumableFactory,
    ProjectFactory,
    ProjectPackageLineFactory,
)
from apps.core.audit import Actor
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope, assert_list_queries_constant

pytestmark = pytest.mark.django_db

PRODUCT_LIST = "/rest/commodity/productList"
STORE_ITEM = "/rest/commodity/storeItem"


def test_product_list_shape_and_order(cost_client):
    ProductFactory(code="P2", name="防脱精华液", price=Decimal("398"))
    ProductFactory(code="P1", name="控油洗发水", price=Decimal("168.5"), cost=Decimal("52"))
    data = assert_envelope(cost_client.get(PRODUCT_LIST), status=200)
    assert data["total"] == 2
    first = data["list"][0]
    assert first["code"] == "P1"
    assert first["price"] == "168.50" and first["effectivePrice"] == "168.50" and first["cost"] == "52.00"
    assert first["storePrice"] is None and first["storeEnabled"] is True
    assert set(first) >= {
        "id", "code", "name", "brand", "categoryId", "categoryName", "specification", "unit", "barcode",
        "useType", "price", "cost", "defaultSafetyStock", "enabled", "storePriceAllowed", "storeEnabled",
        "storePrice", "effectivePrice",
    }  # fmt: skip


def test_product_search_and_filters(client):
    shampoo_category = ProductCategoryFactory(name="洗护")
    ProductFactory(code="P1", name="控油洗发水", barcode="6970000000011", category=shampoo_category, brand="青丝")
    ProductFactory(code="P2", name="护理精油", use_type=UseType.PROFESSIONAL, brand="植萃坊")
    ProductFactory(code="P3", name="旧款", enabled=False)

    def codes(**params):
        return [row["code"] for row in assert_envelope(client.get(PRODUCT_LIST, params), status=200)["list"]]

    assert codes(keyword="洗发") == ["P1"]
    assert codes(keyword="970000000011") == ["P1"]
    assert codes(keyword="p2") == ["P2"]
    assert codes(categoryId=shampoo_category.pk) == ["P1"]
    assert codes(brand="植萃坊") == ["P2"]
    assert codes(useType="professional") == ["P2"]
    assert codes(enabled="false") == ["P3"]
    assert codes(enabled="true") == ["P1", "P2"]


def test_paging_and_page_size_cap(client):
    for _ in range(12):
        ProductFactory()
    data = assert_envelope(client.get(PRODUCT_LIST, {"pageNo": 2, "pageSize": 5}), status=200)
    assert data["total"] == 12 and len(data["list"]) == 5
    body = assert_envelope(client.get(PRODUCT_LIST, {"pageSize": 201}), status=400, errcode="VALID-40000")
    assert "pageSize" in body["fields"]


@pytest.mark.parametrize(
    ("url", "make"),
    [
        (PRODUCT_LIST, lambda: ProductFactory()),
        ("/rest/commodity/productPackageList", lambda: ProductPackageLineFactory()),
        ("/rest/commodity/projectList", lambda: ProjectConsumableFactory()),
        ("/rest/commodity/packageList", lambda: ProjectPackageLineFactory()),
        ("/rest/commodity/cardTypeList", lambda: CardTypeFactory()),
        ("/rest/commodity/couponTemplateList", lambda: CouponTemplateFactory()),
    ],
)
def test_lists_make_constant_queries(client, url, make):
    count = assert_list_queries_constant(client, url, lambda n: [make() for _ in range(n)], params={"pageSize": 100})
    assert count <= 8


def test_store_switches_an_item_off_and_on(client, other_client, chain):
    product = ProductFactory()
    saved = assert_envelope(
        client.post(STORE_ITEM, {"itemType": "product", "itemId": product.pk, "enabled": False}, format="json"),
        status=200,
    )
    assert saved["enabled"] is False and saved["storeEnabled"] is False and saved["storeId"] == chain["store"].pk
    row = assert_envelope(client.get(PRODUCT_LIST), status=200)["list"][0]
    assert row["enabled"] is True and row["storeEnabled"] is False
    assert assert_envelope(client.get(PRODUCT_LIST, {"enabled": "true"}), status=200)["total"] == 0
    # Another store is untouched.
    assert assert_envelope(other_client.get(PRODUCT_LIST), status=200)["list"][0]["storeEnabled"] is True
    client.post(STORE_ITEM, {"itemType": "product", "itemId": product.pk, "enabled": True}, format="json")
    assert assert_envelope(client.get(PRODUCT_LIST), status=200)["list"][0]["storeEnabled"] is True
    assert SystemLog.objects.filter(action="catalog.store_item_saved").count() == 2


def test_store_price_where_allowed_is_effective_and_logged(client, other_client, chain, store_entry):
    product = ProductFactory(price=Decimal("168.00"), store_price_allowed=True)
    body = {"itemType": "product", "itemId": product.pk, "enabled": True, "storePrice": "158.5"}
    saved = assert_envelope(client.post(STORE_ITEM, body, format="json"), status=200)
    assert saved["storePrice"] == "158.50" and saved["effectivePrice"] == "158.50" and saved["price"] == "168.00"
    row = assert_envelope(client.get(PRODUCT_LIST), status=200)["list"][0]
    assert (row["price"], row["storePrice"], row["effectivePrice"]) == ("168.00", "158.50", "158.50")
    other_row = assert_envelope(other_client.get(PRODUCT_LIST), status=200)["list"][0]
    assert other_row["effectivePrice"] == "168.00"

    change = PriceChange.objects.get()
    assert change.store_id == chain["store"].pk and change.old_price is None and change.new_price == Decimal("158.50")
    assert change.changed_by_id == store_entry.user_id and change.changed_at is not None
    assert SystemLog.objects.filter(action="catalog.price_changed", user_id=store_entry.user_id).exists()

    detail = assert_envelope(client.get(f"/rest/commodity/productDetail/{product.pk}"), status=200)
    assert detail["priceHistory"][0]["newPrice"] == "158.50"
    # The other store does not see Store A's price change.
    other = assert_envelope(other_client.get(f"/rest/commodity/productDetail/{product.pk}"), status=200)
    assert other["priceHistory"] == []


def test_store_price_refused_when_not_allowed_or_negative(client):
    locked = ProductFactory(store_price_allowed=False)
    body = assert_envelope(
        client.post(
            STORE_ITEM, {"itemType": "product", "itemId": locked.pk, "enabled": True, "storePrice": "90"}, format="json"
        ),
        status=400,
        errcode="VALID-40000",
    )
    assert "storePrice" in body["fields"]
    allowed = ProductFactory(store_price_allowed=True)
    assert_envelope(
        client.post(
            STORE_ITEM,
            {"itemType": "product", "itemId": allowed.pk, "enabled": True, "storePrice": "-1"},
            format="json",
        ),
        status=400,
        errcode="VALID-40000",
    )
    assert not StoreItem.objects.exists() and not PriceChange.objects.exists()


def test_store_item_for_another_store_or_missing_item_is_404(client, chain):
    product = ProductFactory()
    body = {"itemType": "product", "itemId": product.pk, "enabled": False, "storeId": chain["other_store"].pk}
    assert_envelope(client.post(STORE_ITEM, body, format="json"), status=404, errcode="SYS-40400")
    body = {"itemType": "project", "itemId": 999999, "enabled": False}
    assert_envelope(client.post(STORE_ITEM, body, format="json"), status=404, errcode="SYS-40400")
    assert not StoreItem.objects.exists()


def test_store_item_needs_the_list_code_of_the_item_kind(chain, make_entry):
    project = ProjectFactory()
    client = api_client(entry=make_entry(chain["store"], codes=["CPGL-PAG-0001"]))
    body = {"itemType": "project", "itemId": project.pk, "enabled": False}
    assert_envelope(client.post(STORE_ITEM, body, format="json"), status=403, errcode="AUTH-40300")


def test_head_office_sees_a_chosen_store_and_not_outside_its_tree(hq_client, chain, make_entry):
    product = ProductFactory(store_price_allowed=True)
    StoreItem.objects.create(store=chain["store"], item_type="product", product=product, store_price=Decimal("9"))
    assert assert_envelope(hq_client.get(PRODUCT_LIST), status=200)["list"][0]["effectivePrice"] == "100.00"
    row = assert_envelope(hq_client.get(PRODUCT_LIST, {"storeId": chain["store"].pk}), status=200)["list"][0]
    assert row["effectivePrice"] == "9.00"
    # A head-office role has to name the store it switches for.
    body = {"itemType": "product", "itemId": product.pk, "enabled": False}
    assert_envelope(hq_client.post(STORE_ITEM, body, format="json"), status=400, errcode="VALID-40000")


def test_store_cannot_read_with_another_stores_id(client, chain):
    assert_envelope(client.get(PRODUCT_LIST, {"storeId": chain["other_store"].pk}), status=404, errcode="SYS-40400")


def test_head_office_price_change_is_logged_with_who_and_when(client, store_entry):
    product = ProductFactory(price=Decimal("100.00"))
    actor = Actor(user_id=store_entry.user_id, login_name="hq-admin")
    product.price = Decimal("120.00")
    catalog_item_save(actor=actor, item=product)
    change = PriceChange.objects.get()
    assert change.store_id is None and change.old_price == Decimal("100.00") and change.new_price == Decimal("120.00")
    assert change.changed_by_name == "hq-admin"
    history = assert_envelope(client.get(f"/rest/commodity/productDetail/{product.pk}"), status=200)["priceHistory"]
    assert history[0]["oldPrice"] == "100.00" and history[0]["newPrice"] == "120.00"
    assert history[0]["changedBy"] == "hq-admin" and history[0]["storeId"] is None
    # Saving without a price change logs nothing more.
    catalog_item_save(actor=actor, item=product)
    assert PriceChange.objects.count() == 1


def test_details_and_missing_ones(client):
    line = ProductPackageLineFactory(quantity=2)
    consumable = ProjectConsumableFactory()
    package_line = ProjectPackageLineFactory(sessions=10)
    data = assert_envelope(client.get(f"/rest/commodity/productPackageDetail/{line.package_id}"), status=200)
    assert data["lines"][0]["quantity"] == 2 and data["priceHistory"] == []
    data = assert_envelope(client.get(f"/rest/commodity/projectDetail/{consumable.project_id}"), status=200)
    assert data["consumables"][0]["quantity"] == "0.02" and data["durationMinutes"] == 60
    data = assert_envelope(client.get(f"/rest/commodity/packageDetail/{package_line.package_id}"), status=200)
    assert data["totalSessions"] == 10 and data["lines"][0]["projectId"] == package_line.project_id
    for url in ("productDetail", "productPackageDetail", "projectDetail", "packageDetail", "couponTemplateDetail"):
        assert_envelope(client.get(f"/rest/commodity/{url}/999999"), status=404, errcode="SYS-40400")


def test_coupon_templates_by_kind(client):
    CouponTemplateFactory(code="A1")
    CouponTemplateFactory(code="B1", kind=CouponKind.DISCOUNT, amount=None, rate=Decimal("0.85"))
    project = ProjectFactory()
    free = CouponTemplateFactory(code="C1", kind=CouponKind.FREE_PROJECT, amount=None, project=project)
    data = assert_envelope(client.get("/rest/commodity/couponTemplateList", {"kind": "B"}), status=200)
    assert [row["code"] for row in data["list"]] == ["B1"] and data["list"][0]["rate"] == "0.85"
    detail = assert_envelope(client.get(f"/rest/commodity/couponTemplateDetail/{free.pk}"), status=200)
    assert detail["kind"] == "C" and detail["projectId"] == project.pk
    assert_envelope(client.get("/rest/commodity/couponTemplateList", {"kind": "Z"}), status=400, errcode="VALID-40000")


def test_card_types_with_discount_rules(client):
    card = CardTypeFactory()
    card.discounts.create(category=ProductCategoryFactory(name="洗护"), rate=Decimal("0.9"))
    row = assert_envelope(client.get("/rest/commodity/cardTypeList"), status=200)["list"][0]
    assert row["faceValue"] == "1000.00" and row["discounts"][0]["rate"] == "0.90"
    assert row["kind"] == "storedValue"


def test_filter_options_list_every_category_and_brand_whatever_the_item_count(client):
    ProductFactory.create_batch(3, brand="青丝")
    ProductFactory(brand="润发")
    unused = ProductCategoryFactory(name="未使用的分类")
    data = assert_envelope(client.get("/rest/commodity/productFilterOptions"), status=200)
    assert data["brands"] == sorted({"青丝", "润发"})
    assert {"categoryId": unused.pk, "categoryName": "未使用的分类"} in data["categories"]
    ProjectFactory()
    projects = assert_envelope(client.get("/rest/commodity/projectFilterOptions"), status=200)
    assert projects["brands"] == [] and projects["categories"]
    assert all(row["categoryId"] != unused.pk for row in projects["categories"])


def test_a_price_the_system_changed_is_signed_by_the_system_in_the_persons_language(store_entry):
    """Issue 12 §5: the operator "system" is a word of the page, translated like the others."""
    from apps.accounts.testing import api_client
    from apps.core.audit import SYSTEM_ACTOR

    product = ProductFactory(price=Decimal("100.00"))
    product.price = Decimal("120.00")
    catalog_item_save(actor=SYSTEM_ACTOR, item=product)
    path = f"/rest/commodity/productDetail/{product.pk}"
    chinese = assert_envelope(api_client(entry=store_entry, language="zh-hans").get(path), status=200)
    english = assert_envelope(api_client(entry=store_entry).get(path), status=200)
    assert chinese["priceHistory"][0]["changedBy"] == "系统"
    assert english["priceHistory"][0]["changedBy"] == "System"
