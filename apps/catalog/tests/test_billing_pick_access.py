"""The billing pages pick items and card types from the catalogue lists and the change-card page
picks the new card type: those codes read the lists, and change nothing in the catalogue."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import (
    CardTypeFactory,
    ProductFactory,
    ProductPackageFactory,
    ProjectFactory,
    ProjectPackageFactory,
)
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

CASHIER = "ERP-KDJC-PAG-0003-0000"
CHANGE_CARD = "ERP-HYGL-PAG-0003-0000"


def test_the_cashier_reads_the_items_and_card_types_the_till_sells(chain, make_entry):
    product, project, card_type = ProductFactory(), ProjectFactory(), CardTypeFactory()
    product_package, project_package = ProductPackageFactory(), ProjectPackageFactory()
    cashier = api_client(entry=make_entry(chain["store"], codes=[CASHIER]))
    for path, item in (
        ("/rest/commodity/productList", product),
        ("/rest/commodity/projectList", project),
        ("/rest/commodity/cardTypeList", card_type),
        ("/rest/commodity/productPackageList", product_package),
        ("/rest/commodity/packageList", project_package),
    ):
        rows = assert_envelope(cashier.get(path), status=200)["list"]
        assert [row["id"] for row in rows] == [item.pk]
    body = {"itemType": "product", "itemId": product.pk, "enabled": False}
    assert_envelope(cashier.post("/rest/commodity/storeItem", body, format="json"), status=403, errcode="AUTH-40300")


def test_the_change_card_page_reads_card_types_only(chain, make_entry):
    card_type = CardTypeFactory()
    member_desk = api_client(entry=make_entry(chain["store"], codes=[CHANGE_CARD]))
    rows = assert_envelope(member_desk.get("/rest/commodity/cardTypeList?kind=storedValue"), status=200)["list"]
    assert [row["id"] for row in rows] == [card_type.pk]
    assert_envelope(member_desk.get("/rest/commodity/productList"), status=403, errcode="AUTH-40300")
