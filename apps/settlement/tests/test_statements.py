"""A day's statements: made once the day has ended, netted per pair of stores, equal to their
entries for ever; confirmed by both stores or head office and then locked; disputes through the
approval centre; the month rolled up and paid (apps.settlement.statements)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, transaction

from apps.approvals.services import decide
from apps.core.audit import SYSTEM_ACTOR, Actor
from apps.core.business_days import business_day
from apps.core.ledgers import audit_all
from apps.settlement.choices import MonthStatus, SettlementKind, StatementStatus
from apps.settlement.errors import (
    DayNotEnded,
    MonthNotReady,
    NotAPartyToStatement,
    StatementDisputed,
    StatementLocked,
)
from apps.settlement.models import SettlementEntry, Statement
from apps.settlement.statements import (
    month_mark_paid,
    month_roll_up,
    statement_confirm,
    statement_dispute,
    statements_make,
)
from apps.settlement.tests.factories import (
    card_of,
    days_on,
    paid_with_card,
    refunded,
    statements_of_yesterday,
    two_stores,
)

pytestmark = pytest.mark.django_db
D = Decimal
OWNER = Actor(login_name="SY00001", user_id=None)


def confirm(statement, store_id):
    return statement_confirm(actor=OWNER, statement_id=statement.pk, store_id=store_id, store_ids=None)


def test_a_days_statements_wait_for_the_day_to_end():
    with pytest.raises(DayNotEnded):
        statements_make(actor=SYSTEM_ACTOR, day=business_day())


def test_the_next_day_the_pair_has_one_statement_netting_both_ways():
    a, b = two_stores()
    paid_with_card(b, card_of(a), services="300.00")  # a owes b 240
    paid_with_card(a, card_of(b), services="100.00")  # b owes a 80
    with days_on(1):
        assert statements_of_yesterday() == 1
        assert statements_of_yesterday() == 0  # made once
        statement = Statement.objects.get()
    assert (statement.from_store_id, statement.to_store_id) == (a.pk, b.pk)
    assert (statement.amount, statement.entries, statement.status) == (D("160.00"), 2, StatementStatus.OPEN)
    assert audit_all() == []


def test_both_stores_confirm_and_the_statement_locks_for_ever():
    a, b = two_stores()
    paid_with_card(b, card_of(a))
    with days_on(1):
        statements_of_yesterday()
        statement = Statement.objects.get()
        assert confirm(statement, a.pk).status == StatementStatus.CONFIRMED
        assert confirm(statement, a.pk).status == StatementStatus.CONFIRMED  # again: nothing more
        locked = confirm(statement, b.pk)
        assert locked.status == StatementStatus.LOCKED
        with pytest.raises(StatementLocked):
            confirm(statement, b.pk)
        # Not even a raw query changes a locked statement's figures.
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE settlement_statement SET amount = 1 WHERE id = %s", [statement.pk])
    assert audit_all() == []


def test_a_third_store_cannot_confirm_and_head_office_locks_alone():
    a, b = two_stores()
    third, _ = two_stores()
    paid_with_card(b, card_of(a))
    with days_on(1):
        statements_of_yesterday()
        statement = Statement.objects.get()
        with pytest.raises(NotAPartyToStatement):
            confirm(statement, third.pk)
        assert confirm(statement, None).status == StatementStatus.LOCKED


def test_an_entry_of_a_pair_whose_day_is_made_goes_to_the_next_day():
    a, b = two_stores()
    paid_with_card(b, card_of(a))
    with days_on(1):
        statements_of_yesterday()
        yesterday = business_day() - timedelta(days=1)
        late = SettlementEntry.objects.create(
            day=yesterday,
            kind=SettlementKind.ADJUSTMENT,
            payer_id=a.pk,
            payee_id=b.pk,
            amount=D("1.00"),
            value=D("1.00"),
        )
        late.refresh_from_db()
        assert late.day == business_day()
    assert audit_all() == []


def test_a_refund_the_next_week_reverses_the_use_in_that_weeks_statement():
    a, b = two_stores()
    order = paid_with_card(b, card_of(a), services="300.00")
    with days_on(1):
        statements_of_yesterday()
        first = Statement.objects.get()
        confirm(first, a.pk)
        confirm(first, b.pk)
    with days_on(8):
        refunded(order)
    with days_on(9):
        statements_of_yesterday()
        week_later = Statement.objects.exclude(pk=first.pk).get()
    assert week_later.day == first.day + timedelta(days=8)
    # The reversal goes back the other way: b gives back what a owed it.
    assert (week_later.from_store_id, week_later.to_store_id, week_later.amount) == (b.pk, a.pk, D("240.00"))
    first.refresh_from_db()
    assert (first.amount, first.status) == (D("240.00"), StatementStatus.LOCKED)
    assert audit_all() == []


def test_a_dispute_waits_in_the_approval_centre_and_its_correction_is_booked_the_day_it_is_approved(make_entry):
    a, b = two_stores()
    paid_with_card(b, card_of(a))
    with days_on(1):
        statements_of_yesterday()
        statement = Statement.objects.get()
        applicant = make_entry(a, kind="owner").user
        request = statement_dispute(
            actor=Actor(login_name=applicant.login_name, user_id=applicant.pk),
            statement_id=statement.pk,
            store_id=a.pk,
            store_ids=frozenset({a.pk}),
            correction=D("-40.00"),
            reason="服务未完成",
        )
        with pytest.raises(StatementDisputed):
            confirm(statement, b.pk)
        decide(actor=SYSTEM_ACTOR, request_id=request.pk, approve=True, codes=None, store_ids=None)
        adjustment = SettlementEntry.objects.get(kind=SettlementKind.ADJUSTMENT)
        # 40 less owed by a to b: booked as b owing a 40, today.
        assert (adjustment.payer_id, adjustment.payee_id, adjustment.amount) == (b.pk, a.pk, D("40.00"))
        assert adjustment.day == business_day()
        assert confirm(statement, b.pk).status == StatementStatus.CONFIRMED
    assert audit_all() == []


def test_a_month_rolls_up_once_it_has_ended_and_every_statement_is_locked_then_is_paid():
    a, b = two_stores()
    paid_with_card(b, card_of(a))
    with days_on(1):
        statements_of_yesterday()
        statement = Statement.objects.get()
    month = statement.day.replace(day=1)
    with days_on(40):
        with pytest.raises(MonthNotReady):
            month_roll_up(actor=SYSTEM_ACTOR, month=month)
        confirm(statement, None)
        assert month_roll_up(actor=SYSTEM_ACTOR, month=month) == 1
        statement.refresh_from_db()
        settlement = statement.month_settlement
        assert (settlement.from_store_id, settlement.amount, settlement.statements) == (a.pk, D("240.00"), 1)
        paid = month_mark_paid(actor=SYSTEM_ACTOR, settlement_id=settlement.pk, reference="CMB20261207001")
        assert paid.status == MonthStatus.PAID
        statement.refresh_from_db()
        assert statement.status == StatementStatus.PAID
    assert audit_all() == []


def test_the_nightly_job_makes_every_ended_day_it_missed_in_order():
    from django.core.management import call_command

    from apps.settlement.statements import statements_catch_up

    a, b = two_stores()
    paid_with_card(b, card_of(a))
    with days_on(1):
        paid_with_card(a, card_of(b), services="100.00")
    with days_on(3):
        assert statements_catch_up(actor=SYSTEM_ACTOR) == 2
        assert statements_catch_up(actor=SYSTEM_ACTOR) == 0
        call_command("make_settlement_statements", verbosity=0)
    days = list(Statement.objects.order_by("day").values_list("day", "from_store_id"))
    assert [from_store for _day, from_store in days] == [a.pk, b.pk]
    assert days[1][0] == days[0][0] + timedelta(days=1)
    assert audit_all() == []
