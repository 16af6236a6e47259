"""Transfer, card to card, change and upgrade through the services: value is conserved (a change
loses exactly the stated coefficient's part), both sides are in the ledger, the audit stays clean."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from apps.cards.choices import AuditAction, CardStatus, EntryKind, TransferStatus
from apps.cards.errors import BalanceShort, CardNotUsable, NoTransferUnderWay
from apps.cards.models import Card, CardCoefficient, CardEntry, CardSession
from apps.cards.operations import (
    card_change,
    card_to_card,
    card_transfer,
    card_upgrade,
    coefficient_for,
    transfer_commit,
    transfer_start,
)
from apps.cards.services import card_sessions_use, card_spend
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import CardTypeFactory
from apps.core.errors import InvalidInput, NotFound
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.members.tests.factories import MemberFactory
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def _value_in_all_cards() -> Decimal:
    totals = Card.objects.aggregate(p=Sum("principal"), g=Sum("gift"))
    return (totals["p"] or Decimal(0)) + (totals["g"] or Decimal(0))


def _sessions_in_all_cards() -> int:
    return CardSession.objects.aggregate(left=Sum("left"))["left"] or 0


# -- transfer ----------------------------------------------------------------------------------------


def test_a_transfer_moves_the_whole_balance_to_a_new_card_of_the_same_type():
    card = stored_value_card(paid="1000.00", face_value="1100.00")
    card_spend(actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("110"))
    elsewhere = StoreFactory()
    target = MemberFactory()
    before = _value_in_all_cards()
    transfer = card_transfer(actor=CASHIER, store=elsewhere, card_id=card.pk, to_member_id=target.pk)
    card.refresh_from_db()
    new = transfer.new_card
    assert transfer.status == TransferStatus.COMMITTED
    assert card.status == CardStatus.TRANSFERRED and card.balance == 0
    assert (new.member_id, new.card_type_id, new.store_id, new.expires_on) == (
        target.pk,
        card.card_type_id,
        card.store_id,
        card.expires_on,
    )
    assert (new.principal, new.gift) == (Decimal("900.00"), Decimal("90.00"))
    out = card.entries.get(kind=EntryKind.TRANSFER_OUT)
    into = new.entries.get(kind=EntryKind.TRANSFER_IN)
    assert (out.other_card_id, into.other_card_id) == (new.pk, card.pk)
    assert out.principal_change == -into.principal_change and out.gift_change == -into.gift_change
    assert (out.store_id, out.card_store_id) == (elsewhere.pk, card.store_id)
    assert _value_in_all_cards() == before
    assert SystemLog.objects.filter(action=AuditAction.CARD_TRANSFERRED).count() == 1
    assert audit_all() == []


def test_a_transfer_moves_every_session_left_of_a_package_card():
    card = package_card(sessions=10)
    session = card.sessions.get()
    card_sessions_use(
        actor=CASHIER,
        store=card.store,
        card_id=card.pk,
        member_id=card.member_id,
        project_id=session.project_id,
        count=3,
    )
    before = _sessions_in_all_cards()
    transfer = card_transfer(actor=CASHIER, store=card.store, card_id=card.pk, to_member_id=MemberFactory().pk)
    moved = transfer.new_card.sessions.get()
    assert (moved.project_id, moved.total, moved.left) == (session.project_id, 7, 7)
    assert card.sessions.get().left == 0
    assert _sessions_in_all_cards() == before
    assert audit_all() == []


def test_a_transfer_is_started_then_committed_and_a_second_commit_finds_the_card_gone():
    card = stored_value_card()
    first, second = MemberFactory(), MemberFactory()
    transfer_start(actor=CASHIER, store=card.store, card_id=card.pk, to_member_id=first.pk)
    # The desk chose again: the pending transfer is replaced.
    transfer_start(actor=CASHIER, store=card.store, card_id=card.pk, to_member_id=second.pk)
    assert card.transfers.filter(status=TransferStatus.PENDING).get().to_member_id == second.pk
    assert card.transfers.filter(status=TransferStatus.CANCELLED).count() == 1
    done = transfer_commit(actor=CASHIER, store=card.store, card_id=card.pk)
    assert done.new_card.member_id == second.pk
    with pytest.raises(CardNotUsable):
        transfer_commit(actor=CASHIER, store=card.store, card_id=card.pk)
    assert audit_all() == []


def test_a_commit_without_a_started_transfer_is_refused():
    card = stored_value_card()
    with pytest.raises(NoTransferUnderWay):
        transfer_commit(actor=CASHIER, store=card.store, card_id=card.pk)


@pytest.mark.parametrize("case", ["own holder", "missing member", "empty card", "expired card"])
def test_a_transfer_is_refused(case):
    card = stored_value_card(paid="100.00")
    target = MemberFactory().pk
    if case == "own holder":
        target = card.member_id
    elif case == "missing member":
        target = 10**9
    elif case == "empty card":
        card_spend(actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal(100))
    else:
        Card.objects.filter(pk=card.pk).update(expires_on=timezone.localdate() - timedelta(days=1))
    with pytest.raises((InvalidInput, NotFound, CardNotUsable)):
        transfer_start(actor=CASHIER, store=card.store, card_id=card.pk, to_member_id=target)
    assert not card.transfers.exists()


# -- card to card -----------------------------------------------------------------------------------


def test_card_to_card_moves_principal_and_gift_in_the_sources_proportion():
    member = MemberFactory()
    source = stored_value_card(member=member, paid="1000.00", face_value="1100.00")
    target = stored_value_card(member=member, paid="200.00")
    before = _value_in_all_cards()
    moved = card_to_card(
        actor=CASHIER,
        store=source.store,
        member_id=member.pk,
        from_card_id=source.pk,
        to_card_id=target.pk,
        amount=Decimal("220"),
    )
    source.refresh_from_db()
    target.refresh_from_db()
    assert (moved.given.principal_change, moved.given.gift_change) == (Decimal("200.00"), Decimal("20.00"))
    assert (source.principal, source.gift) == (Decimal("800.00"), Decimal("80.00"))
    assert (target.principal, target.gift) == (Decimal("400.00"), Decimal("20.00"))
    assert (moved.taken.kind, moved.given.kind) == (EntryKind.CARD_TO_CARD_OUT, EntryKind.CARD_TO_CARD_IN)
    assert (moved.taken.other_card_id, moved.given.other_card_id) == (target.pk, source.pk)
    assert _value_in_all_cards() == before
    assert audit_all() == []


def test_card_to_card_never_moves_more_than_the_source_holds():
    member = MemberFactory()
    source = stored_value_card(member=member, paid="100.00")
    target = stored_value_card(member=member, paid="100.00")
    with pytest.raises(BalanceShort):
        card_to_card(
            actor=CASHIER,
            store=source.store,
            member_id=member.pk,
            from_card_id=source.pk,
            to_card_id=target.pk,
            amount=Decimal("100.01"),
        )
    assert CardEntry.objects.filter(kind=EntryKind.CARD_TO_CARD_OUT).count() == 0


def test_card_to_card_stays_within_one_member_and_stored_value_cards():
    member = MemberFactory()
    source = stored_value_card(member=member)
    someone_elses = stored_value_card()
    package = package_card(member=member)
    with pytest.raises(NotFound):
        card_to_card(
            actor=CASHIER,
            store=source.store,
            member_id=member.pk,
            from_card_id=source.pk,
            to_card_id=someone_elses.pk,
            amount=Decimal(1),
        )
    with pytest.raises(InvalidInput):
        card_to_card(
            actor=CASHIER,
            store=source.store,
            member_id=member.pk,
            from_card_id=source.pk,
            to_card_id=package.pk,
            amount=Decimal(1),
        )
    with pytest.raises(InvalidInput):
        card_to_card(
            actor=CASHIER,
            store=source.store,
            member_id=member.pk,
            from_card_id=source.pk,
            to_card_id=source.pk,
            amount=Decimal(1),
        )
    assert audit_all() == []


# -- change ----------------------------------------------------------------------------------------


def test_a_change_gives_the_new_card_the_old_value_times_the_coefficient():
    old = stored_value_card(paid="1000.00", face_value="1100.00")
    CardCoefficient.objects.create(card_type_id=old.card_type_id, coefficient=Decimal("0.9"))
    new_type = CardTypeFactory(price=Decimal("2000"), face_value=Decimal("2000"), validity_days=730)
    before = _value_in_all_cards()
    change = card_change(actor=CASHIER, store=old.store, card_id=old.pk, card_type_id=new_type.pk)
    old.refresh_from_db()
    new = change.new_card
    assert old.status == CardStatus.CLOSED and old.balance == 0
    assert (new.card_type_id, new.member_id, new.principal, new.gift) == (
        new_type.pk,
        old.member_id,
        Decimal("900.00"),
        Decimal("90.00"),
    )
    assert new.expires_on == timezone.localdate() + timedelta(days=730)
    assert change.value.difference == Decimal("110.00")
    # The only value that leaves the cards is the stated difference.
    assert _value_in_all_cards() == before - change.value.difference
    out = old.entries.get(kind=EntryKind.CHANGE_OUT)
    into = new.entries.get(kind=EntryKind.CHANGE_IN)
    assert "×0.9000" in out.remark and "-110.00" in into.remark
    assert (out.other_card_id, into.other_card_id) == (new.pk, old.pk)
    log = SystemLog.objects.get(action=AuditAction.CARD_CHANGED)
    assert log.detail["difference"] == "110.00" and log.detail["coefficient"] == "0.9000"
    assert audit_all() == []


def test_a_stores_own_coefficient_wins_over_head_offices_and_none_means_one():
    card_type = CardTypeFactory()
    store, other = StoreFactory(), StoreFactory()
    assert coefficient_for(card_type.pk, store.pk) == Decimal(1)
    CardCoefficient.objects.create(card_type=card_type, coefficient=Decimal("0.8"))
    CardCoefficient.objects.create(card_type=card_type, store=store, coefficient=Decimal("0.95"))
    assert coefficient_for(card_type.pk, store.pk) == Decimal("0.95")
    assert coefficient_for(card_type.pk, other.pk) == Decimal("0.8")


def test_a_package_card_is_not_changed_and_the_type_must_differ():
    package = package_card()
    card = stored_value_card()
    with pytest.raises(InvalidInput):
        card_change(actor=CASHIER, store=card.store, card_id=package.pk, card_type_id=card.card_type_id)
    with pytest.raises(InvalidInput):
        card_change(actor=CASHIER, store=card.store, card_id=card.pk, card_type_id=card.card_type_id)
    package_type = CardTypeFactory(kind=CardKind.PACKAGE, project_package=package.card_type.project_package)
    with pytest.raises(InvalidInput):
        card_change(actor=CASHIER, store=card.store, card_id=card.pk, card_type_id=package_type.pk)
    assert audit_all() == []


# -- upgrade ---------------------------------------------------------------------------------------


def test_an_upgrade_keeps_the_card_and_its_balance_and_takes_the_higher_type():
    card = stored_value_card(paid="3000.00")
    higher = CardTypeFactory(price=Decimal("3000"), face_value=Decimal("3300"), validity_days=1000)
    before = card.balance
    upgraded = card_upgrade(actor=CASHIER, store=card.store, card_id=card.pk, card_type_id=higher.pk)
    assert upgraded.card_type_id == higher.pk and upgraded.balance == before
    assert upgraded.expires_on == timezone.localdate() + timedelta(days=1000)
    entry = upgraded.entries.get(kind=EntryKind.UPGRADE)
    assert entry.principal_change == 0 and entry.gift_change == 0
    assert audit_all() == []


def test_an_upgrade_needs_a_higher_type_and_the_new_price_on_the_card():
    card = stored_value_card(paid="1000.00")
    lower = CardTypeFactory(price=Decimal("500"), face_value=Decimal("500"))
    dearer = CardTypeFactory(price=Decimal("5000"), face_value=Decimal("5500"))
    with pytest.raises(InvalidInput):
        card_upgrade(actor=CASHIER, store=card.store, card_id=card.pk, card_type_id=lower.pk)
    with pytest.raises(BalanceShort):
        card_upgrade(actor=CASHIER, store=card.store, card_id=card.pk, card_type_id=dearer.pk)
    card.refresh_from_db()
    assert card.entries.count() == 1


def test_a_random_mix_of_operations_conserves_value_and_sessions():
    """300 random transfers, card-to-card moves, changes and spends over a few members: the cards
    hold exactly what was loaded less what was spent and the changes' stated differences, sessions
    are only ever used, and the ledger audit finds nothing."""
    import random

    from apps.cards.errors import SessionsShort

    rng = random.Random(13)
    members = [MemberFactory() for _ in range(4)]
    for member in members:
        stored_value_card(member=member, paid="1000.00", face_value="1150.00")
        stored_value_card(member=member, paid="333.33")
        package_card(member=member, sessions=8)
    other_type = CardTypeFactory(price=Decimal("100"), face_value=Decimal("100"))
    CardCoefficient.objects.create(card_type=other_type, coefficient=Decimal("0.97"))
    loaded = _value_in_all_cards()
    spent = lost = Decimal(0)
    sessions_used = 0
    sessions_before = _sessions_in_all_cards()
    refused = (BalanceShort, CardNotUsable, InvalidInput, NotFound, SessionsShort)
    for _ in range(300):
        usable = list(Card.objects.filter(status=CardStatus.ACTIVE))
        card = rng.choice(usable)
        store = card.store
        action = rng.choice(["transfer", "toCard", "change", "spend"])
        try:
            if action == "transfer":
                card_transfer(actor=CASHIER, store=store, card_id=card.pk, to_member_id=rng.choice(members).pk)
            elif action == "toCard":
                mine = [c for c in usable if c.member_id == card.member_id and c.pk != card.pk]
                if mine:
                    amount = Decimal(rng.randint(1, 40000)) / 100
                    card_to_card(
                        actor=CASHIER,
                        store=store,
                        member_id=card.member_id,
                        from_card_id=card.pk,
                        to_card_id=rng.choice(mine).pk,
                        amount=amount,
                    )
            elif action == "change":
                change = card_change(actor=CASHIER, store=store, card_id=card.pk, card_type_id=other_type.pk)
                lost += change.value.difference
            elif card.kind == CardKind.STORED_VALUE:
                entry = card_spend(
                    actor=CASHIER,
                    store=store,
                    card_id=card.pk,
                    member_id=card.member_id,
                    amount=Decimal(rng.randint(1, 30000)) / 100,
                )
                spent -= entry.principal_change + entry.gift_change
            else:
                session = card.sessions.filter(left__gt=0).first()
                if session is not None:
                    card_sessions_use(
                        actor=CASHIER,
                        store=store,
                        card_id=card.pk,
                        member_id=card.member_id,
                        project_id=session.project_id,
                        count=1,
                    )
                    sessions_used += 1
        except refused:
            pass
    done = set(CardEntry.objects.values_list("kind", flat=True))
    assert {EntryKind.TRANSFER_OUT, EntryKind.CARD_TO_CARD_OUT, EntryKind.CHANGE_OUT, EntryKind.SPEND} <= done
    assert sessions_used > 0
    assert _value_in_all_cards() == loaded - spent - lost
    assert _sessions_in_all_cards() == sessions_before - sessions_used
    assert audit_all() == []
