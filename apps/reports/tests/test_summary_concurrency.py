"""A drain never loses a writer's change (real concurrent transactions): checkouts of the same
store-day that commit while the day is being recomputed leave their queue rows for the next drain,
and the summaries end equal to a full rebuild from the ledgers."""

from __future__ import annotations

import threading
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connections, transaction
from django.utils import timezone

from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.till.checkout import order_pay
from apps.cards.tests.factories import CASHIER
from apps.core.ledgers import ledger_audits
from apps.core.testing import at_once
from apps.members.tests.factories import MemberFactory
from apps.reports.models import DirtyStoreDay, MemberVisitSummary, StoreDaySummary
from apps.reports.summaries import drain as drain_module
from apps.reports.summaries.audit import summary_differences_between
from apps.reports.summaries.drain import drain
from apps.reports.tests.member_data import days_ago, visit
from apps.reports.tests.summary_factories import cash

pytestmark = pytest.mark.django_db(transaction=True)

D = Decimal


def pay_in_a_thread(order) -> None:
    def run() -> None:
        try:
            order_pay(actor=CASHIER, order_id=order.pk, tenders=[cash(str(order.payable))])
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=60)


def test_checkouts_committed_while_a_day_is_recomputed_are_drained_next_time(chain, monkeypatch):
    store = chain["store"]
    first, second, third = (order_of(store=store, lines=[product(amount)]) for amount in ("10.00", "20.00", "40.00"))
    order_pay(actor=CASHIER, order_id=first.pk, tenders=[cash("10.00")])
    recompute = drain_module.recompute

    def recompute_then_others_commit(cursor, pairs, tables=drain_module.LIVE):
        recompute(cursor, pairs, tables)
        # The drain has read its queue rows and recomputed; these commit before it deletes them.
        for order in (second, third):
            pay_in_a_thread(order)

    monkeypatch.setattr(drain_module, "recompute", recompute_then_others_commit)
    assert drain() == 1
    monkeypatch.setattr(drain_module, "recompute", recompute)
    assert DirtyStoreDay.objects.filter(store_id=store.pk).count() == 2
    assert StoreDaySummary.objects.get(store_id=store.pk).net_sales == D("10.00")
    drain()
    today = timezone.localdate()
    assert not DirtyStoreDay.objects.exists()
    assert StoreDaySummary.objects.get(store_id=store.pk).net_sales == D("70.00")
    assert summary_differences_between(today, today) == []


def test_two_checkouts_and_drains_at_once_end_equal_to_a_full_rebuild(chain):
    store = chain["store"]
    orders = [order_of(store=store, lines=[product(amount)]) for amount in ("10.00", "20.00", "30.00", "40.00")]
    queue = list(orders)
    lock = threading.Lock()

    def pay_or_drain() -> None:
        with lock:
            order = queue.pop() if queue else None
        if order is not None:
            order_pay(actor=CASHIER, order_id=order.pk, tenders=[cash(str(order.payable))])
        drain()

    assert at_once(pay_or_drain, 6) == ["ok"] * 6
    drain()
    today = timezone.localdate()
    assert StoreDaySummary.objects.get(store_id=store.pk).net_sales == D("100.00")
    assert summary_differences_between(today, today) == []


def test_two_drains_refreshing_one_members_summary_end_with_both_days(chain, monkeypatch):
    """A member's visits at two stores drained at once: the second drain's refresh waits for the
    first's commit and reads its visit day too, so the summary holds both (member_summaries' lock)."""
    store, other = chain["store"], chain["other_store"]
    member = MemberFactory(home_store=store)
    visit(store, member, days_ago(5))
    visit(other, member, days_ago(3))
    recompute = drain_module.recompute
    others: list[threading.Thread] = []

    def drain_the_other_store() -> None:
        try:
            drain(stores=[other.pk])
        finally:
            connections.close_all()

    def recompute_then_another_drain_starts(cursor, pairs, tables=drain_module.LIVE):
        recompute(cursor, pairs, tables)
        if threading.current_thread() is threading.main_thread():
            thread = threading.Thread(target=drain_the_other_store)
            thread.start()
            thread.join(timeout=2)  # it waits on the member summaries' lock this drain holds
            assert thread.is_alive()
            others.append(thread)

    monkeypatch.setattr(drain_module, "recompute", recompute_then_another_drain_starts)
    drain(stores=[store.pk])
    others[0].join(timeout=60)
    summary = MemberVisitSummary.objects.get(member=member)
    assert (summary.first_visit, summary.second_visit, summary.last_visit) == (days_ago(5), days_ago(3), days_ago(3))
    assert not DirtyStoreDay.objects.exists()
    assert list(ledger_audits()["summaries"]()) == []


