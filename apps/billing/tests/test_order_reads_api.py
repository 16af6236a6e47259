"""Reading orders through the API: the bills list (filters, paging, the chosen store's only), one
order's details, the search, the price summaries, the live pricing of a draft and the drafts
from a reservation."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.models import Order
from apps.billing.orders.services import order_cancel
from apps.billing.tests.conftest import BILLS, CASHIER, ORDER_DETAILS
from apps.billing.tests.factories import CASHIER as CASHIER_ACTOR
from apps.billing.tests.factories import committed_order, line
from apps.booking.tests.factories import ReservationFactory
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.models import CardTypeDiscount
from apps.catalog.tests.factories import ProjectFactory, PromotionFactory, PromotionLineFactory
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

LIST = "/rest/order/orderList"
DETAILS = "/rest/order/orderDetails"
SEARCH = "/rest/order/search"
CHECK = "/rest/pricingEngine/checkDiscountConcurrently"


def test_the_list_pages_the_chosen_stores_orders_newest_first(client, store, other_store):
    mine = [committed_order(store=store) for _ in range(3)]
    committed_order(store=other_store)
    page = assert_envelope(client.get(LIST, {"pageNo": 1, "pageSize": 2}), status=200)
    assert page["total"] == 3 and [row["orderId"] for row in page["list"]] == [mine[2].pk, mine[1].pk]
    rest = assert_envelope(client.get(LIST, {"pageNo": 2, "pageSize": 2}), status=200)
    assert [row["orderId"] for row in rest["list"]] == [mine[0].pk]
    row = page["list"][0]
    assert row["status"] == "unpaid" and row["due"] == "100.00" and row["phone"].count("*") == 4
    assert_envelope(client.get(LIST, {"pageSize": 201}), status=400, errcode="VALID-40000")


def test_the_list_filters_by_member_order_number_status_employee_and_time(client, store, member, product):
    nurse = EmployeeFactory(store=store)
    served = committed_order(store=store, member=member, lines=[line("product", product, staff=[(nurse, "1")])])
    cancelled = committed_order(store=store)
    order_cancel(actor=CASHIER_ACTOR, order=cancelled)
    other = committed_order(store=store)

    def ids(**filters):
        return [row["orderId"] for row in assert_envelope(client.get(LIST, filters), status=200)["list"]]

    assert ids(memId=member.pk) == [served.pk]
    assert ids(orderNo=served.order_no) == [served.pk]
    assert ids(status="cancelled") == [cancelled.pk]
    assert ids(employeeId=nurse.pk) == [served.pk]
    now = timezone.now()
    assert ids(startTime=(now - timedelta(hours=1)).isoformat()) == [other.pk, cancelled.pk, served.pk]
    assert ids(endTime=(now - timedelta(hours=1)).isoformat()) == []
    Order.objects.filter(pk=served.pk).update(created_at=now - timedelta(days=2))
    assert ids(endTime=(now - timedelta(days=1)).isoformat()) == [served.pk]
    assert_envelope(client.get(LIST, {"status": "lost"}), status=400, errcode="VALID-40000")


def test_details_show_lines_with_staff_and_discounts_tenders_and_refunds(client, store, member):
    nurse = EmployeeFactory(store=store, name="张敏")
    product = stocked(store, "1000", price=Decimal("100.00"))
    PromotionLineFactory(promotion=PromotionFactory(name="八折"), product=product, promo_price=Decimal("80.00"))
    order = committed_order(store=store, member=member, lines=[line("product", product, qty=2, staff=[(nurse, "1")])])
    detail = assert_envelope(client.get(DETAILS, {"orderId": order.pk}), status=200)
    assert detail["orderNo"] == order.order_no and detail["tenders"] == [] and detail["refunds"] == []
    (row,) = detail["lines"]
    assert row["discounts"] == [{"source": "promotion", "name": "八折", "amount": "40.00"}]
    assert (row["total"], row["discount"], row["amount"]) == ("200.00", "40.00", "160.00")
    assert row["staff"] == [{"employeeId": nurse.pk, "name": "张敏", "share": "1.0000"}]


def test_another_stores_order_is_not_found(other_client, store):
    order = committed_order(store=store)
    assert_envelope(other_client.get(DETAILS, {"orderId": order.pk}), status=404, errcode="SYS-40400")
    assert_envelope(other_client.get(f"/rest/pay/price/{order.pk}"), status=404, errcode="SYS-40400")
    assert_envelope(other_client.get(f"/rest/pay/detailPrice/{order.pk}"), status=404, errcode="SYS-40400")
    assert assert_envelope(other_client.get(LIST), status=200)["total"] == 0
    assert assert_envelope(other_client.get(SEARCH, {"keyword": order.order_no}), status=200) == []


def test_the_search_finds_by_order_number_or_whole_phone(client, store):
    member = MemberFactory(home_store=store, phone="13911112222")
    order = committed_order(store=store, member=member)
    committed_order(store=store)
    found = assert_envelope(client.get(SEARCH, {"keyword": order.order_no}), status=200)
    assert [row["orderId"] for row in found] == [order.pk]
    assert [row["orderId"] for row in assert_envelope(client.get(SEARCH, {"keyword": "13911112222"}), status=200)] == [
        order.pk
    ]
    assert assert_envelope(client.get(SEARCH, {"keyword": "2222"}), status=200) == []


def test_pay_price_sums_the_discounts_and_detail_price_adds_the_lines(client, store, member):
    card = stored_value_card(member=member)
    product = stocked(store, "1000", price=Decimal("100.00"))
    CardTypeDiscount.objects.create(card_type=card.card_type, category=product.category, rate=Decimal("0.9"))
    order = committed_order(
        store=store, member=member, lines=[line("product", product, card=card), line("product", product, card=card)]
    )
    price = assert_envelope(client.get(f"/rest/pay/price/{order.pk}"), status=200)
    assert (price["orderId"], price["payable"], price["paid"], price["due"]) == (order.pk, "180.00", "0.00", "180.00")
    assert price["discounts"] == [{"source": "card", "name": card.card_type.name, "amount": "20.00"}]
    detail = assert_envelope(client.get(f"/rest/pay/detailPrice/{order.pk}"), status=200)
    assert [row["amount"] for row in detail["lines"]] == ["90.00", "90.00"]
    assert detail["discounts"] == price["discounts"]


def test_check_discount_prices_a_draft_without_saving(client, store, member):
    card = stored_value_card(member=member)
    product = stocked(store, "1000", price=Decimal("100.00"))
    CardTypeDiscount.objects.create(card_type=card.card_type, category=product.category, rate=Decimal("0.7"))
    PromotionLineFactory(promotion=PromotionFactory(name="九折"), product=product, promo_price=Decimal("90.00"))
    body = {
        "memId": member.pk,
        "lines": [
            {"type": "product", "itemId": product.pk, "qty": 1},
            {"type": "product", "itemId": product.pk, "qty": 2, "cardId": card.pk},
        ],
    }
    priced = assert_envelope(client.post(CHECK, body, format="json"), status=200)
    assert [row["amount"] for row in priced["lines"]] == ["90.00", "140.00"]
    assert (priced["total"], priced["discount"], priced["payable"]) == ("300.00", "70.00", "230.00")
    assert priced["discounts"] == [
        {"source": "promotion", "name": "九折", "amount": "10.00"},
        {"source": "card", "name": card.card_type.name, "amount": "60.00"},
    ]
    assert not Order.objects.exists()
    # Before the customer is chosen the draft is priced as a walk-in's.
    walk_in = assert_envelope(client.post(CHECK, {"lines": body["lines"][:1]}, format="json"), status=200)
    assert walk_in["payable"] == "90.00"
    refused = client.post(CHECK, {"memId": member.pk, "lines": [{"type": "product", "itemId": 999999}]}, format="json")
    assert "lines[0].itemId" in assert_envelope(refused, status=400, errcode="VALID-40000")["fields"]


def test_reservation_drafts_give_its_projects_and_the_package_cards_that_cover_them(client, store, member, nurse):
    card = package_card(member=member, sessions=3)
    covered = card.sessions.get().project
    other_project = ProjectFactory()  # no card of the member holds it
    reservation = ReservationFactory(store=store, member=member, nurse=nurse, projects=[covered, other_project])
    staff = [{"employeeId": nurse.pk, "name": nurse.name, "share": "1.0000"}]
    projects = assert_envelope(
        client.get("/rest/order/reservationProject", {"reservationId": reservation.pk}), status=200
    )
    assert projects["memId"] == member.pk and projects["nurseId"] == nurse.pk
    assert [(row["itemId"], row["cardId"], row["staff"]) for row in projects["lines"]] == [
        (covered.pk, None, staff),
        (other_project.pk, None, staff),
    ]
    packages = assert_envelope(
        client.get("/rest/order/reservationPackage", {"reservationId": reservation.pk}), status=200
    )
    assert [(row["itemId"], row["cardId"]) for row in packages["lines"]] == [(covered.pk, card.pk)]
    assert packages["cards"][0]["cardId"] == card.pk
    assert packages["cards"][0]["sessions"] == [{"projectId": covered.pk, "total": 3, "left": 3}]
    # The draft commits as it is.
    body = {"memId": member.pk, "reservationId": reservation.pk, "lines": packages["lines"]}
    committed = assert_envelope(client.post("/rest/order/commit", body, format="json"), status=201)
    assert committed["payable"] == "0.00"


def test_another_stores_reservation_gives_no_draft(other_client, store, member):
    reservation = ReservationFactory(store=store, member=member)
    answer = other_client.get("/rest/order/reservationProject", {"reservationId": reservation.pk})
    assert_envelope(answer, status=404, errcode="SYS-40400")


def test_each_call_takes_its_pages_code(store, make_entry, member, product):
    bills_only = api_client(entry=make_entry(store, codes=[BILLS]))
    cashier_only = api_client(entry=make_entry(store, codes=[CASHIER]))
    details_only = api_client(entry=make_entry(store, codes=[ORDER_DETAILS]))
    order = committed_order(store=store)
    body = {"memId": member.pk, "lines": [{"type": "product", "itemId": product.pk}]}
    assert_envelope(bills_only.post("/rest/order/commit", body, format="json"), status=403, errcode="AUTH-40300")
    assert_envelope(cashier_only.get(LIST), status=403, errcode="AUTH-40300")
    assert_envelope(bills_only.get(DETAILS, {"orderId": order.pk}), status=403, errcode="AUTH-40300")
    assert_envelope(details_only.get(DETAILS, {"orderId": order.pk}), status=200)
    assert_envelope(bills_only.get(LIST), status=200)
    assert_envelope(cashier_only.post("/rest/order/commit", body, format="json"), status=201)


def test_the_list_and_the_details_make_a_fixed_number_of_queries(client, store, product):
    nurse = EmployeeFactory(store=store)

    def add_orders(n):
        for _ in range(n):
            committed_order(store=store, lines=[line("product", product, staff=[(nurse, "1")])])

    assert_list_queries_constant(client, LIST, add_orders, params={"pageSize": 100})
    busy = committed_order(store=store, lines=[line("product", product, staff=[(nurse, "1")]) for _ in range(20)])
    quiet = committed_order(store=store)
    with CaptureQueriesContext(connection) as one:
        assert_envelope(client.get(DETAILS, {"orderId": quiet.pk}), status=200)
    with CaptureQueriesContext(connection) as many:
        assert_envelope(client.get(DETAILS, {"orderId": busy.pk}), status=200)
    assert len(one) == len(many)
