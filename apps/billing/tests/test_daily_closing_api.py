"""Daily closing (issue 14 §3, contract §8): the day's figures, closing with the cash counted, the
closed day refused by every money-moving service (409 DAY-40901), reopening by an owner, the history,
the ledger audit, and a preview whose number of queries does not grow with the orders."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.choices import AuditAction, OrderStatus, TenderMethod, TenderStatus
from apps.billing.closing.selectors import Day, day_figures
from apps.billing.models import DailyClosing, Order, OrderLine, Tender
from apps.billing.tests.checkout_factories import card_bought, order_of, product, project, sessions
from apps.billing.tests.conftest import DAILY
from apps.cards.services import card_top_up
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.tests.factories import CardTypeFactory
from apps.core.audit import Actor
from apps.core.business_days import DayClosed
from apps.core.ledgers import audit_all
from apps.core.models import ClosedDay, SystemLog
from apps.core.role_codes import DAY_REOPEN
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked
from apps.members.services import points_adjust

pytestmark = pytest.mark.django_db

PREVIEW = "/rest/daily/preview"
CLOSE = "/rest/daily/close"
REOPEN = "/rest/daily/reopen"
HISTORY = "/rest/daily/history"
PAY = "/rest/pay/excute"
ACTOR = Actor(login_name="SY00009")


@pytest.fixture
def owner(store, make_entry):
    return api_client(entry=make_entry(store, codes=[DAILY, DAY_REOPEN.code], kind="owner"))


def today():
    return timezone.localdate()


def pay_cash(client, order, amount, status=200, errcode="0"):
    return assert_envelope(
        client.post(PAY, {"orderId": order.pk, "tenders": [{"method": "cash", "amount": amount}]}, format="json"),
        status=status,
        errcode=errcode,
    )


def preview(client, day=None):
    return assert_envelope(client.get(PREVIEW, {"date": (day or today()).isoformat()}), status=200)


def close(client, counted, *, day=None, reason="", status=201, errcode="0", key=None, carry=()):
    """Closes the day; `carry`: (kind, ref, reason) of each open item carried over."""
    body = {"date": (day or today()).isoformat(), "cashCounted": counted}
    if reason:
        body["differenceReason"] = reason
    if carry:
        body["carryOver"] = [{"kind": kind, "ref": str(ref), "reason": why} for kind, ref, why in carry]
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return assert_envelope(client.post(CLOSE, body, format="json", **headers), status=status, errcode=errcode)


def test_the_preview_tells_takings_from_revenue(manager, store, member, nurse):
    """Selling stored value is money in and a liability; spending it is revenue, not money in."""
    card = stored_value_card(member=member, paid="500.00", store=store)  # sold before, outside any order
    sold = order_of(store=store, member=member, lines=[card_bought(CardTypeFactory(price=Decimal("300")), "300.00")])
    pay_cash(manager, sold, "300.00")
    goods = order_of(store=store, member=member, lines=[product("80.00"), project("120.00", staff=[(nurse, "1")])])
    assert_envelope(
        manager.post(
            PAY,
            {
                "orderId": goods.pk,
                "tenders": [
                    {"method": "storedValue", "amount": "150.00", "cardId": card.pk},
                    {"method": "cash", "amount": "100"},
                ],
            },
            format="json",
        ),
        status=200,
    )
    package = package_card(member=member, sessions=3, store=store)
    used = order_of(store=store, member=member, lines=[sessions(package, qty=2, price="90.00")])
    pay_cash_nothing_due = manager.post(PAY, {"orderId": used.pk, "tenders": []}, format="json")
    assert_envelope(pay_cash_nothing_due, status=200)

    figures = preview(manager)
    methods = {row["method"]: (row["count"], row["amount"], row["money"]) for row in figures["takings"]["methods"]}
    assert methods == {"cash": (2, "350.00", True), "storedValue": (1, "150.00", False)}
    assert figures["takings"]["money"] == "350.00" and figures["cash"]["expected"] == "350.00"
    kinds = {row["kind"]: (row["qty"], row["amount"]) for row in figures["sales"]["kinds"]}
    assert kinds["products"] == (1, "80.00") and kinds["projects"] == (1, "120.00")
    assert kinds["cardSales"] == (1, "300.00") and kinds["sessions"] == (2, "180.00")
    assert figures["revenue"] == {
        "takings": "350.00",
        "liabilityIn": "300.00",
        "goodsAndServices": "200.00",
        "sessionsValue": "180.00",
        "returned": "0.00",
        "liabilityOut": "0.00",
        "earned": "380.00",
        "paidFromStoredValue": "150.00",
        "paidByPoints": "0.00",
        "paidFromDeposits": "0.00",
    }
    # Card sales come only from orders: the card bought in the order, not the two issued outside any
    # order (the stored-value card and the package card of the fixtures); the same as the sales say.
    assert figures["cards"]["sold"]["count"] == 1 and figures["cards"]["sold"]["amount"] == "300.00"
    assert figures["cards"]["storedValueSpent"]["principal"] == "150.00"
    assert figures["cards"]["sessionsUsed"]["sessions"] == 2
    assert figures["orders"] == {"paid": 3, "open": 0, "cancelled": 0}
    # 150 of the 200 of goods came from stored value: the project's 120 is three quarters card consumption.
    assert [(row["name"], row["service"], row["cardConsumption"], row["total"]) for row in figures["staff"]] == [
        ("张敏", "30.00", "90.00", "120.00")
    ]
    assert figures["pending"] == {"count": 0, "amount": "0.00", "tenders": []}
    assert figures["closing"] is None


def test_a_cash_difference_needs_a_reason_then_the_day_closes_and_is_logged(manager, store):
    order = order_of(store=store, lines=[product("88.00")])
    pay_cash(manager, order, "100")
    body = close(manager, "80.00", status=400, errcode="VALID-40000")
    assert body["fields"] == {
        "differenceReason": ["the cash counted differs from the cash expected: please give the reason"]
    }
    assert not DailyClosing.objects.exists() and not ClosedDay.objects.exists()

    closing = close(manager, "80.00", reason="8 yuan change given twice")
    assert (closing["status"], closing["cashExpected"], closing["cashCounted"], closing["difference"]) == (
        "closed",
        "88.00",
        "80.00",
        "-8.00",
    )
    row = DailyClosing.objects.get()
    assert row.difference_reason == "8 yuan change given twice" and row.figures["cash"]["expected"] == "88.00"
    assert ClosedDay.objects.filter(store_id=store.pk, date=today()).exists()
    log = SystemLog.objects.get(action=AuditAction.DAY_CLOSED)
    assert log.detail["difference"] == "-8.00" and log.object_id == str(row.pk)
    assert preview(manager)["closing"]["closingId"] == row.pk


def test_an_honest_shortage_in_cents_closes_exactly(manager, store):
    """341.79 expected, 340.00 counted: -1.79 to the cent (issue 26: in floating point it was
    -1.7900000000000205 and the difference's check refused the day)."""
    pay_cash(manager, order_of(store=store, lines=[product("341.79")]), "341.79")
    closing = close(manager, "340.00", reason="short by 1.79")
    assert (closing["cashExpected"], closing["cashCounted"], closing["difference"]) == ("341.79", "340.00", "-1.79")
    assert DailyClosing.objects.get().difference == Decimal("-1.79")


def test_no_reason_is_needed_when_the_cash_matches_and_the_key_closes_once(manager, store):
    pay_cash(manager, order_of(store=store, lines=[product("50.00")]), "50")
    first = close(manager, "50.00", key="close-1")
    again = close(manager, "50.00", key="close-1")
    assert first == again and DailyClosing.objects.count() == 1
    close(manager, "50.00", key="close-2", status=409, errcode="DAY-40901")


def test_a_future_day_cannot_be_closed_and_another_store_is_not_closed(manager, store, other_store):
    close(manager, "0", day=today() + timedelta(days=1), status=400, errcode="VALID-40000")
    close(manager, "0")
    assert not ClosedDay.objects.filter(store_id=other_store.pk).exists()


def test_closing_is_refused_while_a_provider_payment_is_pending(manager, store):
    order = order_of(store=store, lines=[product("60.00")])
    Tender.objects.create(
        order=order, method=TenderMethod.WECHAT, amount=Decimal("60.00"), status=TenderStatus.PENDING, store=store
    )
    figures = preview(manager)
    assert figures["pending"]["count"] == 1 and figures["pending"]["amount"] == "60.00"
    assert figures["pending"]["tenders"][0]["orderNo"] == order.order_no
    refused = close(manager, "0", status=409, errcode="DAY-40902")
    assert refused["pending"]["count"] == 1
    assert not DailyClosing.objects.exists()


def test_a_closed_day_refuses_every_money_moving_service(manager, store, member):
    goods = stocked(store, "1000", price=Decimal("30.00"))
    unpaid = order_of(store=store, member=member, lines=[product("30.00")])
    card = stored_value_card(member=member, paid="100.00", store=store)
    close(manager, "0", carry=[("order", unpaid.pk, "the customer pays tomorrow")])

    # Carried into tomorrow, the order waits there; paying it today would take money in a closed day.
    refused = pay_cash(manager, unpaid, "30", status=409, errcode="DAY-40901")
    assert refused == {"storeId": store.pk, "date": today().isoformat()}
    commit = manager.post(
        "/rest/order/commit",
        {"memId": member.pk, "lines": [{"type": "product", "itemId": goods.pk, "qty": 1}]},
        format="json",
    )
    assert_envelope(commit, status=409, errcode="DAY-40901")
    assert commit.json()["errmsg"] == "the day is closed; ask the owner to reopen it"
    with pytest.raises(DayClosed):
        card_top_up(actor=ACTOR, store=store, card_id=card.pk, member_id=member.pk, principal=Decimal("10"))
    with pytest.raises(DayClosed):
        points_adjust(actor=ACTOR, member=member, store=store, change=5, reason="fix")
    unpaid.refresh_from_db()
    card.refresh_from_db()
    assert unpaid.status == OrderStatus.UNPAID and card.principal == Decimal("100.00")


def test_an_order_carried_over_from_a_closed_day_is_paid_in_the_next_open_day(manager, store, member):
    """Closing yesterday leaves today open: corrections go into the next open day. Yesterday's unpaid
    order, carried over when yesterday closed, moved into today: it is paid today and counted today."""
    yesterday = today() - timedelta(days=1)
    left_unpaid = order_of(store=store, lines=[product("15.00")])
    Order.objects.filter(pk=left_unpaid.pk).update(business_date=yesterday)
    closing = close(manager, "0", day=yesterday, carry=[("order", left_unpaid.pk, "paid on the next visit")])
    assert closing["carriedOver"] == [
        {
            "kind": "order",
            "ref": str(left_unpaid.pk),
            "title": f"{left_unpaid.order_no} 路人",
            "amount": "15.00",
            "reason": "paid on the next visit",
            "carriedTo": today().isoformat(),
        }
    ]
    pay_cash(manager, order_of(store=store, lines=[product("20.00")]), "20")
    points_adjust(actor=ACTOR, member=member, store=store, change=5, reason="correction of yesterday")
    pay_cash(manager, left_unpaid, "15")
    left_unpaid.refresh_from_db()
    assert left_unpaid.status == OrderStatus.PAID and left_unpaid.business_date == today()
    assert preview(manager, yesterday)["closing"]["date"] == yesterday.isoformat()
    assert preview(manager)["closing"] is None and preview(manager)["cash"]["expected"] == "35.00"
    assert preview(manager)["orders"]["paid"] == 2


def test_only_an_owner_reopens_with_a_reason_and_closing_again_makes_a_new_row(manager, owner, store):
    pay_cash(manager, order_of(store=store, lines=[product("40.00")]), "40")
    first = close(manager, "40.00")
    assert_envelope(
        manager.post(REOPEN, {"closingId": first["closingId"], "reason": "missed"}, format="json"),
        status=403,
        errcode="AUTH-40300",
    )
    body = assert_envelope(
        owner.post(REOPEN, {"closingId": first["closingId"], "reason": ""}, format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert "reason" in body["fields"]
    reopened = assert_envelope(
        owner.post(REOPEN, {"closingId": first["closingId"], "reason": "a sale was not rung up"}, format="json"),
        status=200,
    )
    assert reopened["status"] == "reopened" and reopened["reopenReason"] == "a sale was not rung up"
    assert not ClosedDay.objects.exists()
    assert SystemLog.objects.get(action=AuditAction.DAY_REOPENED).detail["reason"] == "a sale was not rung up"

    pay_cash(manager, order_of(store=store, lines=[product("10.00")]), "10")  # the day takes changes again
    second = close(manager, "50.00")
    assert second["cashExpected"] == "50.00" and second["closingId"] != first["closingId"]
    history = assert_envelope(manager.get(HISTORY), status=200)
    assert history["total"] == 2
    assert [(row["closingId"], row["status"]) for row in history["list"]] == [
        (second["closingId"], "closed"),
        (first["closingId"], "reopened"),
    ]
    assert_envelope(
        owner.post(REOPEN, {"closingId": first["closingId"], "reason": "again"}, format="json"),
        status=400,
        errcode="VALID-40000",
    )


def test_one_active_closing_per_store_and_day_is_a_database_rule(store):
    from django.db import IntegrityError, transaction

    fields = {"store": store, "date": today(), "cash_expected": 0, "cash_counted": 0, "difference": 0}
    DailyClosing.objects.create(**fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        DailyClosing.objects.create(**fields)
    DailyClosing.objects.create(**fields, reopened_at=timezone.now())  # a reopened one beside it is fine


def test_another_stores_closing_is_not_found_for_reopening(owner, other_store, other_client):
    other = DailyClosing.objects.create(store=other_store, date=today(), cash_expected=0, cash_counted=0, difference=0)
    assert_envelope(
        owner.post(REOPEN, {"closingId": other.pk, "reason": "x"}, format="json"), status=404, errcode="SYS-40400"
    )


def test_the_ledger_audit_checks_each_closings_cash_against_the_tenders(manager, store):
    pay_cash(manager, order_of(store=store, lines=[product("70.00")]), "70")
    close(manager, "70.00")
    assert [d for d in audit_all() if d.ledger == "daily closings"] == []
    DailyClosing.objects.update(cash_expected=Decimal("60.00"), difference=Decimal("10.00"))
    (difference,) = [d for d in audit_all() if d.ledger == "daily closings"]
    assert (difference.field, difference.kept, difference.recomputed) == (
        "cash expected",
        Decimal("60.00"),
        Decimal("70.00"),
    )


def _busy_day(store, orders):
    """`orders` paid cash orders of today, written in bulk (the figures' queries are what is measured)."""
    made = Order.objects.bulk_create(
        Order(
            order_no=f"SOB{store.pk}{n:06d}",
            store=store,
            name="路人",
            status=OrderStatus.PAID,
            total=Decimal("10"),
            payable=Decimal("10"),
            paid=Decimal("10"),
            business_date=today(),
            paid_at=timezone.now(),
        )
        for n in range(orders)
    )
    OrderLine.objects.bulk_create(
        OrderLine(
            order=order, type="product", item_id=1, name="x", qty=1, unit_price=Decimal("10"), amount=Decimal("10")
        )
        for order in made
    )
    Tender.objects.bulk_create(
        Tender(order=order, method=TenderMethod.CASH, amount=Decimal("10"), status=TenderStatus.SUCCEEDED, store=store)
        for order in made
    )


def test_the_preview_takes_the_same_few_queries_for_a_quiet_and_a_busy_day(store, other_store):
    _busy_day(store, 3)
    _busy_day(other_store, 120)
    with CaptureQueriesContext(connection) as quiet:
        quiet_figures = day_figures(Day(store.pk, today()))
    with CaptureQueriesContext(connection) as busy:
        busy_figures = day_figures(Day(other_store.pk, today()))
    assert len(quiet.captured_queries) == len(busy.captured_queries) <= 11  # 8, and the refunds' 3
    assert quiet_figures["cash"]["expected"] == "30.00" and busy_figures["cash"]["expected"] == "1200.00"
    assert busy_figures["orders"]["paid"] == 120
