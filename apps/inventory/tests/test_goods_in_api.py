"""Goods in over HTTP (stockIn, scancodestock, commodity): a receipt with its moves, replayed under
its Idempotency-Key, the records with their filters and export, a scanned barcode, the store's scope."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProductFactory
from apps.core import excel
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope, assert_queued_export
from apps.inventory.models import StockBalance, StockDocument, StockMove

pytestmark = pytest.mark.django_db

GOODS_IN = [code_of("/storageRecord"), code_of("/storageDetail")]
CREATE = "/rest/stockIn/create"


@pytest.fixture
def keeper(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=GOODS_IN))


def receive(client, lines, *, type="supplier", supplier="青丝供应链", key=None, status=201, errcode="0"):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    body = {"type": type, "supplier": supplier, "lines": lines}
    return assert_envelope(client.post(CREATE, body, format="json", **headers), status=status, errcode=errcode)


def test_a_receipt_moves_stock_and_answers_its_lines_in_both_units(keeper, chain):
    bottle = ProductFactory.create(use_unit="ml", use_per_unit=Decimal("500"), cost=Decimal("40.00"))
    data = receive(keeper, [{"productId": bottle.pk, "quantity": "3"}])
    assert data["typeName"] == "from a supplier" and data["supplier"] == "青丝供应链"
    [line] = data["lines"]
    assert (line["quantity"], line["useQuantity"], line["useUnit"], line["amount"]) == ("3", "1500", "ml", "120.00")
    assert StockBalance.objects.get(store=chain["store"], product=bottle).quantity == Decimal("1500")


def test_a_receipt_under_the_same_key_is_replayed_and_moves_stock_once(keeper, chain):
    product = ProductFactory.create()
    lines = [{"productId": product.pk, "quantity": "2"}]
    first = receive(keeper, lines, key="goods-in-1")
    again = receive(keeper, lines, key="goods-in-1")
    assert again == first
    assert StockDocument.objects.filter(store=chain["store"]).count() == 1
    assert StockBalance.objects.get(store=chain["store"], product=product).quantity == Decimal("2")
    receive(keeper, [{"productId": product.pk, "quantity": "5"}], key="goods-in-1", status=409, errcode="SYS-40901")


def test_a_batch_tracked_product_without_its_batch_is_refused_and_nothing_is_written(keeper, chain):
    serum = ProductFactory.create(tracks_batches=True)
    body = receive(keeper, [{"productId": serum.pk, "quantity": "1"}], status=400, errcode="VALID-40000")
    assert body["fields"] == {"batchNo": ["please enter the batch number"]}
    assert not StockMove.objects.filter(product=serum).exists()
    data = receive(keeper, [{"productId": serum.pk, "quantity": "1", "batchNo": "B-9", "expiryDate": "2028-03-01"}])
    assert (data["lines"][0]["batchNo"], data["lines"][0]["expiryDate"]) == ("B-9", "2028-03-01")


def test_the_records_filter_by_type_and_number_page_and_hide_other_stores(keeper, chain, make_entry):
    product = ProductFactory.create()
    supplier = receive(keeper, [{"productId": product.pk, "quantity": "1"}])
    head_office = receive(keeper, [{"productId": product.pk, "quantity": "1"}], type="head_office", supplier="")
    other = api_client(entry=make_entry(chain["other_store"], codes=GOODS_IN))
    theirs = receive(other, [{"productId": product.pk, "quantity": "1"}])
    page = assert_envelope(keeper.get("/rest/stockIn/list", {"pageSize": 1}), status=200)
    assert (page["total"], [row["id"] for row in page["list"]]) == (2, [head_office["id"]])
    only = assert_envelope(keeper.get("/rest/stockIn/list", {"type": "supplier"}), status=200)
    assert [row["id"] for row in only["list"]] == [supplier["id"]]
    numbered = assert_envelope(keeper.get("/rest/stockIn/list", {"number": supplier["number"][-6:]}), status=200)
    assert [row["id"] for row in numbered["list"]] == [supplier["id"]]
    assert_envelope(keeper.get("/rest/stockIn/detail", {"id": theirs["id"]}), status=404, errcode="SYS-40400")


def test_the_export_writes_the_filtered_records_and_is_capped(keeper, monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    product = ProductFactory.create()
    receive(keeper, [{"productId": product.pk, "quantity": "4"}])
    response = keeper.get("/rest/stockIn/export", {"type": "supplier"})
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:3] == ("Number", "Created at", "Type") and rows[1][2] == "from a supplier" and rows[1][6] == 4
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 1)
    assert_queued_export(keeper.get("/rest/stockIn/export"))


def test_the_export_speaks_the_requests_language(chain, make_entry):
    chinese = api_client(entry=make_entry(chain["store"], codes=GOODS_IN), language="zh-hans")
    receive(chinese, [{"productId": ProductFactory.create().pk, "quantity": "1"}], type="head_office", supplier="")
    sheet = load_workbook(BytesIO(chinese.get("/rest/stockIn/export").content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:3] == ("入库单号", "入库时间", "入库类型") and rows[1][2] == "总部入库"


def test_a_scanned_barcode_answers_its_product_and_an_unknown_one_a_clear_error(keeper):
    product = ProductFactory.create(barcode="6970000009999", use_unit="ml", use_per_unit=Decimal("250"))
    found = assert_envelope(keeper.get("/rest/scancodestock/product", {"barcode": "6970000009999"}), status=200)
    assert (found["productId"], found["unit"], found["useUnit"], found["usePerUnit"]) == (
        product.pk,
        product.unit,
        "ml",
        "250",
    )
    missing = keeper.get("/rest/scancodestock/product", {"barcode": "123"})
    assert_envelope(missing, status=404, errcode="STOCK-40401")
    assert missing.json()["errmsg"] == "no product has the barcode 123"


def test_the_product_picker_finds_by_code_barcode_or_name_with_live_stock(keeper):
    product = ProductFactory.create(name="防脱精华液", barcode="6970000001234")
    receive(keeper, [{"productId": product.pk, "quantity": "3"}])
    for keyword in ("防脱", product.code, "0001234"):
        page = assert_envelope(keeper.get("/rest/commodity/stockProductList", {"keyword": keyword}), status=200)
        assert [(row["productId"], row["liveStock"]) for row in page["list"]] == [(product.pk, "3")]


def test_goods_in_needs_the_goods_in_code(chain, make_entry):
    records_only = api_client(entry=make_entry(chain["store"], codes=[code_of("/storageRecord")]))
    body = {"type": "supplier", "supplier": "x", "lines": [{"productId": ProductFactory.create().pk, "quantity": "1"}]}
    assert_envelope(records_only.post(CREATE, body, format="json"), status=403, errcode="AUTH-40300")


def _queries(client, path, params=None) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        assert_envelope(client.get(path, params or {}), status=200)
    return len(captured)


def test_the_records_and_the_picker_read_a_page_in_as_many_queries_for_one_row_as_for_many(keeper):
    first = ProductFactory.create()
    receive(keeper, [{"productId": first.pk, "quantity": "1"}], type="head_office", supplier="")
    _queries(keeper, "/rest/stockIn/list")  # the first call of a session reads its role codes
    one = (_queries(keeper, "/rest/stockIn/list"), _queries(keeper, "/rest/commodity/stockProductList"))
    for _ in range(4):
        receive(keeper, [{"productId": ProductFactory.create().pk, "quantity": "1"}], type="head_office", supplier="")
    many = (_queries(keeper, "/rest/stockIn/list"), _queries(keeper, "/rest/commodity/stockProductList"))
    assert many == one


def test_goods_in_refuses_more_than_99999_units_on_a_line_and_moves_nothing(keeper):
    product = ProductFactory.create()
    body = receive(keeper, [{"productId": product.pk, "quantity": "9999999999.999"}], status=400, errcode="VALID-40000")
    assert body["fields"] == {"lines[0].quantity": ["at most 99,999 units"]}
    assert not StockMove.objects.filter(product=product).exists()
    receive(keeper, [{"productId": product.pk, "quantity": "99999"}])
