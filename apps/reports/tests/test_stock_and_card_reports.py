"""The stock and card reports through /rest/businessReport{Key}/show (issue 29 §2): product
consumption, the barcode database and the month-end card balances, over data made by the till's
and the cards' own services, for the caller's stores only."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from decimal import Decimal
from io import BytesIO
from unittest import mock

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.services import card_spend
from apps.cards.tests.factories import stored_value_card
from apps.catalog.models import StoreItem
from apps.catalog.tests.factories import ProductFactory
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.reports.definitions.card_balances import months_back_end
from erp.celery import app as celery_app

pytestmark = pytest.mark.django_db


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def reader(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=[REPORT_FIGURES_CODE]))


def show(client, key, **params):
    return client.get(f"/rest/businessReport{key}/show", params)


def today():
    return timezone.localdate()


def paid(store, member, *lines):
    order = committed_order(store=store, member=member, lines=list(lines))
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    return order


# -- product consumption ----------------------------------------------------------------------------


def test_product_consumption_shows_sales_against_the_ledger_with_a_drill_to_the_sales(store, reader):
    shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("50.00"), cost=Decimal("20.00"))
    paid(store, MemberFactory(home_store=store), line("product", shampoo, qty=3))
    day = today().isoformat()

    data = assert_envelope(show(reader, "ProductConsumption", **{"from": day, "to": day}), status=200)

    row = next(row for row in data["list"] if row["productId"] == shampoo.pk)
    assert (row["productName"], row["sold"], row["goodsIn"], row["closingStock"]) == ("控油洗发水", "3", "10", "7")
    assert row["difference"] == "0" and row["differenceValue"] == "0.00"
    sold = next(column for column in data["columns"] if column["key"] == "sold")
    assert sold["drill"]["report"] == "SalesDetail" and sold["drill"]["filters"] == {"productId": "productId"}
    assert data["totals"] == {"differenceValue": "0.00"}


def test_product_consumption_filters_by_product_and_refuses_another_store(chain, store, reader):
    shampoo, conditioner = stocked(store, "5"), stocked(store, "5")
    day = today().isoformat()
    only = assert_envelope(
        show(reader, "ProductConsumption", **{"from": day, "to": day, "productId": shampoo.pk}), status=200
    )
    assert [row["productId"] for row in only["list"]] == [shampoo.pk]
    assert conditioner.pk not in [row["productId"] for row in only["list"]]
    assert_envelope(
        show(reader, "ProductConsumption", **{"from": day, "to": day, "productId": "x"}),
        status=400,
        errcode="VALID-40000",
    )
    assert_envelope(
        show(reader, "ProductConsumption", **{"from": day, "to": day, "storeId": chain["other_store"].pk}),
        status=404,
        errcode="SYS-40400",
    )


def test_another_stores_stock_is_not_in_the_callers_figures(chain, store, reader):
    elsewhere = stocked(chain["other_store"], "40")
    day = today().isoformat()
    data = assert_envelope(show(reader, "ProductConsumption", **{"from": day, "to": day}), status=200)
    assert elsewhere.pk not in [row["productId"] for row in data["list"]]


# -- barcodes -------------------------------------------------------------------------------------


def test_the_barcode_database_lists_products_with_the_stores_own_price_and_switch(store, reader):
    shampoo = ProductFactory(
        barcode="6901234567890", name="控油洗发水", price=Decimal("88.00"), store_price_allowed=True
    )
    off = ProductFactory(barcode="6901234567891", name="护发素")
    StoreItem.objects.create(store=store, item_type="product", product=shampoo, store_price=Decimal("79.00"))
    StoreItem.objects.create(store=store, item_type="product", product=off, enabled=False)

    data = assert_envelope(
        show(reader, "Barcodes"),
        status=200,
    )
    rows = {row["barcode"]: row for row in data["list"]}

    assert rows["6901234567890"]["productName"] == "控油洗发水"
    assert rows["6901234567890"]["salePrice"] == "79.00"
    assert rows["6901234567890"]["status"] == "on sale"
    assert rows["6901234567891"]["status"] == "off sale"
    found = assert_envelope(show(reader, "Barcodes", keyword="4567891"), status=200)
    assert [row["barcode"] for row in found["list"]] == ["6901234567891"]
    by_category = assert_envelope(show(reader, "Barcodes", categoryId=shampoo.category_id), status=200)
    assert [row["barcode"] for row in by_category["list"]] == ["6901234567890"]


def test_the_barcode_database_of_another_store_is_404(chain, reader):
    assert_envelope(show(reader, "Barcodes", storeId=chain["other_store"].pk), status=404, errcode="SYS-40400")


# -- card balances --------------------------------------------------------------------------------


def at(day, hour=12):
    return timezone.make_aware(datetime.combine(day, time(hour)))


def on(when):
    return mock.patch("django.utils.timezone.now", return_value=when)


@pytest.fixture
def card_with_entries_either_side(store):
    """A stored-value card of 1,000 sold ten days before the end of the month three months back,
    300 spent on that month's last evening and 200 five days later."""
    end = months_back_end(today(), 3)
    member = MemberFactory(home_store=store, name="李娜")
    with on(at(end - timedelta(days=10))):
        card = stored_value_card(member=member, paid="1000.00", store=store)
    with on(at(end, 23)):
        card_spend(actor=CASHIER, store=store, card_id=card.pk, member_id=member.pk, amount=Decimal("300.00"))
    with on(at(end + timedelta(days=5))):
        card_spend(actor=CASHIER, store=store, card_id=card.pk, member_id=member.pk, amount=Decimal("200.00"))
    return card, end


