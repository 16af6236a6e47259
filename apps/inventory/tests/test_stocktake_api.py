"""The stocktake calls through HTTP (`stocktaking/*`): the envelope and its errcodes, the role
codes (approving is the owner's), the Idempotency-Key, the store scope, a line's value behind the
cost code (a stocktake's totals for everyone), the lines' filters and the export."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import COST_VIEW, STOCKTAKE_APPROVE
from apps.core.testing import assert_envelope, assert_queued_export
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

S = "/rest/stocktaking/"
PAGE = code_of("/inventoryRecord")


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def counter(store, make_entry):
    return api_client(entry=make_entry(store, codes=[PAGE]))


@pytest.fixture
def owner(store, make_entry):
    entry = make_entry(store, codes=[PAGE, STOCKTAKE_APPROVE.code, COST_VIEW.code], kind="owner")
    return api_client(entry=entry)


def post(client, call, body, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post(S + call, body, format="json", **headers)


def started(client):
    return assert_envelope(post(client, "create", {"remark": "month end"}), status=201)


def test_a_stocktake_is_started_counted_scanned_submitted_and_approved_by_the_owner(counter, owner, store):
    shampoo = stocked(store, "1000", use_unit="ml", use_per_unit=Decimal("500"), cost=Decimal("60.00"))
    comb = stocked(store, "3", cost=Decimal("5.00"))
    created = started(counter)
    stocktake_id = created["stocktakeId"]
    assert (created["status"], created["lineCount"], created["countedCount"]) == ("counting", 2, 0)
    assert created["differenceValue"] == "0.00"  # nothing counted yet
    answer = assert_envelope(
        post(counter, "count", {"stocktakeId": stocktake_id, "lines": [{"productId": shampoo.pk, "counted": "1.5"}]}),
        status=200,
    )
    assert answer["counted"] == 1 and answer["stocktake"]["differenceCount"] == 1
    scanned = assert_envelope(
        post(counter, "scan", {"stocktakeId": stocktake_id, "barcode": comb.barcode}, key="scan-1"), status=200
    )
    assert (scanned["line"]["counted"], scanned["line"]["difference"], scanned["line"]["unitCost"]) == ("1", "-2", None)
    assert scanned["line"]["differenceValue"] is None  # no cost code: a line's value would give its cost away
    # the same scan sent again (a retry) is answered once, not counted twice
    post(counter, "scan", {"stocktakeId": stocktake_id, "barcode": comb.barcode}, key="scan-1")
    lines = assert_envelope(counter.get(S + "lines", {"stocktakeId": stocktake_id}), status=200)
    by_code = {line["code"]: line for line in lines["list"]}
    assert by_code[shampoo.code]["snapshot"] == "2" and by_code[shampoo.code]["snapshotUse"] == "1000"
    assert by_code[shampoo.code]["difference"] == "-0.5" and by_code[shampoo.code]["differenceUse"] == "-250"
    assert by_code[comb.code]["counted"] == "1"
    assert assert_envelope(post(counter, "submit", {"stocktakeId": stocktake_id}), status=200)["status"] == "submitted"
    refused = post(counter, "approve", {"stocktakeId": stocktake_id})
    assert_envelope(refused, status=403, errcode="AUTH-40300")
    detail = assert_envelope(owner.get(S + "detail", {"stocktakeId": stocktake_id}), status=200)
    assert (detail["gainValue"], detail["lossValue"], detail["differenceValue"]) == ("0.00", "-40.00", "-40.00")
    approved = assert_envelope(post(owner, "approve", {"stocktakeId": stocktake_id}, key="approve-1"), status=200)
    assert approved["status"] == "approved" and approved["decidedByName"]
    assert StockBalance.objects.get(store=store, product=shampoo).quantity == 750
    assert StockBalance.objects.get(store=store, product=comb).quantity == 1
    assert_envelope(post(owner, "approve", {"stocktakeId": stocktake_id}), status=409, errcode="STOCK-40903")
    assert StockMove.objects.filter(document_kind="stocktake").count() == 2
    assert audit_all() == []


def test_a_second_open_stocktake_answers_409_and_bad_input_writes_nothing(counter, store):
    comb = stocked(store, "3")
    first = started(counter)
    assert_envelope(post(counter, "create", {}), status=409, errcode="STOCK-40902")
    assert_envelope(
        post(
            counter, "count", {"stocktakeId": first["stocktakeId"], "lines": [{"productId": comb.pk, "counted": "-1"}]}
        ),
        status=400,
        errcode="VALID-40000",
    )
    assert_envelope(
        post(counter, "scan", {"stocktakeId": first["stocktakeId"], "barcode": "nothing"}),
        status=400,
        errcode="VALID-40000",
    )
    assert_envelope(post(counter, "create", {"scope": "products", "productIds": []}), status=400, errcode="VALID-40000")
    lines = assert_envelope(counter.get(S + "lines", {"stocktakeId": first["stocktakeId"]}), status=200)
    assert [line["counted"] for line in lines["list"]] == [None]


def test_the_owner_sends_a_count_back_with_a_reason(counter, owner, store):
    stocked(store, "3")
    stocktake_id = started(counter)["stocktakeId"]
    post(counter, "submit", {"stocktakeId": stocktake_id})
    assert_envelope(
        post(owner, "reject", {"stocktakeId": stocktake_id, "reason": ""}), status=400, errcode="VALID-40000"
    )
    sent_back = assert_envelope(post(owner, "reject", {"stocktakeId": stocktake_id, "reason": "recount"}), status=200)
    assert (sent_back["status"], sent_back["rejectReason"]) == ("rejected", "recount")
    cancelled = assert_envelope(post(counter, "cancel", {"stocktakeId": stocktake_id}), status=200)
    assert cancelled["status"] == "cancelled"
    assert_envelope(post(owner, "approve", {"stocktakeId": stocktake_id}), status=409, errcode="STOCK-40903")


def test_another_stores_stocktake_answers_404(chain, make_entry, owner):
    other = api_client(entry=make_entry(chain["other_store"], codes=[PAGE]))
    stocked(chain["other_store"], "3")
    stocktake_id = started(other)["stocktakeId"]
    for call, body in (
        ("count", {"stocktakeId": stocktake_id, "lines": [{"productId": 1, "counted": "1"}]}),
        ("submit", {"stocktakeId": stocktake_id}),
        ("approve", {"stocktakeId": stocktake_id}),
    ):
        assert_envelope(post(owner, call, body), status=404, errcode="SYS-40400")
    assert_envelope(owner.get(S + "detail", {"stocktakeId": stocktake_id}), status=404, errcode="SYS-40400")
    assert_envelope(owner.get(S + "lines", {"stocktakeId": stocktake_id}), status=404, errcode="SYS-40400")


def test_the_lines_filter_to_differences_and_the_records_list_filters_by_status(counter, owner, store):
    comb = stocked(store, "3")
    brush = stocked(store, "4")
    stocktake_id = started(counter)["stocktakeId"]
    body = {"stocktakeId": stocktake_id, "lines": [{"productId": comb.pk, "counted": "3"}]}
    post(counter, "count", {**body, "lines": [*body["lines"], {"productId": brush.pk, "counted": "2"}]})
    only = assert_envelope(
        counter.get(S + "lines", {"stocktakeId": stocktake_id, "differencesOnly": "true"}), status=200
    )
    assert [line["productId"] for line in only["list"]] == [brush.pk] and only["total"] == 1
    found = assert_envelope(counter.get(S + "list", {"status": "counting"}), status=200)
    assert [row["stocktakeId"] for row in found["list"]] == [stocktake_id]
    assert found["list"][0]["differenceCount"] == 1
    assert assert_envelope(counter.get(S + "list", {"status": "approved"}), status=200)["total"] == 0
    assert assert_envelope(owner.get(S + "list", {"keyword": "PD"}), status=200)["list"][0]["differenceValue"] == (
        "-60.00"
    )


def test_the_export_writes_the_filtered_stocktakes_and_queues_100000_rows(
    owner, counter, store, monkeypatch, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path)
    comb = stocked(store, "3", cost=Decimal("5.00"))
    stocktake_id = started(owner)["stocktakeId"]
    post(owner, "count", {"stocktakeId": stocktake_id, "lines": [{"productId": comb.pk, "counted": "1"}]})
    response = owner.get(S + "list/export", {"status": "counting"})
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][0] == "Number" and len(rows) == 2 and rows[1][0].startswith("PD")
    assert rows[1][6] == -10  # the difference value, a number
    without_cost = load_workbook(BytesIO(counter.get(S + "list/export").content)).active
    assert list(without_cost.iter_rows(values_only=True))[1][6] == -10  # the stocktake's figure, as its page shows
    monkeypatch.setattr("apps.core.excel.EXPORT_MAX_ROWS", 1)
    assert_queued_export(owner.get(S + "list/export"))


def test_refusals_and_statuses_answer_in_chinese(store, make_entry):
    chinese = api_client(entry=make_entry(store, codes=[PAGE]), language="zh-hans")
    stocked(store, "3")
    assert started(chinese)["statusName"] == "盘点中"
    response = post(chinese, "create", {})
    assert_envelope(response, status=409, errcode="STOCK-40902")
    assert response.json()["errmsg"] == "门店有未完成的盘点单"
