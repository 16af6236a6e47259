"""The rules of the cards a member holds, through the services (issue 13 §1)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from apps.cards.choices import EntryKind
from apps.cards.errors import BalanceShort, CardNotUsable, SessionsShort
from apps.cards.ledger import spending_split
from apps.cards.models import Card, CardEntry
from apps.cards.refunds import card_sessions_back
from apps.cards.services import card_delay, card_sessions_use, card_spend, card_top_up
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.core.append_only import AppendOnlyError
from apps.core.errors import NotFound
from apps.members.tests.factories import MemberFactory
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def test_a_stored_value_card_is_loaded_with_what_was_paid_and_its_gift():
    card = stored_value_card(paid="1000.00", face_value="1100.00")
    assert (card.principal, card.gift) == (Decimal("1000.00"), Decimal("100.00"))
    assert card.card_no == f"V{card.pk:09d}"
    entry = card.entries.get()
    assert (entry.kind, entry.principal_after, entry.gift_after) == (EntryKind.SALE, card.principal, card.gift)
    assert card.expires_on == timezone.localdate() + timedelta(days=365)


def test_a_top_up_brings_the_card_types_gift_in_the_same_proportion():
    card = stored_value_card(paid="1000.00", face_value="1100.00")
    entry = card_top_up(
        actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, principal=Decimal("500")
    )
    assert (entry.principal_change, entry.gift_change) == (Decimal("500.00"), Decimal("50.00"))
    card.refresh_from_db()
    assert card.balance == Decimal("1650.00")


def test_spending_takes_gift_and_principal_in_proportion_to_the_balance():
    card = stored_value_card(paid="1000.00", face_value="1100.00")
    entry = card_spend(
        actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("110")
    )
    assert (entry.principal_change, entry.gift_change) == (Decimal("-100.00"), Decimal("-10.00"))
    assert (entry.principal_after, entry.gift_after) == (Decimal("900.00"), Decimal("90.00"))


def test_the_last_cents_empty_the_card_exactly():
    card = stored_value_card(paid="100.00", face_value="103.00")
    for amount in ("33.33", "33.33", "36.34"):
        card_spend(actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal(amount))
    card.refresh_from_db()
    assert (card.principal, card.gift) == (Decimal("0.00"), Decimal("0.00"))


@pytest.mark.parametrize(
    ("principal", "gift", "amount"), [("0.01", "0.02", "0.03"), ("5.00", "0.01", "5.01"), ("0.00", "7.00", "3.00")]
)
def test_a_split_never_takes_more_of_a_balance_than_it_holds(principal, gift, amount):
    card = Card(principal=Decimal(principal), gift=Decimal(gift))
    taken = spending_split(card, Decimal(amount))
    assert taken.total == Decimal(amount)
    assert Decimal(0) <= taken.principal <= card.principal and Decimal(0) <= taken.gift <= card.gift


def test_spending_more_than_the_card_holds_is_refused_and_changes_nothing():
    card = stored_value_card(paid="100.00")
    with pytest.raises(BalanceShort):
        card_spend(actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("100.01"))
    card.refresh_from_db()
    assert card.balance == Decimal("100.00") and card.entries.count() == 1


def test_a_card_is_spent_in_another_store_and_the_entry_names_both():
    card = stored_value_card(paid="100.00")
    elsewhere = StoreFactory()
    entry = card_spend(actor=CASHIER, store=elsewhere, card_id=card.pk, member_id=card.member_id, amount=Decimal("10"))
    assert (entry.store_id, entry.card_store_id) == (elsewhere.pk, card.store_id)


def test_another_members_card_is_not_found():
    card = stored_value_card(paid="100.00")
    with pytest.raises(NotFound):
        card_spend(actor=CASHIER, store=card.store, card_id=card.pk, member_id=MemberFactory().pk, amount=Decimal("1"))


def test_an_expired_card_cannot_be_spent_until_its_validity_is_extended():
    card = stored_value_card(paid="100.00")
    Card.objects.filter(pk=card.pk).update(expires_on=timezone.localdate() - timedelta(days=1))
    with pytest.raises(CardNotUsable):
        card_spend(actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("1"))
    card_delay(
        actor=CASHIER,
        store=card.store,
        card_id=card.pk,
        until=timezone.localdate() + timedelta(days=30),
        reason="顾客出差",
    )
    card_spend(actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("1"))
    assert card.entries.filter(kind=EntryKind.DELAY).count() == 1


def test_a_package_card_comes_with_its_sessions_and_uses_them_one_by_one():
    card = package_card(sessions=3)
    session = card.sessions.get()
    assert (session.total, session.left) == (3, 3)
    entry = card_sessions_use(
        actor=CASHIER,
        store=card.store,
        card_id=card.pk,
        member_id=card.member_id,
        project_id=session.project_id,
        count=2,
    )
    assert (entry.sessions_change, entry.sessions_after) == (-2, 1)
    with pytest.raises(SessionsShort):
        card_sessions_use(
            actor=CASHIER,
            store=card.store,
            card_id=card.pk,
            member_id=card.member_id,
            project_id=session.project_id,
            count=2,
        )
    session.refresh_from_db()
    assert session.left == 1


def test_a_session_use_keeps_the_last_use_and_sessions_given_back_leave_it():
    card = package_card(sessions=5)
    session = card.sessions.get()
    assert session.last_used_at is None

    def use() -> CardEntry:
        return card_sessions_use(
            actor=CASHIER,
            store=card.store,
            card_id=card.pk,
            member_id=card.member_id,
            project_id=session.project_id,
            count=1,
        )

    use()
    second = use()
    session.refresh_from_db()
    assert session.last_used_at == second.created_at
    card_sessions_back(
        actor=CASHIER,
        store=card.store,
        card_id=card.pk,
        project_id=session.project_id,
        count=1,
        order_id=1,
        refund_id=1,
    )
    session.refresh_from_db()
    assert (session.left, session.last_used_at) == (4, second.created_at)


def test_the_card_ledger_is_append_only():
    entry = stored_value_card().entries.get()
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        CardEntry.objects.filter(pk=entry.pk).update(remark="x")
    with pytest.raises(AppendOnlyError):
        CardEntry.objects.filter(pk=entry.pk).delete()


def test_the_database_refuses_to_rewrite_the_card_ledger():
    entry = stored_value_card().entries.get()
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE cards_cardentry SET principal_change = 0 WHERE id = %s", [entry.pk])


def test_the_ledger_audit_finds_a_balance_changed_without_its_entry(capsys):
    card = package_card(sessions=2)
    stored_value_card(paid="300.00", face_value="330.00")
    call_command("audit_ledgers")
    assert "0 differences" in capsys.readouterr().out
    Card.objects.filter(pk=card.pk).update(principal=Decimal("5.00"))
    card.sessions.update(left=7)
    with pytest.raises(CommandError):
        call_command("audit_ledgers")
    out = capsys.readouterr().out
    assert f"card {card.pk} principal: kept 5.00, ledger says 0.00" in out
    assert "sessions left: kept 7, ledger says 2" in out


def test_the_ledger_audit_finds_a_last_use_kept_apart_from_the_ledger(capsys):
    card = package_card(sessions=2)
    session = card.sessions.get()
    entry = card_sessions_use(
        actor=CASHIER,
        store=card.store,
        card_id=card.pk,
        member_id=card.member_id,
        project_id=session.project_id,
        count=1,
    )
    call_command("audit_ledgers")
    assert "0 differences" in capsys.readouterr().out
    card.sessions.update(last_used_at=None)
    with pytest.raises(CommandError):
        call_command("audit_ledgers")
    out = capsys.readouterr().out
    assert f"card {card.pk} project {session.project_id} last used: kept None, ledger says {entry.created_at}" in out