def test_card_balances_at_a_month_end_count_the_entries_up_to_it_only(reader, card_with_entries_either_side):
    card, end = card_with_entries_either_side
    by_day = assert_envelope(show(reader, "CardBalances", to=end.isoformat()), status=200)
    by_month = assert_envelope(show(reader, "CardBalances", month=end.strftime("%Y-%m")), status=200)
    by_pick = assert_envelope(show(reader, "CardBalances", monthEnd="3"), status=200)

    for data in (by_day, by_month, by_pick):
        row = next(row for row in data["list"] if row["cardNo"] == card.card_no)
        assert row["balance"] == "700.00"
        assert (row["memberName"], row["memId"]) == ("李娜", card.member_id)
        assert data["totals"]["balance"] == "700.00"
    now = assert_envelope(show(reader, "CardBalances"), status=200)
    assert next(row for row in now["list"] if row["cardNo"] == card.card_no)["balance"] == "500.00"
    member = next(column for column in by_day["columns"] if column["key"] == "memberName")
    assert (member["link"], member["linkKey"]) == ("member", "memId")


def test_card_balances_refuse_a_bad_or_future_month_and_another_store(chain, reader):
    assert_envelope(show(reader, "CardBalances", month="2026-13"), status=400, errcode="VALID-40000")
    next_year = f"{today().year + 1}-01"
    assert_envelope(show(reader, "CardBalances", month=next_year), status=400, errcode="VALID-40000")
    assert_envelope(show(reader, "CardBalances", storeId=chain["other_store"].pk), status=404, errcode="SYS-40400")


def test_card_balances_leave_out_another_stores_cards(chain, reader, card_with_entries_either_side):
    other = chain["other_store"]
    elsewhere = stored_value_card(member=MemberFactory(home_store=other), paid="500.00", store=other)
    data = assert_envelope(show(reader, "CardBalances"), status=200)
    assert elsewhere.card_no not in [row["cardNo"] for row in data["list"]]


# -- exports --------------------------------------------------------------------------------------


@pytest.fixture
def eager_exports(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


def exported(client, key, body):
    job_id = assert_envelope(
        client.post(f"/rest/businessReport{key}/export", body, format="json", HTTP_ACCEPT_LANGUAGE="en"), status=202
    )["jobId"]
    response = client.get(f"/rest/downloadCenter/file/{job_id}")
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content))).worksheets[0]
    return list(sheet.iter_rows(values_only=True))


def test_the_barcode_database_exports_for_the_scanners(eager_exports, reader):
    ProductFactory(barcode="6901234567890", name="控油洗发水", price=Decimal("88.00"))
    rows = exported(reader, "Barcodes", {"keyword": "6901234567890"})
    assert rows[0][:3] == ("Barcode", "Product code", "Product")
    assert [(row[0], row[2]) for row in rows[1:]] == [("6901234567890", "控油洗发水")]


def test_the_card_balances_of_a_month_end_export_with_the_ledger_figures(
    eager_exports, reader, card_with_entries_either_side
):
    card, end = card_with_entries_either_side
    rows = exported(reader, "CardBalances", {"month": end.strftime("%Y-%m")})
    header = rows[0]
    found = [dict(zip(header, row, strict=True)) for row in rows[1:] if card.card_no in row]
    assert [row["Balance"] for row in found] == [700]
