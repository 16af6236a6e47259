"""Reservations follow the money (issue 28 §7): an order made from a reservation bills it (done, with
the order's number), so the till's 今日预约 and the write-off's pick list no longer offer it and a
second order from it is refused; cancelling the unpaid order offers it again."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as django_apps

from apps.accounts.testing import api_client
from apps.billing.models import Order
from apps.billing.tests.conftest import BILLS, CASHIER, ORDER_DETAILS
from apps.booking.choices import ReservationStatus
from apps.booking.models import Reservation
from apps.booking.tests.factories import members_reservation_today
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope, at_once

COMMIT = "/rest/order/commit"
CANCEL = "/rest/order/cancel"
BOARD = code_of("/orderBoard")


@pytest.fixture
def desk(store, make_entry):
    """The desk's principal: the board (its account info and today's list) and the till."""
    return make_entry(store, codes=[BOARD, CASHIER, BILLS, ORDER_DETAILS])


@pytest.fixture
def arrived(store, member, nurse, project):
    return members_reservation_today(store=store, member=member, nurse=nurse, projects=[project])


def commit(entry, member, reservation, project, language="en"):
    body = {"memId": member.pk, "reservationId": reservation.pk, "lines": [{"type": "project", "itemId": project.pk}]}
    return api_client(entry=entry, language=language).post(COMMIT, body, format="json")


def todays_on_the_till(entry, member):
    """The reservations the till shows under 今日预约 (accountInfo's upcoming) and the write-off's list."""
    client = api_client(entry=entry)
    upcoming = assert_envelope(client.get(f"/rest/reservation/accountInfo/{member.pk}"), status=200)["upcoming"]
    listed = assert_envelope(client.get("/rest/reservation/todayReserved"), status=200)
    return [row["id"] for row in upcoming], [row["id"] for row in listed]


@pytest.mark.django_db
def test_an_order_from_a_reservation_bills_it_and_the_till_no_longer_offers_it(desk, member, arrived, project):
    assert todays_on_the_till(desk, member) == ([arrived.pk], [arrived.pk])
    order = assert_envelope(commit(desk, member, arrived, project), status=201)
    arrived.refresh_from_db()
    assert (arrived.status, arrived.billed_order_no) == (ReservationStatus.DONE, order["orderNo"])
    assert todays_on_the_till(desk, member) == ([], [])
    history = api_client(entry=desk).get(f"/rest/reservation/detail/{arrived.pk}")
    last = assert_envelope(history, status=200)["history"][-1]
    assert (last["kind"], last["after"]["orderNo"]) == ("billed", order["orderNo"])
    assert (last["before"]["status"], last["after"]["status"]) == ("arrived", "done")


@pytest.mark.django_db
def test_a_billed_reservation_is_not_billed_twice_nor_drafted_again(desk, member, arrived, project):
    first = assert_envelope(commit(desk, member, arrived, project), status=201)
    again = commit(desk, member, arrived, project, language="zh-hans")
    assert_envelope(again, status=409, errcode="RES-40907")
    assert again.json()["errmsg"] == f"该预约已开单（订单 {first['orderNo']}），不能重复开单"
    english = commit(desk, member, arrived, project)
    assert english.json()["errmsg"] == f"this reservation is billed already (order {first['orderNo']})"
    assert english.json()["data"] == {"orderNo": first["orderNo"]}
    draft = api_client(entry=desk).get("/rest/order/reservationProject", {"reservationId": arrived.pk})
    assert_envelope(draft, status=409, errcode="RES-40907")
    assert Order.objects.count() == 1


@pytest.mark.django_db
def test_cancelling_the_unpaid_order_offers_the_reservation_again(desk, member, arrived, project):
    order = assert_envelope(commit(desk, member, arrived, project), status=201)
    assert_envelope(api_client(entry=desk).post(CANCEL, {"orderId": order["orderId"]}, format="json"), status=200)
    arrived.refresh_from_db()
    assert (arrived.status, arrived.billed_order_no) == (ReservationStatus.ARRIVED, "")
    assert todays_on_the_till(desk, member) == ([arrived.pk], [arrived.pk])
    assert assert_envelope(commit(desk, member, arrived, project), status=201)["orderNo"] != order["orderNo"]
    arrived.refresh_from_db()
    assert arrived.status == ReservationStatus.DONE


@pytest.mark.django_db
def test_a_reservation_still_booked_counts_its_arrival_when_billed(desk, store, member, nurse, project):
    booked = members_reservation_today(store=store, member=member, nurse=nurse, status=ReservationStatus.BOOKED)
    assert_envelope(commit(desk, member, booked, project), status=201)
    booked.refresh_from_db()
    member.refresh_from_db()
    assert booked.status == ReservationStatus.DONE and booked.arrived_at is not None
    assert member.last_visit_at == booked.arrived_at


@pytest.mark.django_db(transaction=True)
def test_two_tills_billing_one_reservation_at_once_make_one_order(desk, member, arrived, project):
    def bill() -> None:
        answer = commit(desk, member, arrived, project)
        if answer.status_code != 201:
            raise AssertionError(answer.json()["errcode"])

    outcomes = at_once(bill, 2)
    assert sorted(outcomes) == ["AssertionError('RES-40907')", "ok"]
    assert Order.objects.filter(reservation=arrived).count() == 1
    assert Reservation.objects.get(pk=arrived.pk).billed_order_no == Order.objects.get().order_no
    assert audit_all() == []


@pytest.mark.django_db
def test_an_order_made_before_reservations_followed_the_money_bills_its_reservation_on_migrating(
    desk, member, arrived, project
):
    """Migration billing 0018: the reservations of the orders made before (not billed then) are billed
    by them, once, with the change in their history."""
    order = assert_envelope(commit(desk, member, arrived, project), status=201)
    Reservation.objects.filter(pk=arrived.pk).update(status=ReservationStatus.ARRIVED, billed_order_no="")
    migration = importlib.import_module("apps.billing.migrations.0018_order_reservation_billed_once")
    migration.bill_reservations_with_orders(django_apps, None)
    migration.bill_reservations_with_orders(django_apps, None)
    arrived.refresh_from_db()
    assert (arrived.status, arrived.billed_order_no) == (ReservationStatus.DONE, order["orderNo"])
    assert arrived.changes.filter(kind="billed", by_name="system").count() == 1
