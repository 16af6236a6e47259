"""Ordering goods from head office over HTTP (bookProd): a store builds and submits an order from the
catalogue, the material-builder administrator at head office sees every store's orders, confirms
(changing a quantity), ships and marks paid; the store receives the order as goods in, once."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.choices import RoleKind
from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProductFactory
from apps.core.page_registry import code_of
from apps.core.role_codes import GOODS_ORDER_HEAD_OFFICE, GOODS_ORDER_PLACE
from apps.core.testing import assert_envelope
from apps.inventory.models import StockBalance, StockDocument
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

ORDER_PAGES = [code_of("/bookProdLst"), code_of("/bookProdDetail")]


@pytest.fixture
def store_manager(chain, make_entry):
    codes = [*ORDER_PAGES, code_of("/storageDetail"), GOODS_ORDER_PLACE.code]
    return api_client(entry=make_entry(chain["store"], codes=codes))


@pytest.fixture
def head_office(chain, make_entry):
    codes = [*ORDER_PAGES, *(button.code for button in GOODS_ORDER_HEAD_OFFICE)]
    return api_client(entry=make_entry(chain["head_office"], codes=codes, kind=RoleKind.MATERIAL_BUILDER_ADMIN))


def post(client, path, body, status=200, errcode="0", **headers):
    return assert_envelope(client.post(path, body, format="json", **headers), status=status, errcode=errcode)


def submitted_order(client, *lines):
    draft = post(client, "/rest/bookProd/save", {"lines": [{"productId": p.pk, "quantity": q} for p, q in lines]})
    return post(client, "/rest/bookProd/submit", {"id": draft["id"]})


def test_the_catalogue_suggests_quantities_for_the_store(store_manager, chain):
    product = stocked(chain["store"], "2", ProductFactory.create(default_safety_stock=6))
    page = assert_envelope(store_manager.get("/rest/bookProd/catalogue", {"keyword": product.code}), status=200)
    [row] = page["list"]
    assert (row["liveStock"], row["safetyStock"], row["used30Days"], row["suggested"]) == ("2", "6", "0", "4")


def test_an_order_from_the_store_to_head_office_and_back_into_stock(store_manager, head_office, chain):
    shampoo = ProductFactory.create(cost=Decimal("25.00"))
    serum = ProductFactory.create(cost=Decimal("80.00"))
    order = submitted_order(store_manager, (shampoo, "6"), (serum, "2"))
    assert (order["status"], order["amount"]) == ("submitted", "310.00")

    listed = assert_envelope(head_office.get("/rest/bookProd/headOfficeList", {"status": "submitted"}), status=200)
    assert [(row["id"], row["storeName"]) for row in listed["list"]] == [(order["id"], "Store A")]
    lines = {line["productId"]: line["lineId"] for line in order["lines"]}
    confirmed = post(
        head_office,
        "/rest/bookProd/confirm",
        {"id": order["id"], "lines": [{"lineId": lines[shampoo.pk], "quantity": "4"}]},
    )
    assert (confirmed["status"], confirmed["amount"]) == ("confirmed", "260.00")
    shipped = post(head_office, "/rest/bookProd/ship", {"id": order["id"]})
    assert [line["shippedQuantity"] for line in shipped["lines"]] == ["4", "2"]
    paid = post(head_office, "/rest/bookProd/markPaid", {"id": order["id"], "reference": "转账 0091"})
    assert (paid["paymentStatus"], paid["paidByName"] != "") == ("paid", True)

    received = post(store_manager, "/rest/bookProd/receive", {"id": order["id"]}, status=201)
    assert received["order"]["status"] == "received"
    assert (received["receipt"]["type"], received["receipt"]["sourceNumber"]) == ("head_office", order["number"])
    assert StockBalance.objects.get(store=chain["store"], product=shampoo).quantity == Decimal("4")


def test_receiving_twice_is_refused_but_the_same_key_replays_the_first_receipt(store_manager, head_office, chain):
    product = ProductFactory.create()
    order = submitted_order(store_manager, (product, "3"))
    post(head_office, "/rest/bookProd/confirm", {"id": order["id"]})
    post(head_office, "/rest/bookProd/ship", {"id": order["id"]})
    first = post(store_manager, "/rest/bookProd/receive", {"id": order["id"]}, status=201, HTTP_IDEMPOTENCY_KEY="rcv-1")
    again = post(store_manager, "/rest/bookProd/receive", {"id": order["id"]}, status=201, HTTP_IDEMPOTENCY_KEY="rcv-1")
    assert again == first
    post(store_manager, "/rest/bookProd/receive", {"id": order["id"]}, status=409, errcode="STOCK-40904")
    assert StockDocument.objects.filter(source_id=order["id"]).count() == 1
    assert StockBalance.objects.get(store=chain["store"], product=product).quantity == Decimal("3")


def test_a_store_sees_only_its_own_orders_and_head_office_no_drafts(store_manager, head_office, chain, make_entry):
    product = ProductFactory.create()
    draft = post(store_manager, "/rest/bookProd/save", {"lines": [{"productId": product.pk, "quantity": "1"}]})
    other = api_client(entry=make_entry(chain["other_store"], codes=[*ORDER_PAGES, GOODS_ORDER_PLACE.code]))
    theirs = submitted_order(other, (product, "1"))
    mine = assert_envelope(store_manager.get("/rest/bookProd/list"), status=200)
    assert [row["id"] for row in mine["list"]] == [draft["id"]]
    assert_envelope(store_manager.get("/rest/bookProd/detail", {"id": theirs["id"]}), status=404, errcode="SYS-40400")
    everything = assert_envelope(head_office.get("/rest/bookProd/headOfficeList"), status=200)
    assert [row["id"] for row in everything["list"]] == [theirs["id"]]
    by_store = assert_envelope(
        head_office.get("/rest/bookProd/headOfficeList", {"storeId": chain["store"].pk}), status=200
    )
    assert by_store["total"] == 0


def test_the_store_cannot_confirm_and_head_office_cannot_receive(store_manager, head_office):
    order = submitted_order(store_manager, (ProductFactory.create(), "1"))
    post(store_manager, "/rest/bookProd/confirm", {"id": order["id"]}, status=403, errcode="AUTH-40300")
    post(head_office, "/rest/bookProd/receive", {"id": order["id"]}, status=403, errcode="AUTH-40300")
    post(head_office, "/rest/bookProd/ship", {"id": order["id"]}, status=409, errcode="STOCK-40904")


def test_a_store_cancels_a_submitted_order_with_a_reason(store_manager):
    order = submitted_order(store_manager, (ProductFactory.create(), "1"))
    cancelled = post(store_manager, "/rest/bookProd/cancel", {"id": order["id"], "reason": "订错了"})
    assert (cancelled["status"], cancelled["cancelReason"]) == ("cancelled", "订错了")


def test_the_catalogue_product_page_reads_one_product(store_manager):
    product = ProductFactory.create(use_type="professional")
    row = assert_envelope(store_manager.get("/rest/bookProd/product", {"productId": product.pk}), status=200)
    assert (row["productId"], row["useType"]) == (product.pk, "professional")
    assert_envelope(store_manager.get("/rest/bookProd/product", {"productId": 999999}), status=404, errcode="SYS-40400")


def test_the_lists_and_the_catalogue_read_a_page_in_as_many_queries_for_one_row_as_for_many(store_manager, head_office):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def count(client, path):
        with CaptureQueriesContext(connection) as captured:
            assert_envelope(client.get(path), status=200)
        return len(captured)

    paths = ((head_office, "/rest/bookProd/headOfficeList"), (store_manager, "/rest/bookProd/list"))
    submitted_order(store_manager, (ProductFactory.create(), "1"))
    [count(client, path) for client, path in paths]  # the first call of a session reads its role codes
    one = [count(client, path) for client, path in paths] + [count(store_manager, "/rest/bookProd/catalogue")]
    for _ in range(4):
        submitted_order(store_manager, (ProductFactory.create(), "1"), (ProductFactory.create(), "2"))
    many = [count(client, path) for client, path in paths] + [count(store_manager, "/rest/bookProd/catalogue")]
    assert many == one
