"""Live stock (/systemStorage): a store's products with their stock in both units, safety stock and
value, filters, sorts, paging with total, the export; a product's move history; store scoping."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProductFactory
from apps.core import excel
from apps.core.audit import SYSTEM_ACTOR
from apps.core.role_codes import COST_VIEW
from apps.core.testing import assert_envelope, assert_matches_schema, assert_queued_export
from apps.inventory.choices import DocumentKind, DocumentType, MoveKind
from apps.inventory.live_selectors import in_both_units, stock_products, stock_search
from apps.inventory.models import SafetyStock
from apps.inventory.services import DocumentLineInput, MoveLine, document_create, record_moves
from apps.inventory.stocktakes import CountInput, stocktake_approve, stocktake_count, stocktake_create, stocktake_submit
from apps.inventory.tests.factories import KEEPER, stocked

pytestmark = pytest.mark.django_db

LIVE = "/rest/stock/live"
EXPORT = "/rest/stock/liveExport"
MOVES = "/rest/stock/moves"
STORES = "/rest/stock/stores"
CODES = ["KCGL-0007"]


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def client(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=CODES))


@pytest.fixture
def cost_client(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=[*CODES, COST_VIEW.code]))


def use(store, product, quantity: str) -> None:
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.STORE_USE,
        document_kind="test",
        document_id=1,
        lines=[MoveLine(product.pk, Decimal(quantity))],
    )


@pytest.mark.parametrize(
    ("quantity", "unit", "use_unit", "per", "shown"),
    [
        ("4985", "瓶", "ml", "500", "9 瓶 485 ml"),
        ("4500", "瓶", "ml", "500", "9 瓶"),
        ("15.5", "瓶", "ml", "500", "15.5 ml"),
        ("-515", "瓶", "ml", "500", "-1 瓶 15 ml"),
        ("12", "盒", "", "1", "12 盒"),
        ("2.5", "kg", "", "1", "2.5 kg"),
    ],
)
def test_a_quantity_in_use_units_reads_in_whole_stock_units_and_what_is_left(quantity, unit, use_unit, per, shown):
    assert in_both_units(Decimal(quantity), unit, use_unit, Decimal(per)) == shown


def test_live_stock_lists_the_stores_products_with_both_units_safety_and_the_flag(store, cost_client):
    bottle = stocked(store, "4985", code="P-A", use_unit="ml", use_per_unit=Decimal("500"), cost=Decimal("80.00"))
    SafetyStock.objects.create(store=store, product=bottle, quantity=Decimal("10"))
    never_moved = ProductFactory.create(code="P-B", default_safety_stock=2)
    page = assert_envelope(cost_client.get(LIVE, {"pageNo": 1, "pageSize": 10}), status=200)
    rows = {row["code"]: row for row in page["list"]}
    assert page["total"] == len(page["list"]) >= 2
    assert rows["P-A"]["display"] == "9 瓶 485 ml"
    assert (rows["P-A"]["quantity"], rows["P-A"]["stockQuantity"]) == ("4985", "9.97")
    assert (rows["P-A"]["safetyStock"], rows["P-A"]["safetySet"], rows["P-A"]["belowSafety"]) == ("10", True, True)
    assert (rows["P-A"]["cost"], rows["P-A"]["value"]) == ("80.00", "797.60")
    assert (rows["P-B"]["quantity"], rows["P-B"]["safetyStock"], rows["P-B"]["belowSafety"]) == ("0", "2", True)
    assert never_moved.pk == rows["P-B"]["productId"]


def test_cost_and_value_are_only_for_a_role_that_sees_cost(store, client):
    stocked(store, "3", cost=Decimal("10.00"))
    row = assert_envelope(client.get(LIVE), status=200)["list"][0]
    assert (row["cost"], row["value"]) == (None, None)


def test_the_filters_keep_below_safety_zero_or_less_a_category_a_brand_a_use_type_and_a_search(store):
    # Barcodes of their own: the factory's sequence (69 and 11 digits) holds the searched digits for
    # some counts of products made before this test.
    low = stocked(
        store, "1", code="LOW-1", name="Shampoo", default_safety_stock=5, brand="Aveda", barcode="6911111111112"
    )
    stocked(store, "50", code="OK-1", name="Conditioner", default_safety_stock=5, barcode="6900000000017")
    empty = stocked(store, "2", code="EMPTY-1", name="Serum", use_type="professional", barcode="6922222222223")
    use(store, empty, "-2")
    rows = stock_products(store_id=store.pk)

    def codes(**filters) -> list[str]:
        return list(stock_search(rows, **filters).values_list("code", flat=True))

    assert codes(below_safety=True) == ["LOW-1"]
    assert codes(zero_only=True) == ["EMPTY-1"]
    assert codes(search="0000000001") == ["OK-1"]
    assert codes(search="serum") == ["EMPTY-1"]
    assert codes(brand="Aveda") == ["LOW-1"]
    assert codes(use_type="professional") == ["EMPTY-1"]
    assert codes(category_id=low.category_id, search="-1") == ["LOW-1"]
    assert codes(sort="-stock")[0] == "OK-1"
    assert codes(sort="stock")[0] == "EMPTY-1"


def test_a_disabled_product_shows_only_while_the_store_holds_it(store):
    held = stocked(store, "2", code="OLD-1", enabled=False)
    gone = stocked(store, "2", code="OLD-2", enabled=False)
    use(store, gone, "-2")
    codes = set(stock_products(store_id=store.pk).values_list("code", flat=True))
    assert held.code in codes and gone.code not in codes


def test_the_list_pages_with_its_total_and_answers_the_schema(store, client):
    for n in range(5):
        stocked(store, "1", code=f"PG-{n}")
    page = assert_envelope(client.get(LIVE, {"pageNo": 2, "pageSize": 2, "search": "PG-"}), status=200)
    assert [row["code"] for row in page["list"]] == ["PG-2", "PG-3"]
    assert page["total"] == 5
    assert_matches_schema(client.get(LIVE, {"search": "PG-"}))


def test_a_store_user_cannot_read_another_stores_stock(chain, client):
    other = chain["other_store"]
    product = stocked(other, "7")
    assert_envelope(client.get(LIVE, {"storeId": other.pk}), status=404, errcode="SYS-40400")
    assert_envelope(client.get(MOVES, {"storeId": other.pk, "productId": product.pk}), status=404, errcode="SYS-40400")
    assert_envelope(client.get(EXPORT, {"storeId": other.pk}), status=404, errcode="SYS-40400")


def test_a_head_office_level_chooses_among_its_stores_and_must_name_one(chain, make_entry):
    head = api_client(entry=make_entry(chain["head_office"], codes=CODES))
    stocked(chain["other_store"], "7", code="HO-1")
    assert_envelope(head.get(LIVE), status=400, errcode="VALID-40000")
    page = assert_envelope(head.get(LIVE, {"storeId": chain["other_store"].pk, "search": "HO-"}), status=200)
    assert [row["code"] for row in page["list"]] == ["HO-1"]
    stores = assert_envelope(head.get(STORES), status=200)
    assert {s["id"] for s in stores["stores"]} >= {chain["store"].pk, chain["other_store"].pk}
    assert stores["chosenStoreId"] is None


def test_a_role_without_the_page_code_reads_nothing(chain, make_entry):
    other = api_client(entry=make_entry(chain["store"], codes=["KCGL-0001"]))
    assert_envelope(other.get(LIVE), status=403, errcode="AUTH-40300")


def test_the_export_writes_the_filtered_rows_and_sends_the_cap_to_the_download_centre(
    store, cost_client, monkeypatch, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path)
    stocked(store, "4985", code="EX-1", use_unit="ml", use_per_unit=Decimal("500"), cost=Decimal("80.00"))
    stocked(store, "1", code="EX-2")
    response = cost_client.get(EXPORT, {"search": "EX-1"})
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(response.content)).active
    values = list(sheet.values)
    assert len(values) == 2
    assert values[1][0] == "EX-1" and "9 瓶 485 ml" in values[1]
    assert values[0][-1] == "Value at cost" and values[1][-1] == 797.6
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 1)
    assert_queued_export(cost_client.get(EXPORT, {"search": "EX-"}))


def test_a_products_history_lists_every_move_newest_first_with_its_document(store, client):
    bottle = ProductFactory.create(use_unit="ml", use_per_unit=Decimal("500"))
    receipt = document_create(
        actor=KEEPER,
        store=store,
        kind=DocumentKind.RECEIPT,
        type=DocumentType.SUPPLIER,
        lines=[DocumentLineInput(bottle.pk, Decimal("2"))],
        move_kind=MoveKind.RECEIPT,
        outward=False,
    )
    use(store, bottle, "-15")
    page = assert_envelope(client.get(MOVES, {"productId": bottle.pk, "pageSize": 1}), status=200)
    assert page["total"] == 2
    [last] = page["list"]
    assert (last["kind"], last["quantityDisplay"], last["afterDisplay"]) == ("store_use", "-15 ml", "1 瓶 485 ml")
    assert (last["documentKind"], last["documentNumber"], last["stockDocumentKind"]) == ("test", "#1", None)
    assert page["product"]["display"] == "1 瓶 485 ml"
    first = assert_envelope(client.get(MOVES, {"productId": bottle.pk, "pageNo": 2, "pageSize": 1}), status=200)
    [move] = first["list"]
    assert (move["documentId"], move["documentNumber"], move["stockDocumentKind"]) == (
        receipt.pk,
        receipt.number,
        "receipt",
    )
    assert (move["quantityDisplay"], move["operatorName"], move["documentKindName"]) == (
        "2 瓶",
        KEEPER.login_name,
        "goods in",
    )
    assert_matches_schema(client.get(MOVES, {"productId": bottle.pk}))


def test_a_stocktakes_moves_name_it_by_its_number_and_the_system_as_system_in_both_languages(store, chain, make_entry):
    product = stocked(store, "5")
    stocktake = stocktake_create(actor=SYSTEM_ACTOR, store=store)
    stocktake_count(
        actor=SYSTEM_ACTOR, store=store, stocktake_id=stocktake.pk, counts=[CountInput(product.pk, Decimal("4"))]
    )
    stocktake_submit(actor=SYSTEM_ACTOR, store=store, stocktake_id=stocktake.pk)
    stocktake_approve(actor=SYSTEM_ACTOR, store=store, stocktake_id=stocktake.pk)
    stocktake.refresh_from_db()
    entry = make_entry(store, codes=CODES)
    shown = {}
    for language in ("en", "zh-hans"):
        page = assert_envelope(
            api_client(entry=entry, language=language).get(MOVES, {"productId": product.pk}), status=200
        )
        newest = page["list"][0]
        shown[language] = (newest["documentKindName"], newest["documentNumber"], newest["operatorName"])
    assert stocktake.number.startswith("PD")
    assert shown == {"en": ("stocktake", stocktake.number, "System"), "zh-hans": ("盘点单", stocktake.number, "系统")}


def test_the_history_of_an_unknown_product_is_not_found(client):
    assert_envelope(client.get(MOVES, {"productId": 999999}), status=404, errcode="SYS-40400")


def test_a_loan_move_names_the_other_store_and_the_page_reads_in_three_queries(chain, store, client):
    product = stocked(store, "5")
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.LOAN_OUT,
        document_kind="loan",
        document_id=3,
        other_store_id=chain["other_store"].pk,
        lines=[MoveLine(product.pk, Decimal("-2"))],
    )
    client.get(MOVES, {"productId": product.pk})  # the role's codes are cached from then on
    with CaptureQueriesContext(connection) as queries:
        page = assert_envelope(client.get(MOVES, {"productId": product.pk}), status=200)
    assert page["list"][0]["otherStoreName"] == chain["other_store"].name
    assert page["list"][0]["stockDocumentKind"] is None and page["list"][1]["documentKind"] == "test"
    # the session's role entry, the product's row, the moves with their documents and total
    assert len(queries) == 3, [q["sql"][:80] for q in queries.captured_queries]