def test_a_month_repriced_while_a_drain_holds_it_waits_and_prices_with_its_day(chain, monkeypatch):
    """A drain has recomputed a day of last month and repriced the month, not yet committed; another
    transaction repricing that month (the nightly check's fix, or a drain of another of its days)
    waits for the month's lock, then prices with the first one's day: the rows end equal to their
    pricing, nothing written twice."""
    from apps.commission.tests.factories import month_ago
    from apps.commission.tests.factories import sold as sold_by
    from apps.inventory.tests.factories import stocked
    from apps.reports.summaries.commission_months import commission_month_differences, refresh_commission_months
    from apps.reports.summaries.models import CommissionMonthSummary
    from apps.staff.tests.factories import EmployeeFactory

    store = chain["store"]
    nurse = EmployeeFactory(store=store, name="张敏")
    product = stocked(store, "100", name="洗发水", price=D("100.00"))
    sold_by(store, nurse, product, day=month_ago(1, 3), qty=2)
    drain()
    sold_by(store, nurse, product, day=month_ago(1, 4), qty=3)
    month = month_ago(1)
    refresh = drain_module.refresh_commission_months
    repriced, go_on, waiting, errors = threading.Event(), threading.Event(), [], []

    def reprice_and_hold(store_months, *, using="default"):
        refresh(store_months, using=using)
        repriced.set()
        go_on.wait(timeout=60)

    def reprice_elsewhere() -> None:
        try:
            repriced.wait(timeout=60)
            with transaction.atomic():
                refresh_commission_months([(store.pk, month)])
        except Exception as error:
            errors.append(error)
        finally:
            connections.close_all()

    monkeypatch.setattr(drain_module, "refresh_commission_months", reprice_and_hold)
    other = threading.Thread(target=reprice_elsewhere)
    other.start()
    drainer = threading.Thread(target=lambda: (drain(), connections.close_all()))
    drainer.start()
    repriced.wait(timeout=60)
    other.join(timeout=2)
    waiting.append(other.is_alive())  # on the month's lock the drain holds
    go_on.set()
    drainer.join(timeout=60)
    other.join(timeout=60)
    assert (waiting, errors) == ([True], [])
    (row,) = CommissionMonthSummary.objects.filter(store_id=store.pk, month_start=month)
    assert row.base_amount == D("500.00")
    assert commission_month_differences([month]) == []


def test_a_member_moved_while_a_drain_rewrites_their_summary_counts_at_the_new_store(chain):
    """A drain has rewritten a member's summary with the home store it read, not yet committed; the
    member moves meanwhile. The move's trigger waits for the member summaries' lock the drain holds,
    then updates the drain's new row. (Without that lock it would wait for the old row, find it
    deleted, and change nothing: the summary would keep the old store.)"""
    from apps.members.models import Member
    from apps.reports.summaries.recompute import refresh_member_summaries

    store, other = chain["store"], chain["other_store"]
    member = MemberFactory(home_store=store)
    visit(store, member, days_ago(5))
    drain()
    errors: list[Exception] = []

    def move() -> None:
        try:
            Member.objects.filter(pk=member.pk).update(home_store=other)
        except Exception as error:
            errors.append(error)
        finally:
            connections.close_all()

    mover = threading.Thread(target=move)
    with transaction.atomic(), connections["default"].cursor() as cursor:
        refresh_member_summaries(cursor, [member.pk])
        mover.start()
        mover.join(timeout=2)
        assert mover.is_alive()  # waiting for the drain's commit
    mover.join(timeout=60)
    assert errors == []
    assert MemberVisitSummary.objects.get(member=member).home_store_id == other.pk
    assert list(ledger_audits()["summaries"]()) == []


def test_two_stores_days_of_one_member_drained_at_once_leave_the_months_first_visit_on_the_earlier_day(chain):
    """A member visits store A on the 21st and store B on the 6th of a month; the two days are drained
    by two drains at once. Whichever commits second sees the other's visit day in the member's history
    and recounts the day whose first visit of the month moved: B's day has it, A's has not."""
    from apps.reports.models import MonthVisitorDay

    store, other = chain["store"], chain["other_store"]
    month = (days_ago(0).replace(day=1) - timedelta(days=40)).replace(day=1)
    member = MemberFactory(home_store=store)
    drain()
    visit(store, member, month + timedelta(days=20))
    visit(other, member, month + timedelta(days=5))
    waiting = [[store.pk], [other.pk]]
    assert at_once(lambda: drain(stores=waiting.pop()), 2) == ["ok", "ok"]
    counted = dict(
        MonthVisitorDay.objects.filter(business_date__gte=month, business_date__lt=month + timedelta(days=31))
        .filter(store_id__in=[store.pk, other.pk])
        .values_list("store_id", "visitors")
    )
    assert counted == {other.pk: 1, store.pk: 0}  # A's day is still the member's first there
    assert list(ledger_audits()["summaries"]()) == []
