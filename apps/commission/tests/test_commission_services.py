"""Commission through its services on credits written by billing's real checkout and refunds:
versions by business day, tiers on the month's total per employee and kind, refunds clawed back in
their own month, sessions at a fixed amount, and closed periods that never change."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, connections, transaction

from apps.billing.choices import CreditKind
from apps.billing.errors import CommissionPeriodClosed
from apps.billing.tests.factories import committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.commission import selectors
from apps.commission.choices import AuditAction
from apps.commission.errors import PeriodAlreadyClosed, PeriodNotEnded, VersionInClosedPeriod
from apps.commission.figures import month_lines
from apps.commission.models import CommissionLine, CommissionPeriod
from apps.commission.services import period_close, version_create
from apps.commission.tests.factories import month_ago, plan, refunded, sold, version
from apps.core.audit import SYSTEM_ACTOR
from apps.core.models import SystemLog
from apps.staff.choices import EmployeePosition

pytestmark = pytest.mark.django_db
D = Decimal
NURSE, SALE, SERVICE = EmployeePosition.NURSE, CreditKind.SALE, CreditKind.SERVICE


def figures(store, month, **kw):
    return {
        (r["staffName"], r["kind"], r["planVersion"]): r
        for r in selectors.period_row(store_id=store.pk, month=month, **kw)["figures"]
    }


def test_each_credit_is_paid_by_the_version_in_force_on_its_business_day(store, nurse, product):
    month = month_ago(1)
    sales = plan(NURSE, SALE, month_ago(6), [(0, 5)])
    version_create(actor=SYSTEM_ACTOR, plan=sales, version=version(month.replace(day=15), [(0, 10)]))
    sold(store, nurse, product, day=month.replace(day=5), qty=10)
    sold(store, nurse, product, day=month.replace(day=20), qty=10)

    lines, _period = month_lines(store_id=store.pk, month=month)
    assert [(line.amount, line.commission, line.version.effective_from) for line in lines] == [
        (D("1000.00"), D("50.00"), month_ago(6)),
        (D("1000.00"), D("100.00"), month.replace(day=15)),
    ]
    rows = selectors.period_row(store_id=store.pk, month=month)["figures"]
    assert [(r["baseAmount"], r["monthTotal"], r["rate"], r["commission"]) for r in rows] == [
        ("1000.00", "2000.00", "5.00", "50.00"),
        ("1000.00", "2000.00", "10.00", "100.00"),
    ]


def test_a_nurse_promoted_since_is_paid_last_month_under_the_nurses_plan(store, nurse, product):
    month = month_ago(1)
    plan(NURSE, SALE, month_ago(6), [(0, 5)])
    plan(EmployeePosition.STORE_MANAGER, SALE, month_ago(6), [(0, 20)])
    sold(store, nurse, product, day=month.replace(day=5), qty=10)
    nurse.position = EmployeePosition.STORE_MANAGER
    nurse.save(update_fields=["position"])

    lines, _period = month_lines(store_id=store.pk, month=month)
    assert [(line.commission, line.version.plan_name) for line in lines] == [(D("50.00"), f"{NURSE} {SALE}")]


def test_tiers_apply_on_the_employees_month_of_the_kind_in_the_plans_own_mode(store, nurse, desk, product):
    month = month_ago(1)
    plan(NURSE, SALE, month_ago(6), [(0, 5), (1000, 10)], mode="whole")
    plan(EmployeePosition.FRONT_DESK, SALE, month_ago(6), [(0, 5), (1000, 10)], mode="above")
    for day in (3, 4):
        sold(store, nurse, product, day=month.replace(day=day), qty=6)
        sold(store, desk, product, day=month.replace(day=day), qty=6)

    by_staff = {r["staffName"]: r for r in selectors.period_row(store_id=store.pk, month=month)["figures"]}
    assert (by_staff["张敏"]["tierFrom"], by_staff["张敏"]["commission"]) == ("1000.00", "120.00")  # 1200 × 10%
    assert (by_staff["孙悦"]["tierFrom"], by_staff["孙悦"]["commission"]) == ("1000.00", "70.00")  # 50 + 200 × 10%


def test_a_refund_in_the_same_month_claws_back_and_pulls_the_tier_down(store, nurse, product):
    month = month_ago(1)
    plan(NURSE, SALE, month_ago(6), [(0, 5), (1000, 10)])
    first = sold(store, nurse, product, day=month.replace(day=3), qty=6)
    sold(store, nurse, product, day=month.replace(day=4), qty=6)
    refunded(first, day=month.replace(day=10), qty=3)

    (row,) = selectors.period_row(store_id=store.pk, month=month)["figures"]
    assert (row["monthTotal"], row["tierFrom"], row["rate"]) == ("900.00", "0.00", "5.00")
    assert (row["commission"], row["clawback"], row["net"]) == ("60.00", "-15.00", "45.00")


def test_a_refund_in_a_later_month_claws_back_there_from_the_staff_who_earned_it(store, nurse, desk, product):
    plan(NURSE, SALE, month_ago(6), [(0, 10)])
    order = sold(store, nurse, product, day=month_ago(2, 10), qty=5)
    sold(store, desk, product, day=month_ago(1, 3), qty=1)  # the desk has no plan: no commission
    refunded(order, day=month_ago(1, 5), qty=2)

    before = figures(store, month_ago(2))
    assert [r["net"] for r in before.values()] == ["50.00"]
    later = {r["staffName"]: r for r in selectors.period_row(store_id=store.pk, month=month_ago(1))["figures"]}
    assert (later["张敏"]["baseAmount"], later["张敏"]["clawback"], later["张敏"]["net"]) == (
        "-200.00",
        "-20.00",
        "-20.00",
    )
    assert (later["孙悦"]["planVersionId"], later["孙悦"]["net"]) == (None, "0.00")


def test_sessions_served_pay_the_fixed_amount_with_the_percentage(store, nurse, project):
    month = month_ago(1)
    plan(NURSE, SERVICE, month_ago(6), [(0, 5)], per_session="20")
    order = sold(store, nurse, project, kind="project", day=month.replace(day=8), qty=2)
    refunded(order, day=month.replace(day=9), qty=1)

    (row,) = selectors.period_row(store_id=store.pk, month=month)["figures"]
    assert (row["baseAmount"], row["sessions"]) == ("300.00", "1.00")
    assert (row["commission"], row["clawback"], row["net"]) == ("70.00", "-35.00", "35.00")  # 600×5% + 2×20


def test_a_store_plan_wins_over_the_chains_at_its_store(store, other_store, nurse, product):
    plan(NURSE, SALE, month_ago(6), [(0, 5)])
    plan(NURSE, SALE, month_ago(6), [(0, 8)], store=store)
    sold(store, nurse, product, day=month_ago(1, 2), qty=10)
    (row,) = selectors.period_row(store_id=store.pk, month=month_ago(1))["figures"]
    assert (row["rate"], row["commission"]) == ("8.00", "80.00")


def test_closing_stores_the_lines_and_the_closed_month_never_changes(store, nurse, product):
    month = month_ago(1)
    sales = plan(NURSE, SALE, month_ago(6), [(0, 5)])
    sold(store, nurse, product, day=month.replace(day=2), qty=10)
    period = period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month)

    (stored,) = CommissionLine.objects.filter(period=period)
    assert (stored.amount, stored.commission, stored.rate, stored.clawback) == (
        D("1000.00"),
        D("50.00"),
        D("5.00"),
        False,
    )
    assert SystemLog.objects.filter(action=AuditAction.PERIOD_CLOSED, object_id=str(period.pk)).exists()

    with pytest.raises(VersionInClosedPeriod):
        version_create(actor=SYSTEM_ACTOR, plan=sales, version=version(month.replace(day=20), [(0, 50)]))
    next_month = month_ago(0)
    version_create(actor=SYSTEM_ACTOR, plan=sales, version=version(next_month, [(0, 50)]))
    with pytest.raises(PeriodAlreadyClosed):
        period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month)
    row = selectors.period_row(store_id=store.pk, month=month)
    assert (row["status"], row["net"]) == ("closed", "50.00")


def test_the_database_refuses_to_change_a_closed_periods_lines(store, nurse, product):
    month = month_ago(1)
    plan(NURSE, SALE, month_ago(6), [(0, 5)])
    sold(store, nurse, product, day=month.replace(day=2))
    period = period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month)
    for sql in (
        "UPDATE commission_commissionline SET commission = 0 WHERE period_id = %s",
        "DELETE FROM commission_commissionperiod WHERE id = %s",
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [period.pk])


def test_a_month_closes_only_once_it_has_ended(store):
    with pytest.raises(PeriodNotEnded):
        period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month_ago(0))
    assert not CommissionPeriod.objects.exists()


def test_a_credit_dated_in_a_closed_month_is_refused(store, nurse, product):
    month = month_ago(1)
    late = committed_order(
        store=store, lines=[line("product", product, staff=[(nurse, "1")])], today=month.replace(day=28)
    )
    period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month)
    with pytest.raises(CommissionPeriodClosed):
        order_pay(actor=SYSTEM_ACTOR, order_id=late.pk, tenders=[TenderAsked("cash", late.payable)])
    late.refresh_from_db()
    assert late.status != "paid"


@pytest.mark.django_db(transaction=True)
def test_a_closing_waits_for_a_late_payment_in_flight_and_stores_its_credit(store, nurse, product):
    month = month_ago(1)
    late = committed_order(
        store=store, lines=[line("product", product, staff=[(nurse, "1")])], today=month.replace(day=28)
    )
    closing = threading.Event()
    closed: list[CommissionPeriod] = []

    def close() -> None:
        try:
            closing.set()
            closed.append(period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month))
        finally:
            connections.close_all()

    with transaction.atomic():
        order_pay(actor=SYSTEM_ACTOR, order_id=late.pk, tenders=[TenderAsked("cash", late.payable)])
        thread = threading.Thread(target=close)
        thread.start()
        assert closing.wait(30)
        time.sleep(0.5)
        # The payment's transaction is still open: the closing waits for it instead of closing without it.
        assert thread.is_alive() and not closed
    thread.join(30)
    assert len(closed) == 1
    stored = CommissionLine.objects.filter(period=closed[0])
    assert stored.filter(credit__line__order=late, employee=nurse).exists()


def test_a_version_may_start_again_on_the_first_open_day(store, nurse, product):
    sales = plan(NURSE, SALE, month_ago(6), [(0, 5)])
    period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month_ago(2))
    first_open = month_ago(1)
    with pytest.raises(VersionInClosedPeriod, match=first_open.isoformat()):
        version_create(actor=SYSTEM_ACTOR, plan=sales, version=version(first_open - timedelta(days=1), [(0, 6)]))
    version_create(actor=SYSTEM_ACTOR, plan=sales, version=version(first_open, [(0, 6)]))
    sold(store, nurse, product, day=first_open.replace(day=2))
    (row,) = selectors.period_row(store_id=store.pk, month=first_open)["figures"]
    assert row["rate"] == "6.00"


def test_a_project_paid_partly_from_stored_value_shares_its_sessions_between_the_two_kinds(store, nurse, project):
    """300 × 2 sessions, 200 of it from a stored-value card: card consumption and service credits of
    one line; the two sessions are shared 2/3 and 4/3, never counted under both kinds."""
    from apps.billing.tests.factories import committed_order, line
    from apps.cards.tests.factories import stored_value_card
    from apps.members.tests.factories import MemberFactory

    month = month_ago(1)
    plan(NURSE, SERVICE, month_ago(6), [(0, 0)], per_session="30")
    plan(NURSE, CreditKind.CARD_CONSUMPTION, month_ago(6), [(0, 0)], per_session="30")
    member = MemberFactory(home_store=store)
    card = stored_value_card(member=member, paid="200.00", store=store)
    order = committed_order(
        store=store,
        member=member,
        lines=[line("project", project, qty=2, staff=[(nurse, "1")])],
        today=month.replace(day=6),
    )
    order_pay(
        actor=SYSTEM_ACTOR,
        order_id=order.pk,
        tenders=[TenderAsked("storedValue", D("200.00"), card_id=card.pk), TenderAsked("cash", D("400.00"))],
    )
    rows = {r["kind"]: r for r in selectors.period_row(store_id=store.pk, month=month)["figures"]}
    assert (rows[CreditKind.CARD_CONSUMPTION]["sessions"], rows[SERVICE]["sessions"]) == ("0.67", "1.33")
    assert (rows[CreditKind.CARD_CONSUMPTION]["net"], rows[SERVICE]["net"]) == ("20.10", "39.90")
