"""The bills list's totals over the filtered orders, its Excel export (the list's filters, the
person's language, money as numbers, the spec's cap), and the member's signature served only
through a signed-in call for the order's store."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.billing.models import Order
from apps.billing.orders.services import order_cancel
from apps.billing.tests.checkout_factories import data_url, order_of, png, product
from apps.billing.tests.conftest import BILLS, ORDER_DETAILS
from apps.billing.tests.factories import CASHIER as CASHIER_ACTOR
from apps.billing.tests.factories import committed_order
from apps.core import excel
from apps.core.testing import assert_envelope, assert_queued_export

pytestmark = pytest.mark.django_db

LIST = "/rest/order/orderList"
EXPORT = "/rest/order/orderExport"


def test_the_list_answers_the_totals_of_every_filtered_order_not_only_the_page(client, store, other_store, member):
    order_of(store=store, member=member, lines=[product("80.00")])
    order_of(store=store, member=member, lines=[product("20.50")])
    cancelled = committed_order(store=store)
    order_cancel(actor=CASHIER_ACTOR, order=cancelled)
    order_of(store=other_store, lines=[product("999.00")])
    page = assert_envelope(client.get(LIST, {"pageNo": 1, "pageSize": 1}), status=200)
    assert len(page["list"]) == 1
    assert page["summary"] == {
        "count": 3,
        "total": "200.50",
        "discount": "0.00",
        "sessionsValue": "0.00",
        "payable": "200.50",
        "paid": "0.00",
        "refunded": "0.00",
        "net": "0.00",
    }
    unpaid = assert_envelope(client.get(LIST, {"status": "unpaid", "memId": member.pk}), status=200)
    assert unpaid["summary"]["count"] == 2 and unpaid["summary"]["payable"] == "100.50"


def test_an_empty_list_has_zero_totals(client):
    page = assert_envelope(client.get(LIST), status=200)
    assert page["summary"] == {
        "count": 0,
        "total": "0.00",
        "discount": "0.00",
        "sessionsValue": "0.00",
        "payable": "0.00",
        "paid": "0.00",
        "refunded": "0.00",
        "net": "0.00",
    }


def test_the_export_has_the_filtered_orders_with_money_as_numbers(client, store, member, other_store):
    mine = order_of(store=store, member=member, lines=[product("88.80")])
    order_of(store=store, lines=[product("10.00")])
    order_of(store=other_store, member=member, lines=[product("5.00")])
    response = client.get(EXPORT, {"memId": member.pk})
    assert response.status_code == 200 and response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert response["Content-Disposition"].startswith('attachment; filename="orders-')
    rows = list(load_workbook(BytesIO(response.content)).active.values)
    assert rows[0][:3] == ("Order number", "Created at", "Customer") and len(rows) == 2
    assert rows[1][0] == mine.order_no and rows[1][3] == "139****5678"
    assert rows[1][5] == Decimal("88.80") or rows[1][5] == 88.8
    assert rows[1][8] == 88.8 and rows[1][12] == 88.8  # payable and due are numbers


def test_the_export_in_chinese_has_the_pages_headers(store, member, make_entry):
    chinese = api_client(entry=make_entry(store, codes=[BILLS]), language="zh-hans")
    order_of(store=store, member=member, lines=[product("12.00")])
    sheet = load_workbook(BytesIO(chinese.get(EXPORT).content)).active
    headers = tuple(cell.value for cell in sheet[1])
    assert headers == (
        "订单号",
        "开单时间",
        "顾客",
        "手机号",
        "状态",
        "原价合计",
        "优惠",
        "划卡",
        "应付",
        "已付（毛额）",
        "已退款",
        "净额",
        "待付",
        "操作人",
        "备注",
    )
    assert sheet["B2"].is_date and sheet["I2"].number_format == "0.00"


def test_the_export_needs_the_bills_code_and_is_capped(
    store, member, make_entry, monkeypatch, client, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path)
    details_only = api_client(entry=make_entry(store, codes=[ORDER_DETAILS]))
    assert_envelope(details_only.get(EXPORT), status=403, errcode="AUTH-40300")
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 1)
    order_of(store=store, member=member, lines=[product("1.00")])
    assert_queued_export(client.get(EXPORT))


def test_the_signature_is_served_to_the_orders_store_only(client, other_client, store, member):
    order = order_of(store=store, member=member, lines=[product("1.00")])
    url = f"/rest/order/signatureImage/{order.pk}"
    assert_envelope(client.get(url), status=404, errcode="SYS-40400")  # not signed yet
    details = assert_envelope(client.get("/rest/order/orderDetails", {"orderId": order.pk}), status=200)
    assert details["signed"] is False
    client.post("/rest/order/signature", {"orderId": order.pk, "signature": data_url(png())}, format="json")
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert response.content == png() and response["Cache-Control"] == "private, no-store"
    assert Order.objects.get(pk=order.pk).signature
    assert assert_envelope(client.get("/rest/order/orderDetails", {"orderId": order.pk}), status=200)["signed"]
    assert_envelope(other_client.get(url), status=404, errcode="SYS-40400")
    assert api_client().get(url).status_code == 401
