"""Goods out and loans over HTTP (docs/api.md "Stock: goods out and loans"): shapes, the chosen
store's scope, the errcodes, idempotency, the records' filters and export, the scan."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.core import excel
from apps.core.ledgers import audit_all
from apps.core.testing import assert_envelope, assert_list_queries_constant, assert_queued_export
from apps.inventory.choices import DocumentStatus
from apps.inventory.models import StockBalance, StockDocument, StockMove
from apps.inventory.tests.factories import stocked
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

CODES = ["KCGL-0002", "KCGL-0004", "KCGL-0005"]


def balance(store, product) -> Decimal:
    row = StockBalance.objects.filter(store=store, product=product).first()
    return row.quantity if row else Decimal("0")


@pytest.fixture
def lending(chain, make_entry):
    """Store A lends to store B (its borrow-out target); a principal of each, with the stock pages."""
    lender, borrower = chain["store"], chain["other_store"]
    lender.negative_stock_allowed = False
    lender.save(update_fields=["negative_stock_allowed"])
    lender.borrow_out_targets.add(borrower)
    return {
        "lender": lender,
        "borrower": borrower,
        "a": api_client(entry=make_entry(lender, codes=CODES)),
        "b": api_client(entry=make_entry(borrower, codes=CODES)),
    }


def create(client, body, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post("/rest/stockOut/create", body, format="json", **headers)


def loan_body(product, target, quantity="2"):
    return {"type": "loan_out", "targetStoreId": target.pk, "lines": [{"productId": product.pk, "quantity": quantity}]}


def test_types_show_loan_outbound_only_with_borrow_out_targets(lending, make_entry):
    data = assert_envelope(lending["a"].get("/rest/stockOut/types"), status=200)
    assert [t["value"] for t in data["types"]] == ["store_use", "return", "loan_out"]
    assert data["borrowOutTargets"] == [{"id": lending["borrower"].pk, "name": lending["borrower"].name}]
    data = assert_envelope(lending["b"].get("/rest/stockOut/types"), status=200)
    assert [t["value"] for t in data["types"]] == ["store_use", "return"]
    assert [t["value"] for t in data["recordTypes"]] == ["store_use", "return", "loan_out", "loan_return"]


def test_in_store_use_answers_the_document_with_its_lines_and_live_stock(lending):
    product = stocked(lending["lender"], "5")
    body = {"type": "store_use", "lines": [{"productId": product.pk, "quantity": "2"}], "remark": "洗头用"}
    data = assert_envelope(create(lending["a"], body), status=200)
    assert (data["type"], data["status"], data["remark"], data["lineCount"]) == ("store_use", "done", "洗头用", 1)
    assert data["number"].startswith("CK")
    assert [(line["productId"], line["quantity"], line["stock"]) for line in data["lines"]] == [
        (product.pk, "2.000", "3.000")
    ]


def test_an_outbound_past_the_stock_answers_stock_40901_and_writes_nothing(lending):
    product = stocked(lending["lender"], "1")
    body = {"type": "store_use", "lines": [{"productId": product.pk, "quantity": "2"}]}
    data = assert_envelope(create(lending["a"], body), status=409, errcode="STOCK-40901")
    assert data["products"][0]["productId"] == product.pk
    assert StockDocument.objects.count() == 0


def test_bad_input_answers_valid_40000(lending):
    product = stocked(lending["lender"], "1")
    for body in (
        {"type": "store_use", "lines": []},
        {"type": "store_use", "lines": [{"productId": product.pk, "quantity": "0"}]},
        {"type": "loan_in", "lines": [{"productId": product.pk, "quantity": "1"}]},
        {"type": "loan_out", "lines": [{"productId": product.pk, "quantity": "1"}]},
    ):
        assert_envelope(create(lending["a"], body), status=400, errcode="VALID-40000")
    assert StockDocument.objects.count() == 0


def test_a_loan_to_a_store_that_is_not_a_target_answers_loan_40001(lending, chain):
    product = stocked(lending["lender"], "5")
    stranger = StoreFactory(parent=chain["region"])
    assert_envelope(create(lending["a"], loan_body(product, stranger)), status=400, errcode="LOAN-40001")
    assert balance(lending["lender"], product) == 5


def test_a_create_runs_once_per_idempotency_key(lending):
    product = stocked(lending["lender"], "5")
    body = {"type": "store_use", "lines": [{"productId": product.pk, "quantity": "1"}]}
    first = assert_envelope(create(lending["a"], body, key="k-1"), status=200)
    again = assert_envelope(create(lending["a"], body, key="k-1"), status=200)
    assert first == again
    assert balance(lending["lender"], product) == 4


def test_the_borrower_sees_the_loan_and_confirms_it_once(lending):
    product = stocked(lending["lender"], "5")
    loan = assert_envelope(create(lending["a"], loan_body(product, lending["borrower"])), status=200)
    assert (loan["status"], loan["otherStoreId"], loan["open"]) == ("in_transit", lending["borrower"].pk, True)
    incoming = assert_envelope(lending["b"].get("/rest/stockOut/loanList", {"direction": "in"}), status=200)
    assert [row["id"] for row in incoming["list"]] == [loan["id"]]
    # B's outbound records hold B's own documents only.
    assert assert_envelope(lending["b"].get("/rest/stockOut/list"), status=200)["total"] == 0
    seen = assert_envelope(lending["b"].get(f"/rest/stockOut/detail/{loan['id']}"), status=200)
    assert (seen["canConfirm"], seen["lines"][0]["stock"]) == (True, "0.000")
    assert not assert_envelope(lending["a"].get(f"/rest/stockOut/detail/{loan['id']}"), status=200)["canConfirm"]

    url = f"/rest/stockOut/loanConfirm/{loan['id']}"
    assert_envelope(lending["a"].post(url, {}, format="json"), status=403, errcode="LOAN-40301")
    received = assert_envelope(lending["b"].post(url, {}, format="json"), status=200)
    assert (received["status"], received["canConfirm"], received["canReturn"]) == ("received", False, True)
    assert received["lines"][0]["stock"] == "2.000"
    assert_envelope(lending["b"].post(url, {}, format="json"), status=409, errcode="LOAN-40901")
    assert balance(lending["borrower"], product) == 2 and balance(lending["lender"], product) == 3
    assert audit_all() == []


def test_open_loans_are_listed_for_both_stores_until_given_back(lending):
    product = stocked(lending["lender"], "5")
    loan = assert_envelope(create(lending["a"], loan_body(product, lending["borrower"])), status=200)
    assert_envelope(lending["b"].post(f"/rest/stockOut/loanConfirm/{loan['id']}", {}, format="json"), status=200)

    def open_ids(client):
        data = assert_envelope(client.get("/rest/stockOut/loanList", {"openOnly": "true"}), status=200)
        return [row["id"] for row in data["list"]]

    assert open_ids(lending["a"]) == open_ids(lending["b"]) == [loan["id"]]
    line_id = assert_envelope(lending["b"].get(f"/rest/stockOut/detail/{loan['id']}"), status=200)["lines"][0]
    url = f"/rest/stockOut/loanReturn/{loan['id']}"
    too_much = {"lines": [{"lineId": line_id["lineId"], "quantity": "3"}]}
    assert_envelope(lending["b"].post(url, too_much, format="json"), status=409, errcode="LOAN-40902")
    body = {"lines": [{"lineId": line_id["lineId"], "quantity": "2"}]}
    assert_envelope(lending["a"].post(url, body, format="json"), status=403, errcode="LOAN-40301")
    back = assert_envelope(lending["b"].post(url, body, format="json"), status=200)
    assert (back["type"], back["status"], back["sourceId"]) == ("loan_return", "in_transit", loan["id"])
    # The loan is wholly given back; the return is open until the lender confirms it.
    assert open_ids(lending["a"]) == open_ids(lending["b"]) == [back["id"]]
    assert_envelope(lending["a"].post(f"/rest/stockOut/loanConfirm/{back['id']}", {}, format="json"), status=200)
    assert open_ids(lending["a"]) == open_ids(lending["b"]) == []
    assert balance(lending["lender"], product) == 5 and balance(lending["borrower"], product) == 0
    assert audit_all() == []


def test_a_third_store_cannot_see_or_confirm_the_loan(lending, chain, make_entry):
    product = stocked(lending["lender"], "5")
    loan = assert_envelope(create(lending["a"], loan_body(product, lending["borrower"])), status=200)
    third = api_client(entry=make_entry(StoreFactory(parent=chain["region"]), codes=CODES))
    assert_envelope(third.get(f"/rest/stockOut/detail/{loan['id']}"), status=404, errcode="SYS-40400")
    assert_envelope(
        third.post(f"/rest/stockOut/loanConfirm/{loan['id']}", {}, format="json"), status=404, errcode="SYS-40400"
    )
    assert StockDocument.objects.get(pk=loan["id"]).status == DocumentStatus.IN_TRANSIT


def test_the_records_filter_by_type_number_date_and_status(lending):
    product = stocked(lending["lender"], "20")
    use = assert_envelope(
        create(lending["a"], {"type": "store_use", "lines": [{"productId": product.pk, "quantity": "1"}]}), status=200
    )
    returned = {"type": "return", "supplier": "供", "lines": [{"productId": product.pk, "quantity": "1"}]}
    back = assert_envelope(create(lending["a"], returned), status=200)
    loan = assert_envelope(create(lending["a"], loan_body(product, lending["borrower"])), status=200)

    def ids(**params):
        data = assert_envelope(lending["a"].get("/rest/stockOut/list", params), status=200)
        return [row["id"] for row in data["list"]]

    assert ids() == [loan["id"], back["id"], use["id"]]
    assert ids(type="store_use") == [use["id"]]
    assert ids(type="return") == [back["id"]]
    assert ids(type="loan_out") == [loan["id"]]
    assert ids(status="in_transit") == [loan["id"]]
    assert ids(number=use["number"][-6:]) == [use["id"]]
    assert ids(startDate="2000-01-01", endDate="2000-01-02") == []
    assert ids(pageNo=2, pageSize=2) == [use["id"]]
    assert_envelope(lending["a"].get("/rest/stockOut/list", {"type": "nope"}), status=400, errcode="VALID-40000")


def test_the_export_writes_the_filtered_records_and_queues_the_cap(lending, monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    product = stocked(lending["lender"], "5")
    assert_envelope(
        create(lending["a"], {"type": "store_use", "lines": [{"productId": product.pk, "quantity": "1"}]}), status=200
    )
    response = lending["a"].get("/rest/stockOut/export")
    assert response.status_code == 200 and response["Content-Type"] == excel.XLSX_CONTENT_TYPE
    rows = list(load_workbook(BytesIO(response.content)).worksheets[0].iter_rows(values_only=True))
    assert rows[0][:3] == ("Number", "Type", "Status") and rows[1][1] == "in-store use"
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 1)
    assert_queued_export(lending["a"].get("/rest/stockOut/export"))


def test_a_scan_answers_the_product_with_the_live_stock(lending):
    product = stocked(lending["lender"], "7", barcode="6901234567890")
    data = assert_envelope(lending["a"].get("/rest/scancodeout/scan", {"code": "6901234567890"}), status=200)
    assert (data["productId"], data["stock"]) == (product.pk, "7.000")
    assert_envelope(lending["a"].get("/rest/scancodeout/scan", {"code": "0000"}), status=404, errcode="SYS-40400")
    found = assert_envelope(lending["a"].get("/rest/scancodeout/products", {"keyword": product.name}), status=200)
    assert [row["productId"] for row in found] == [product.pk]
    assert assert_envelope(lending["b"].get("/rest/scancodeout/products", {"keyword": product.name}), status=200) == []


def test_the_calls_need_the_stock_page_codes(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"], codes=["KCGL-0004"]))
    assert_envelope(client.get("/rest/stockOut/list"), status=200)
    assert_envelope(create(client, {"type": "store_use", "lines": []}), status=403, errcode="AUTH-40300")
    assert StockMove.objects.count() == 0


def test_the_records_and_the_loans_read_a_page_in_constant_queries(lending):
    product = stocked(lending["lender"], "1000")

    def lend_more(count: int) -> None:
        for _ in range(count):
            assert_envelope(create(lending["a"], loan_body(product, lending["borrower"], "1")), status=200)

    records = assert_list_queries_constant(lending["a"], "/rest/stockOut/list", lend_more, params={"pageSize": 50})
    loans = assert_list_queries_constant(lending["b"], "/rest/stockOut/loanList", lend_more, params={"pageSize": 50})
    assert records == loans


def test_the_refusals_read_in_chinese(lending, chain, make_entry):
    product = stocked(lending["lender"], "1")
    client = api_client(entry=make_entry(lending["lender"], codes=CODES), language="zh-hans")
    stranger = StoreFactory(parent=chain["region"])
    refused = client.post("/rest/stockOut/create", loan_body(product, stranger), format="json")
    assert refused.json()["errmsg"] == "只能借货给本店的借出门店"
    short = client.post("/rest/stockOut/create", loan_body(product, lending["borrower"], "2"), format="json")
    assert (short.json()["errcode"], short.json()["errmsg"]) == ("STOCK-40901", f"{product.name}库存不足")
