"""Closing guards the day (issue 28 §2): the preview lists what of the day is still open (orders not
paid in full, provider payments and refunds waiting, arrived reservations not billed, owed goods of
the day), and closing settles or carries over each one with a reason, never silently: DAY-40903
while one is open, DAY-40902 while a provider's money is on its way, the carried items kept on the
closing and in the system log, the open orders moved into the next open day."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from apps.billing.choices import AuditAction, OrderStatus, TenderMethod, TenderStatus
from apps.billing.closing.open_items import open_items
from apps.billing.closing.services import day_close
from apps.billing.errors import DayItemsOpen
from apps.billing.models import DailyClosing, Order, OwedGoods, Tender
from apps.billing.orders.lines import LineInput
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.factories import committed_order
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.booking.choices import ReservationStatus
from apps.booking.tests.factories import ReservationFactory, just_started
from apps.core.audit import Actor
from apps.core.ledgers import audit_all
from apps.core.models import ClosedDay, SystemLog
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked
from apps.org.models import OrgUnit

pytestmark = pytest.mark.django_db

PREVIEW = "/rest/daily/preview"
CLOSE = "/rest/daily/close"
CASHIER = Actor(login_name="SY00009")


def today():
    return timezone.localdate()


def arrived(store, nurse=None, *, status=ReservationStatus.ARRIVED, name="陈晓"):
    """A reservation of today whose customer arrived (by default) at its start, which has just passed."""
    start = just_started(60)
    return ReservationFactory(store=store, nurse=nurse, name=name, start=start, status=status, arrived_at=start)


def owed_goods(store, qty=2):
    """A paid order of today whose product is taken later: its owed row."""
    goods = stocked(store, "10", name="护发精油")
    line = LineInput(type="product", item_id=goods.pk, qty=qty, take_later=True)
    order = committed_order(store=store, lines=[line])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    return OwedGoods.objects.get(order=order)


def close(client, *, carry=(), status=201, errcode="0", counted="0"):
    body = {"date": today().isoformat(), "cashCounted": counted, "differenceReason": "counted later"}
    if carry:
        body["carryOver"] = [{"kind": kind, "ref": str(ref), "reason": why} for kind, ref, why in carry]
    return assert_envelope(client.post(CLOSE, body, format="json"), status=status, errcode=errcode)


def test_the_preview_lists_every_open_item_of_the_day_and_nothing_settled(manager, store, other_store, member, nurse):
    unpaid = order_of(store=store, member=member, lines=[product("120.00")])
    partly = order_of(store=store, lines=[product("80.00")])
    order_pay(actor=CASHIER, order_id=partly.pk, tenders=[TenderAsked("cash", Decimal("30.00"))])
    paid = order_of(store=store, lines=[product("10.00")])
    order_pay(actor=CASHIER, order_id=paid.pk, tenders=[TenderAsked("cash", Decimal("10.00"))])
    waiting = order_of(store=store, lines=[product("60.00")])
    tender = Tender.objects.create(
        order=waiting, method=TenderMethod.WECHAT, amount=Decimal("60.00"), status=TenderStatus.PENDING, store=store
    )
    not_billed = arrived(store, nurse)
    billed = arrived(store, name="周婷")
    Order.objects.filter(pk=paid.pk).update(reservation=billed)
    arrived(store, status=ReservationStatus.DONE, name="吴敏")  # finished: not open
    arrived(other_store, name="别店")  # another store's
    owed = owed_goods(store)
    order_of(store=other_store, lines=[product("5.00")])  # another store's order

    items = assert_envelope(manager.get(PREVIEW, {"date": today().isoformat()}), status=200)["openItems"]

    assert [(item["kind"], item["ref"], item["amount"], item["carriable"]) for item in items] == [
        ("providerPayment", str(tender.pk), "60.00", False),
        ("order", str(unpaid.pk), "120.00", True),
        ("order", str(partly.pk), "50.00", True),
        ("order", str(waiting.pk), "60.00", True),
        ("reservation", str(not_billed.pk), None, True),
        ("owedGoods", str(owed.pk), None, True),
    ]
    by_ref = {(item["kind"], item["ref"]): item for item in items}
    assert by_ref[("order", str(unpaid.pk))]["title"] == f"{unpaid.order_no} 王芳"
    assert by_ref[("order", str(unpaid.pk))]["detail"] == "not paid"
    assert by_ref[("order", str(unpaid.pk))]["route"] == f"/payment?orderId={unpaid.pk}"
    assert by_ref[("order", str(partly.pk))]["detail"] == "partly paid: 30.00 of 80.00"
    assert by_ref[("reservation", str(not_billed.pk))]["title"].endswith(" 陈晓")
    assert by_ref[("reservation", str(not_billed.pk))]["detail"].endswith(", not billed (张敏)")
    assert by_ref[("owedGoods", str(owed.pk))]["detail"] == f"2 of 2 still owed (order {owed.order.order_no})"
    with translation.override("zh-hans"):
        chinese = {(item["kind"], item["ref"]): item["detail"] for item in open_items(store.pk, today())}
    assert chinese[("order", str(unpaid.pk))] == "未付款"


def test_closing_is_refused_while_an_item_is_open_and_not_carried_over_and_nothing_changes(manager, store, nurse):
    unpaid = order_of(store=store, lines=[product("120.00")])
    visit = arrived(store, nurse)

    refused = close(manager, status=409, errcode="DAY-40903")
    assert [(item["kind"], item["ref"]) for item in refused["openItems"]] == [
        ("order", str(unpaid.pk)),
        ("reservation", str(visit.pk)),
    ]
    # One carried over is not enough: the other is named.
    refused = close(manager, carry=[("order", unpaid.pk, "pays tomorrow")], status=409, errcode="DAY-40903")
    assert [(item["kind"], item["ref"]) for item in refused["openItems"]] == [("reservation", str(visit.pk))]
    # A reason is required for each item carried over.
    blank = [("order", unpaid.pk, "pays tomorrow"), ("reservation", visit.pk, " ")]
    body = close(manager, carry=blank, status=400, errcode="VALID-40000")
    assert body["fields"] == {"carryOver": ["please give the reason for carrying it over"]}

    unpaid.refresh_from_db()
    assert unpaid.business_date == today() and not DailyClosing.objects.exists()
    assert not ClosedDay.objects.exists() and not SystemLog.objects.filter(action__startswith="billing.day").exists()


def test_a_waiting_provider_payment_is_settled_never_carried_over(manager, store):
    order = order_of(store=store, lines=[product("60.00")])
    tender = Tender.objects.create(
        order=order, method=TenderMethod.ALIPAY, amount=Decimal("60.00"), status=TenderStatus.PENDING, store=store
    )
    refused = close(
        manager,
        carry=[("providerPayment", tender.pk, "the customer left"), ("order", order.pk, "pays later")],
        status=409,
        errcode="DAY-40902",
    )
    assert refused["pending"]["count"] == 1
    assert_envelope(
        manager.post(
            CLOSE,
            {"date": today().isoformat(), "cashCounted": "0", "carryOver": [{"kind": "nonsense", "ref": "1"}]},
            format="json",
        ),
        status=400,
        errcode="VALID-40000",
    )
    assert not DailyClosing.objects.exists()


def test_carried_over_items_are_kept_on_the_closing_logged_and_the_open_order_moves_to_the_next_day(
    manager, store, member, nurse
):
    unpaid = order_of(store=store, member=member, lines=[product("120.00")])
    partly = order_of(store=store, lines=[product("80.00")])
    order_pay(actor=CASHIER, order_id=partly.pk, tenders=[TenderAsked("cash", Decimal("30.00"))])
    visit = arrived(store, nurse)
    owed = owed_goods(store, qty=1)
    carry = [
        ("order", unpaid.pk, "王芳 pays tomorrow"),
        ("order", partly.pk, "the rest on the next visit"),
        ("reservation", visit.pk, "left before the service"),
        ("owedGoods", owed.pk, "out of stock until Friday"),
    ]

    cash = Decimal("30.00") + owed.order.payable
    closing = close(manager, carry=carry, counted=str(cash))

    tomorrow = (today() + timedelta(days=1)).isoformat()
    assert [(row["kind"], row["ref"], row["reason"], row["carriedTo"]) for row in closing["carriedOver"]] == [
        ("order", str(unpaid.pk), "王芳 pays tomorrow", tomorrow),
        ("order", str(partly.pk), "the rest on the next visit", tomorrow),
        ("reservation", str(visit.pk), "left before the service", None),
        ("owedGoods", str(owed.pk), "out of stock until Friday", None),
    ]
    assert closing["carriedOver"][1]["amount"] == "50.00"
    # The money the partly paid order took stays in the closed day; the orders wait in the next one.
    assert closing["cashExpected"] == f"{cash:.2f}"
    assert set(Order.objects.filter(pk__in=[unpaid.pk, partly.pk]).values_list("business_date", flat=True)) == {
        today() + timedelta(days=1)
    }
    assert Order.objects.get(pk=partly.pk).status == OrderStatus.PARTLY_PAID
    stored = DailyClosing.objects.get()
    assert stored.carried_over == closing["carriedOver"] and stored.figures["orders"]["open"] == 0
    logs = SystemLog.objects.filter(action=AuditAction.DAY_ITEM_CARRIED_OVER).order_by("id")
    assert [(log.object_id, log.detail["kind"], log.detail["reason"]) for log in logs] == [
        (str(unpaid.pk), "order", "王芳 pays tomorrow"),
        (str(partly.pk), "order", "the rest on the next visit"),
        (str(stored.pk), "reservation", "left before the service"),
        (str(stored.pk), "owedGoods", "out of stock until Friday"),
    ]
    assert SystemLog.objects.get(action=AuditAction.DAY_CLOSED).detail["carriedOver"] == 4
    history = assert_envelope(manager.get("/rest/daily/history"), status=200)
    assert history["list"][0]["carriedOver"] == closing["carriedOver"]


def test_an_item_settled_meanwhile_needs_no_reason_and_is_not_kept(manager, store):
    """The cashier may have carried over an order the till then paid: what is no longer open is not kept."""
    order = order_of(store=store, lines=[product("20.00")])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", Decimal("20.00"))])
    closing = close(manager, carry=[("order", order.pk, "pays tomorrow")], counted="20.00")
    assert closing["carriedOver"] == []
    assert Order.objects.get(pk=order.pk).business_date == today()


def test_the_open_items_take_the_same_few_queries_for_one_and_for_many(store, other_store, nurse):
    order_of(store=store, lines=[product("1.00")])
    arrived(store, nurse)
    for _ in range(15):
        order_of(store=other_store, lines=[product("1.00")])
        arrived(other_store)
    with CaptureQueriesContext(connection) as quiet:
        open_items(store.pk, today())
    with CaptureQueriesContext(connection) as busy:
        assert len(open_items(other_store.pk, today())) == 30
    assert len(quiet.captured_queries) == len(busy.captured_queries)


@pytest.mark.django_db(transaction=True)
def test_the_demo_closed_yesterday_carrying_its_unpaid_order_into_today_and_seeding_again_adds_none(demo):
    store = OrgUnit.objects.get(code="S-SH-002")
    closing = DailyClosing.objects.get(store=store)
    assert closing.date == today() - timedelta(days=1) and closing.active
    (carried,) = closing.carried_over
    assert (carried["kind"], carried["carriedTo"]) == ("order", today().isoformat()) and carried["reason"]
    order = Order.objects.get(pk=int(carried["ref"]))
    assert (order.business_date, order.status) == (today(), OrderStatus.UNPAID)
    assert ("order", str(order.pk)) in {(item["kind"], item["ref"]) for item in open_items(store.pk, today())}
    call_command("seed_demo", verbosity=0)
    assert DailyClosing.objects.count() == 1
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_an_order_committed_while_the_day_closes_is_waited_for_and_named_open(store):
    """The open items are read under the store's day lock: an order being written when the closing
    starts is waited for, then found open, and the closing refused (nothing left behind unseen)."""
    written = threading.Event()
    failures: list[str] = []
    committed: list[int] = []

    def committing() -> None:
        try:
            with transaction.atomic():
                committed.append(order_of(store=store, lines=[product("45.00")]).pk)  # the trigger's shared lock
                written.set()
                time.sleep(1.0)  # still open when the closing starts
        except BaseException as failure:
            failures.append(repr(failure))
            written.set()
        finally:
            connections.close_all()

    thread = threading.Thread(target=committing)
    thread.start()
    assert written.wait(30)
    started = time.monotonic()
    with pytest.raises(DayItemsOpen) as refused:
        day_close(actor=CASHIER, store=store, day=today(), cash_counted=Decimal("0"))
    waited = time.monotonic() - started
    thread.join(30)
    assert failures == []
    assert [(item["kind"], item["ref"]) for item in refused.value.data["openItems"]] == [("order", str(committed[0]))]
    assert waited > 0.5 and not DailyClosing.objects.exists()
