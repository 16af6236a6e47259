"""The card ledger: a card's two balances (principal and gift) and its sessions change only through
`card_entry_write`, one entry per change, on a card its caller holds under `card_locked` (or
`locked_in_order`) in the same transaction, and whoever listens to `apps.cards.hooks` hears of each
entry in that transaction (the settlement between stores). The use cases of the cards (services, operations,
refunds, asset transfers, move-in) go through these functions, never through the rows themselves.

Spending a stored-value card takes principal and gift in proportion to what the card holds
(docs/decisions/0008-card-ledgers.md): `spending_split`."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from apps.cards.choices import EntryKind
from apps.cards.errors import BalanceShort, CardNotUsable
from apps.cards.hooks import card_entry_written
from apps.cards.models import ZERO, Card, CardEntry, CardSession
from apps.core.audit import Actor
from apps.core.business_days import business_day, check_day_open
from apps.core.errors import NotFound
from apps.core.money import round_money
from apps.org.models import OrgUnit


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
    rest from principal; the cent that rounding leaves goes where there is room for it."""
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
    `store`; refused (409 DAY-40901) when the store's day is closed."""
    check_day_open(store_id=store.pk, day=business_day())
    change = change or Money(ZERO, ZERO)
    card.principal += change.principal
    card.gift += change.gift
    if change.principal or change.gift:
        card.save(update_fields=["principal", "gift", "updated_at"])
    if session is not None and sessions_change:
        session.left += sessions_change
    entry = CardEntry.objects.create(
        card=card,
        kind=kind,
        principal_change=change.principal,
        gift_change=change.gift,
        principal_after=card.principal,
        gift_after=card.gift,
        project_id=session.project_id if session is not None else None,
        sessions_change=sessions_change,
        sessions_after=session.left if session is not None else None,
        order_id=order_id,
        refund_id=refund_id,
        other_card=other_card,
        store=store,
        card_store_id=card.store_id,
        remark=remark[:200],
        operator_id=actor.user_id,
        operator_name=actor.login_name[:40],
    )
    if session is not None and sessions_change:
        fields = ["left"]
        # The newest use, as the ledger's max(created_at) of the session's uses says (the audit).
        if kind == EntryKind.SESSIONS_USED and (
            session.last_used_at is None or entry.created_at > session.last_used_at
        ):
            session.last_used_at = entry.created_at
            fields.append("last_used_at")
        session.save(update_fields=fields)
    for listener in card_entry_written:
        listener(card, entry)
    return entry
