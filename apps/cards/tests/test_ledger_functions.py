"""The card ledger's writes in one round trip each (issue 31): the database functions of migration
cards 0013, through the services and each on its own through a cursor."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.translation import gettext as _
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from apps.cards.choices import CardStatus, EntryKind, LedgerRefusal
from apps.cards.errors import BalanceShort, CardNotUsable, SessionsShort
from apps.cards.hooks import card_entry_written
from apps.cards.ledger import CARD_SPEND, SESSIONS_USE, Money, card_entry_write, card_locked, spending_split
from apps.cards.models import Card, CardEntry, CardSession
from apps.cards.services import card_sessions_use, card_spend
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.core.errors import InvalidInput, NotFound
from apps.members.tests.factories import MemberFactory
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

CENTS = Decimal("0.01")


def sent(queries: CaptureQueriesContext) -> list[str]:
    """The statements a use case sent, transaction control aside: its BEGIN and COMMIT when it is
    the transaction, its savepoints inside a test's (at the till it runs inside the checkout's)."""
    control = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")
    return [query["sql"] for query in queries.captured_queries if not query["sql"].startswith(control)]


def state(card: Card) -> tuple[Any, ...]:
    """What a refusal must leave as it was: the card's row, its sessions and its ledger."""
    row = Card.objects.filter(pk=card.pk).values_list("principal", "gift", "updated_at").get()
    sessions = list(CardSession.objects.filter(card=card).values_list("left", "last_used_at"))
    return row, sessions, CardEntry.objects.filter(card=card).count()


def fields(row: CardEntry | Card) -> dict[str, Any]:
    return {field.attname: getattr(row, field.attname) for field in row._meta.concrete_fields}


