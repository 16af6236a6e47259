"""The card ledger: a card's two balances (principal and gift) and its sessions change only through
`card_entry_write`, one entry per change, on a card its caller holds under `card_locked` (or
`locked_in_order`) in the same transaction, and whoever listens to `apps.cards.hooks` hears of each
entry in that transaction (the settlement between stores). The use cases of the cards (services, operations,
refunds, asset transfers, move-in) go through these functions, never through the rows themselves.

Each write is one round trip (issue 31): `card_entry_write` sends its changes and the entry as one
call of the database function cards_entry_write, and the till's spend and session use lock, check
and write in one call each (cards_card_spend, cards_sessions_use), all in migration cards 0013. The
objects handed to the listeners are the rows those functions left.

Spending a stored-value card takes principal and gift in proportion to what the card holds
(docs/decisions/0008-card-ledgers.md): `spending_split`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.cards.choices import EntryKind, LedgerRefusal
from apps.cards.errors import BalanceShort, CardNotUsable
from apps.cards.hooks import card_entry_written
from apps.cards.models import ZERO, Card, CardEntry, CardSession
from apps.core.audit import Actor
from apps.core.business_days import business_day, check_day_open
from apps.core.errors import NotFound
from apps.core.money import round_money
from apps.org.models import OrgUnit

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class Money:
    """An amount split into the card's two balances."""

    principal: Decimal
    gift: Decimal

    @property
    def total(self) -> Decimal:
        return self.principal + self.gift


def spending_split(card: Card, amount: Decimal) -> Money:
    """How `amount` is taken from `card`: gift in proportion to the gift share of the balance, the
    rest from principal; the cent that rounding leaves goes where there is room for it.

    The card's spend in the database (cards_card_spend) splits through cards_spending_gift, which
    mirrors this: a change here is a change there (migration), and a test holds the two alike."""
    balance = card.balance
    if amount > balance:
        raise BalanceShort()
    gift = round_money(amount * card.gift / balance) if balance else ZERO
    gift = min(max(gift, amount - card.principal), card.gift)
    return Money(principal=amount - gift, gift=gift)


def card_locked(card_id: int, *, member_id: int | None = None) -> Card:
    """The card under its row lock (SELECT ... FOR UPDATE), which every change of its balances or
    sessions holds until its transaction ends; a card of another member is not found for this one."""
    card = Card.objects.select_for_update(no_key=True).filter(pk=card_id).first()
    if card is None or (member_id is not None and card.member_id != member_id):
        raise NotFound(_("no such card"))
    return card


def locked_in_order(card_ids: list[int]) -> dict[int, Card]:
    """Several cards under their row locks, taken in the order of their ids in one statement: two
    operations on the same two cards (card to card, both ways at once) lock them alike, so neither
    waits for the other while holding what it needs."""
    cards = Card.objects.select_for_update(no_key=True).filter(pk__in=card_ids).order_by("id")
    return {card.pk: card for card in cards}


def card_usable(card: Card) -> Card:
    """The card, if it can be paid with, moved or changed now; refused (409 CARD-40903) when it is
    not active (frozen, transferred, closed) or past its date."""
    if not card.usable():
        raise CardNotUsable()
    return card


def row_columns(model: type[Model], row: str) -> str:
    """The columns of `row` (a row of `model`'s table a ledger function returned) in the order of the
    model's fields, as Model.from_db takes them."""
    return ", ".join(f"({row}).{field.column}" for field in model._meta.concrete_fields)


def from_row(model: type[M], values: Sequence[Any]) -> M:
    """The `model` instance of the columns `row_columns(model, ...)` selected."""
    return model.from_db(connection.alias, [field.attname for field in model._meta.concrete_fields], values)


