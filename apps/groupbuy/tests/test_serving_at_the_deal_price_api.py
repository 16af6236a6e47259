"""A served group-buy coupon counts at what the store earns (issue 28 §3, §7): the order line at the
deal's price (not the store's), the platform's settlement and commission kept on the write-off, the
staff the desk chose credited, the closing filing the tender under group-buy, and the reservation
the coupon was for billed (done) and off today's lists."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.models import Order, StaffCredit
from apps.booking.choices import ReservationStatus
from apps.booking.tests.factories import members_reservation_today
from apps.catalog.tests.factories import ProjectFactory
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.groupbuy.fakes.book import settlement_cents
from apps.groupbuy.models import WriteOff
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

from .factories import KUAISHOU, MEITUAN, SCALP_DEAL, mapped_deal
from .helpers import new_code

BOARD = code_of("/orderBoard")
CASHIER = code_of("/account")
DAILY = code_of("/dailyKnots")
SERVE = "/rest/order/groupBuy"
PHONE = "13800095028"


@pytest.fixture
def entry(store, make_entry):
    return make_entry(store, codes=[BOARD, CASHIER, DAILY])


@pytest.fixture
def customer(store):
    return MemberFactory(home_store=store, name="李娜", phone=PHONE)


def written_off(entry, platform_id, item, code=None):
    body = {
        "platformType": 1,
        "platformId": platform_id,
        "checkCode": code or new_code(),
        "phone": PHONE,
        "commodityType": "project",
        "commodityId": item.pk,
    }
    call = "/rest/groupPurchasing/writeOffReview" if platform_id == MEITUAN else "/rest/groupPurchasing/writeOff"
    return assert_envelope(api_client(entry=entry).post(call, body, format="json"), status=201)["recordId"]


def serve(entry, record_id, language="en", **extra):
    return api_client(entry=entry, language=language).post(SERVE, {"recordId": record_id, **extra}, format="json")


def reserved_today(store, member, nurse, status=ReservationStatus.ARRIVED):
    return members_reservation_today(store=store, member=member, nurse=nurse, status=status)


@pytest.mark.django_db(transaction=True)
def test_a_platforms_coupon_is_served_at_the_deal_price_with_the_staff_chosen_and_its_commission_kept(
    entry, store, customer, fixed_platforms, platform_accounts
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN], project=ProjectFactory(price=Decimal("238.00")))
    nurse = EmployeeFactory(store=store, name="周护士")
    record_id = written_off(entry, MEITUAN, project)
    staff = [{"employeeId": nurse.pk, "share": "1"}]
    served = assert_envelope(serve(entry, record_id, staff=staff), status=200)

    deal_price = Decimal(SCALP_DEAL.price_cents) / 100
    settlement = Decimal(settlement_cents(SCALP_DEAL.price_cents)) / 100
    order = Order.objects.get(pk=served["orderId"])
    line = order.lines.get()
    assert (line.unit_price, line.discount, line.amount) == (deal_price, Decimal("0.00"), deal_price)
    assert (order.total, order.payable, order.paid, order.status) == (deal_price, deal_price, deal_price, "paid")
    assert [(t.method, t.amount) for t in order.tenders.all()] == [("groupBuy", deal_price)]
    assert list(StaffCredit.objects.filter(line=line).values_list("employee_id", "kind", "amount")) == [
        (nurse.pk, "service", deal_price)
    ]
    row = served["record"]
    assert (row["dealPrice"], row["settlement"], row["commission"]) == ("99.00", "91.08", "7.92")
    assert Decimal(row["commission"]) == deal_price - settlement
    assert row["storePrice"] == "238.00" and row["phone"] == "138****5028"

    figures = assert_envelope(
        api_client(entry=entry).get("/rest/daily/preview", {"date": timezone.localdate().isoformat()}), status=200
    )
    [taken] = figures["takings"]["methods"]
    assert (taken["method"], taken["amount"], taken["money"], taken["filedUnder"]) == (
        "groupBuy",
        "99.00",
        False,
        "groupBuy",
    )
    assert figures["revenue"]["goodsAndServices"] == "99.00" and figures["revenue"]["takings"] == "0.00"
    assert [(person["employeeId"], person["service"]) for person in figures["staff"]] == [(nurse.pk, "99.00")]
    assert audit_all() == []


@pytest.mark.django_db
def test_a_manual_platforms_coupon_names_no_price_and_sells_at_the_stores(entry, customer, fixed_platforms):
    project = ProjectFactory(price=Decimal("168.00"))
    served = assert_envelope(serve(entry, written_off(entry, KUAISHOU, project)), status=200)
    assert Order.objects.get(pk=served["orderId"]).payable == Decimal("168.00")
    assert (served["record"]["dealPrice"], served["record"]["commission"]) == (None, None)


@pytest.mark.django_db
def test_serving_completes_the_reservation_the_coupon_was_for(entry, store, customer, fixed_platforms):
    nurse = EmployeeFactory(store=store)
    reservation = reserved_today(store, customer, nurse)
    record_id = written_off(entry, KUAISHOU, ProjectFactory())
    served = assert_envelope(serve(entry, record_id), status=200)
    order = Order.objects.get(pk=served["orderId"])
    reservation.refresh_from_db()
    assert order.reservation_id == reservation.pk
    assert (reservation.status, reservation.billed_order_no) == (ReservationStatus.DONE, order.order_no)
    # The reservation's nurse served it, as at the till when nobody is named.
    assert [share.employee_id for share in order.lines.get().staff.all()] == [nurse.pk]
    client = api_client(entry=entry)
    assert assert_envelope(client.get("/rest/reservation/todayReserved"), status=200) == []
    upcoming = assert_envelope(client.get(f"/rest/reservation/accountInfo/{customer.pk}"), status=200)["upcoming"]
    assert upcoming == []


@pytest.mark.django_db
def test_a_coupon_served_for_no_reservation_leaves_the_members_reservation_open(
    entry, store, customer, fixed_platforms
):
    reservation = reserved_today(store, customer, EmployeeFactory(store=store))
    record_id = written_off(entry, KUAISHOU, ProjectFactory())
    served = assert_envelope(serve(entry, record_id, reservationId=None), status=200)
    assert Order.objects.get(pk=served["orderId"]).reservation_id is None
    reservation.refresh_from_db()
    assert (reservation.status, reservation.billed_order_no) == (ReservationStatus.ARRIVED, "")


@pytest.mark.django_db
def test_of_two_reservations_today_the_desk_names_the_one_served(entry, store, customer, fixed_platforms):
    nurse = EmployeeFactory(store=store)
    first = reserved_today(store, customer, nurse, status=ReservationStatus.BOOKED)
    second = reserved_today(store, customer, EmployeeFactory(store=store))
    unnamed = assert_envelope(serve(entry, written_off(entry, KUAISHOU, ProjectFactory())), status=200)
    assert Order.objects.get(pk=unnamed["orderId"]).reservation_id is None
    record_id = written_off(entry, KUAISHOU, ProjectFactory())
    named = assert_envelope(serve(entry, record_id, reservationId=second.pk), status=200)
    assert Order.objects.get(pk=named["orderId"]).reservation_id == second.pk
    first.refresh_from_db()
    assert first.status == ReservationStatus.BOOKED


@pytest.mark.django_db
def test_a_coupon_is_not_served_for_a_reservation_billed_already(entry, store, customer, fixed_platforms):
    reservation = reserved_today(store, customer, EmployeeFactory(store=store))
    first = assert_envelope(serve(entry, written_off(entry, KUAISHOU, ProjectFactory())), status=200)
    record_id = written_off(entry, KUAISHOU, ProjectFactory())
    answer = serve(entry, record_id, language="zh-hans", reservationId=reservation.pk)
    assert_envelope(answer, status=409, errcode="RES-40907")
    assert answer.json()["errmsg"] == f"该预约已开单（订单 {first['record']['orderCode']}），不能重复开单"
    record = WriteOff.objects.get(pk=record_id)
    assert (record.order_id, record.served_at) == (None, None)
    assert Order.objects.count() == 1
