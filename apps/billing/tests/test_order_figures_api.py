"""Figures a manager can trust on the bills pages (issue 28 item 6): an order's refunds make it
partly refunded or refunded with what went back and what it netted (the list, its totals, the
details and the export), and the package sessions an order used are a figure of their own, never
its discount (优惠)."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.billing.choices import OrderRefundStatus, TenderStatus
from apps.billing.models import RefundTender
from apps.billing.orders.figures import order_figures, refund_status
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.tests.provider_factories import provider_paid
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import package_card
from apps.catalog.tests.factories import ProjectFactory
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

LIST = "/rest/order/orderList"
DETAILS = "/rest/order/orderDetails"
EXPORT = "/rest/order/orderExport"
PRICE = "/rest/pay/detailPrice"


@pytest.fixture
def manager(cashier_entry):
    return api_client(entry=cashier_entry, language="zh-hans")


def paid_in_cash(store, member, *lines):
    order = committed_order(store=store, member=member, lines=list(lines))
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    return order


def listed(client, order):
    page = assert_envelope(client.get(LIST, {"orderNo": order.order_no}), status=200)
    (row,) = page["list"]
    return row, page["summary"]


FIGURES = ("status", "refundStatus", "refundStatusName", "paid", "refunded", "net")


def test_a_refund_makes_an_order_partly_refunded_then_refunded_in_the_list_its_totals_and_details(
    manager, store, member
):
    shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("389.00"))
    order = paid_in_cash(store, member, line("product", shampoo, qty=4))
    row, summary = listed(manager, order)
    assert [row[key] for key in FIGURES] == ["paid", "none", "", "1556.00", "0.00", "1556.00"]

    goods = order.lines.get()
    order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(goods.pk, qty=1)], reason="不想要了")
    row, summary = listed(manager, order)
    assert [row[key] for key in FIGURES] == ["paid", "partlyRefunded", "部分退款", "1556.00", "389.00", "1167.00"]
    assert (summary["paid"], summary["refunded"], summary["net"]) == ("1556.00", "389.00", "1167.00")

    order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(goods.pk)], reason="全部退货")
    row, summary = listed(manager, order)
    assert [row[key] for key in FIGURES] == ["paid", "refunded", "已退款", "1556.00", "1556.00", "0.00"]
    assert (summary["refunded"], summary["net"]) == ("1556.00", "0.00")
    details = assert_envelope(manager.get(DETAILS, {"orderId": order.pk}), status=200)
    assert [details[key] for key in FIGURES] == [row[key] for key in FIGURES]
    assert [refund["amount"] for refund in details["refunds"]] == ["389.00", "1167.00"]


def test_the_export_says_refunded_and_has_the_refunded_and_net_columns(manager, store, member):
    shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("100.00"))
    kept = paid_in_cash(store, member, line("product", shampoo, qty=2))
    refunded = paid_in_cash(store, member, line("product", shampoo, qty=2))
    order_refund(actor=CASHIER, order_id=refunded.pk, lines=[LineAsked(refunded.lines.get().pk, qty=1)], reason="退")
    sheet = load_workbook(BytesIO(manager.get(EXPORT, {"memId": member.pk}).content)).active
    rows = list(sheet.values)
    heads = rows[0]
    by_no = {row[0]: dict(zip(heads, row, strict=True)) for row in rows[1:]}
    assert (by_no[refunded.order_no]["状态"], by_no[kept.order_no]["状态"]) == ("部分退款", "已付款")
    assert [by_no[refunded.order_no][key] for key in ("已付（毛额）", "已退款", "净额")] == [200, 100, 100]
    assert [by_no[kept.order_no][key] for key in ("已付（毛额）", "已退款", "净额")] == [200, 0, 200]


def test_sessions_used_are_their_own_figure_never_a_discount(manager, store, member):
    card = package_card(member=member, sessions=5, store=store)
    spa = card.sessions.get().project
    spa.price = Decimal("498.00")
    spa.save(update_fields=["price"])
    order = committed_order(store=store, member=member, lines=[line("project", spa, card=card)])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[])

    row, summary = listed(manager, order)
    assert (row["total"], row["discount"], row["sessions"], row["sessionsValue"]) == ("498.00", "0.00", 1, "498.00")
    assert (row["payable"], row["paid"], row["status"]) == ("0.00", "0.00", "paid")
    assert (summary["discount"], summary["sessionsValue"]) == ("0.00", "498.00")
    details = assert_envelope(manager.get(DETAILS, {"orderId": order.pk}), status=200)
    (served,) = details["lines"]
    assert (served["discount"], served["sessionsValue"], served["discounts"]) == ("0.00", "498.00", [])
    assert details["tenders"] == [] and details["sessions"] == 1  # paid by sessions, nothing to take

    price = assert_envelope(manager.get(f"{PRICE}/{order.pk}"), status=200)
    assert (price["discount"], price["sessionsValue"], price["sessions"], price["discounts"]) == (
        "0.00",
        "498.00",
        1,
        [],
    )


def test_a_discount_beside_sessions_is_still_the_discount(store, member, manager):
    card = package_card(member=member, sessions=5, store=store)
    spa = card.sessions.get().project
    wash = ProjectFactory(price=Decimal("100.00"))
    order = committed_order(
        store=store,
        member=member,
        lines=[line("project", spa, card=card), line("project", wash, gift=True, gift_reason="老客回馈")],
    )
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[])
    row, _summary = listed(manager, order)
    assert row["discount"] == "100.00"  # the gift, not the session
    assert Decimal(row["total"]) == Decimal(row["discount"]) + Decimal(row["sessionsValue"]) + Decimal(row["payable"])


def test_an_order_paid_only_by_sessions_is_refunded_when_its_sessions_are_back(store, member):
    card = package_card(member=member, sessions=5, store=store)
    order = committed_order(
        store=store, member=member, lines=[line("project", card.sessions.get().project, card=card, qty=2)]
    )
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[])
    served = order.lines.get()
    order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(served.pk, qty=1)], reason="少做一次")
    order.refresh_from_db()
    assert refund_status(order, order_figures([order.pk])[order.pk]) == OrderRefundStatus.PARTLY_REFUNDED
    order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(served.pk, qty=1)], reason="未服务")
    assert refund_status(order, order_figures([order.pk])[order.pk]) == OrderRefundStatus.REFUNDED


def test_money_a_provider_refused_to_give_back_is_not_counted_as_refunded(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("50.00"), product("30.00")])
    _tender, intent = provider_paid(order, "wechat", "50.00", cash="30.00")
    # The merchant gave the money back on WeChat Pay's own platform meanwhile: it refuses ours.
    providers["wechat"].trades[intent.out_trade_no].refunded = 5000
    lines = [LineAsked(line.pk) for line in order.lines.order_by("id")]
    refund = sent(lambda: order_refund(actor=CASHIER, order_id=order.pk, lines=lines, reason="退"))
    assert RefundTender.objects.get(refund=refund, method="wechat").status == TenderStatus.FAILED
    order.refresh_from_db()
    figures = order_figures([order.pk])[order.pk]
    assert figures.refunded == Decimal("30.00")  # the cash went back, the WeChat Pay money did not
    assert refund_status(order, figures) == OrderRefundStatus.PARTLY_REFUNDED


def test_a_page_of_orders_reads_its_figures_in_a_fixed_number_of_queries(
    manager, store, member, django_assert_max_num_queries
):
    shampoo = stocked(store, "100", price=Decimal("10.00"))
    for _ in range(3):
        paid_in_cash(store, member, line("product", shampoo))
    with django_assert_max_num_queries(12) as few:
        assert_envelope(manager.get(LIST, {"pageSize": 50}), status=200)
    for _ in range(6):
        paid_in_cash(store, member, line("product", shampoo))
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert_envelope(manager.get(LIST, {"pageSize": 50}), status=200)