def ledger_function_row(call: str, arguments: Sequence[Any], columns: str) -> tuple[Any, ...]:
    """The one row of a ledger function's `call` (migration cards 0013): one statement, one round trip."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {call} AS called", arguments)
        return tuple(cursor.fetchone())


def card_entry_announced(card: Card, entry: CardEntry) -> CardEntry:
    """Tells the listeners of `card_entry_written` of the entry, in its transaction."""
    entry.card = card
    for listener in card_entry_written:
        listener(card, entry)
    return entry


ENTRY_WRITE = (
    "cards_entry_write(%s::bigint, %s::text, %s::bigint, %s::numeric, %s::numeric, %s::bigint, %s::integer,"
    " %s::bigint, %s::bigint, %s::bigint, %s::text, %s::bigint, %s::text, %s::timestamptz)"
)


def card_entry_write(
    *,
    actor: Actor,
    card: Card,
    kind: str,
    store: OrgUnit,
    change: Money | None = None,
    session: CardSession | None = None,
    sessions_change: int = 0,
    order_id: int | None = None,
    refund_id: int | None = None,
    other_card: Card | None = None,
    remark: str = "",
) -> CardEntry:
    """The one writer of the card ledger: applies `change` (and `sessions_change` to `session`) to
    the card, which the caller holds under its row lock, and writes the entry, dated today at
    `store`; refused (409 DAY-40901) when the store's day is closed.

    The changes and the entry are one statement, cards_entry_write (migration cards 0013): the card,
    the session and the entry it wrote are set on the objects here as the database left them."""
    check_day_open(store_id=store.pk, day=business_day())
    change = change or Money(ZERO, ZERO)
    now = timezone.now()
    row = ledger_function_row(
        ENTRY_WRITE,
        [
            card.pk,
            kind,
            store.pk,
            change.principal,
            change.gift,
            session.pk if session is not None else None,
            sessions_change,
            order_id,
            refund_id,
            other_card.pk if other_card is not None else None,
            remark[:200],
            actor.user_id,
            actor.login_name[:40],
            now,
        ],
        row_columns(CardEntry, "called"),
    )
    entry = from_row(CardEntry, row)
    card.principal, card.gift = entry.principal_after, entry.gift_after
    if change.principal or change.gift:
        card.updated_at = now
    if session is not None and sessions_change:
        session.left = entry.sessions_after  # type: ignore[assignment]  # set: the entry names the session
        if kind == EntryKind.SESSIONS_USED and (session.last_used_at is None or now > session.last_used_at):
            session.last_used_at = now
    return card_entry_announced(card, entry)


CARD_SPEND = (
    "cards_card_spend(%s::bigint, %s::bigint, %s::numeric, %s::date, %s::bigint, %s::bigint, %s::bigint,"
    " %s::text, %s::timestamptz)"
)
SESSIONS_USE = (
    "cards_sessions_use(%s::bigint, %s::bigint, %s::bigint, %s::integer, %s::date, %s::bigint, %s::bigint,"
    " %s::bigint, %s::text, %s::timestamptz)"
)


def _card_used(call: str, arguments: Sequence[Any]) -> CardEntry | LedgerRefusal:
    """A ledger function that locks, checks and writes (cards_card_spend, cards_sessions_use): the
    entry it wrote, announced as card_entry_write announces its, or why it wrote nothing."""
    columns = f"called.refusal, {row_columns(Card, 'called.used_card')}, {row_columns(CardEntry, 'called.entry')}"
    row = ledger_function_row(call, arguments, columns)
    if row[0] is not None:
        return LedgerRefusal(row[0])
    card_end = 1 + len(Card._meta.concrete_fields)
    return card_entry_announced(from_row(Card, row[1:card_end]), from_row(CardEntry, row[card_end:]))


def card_spend_write(
    *, actor: Actor, store: OrgUnit, card_id: int, member_id: int | None, amount: Decimal, order_id: int | None
) -> CardEntry | LedgerRefusal:
    """cards_card_spend: `card_locked`, `card_usable`, a stored-value card holding `amount`,
    `spending_split` and `card_entry_write` (its closed-day check aside) in one statement."""
    now = timezone.now()
    arguments = [card_id, member_id, amount, timezone.localdate(now), store.pk, order_id, actor.user_id]
    return _card_used(CARD_SPEND, [*arguments, actor.login_name[:40], now])


def card_sessions_use_write(
    *,
    actor: Actor,
    store: OrgUnit,
    card_id: int,
    member_id: int | None,
    project_id: int,
    count: int,
    order_id: int | None,
) -> CardEntry | LedgerRefusal:
    """cards_sessions_use: `card_locked`, `card_usable`, the card's sessions of the project, at least
    `count` of them left, and `card_entry_write` (its closed-day check aside) in one statement."""
    now = timezone.now()
    arguments = [card_id, member_id, project_id, count, timezone.localdate(now), store.pk, order_id]
    return _card_used(SESSIONS_USE, [*arguments, actor.user_id, actor.login_name[:40], now])