def call(function_call: str, arguments: list[Any]) -> tuple[Any, ...]:
    """A ledger function that locks, checks and writes: its refusal, the card's id and the entry's."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT c.refusal, (c.used_card).id, (c.entry).id FROM {function_call} AS c", arguments)
        return tuple(cursor.fetchone())


def spend_call(card: Card, amount: str, *, member_id: int | None = None, today=None) -> tuple[Any, ...]:
    member = card.member_id if member_id is None else member_id
    today = today or timezone.localdate()
    return call(
        CARD_SPEND, [card.pk, member, Decimal(amount), today, card.store_id, None, None, "SY00002", timezone.now()]
    )


def use_call(card: Card, project_id: int, count: int, *, member_id: int | None = None) -> tuple[Any, ...]:
    member = card.member_id if member_id is None else member_id
    arguments = [card.pk, member, project_id, count, timezone.localdate(), card.store_id, None, None, "SY00002"]
    return call(SESSIONS_USE, [*arguments, timezone.now()])


# The use cases through the services


@pytest.mark.django_db(transaction=True)
def test_card_spend_function_locks_checks_and_writes_in_one_round_trip():
    card = stored_value_card(paid="1000.00", face_value="1100.00")
    with CaptureQueriesContext(connection) as queries:
        entry = card_spend(
            actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("110")
        )
    # Before issue 31: the closed-day check, SELECT ... FOR NO KEY UPDATE, UPDATE card, INSERT entry.
    assert len(sent(queries)) == 2
    assert "core_business_day_closed" in sent(queries)[0] and "cards_card_spend" in sent(queries)[1]
    assert (entry.principal_change, entry.gift_change) == (Decimal("-100.00"), Decimal("-10.00"))
    assert fields(entry) == fields(CardEntry.objects.get(pk=entry.pk))
    card.refresh_from_db()
    assert (card.principal, card.gift) == (entry.principal_after, entry.gift_after) == (Decimal(900), Decimal(90))


@pytest.mark.django_db(transaction=True)
def test_card_sessions_use_function_locks_checks_and_writes_in_one_round_trip():
    card = package_card(sessions=5)
    session = card.sessions.get()
    with CaptureQueriesContext(connection) as queries:
        entry = card_sessions_use(
            actor=CASHIER,
            store=card.store,
            card_id=card.pk,
            member_id=card.member_id,
            project_id=session.project_id,
            count=2,
        )
    # Before issue 31: the check, the lock, the session's read, INSERT entry, UPDATE session.
    assert len(sent(queries)) == 2 and "cards_sessions_use" in sent(queries)[1]
    session.refresh_from_db()
    assert (entry.sessions_change, entry.sessions_after, entry.project_id) == (-2, 3, session.project_id)
    assert (session.left, session.last_used_at) == (3, entry.created_at)


def test_card_entry_write_sends_one_statement_for_the_card_the_session_and_the_entry():
    card = package_card(sessions=5)
    session = card.sessions.get()
    with transaction.atomic():
        locked = card_locked(card.pk)
        with CaptureQueriesContext(connection) as queries:
            entry = card_entry_write(
                actor=CASHIER,
                card=locked,
                kind=EntryKind.SESSIONS_USED,
                store=card.store,
                session=session,
                sessions_change=-1,
            )
    # The store's day was found open in this transaction already; before: UPDATE, INSERT, UPDATE.
    assert len(sent(queries)) == 1 and "cards_entry_write" in sent(queries)[0]
    assert (session.left, session.last_used_at) == (4, entry.created_at)
    session.refresh_from_db()
    assert (session.left, session.last_used_at) == (4, entry.created_at)
    assert (entry.card_store_id, entry.operator_name, entry.sessions_after) == (card.store_id, "SY00002", 4)


def test_card_entry_write_sets_the_card_as_the_database_left_it():
    card = stored_value_card(paid="100.00")
    with transaction.atomic():
        locked = card_locked(card.pk)
        entry = card_entry_write(
            actor=CASHIER, card=locked, kind=EntryKind.TOP_UP, store=card.store, change=Money(Decimal(50), Decimal(5))
        )
    stored = Card.objects.get(pk=card.pk)
    assert (locked.principal, locked.gift, locked.updated_at) == (stored.principal, stored.gift, stored.updated_at)
    assert (entry.principal_after, entry.gift_after) == (Decimal("150.00"), Decimal("5.00"))
    assert entry.created_at == stored.updated_at and not entry._state.adding


def test_the_listeners_hear_of_a_spend_with_the_card_and_the_entry_as_written():
    card = stored_value_card(paid="100.00")
    heard: list[tuple[Card, CardEntry]] = []

    def listener(card: Card, entry: CardEntry) -> None:
        heard.append((card, entry))

    card_entry_written.register(listener)
    try:
        entry = card_spend(
            actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal(30)
        )
    finally:
        card_entry_written.unregister(listener)
    [(heard_card, heard_entry)] = heard
    assert heard_entry is entry and heard_entry.card is heard_card
    assert (heard_card.pk, heard_card.principal, heard_card.kind) == (card.pk, Decimal("70.00"), card.kind)
    assert heard_card.card_type_id == card.card_type_id and heard_entry.pk is not None


def test_card_spend_refuses_as_before():
    card = stored_value_card(paid="100.00")
    spend = dict(actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal(1))
    before = state(card)
    with pytest.raises(NotFound, match=_("no such card")):
        card_spend(**{**spend, "member_id": MemberFactory().pk})
    with pytest.raises(NotFound):
        card_spend(**{**spend, "card_id": card.pk + 10_000})
    with pytest.raises(BalanceShort):
        card_spend(**{**spend, "amount": Decimal("100.01")})
    package = package_card()
    with pytest.raises(InvalidInput, match=_("only a stored-value card pays an amount")) as refused:
        card_spend(**{**spend, "card_id": package.pk, "member_id": package.member_id})
    assert refused.value.field == "cardId"
    Card.objects.filter(pk=card.pk).update(status=CardStatus.FROZEN)
    with pytest.raises(CardNotUsable):
        card_spend(**spend)
    assert state(card) == before


def test_card_sessions_use_refuses_as_before():
    card = package_card(sessions=1)
    project_id = card.sessions.get().project_id
    use = dict(
        actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, project_id=project_id, count=2
    )
    before = state(card)
    with pytest.raises(SessionsShort):
        card_sessions_use(**use)
    with pytest.raises(InvalidInput, match=_("the card has no sessions of this project")):
        card_sessions_use(**{**use, "project_id": project_id + 10_000})
    with pytest.raises(NotFound):
        card_sessions_use(**{**use, "member_id": MemberFactory().pk})
    Card.objects.filter(pk=card.pk).update(expires_on=timezone.localdate() - timedelta(days=1))
    with pytest.raises(CardNotUsable):
        card_sessions_use(**use)
    assert state(card) == before


# Each function on its own


def test_cards_entry_write_changes_the_card_and_appends_the_entry():
    card = stored_value_card(paid="100.00", face_value="110.00")
    elsewhere = StoreFactory()
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (e).principal_after, (e).gift_after, (e).card_store_id, (e).store_id, (e).created_at FROM"
            " cards_entry_write(%s, 'refund', %s, 10.00, 1.00, NULL, 0, 7, 8, NULL, 'back', NULL, 'SY00002', %s) e",
            [card.pk, elsewhere.pk, now],
        )
        written = cursor.fetchone()
    assert written == (Decimal("110.00"), Decimal("11.00"), card.store_id, elsewhere.pk, now)
    card.refresh_from_db()
    assert (card.principal, card.gift, card.updated_at) == (Decimal("110.00"), Decimal("11.00"), now)
    entry = card.entries.order_by("-id").first()
    assert (entry.kind, entry.order_id, entry.refund_id, entry.remark) == (EntryKind.REFUND, 7, 8, "back")


def test_cards_entry_write_keeps_the_newest_use_of_a_session_only_for_a_use():
    card = package_card(sessions=5)
    session = card.sessions.get()
    later, earlier = timezone.now() + timedelta(minutes=5), timezone.now()

    def write(kind: str, change: int, at) -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT cards_entry_write(%s, %s, %s, 0, 0, %s, %s, NULL, NULL, NULL, '', NULL, '', %s)",
                [card.pk, kind, card.store_id, session.pk, change, at],
            )

    write(EntryKind.SESSIONS_USED, -1, later)
    write(EntryKind.SESSIONS_USED, -1, earlier)  # an older use does not move the newest back
    write(EntryKind.REFUND, 1, later + timedelta(minutes=1))  # sessions given back are no use
    session.refresh_from_db()
    assert (session.left, session.last_used_at) == (4, later)
    assert list(card.entries.order_by("id").values_list("sessions_after", flat=True)) == [5, 4, 3, 4]


def test_cards_card_spend_splits_and_writes():
    card = stored_value_card(paid="100.00", face_value="103.00")
    refusal, card_id, entry_id = spend_call(card, "33.33")
    assert (refusal, card_id) == (None, card.pk)
    entry = CardEntry.objects.get(pk=entry_id)
    assert (entry.kind, entry.principal_change, entry.gift_change) == (
        EntryKind.SPEND,
        Decimal("-32.36"),
        Decimal("-0.97"),
    )


@pytest.mark.parametrize(
    ("arrange", "refusal"),
    [
        ("another member's", LedgerRefusal.NO_CARD),
        ("missing", LedgerRefusal.NO_CARD),
        ("frozen", LedgerRefusal.NOT_USABLE),
        ("expired", LedgerRefusal.NOT_USABLE),
        ("package", LedgerRefusal.NOT_STORED_VALUE),
        ("short", LedgerRefusal.BALANCE_SHORT),
    ],
)
def test_cards_card_spend_refusals_leave_nothing_written(arrange, refusal):
    card = package_card() if arrange == "package" else stored_value_card(paid="100.00")
    if arrange == "frozen":
        Card.objects.filter(pk=card.pk).update(status=CardStatus.FROZEN)
    before = state(card)
    found = {
        "another member's": lambda: spend_call(card, "1", member_id=MemberFactory().pk),
        "missing": lambda: call(
            CARD_SPEND, [card.pk + 10_000, None, 1, timezone.localdate(), card.store_id, None, None, "", timezone.now()]
        ),
        "frozen": lambda: spend_call(card, "1"),
        "expired": lambda: spend_call(card, "1", today=card.expires_on + timedelta(days=1)),
        "package": lambda: spend_call(card, "1"),
        "short": lambda: spend_call(card, "100.01"),
    }[arrange]()
    assert found == (refusal, None, None)
    assert state(card) == before


@pytest.mark.parametrize(
    ("arrange", "refusal"),
    [
        ("another member's", LedgerRefusal.NO_CARD),
        ("frozen", LedgerRefusal.NOT_USABLE),
        ("other project", LedgerRefusal.NO_SESSIONS),
        ("short", LedgerRefusal.SESSIONS_SHORT),
    ],
)
def test_cards_sessions_use_refusals_leave_nothing_written(arrange, refusal):
    card = package_card(sessions=2)
    project_id = card.sessions.get().project_id
    if arrange == "frozen":
        Card.objects.filter(pk=card.pk).update(status=CardStatus.FROZEN)
    before = state(card)
    found = {
        "another member's": lambda: use_call(card, project_id, 1, member_id=MemberFactory().pk),
        "frozen": lambda: use_call(card, project_id, 1),
        "other project": lambda: use_call(card, project_id + 10_000, 1),
        "short": lambda: use_call(card, project_id, 3),
    }[arrange]()
    assert found == (refusal, None, None)
    assert state(card) == before


def test_cards_sessions_use_uses_the_last_sessions():
    card = package_card(sessions=2)
    session = card.sessions.get()
    refusal, _card_id, entry_id = use_call(card, session.project_id, 2)
    session.refresh_from_db()
    entry = CardEntry.objects.get(pk=entry_id)
    assert (refusal, session.left, session.last_used_at) == (None, 0, entry.created_at)


# The split in SQL mirrors spending_split

money = st.integers(min_value=0, max_value=10**10 - 1).map(lambda cents: Decimal(cents) * CENTS)


@st.composite
def balances_and_amounts(draw: st.DrawFn) -> tuple[Decimal, Decimal, Decimal]:
    principal, gift = draw(money), draw(money)
    cents = int((principal + gift) / CENTS)
    return principal, gift, Decimal(draw(st.integers(min_value=0, max_value=cents))) * CENTS


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(balances_and_amounts())
@example((Decimal("0.01"), Decimal("0.01"), Decimal("0.01")))  # half a cent of gift: rounded up
@example((Decimal("5.00"), Decimal("0.01"), Decimal("5.01")))
@example((Decimal("0.00"), Decimal("7.00"), Decimal("3.00")))
@example((Decimal("0.00"), Decimal("0.00"), Decimal("0.00")))
@example((Decimal("99999999.99"), Decimal("3.00"), Decimal("33333333.34")))
def test_cards_spending_gift_takes_what_spending_split_takes(split: tuple[Decimal, Decimal, Decimal]):
    principal, gift, amount = split
    with connection.cursor() as cursor:
        cursor.execute("SELECT cards_spending_gift(%s::numeric, %s::numeric, %s::numeric)", [principal, gift, amount])
        in_sql = cursor.fetchone()[0]
    assert in_sql == spending_split(Card(principal=principal, gift=gift), amount).gift
