"""The closed-day rule below the services: a trigger on each table dated in a business day
refuses rows of a closed day of their store even when the services are bypassed (raw ORM, raw SQL),
the exception handler answers it as 409 DAY-40901, and a closing waits for the store's payments in
flight and counts them (docs/decisions/0012-closed-days.md)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, connections, transaction
from django.utils import timezone, translation

from apps.billing.choices import CreditKind, OrderStatus, TenderMethod, TenderStatus
from apps.billing.closing.services import day_close
from apps.billing.errors import DayClosed
from apps.billing.models import DailyClosing, Order, OrderLine, StaffCredit, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.cards.choices import EntryKind
from apps.cards.models import CardEntry
from apps.cards.tests.factories import stored_value_card
from apps.core.audit import Actor
from apps.core.business_days import mark_day_closed
from apps.core.envelope import envelope_exception_handler

ACTOR = Actor(login_name="SY00009")


def refused(write) -> DatabaseError:
    with pytest.raises(DatabaseError) as caught, transaction.atomic():
        write()
    assert str(caught.value).startswith("DAY-40901"), str(caught.value)
    return caught.value


@pytest.mark.django_db
def test_rows_of_a_closed_day_are_refused_by_the_database_and_answered_as_day_40901(store, other_store, member, nurse):
    today = timezone.localdate()
    order = order_of(store=store, member=member, lines=[product("10.00")])
    card = stored_value_card(member=member, paid="100.00", store=store)
    line = OrderLine.objects.get(order=order)
    mark_day_closed(store_id=store.pk, day=today)

    error = refused(
        lambda: Tender.objects.create(
            order=order, method=TenderMethod.CASH, amount=Decimal("10"), status=TenderStatus.SUCCEEDED, store=store
        )
    )
    with translation.override("en"):
        answer = envelope_exception_handler(error, {})
    assert answer.status_code == 409 and answer.data["errcode"] == "DAY-40901"
    assert answer.data["errmsg"] == "the day is closed; ask the owner to reopen it"
    # The trigger names the store and the day, as the services' check does: the refused person's
    # request to reopen it names them too.
    assert answer.data["data"] == {"storeId": store.pk, "date": today.isoformat()}

    refused(lambda: Order.objects.filter(pk=order.pk).update(remark="changed afterwards"))
    refused(lambda: Order.objects.filter(pk=order.pk).delete())
    refused(
        lambda: CardEntry.objects.create(
            card=card,
            kind=EntryKind.TOP_UP,
            principal_change=Decimal("5"),
            principal_after=Decimal("105"),
            gift_after=Decimal("0"),
            store=store,
            card_store=store,
        )
    )
    refused(
        lambda: StaffCredit.objects.bulk_create(
            [
                StaffCredit(
                    line=line,
                    employee=nurse,
                    kind=CreditKind.SALE,
                    amount=Decimal("10"),
                    store=store,
                    business_date=today,
                )
            ]
        )
    )

    def raw_points() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO members_pointsentry (member_id, store_id, kind, change, balance_after, reason,"
                " operator_name, created_at) VALUES (%s, %s, 'adjust', 5, 5, 'raw', '', now())",
                [member.pk, store.pk],
            )

    refused(raw_points)

    # Another store's day and the store's next day are open.
    Order.objects.filter(pk=order_of(store=other_store, lines=[product("5.00")]).pk).update(remark="fine")
    with transaction.atomic():
        Order.objects.create(
            store=store, name="路人", total=0, payable=0, business_date=today + timedelta(days=1), order_no="SOTNEXT"
        )


@pytest.mark.django_db(transaction=True)
def test_a_closing_waits_for_a_payment_in_flight_and_counts_it(store):
    order = order_of(store=store, lines=[product("25.00")])
    written = threading.Event()
    failures: list[str] = []

    def paying() -> None:
        try:
            with transaction.atomic():
                Tender.objects.create(
                    order=order,
                    method=TenderMethod.CASH,
                    amount=Decimal("25"),
                    status=TenderStatus.SUCCEEDED,
                    store=store,
                )
                # As a payment does: the order paid with its tender, so the closing finds nothing open.
                Order.objects.filter(pk=order.pk).update(paid=Decimal("25"), status=OrderStatus.PAID)
                written.set()
                time.sleep(1.0)  # the payment's transaction is still open when the closing starts
        except BaseException as failure:
            failures.append(repr(failure))
            written.set()
        finally:
            connections.close_all()

    thread = threading.Thread(target=paying)
    thread.start()
    assert written.wait(30)
    started = time.monotonic()
    closing = day_close(actor=ACTOR, store=store, day=timezone.localdate(), cash_counted=Decimal("25.00"))
    waited = time.monotonic() - started
    thread.join(30)
    assert failures == []
    assert closing.cash_expected == Decimal("25.00") and closing.difference == 0
    assert waited > 0.5  # it waited for the payment to commit instead of closing without it


@pytest.mark.django_db(transaction=True)
def test_two_closings_of_one_day_at_once_close_it_once(store):
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def closing() -> None:
        try:
            start.wait()
            day_close(actor=ACTOR, store=store, day=timezone.localdate(), cash_counted=Decimal("0"))
            outcomes.append("closed")
        except DayClosed:
            outcomes.append("DAY-40901")
        except BaseException as failure:
            outcomes.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=closing) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(outcomes) == ["DAY-40901", "closed"]
    assert DailyClosing.objects.filter(store=store).count() == 1
