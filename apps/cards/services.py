"""Writes of the cards a member holds. Every change of a balance or of sessions is one entry of the
card ledger (`apps.cards.ledger`), written in the same transaction as the change, under the card's
row lock (SELECT ... FOR UPDATE), so two cashiers spending one card at once take turns and the
second sees what the first left."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from apps.cards.choices import (
    CARD_NO_DIGITS,
    CARD_NO_PREFIX,
    AuditAction,
    CardKind,
    CardStatus,
    EntryKind,
    LedgerRefusal,
)
from apps.cards.errors import BalanceShort, CardNotUsable, SessionsShort
from apps.cards.ledger import (
    Money,
    card_entry_write,
    card_locked,
    card_sessions_use_write,
    card_spend_write,
    card_usable,
)
from apps.cards.models import ZERO, Card, CardEntry, CardSession
from apps.catalog.models import CardType, ProjectPackageLine
from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day, check_day_open
from apps.core.errors import DomainError, InvalidInput, NotFound
from apps.core.money import round_money
from apps.core.transactions import use_case_atomic
from apps.org.models import OrgUnit


def gift_for(card_type: CardType, principal: Decimal) -> Decimal:
    """The gift that comes with loading `principal` onto a card of `card_type`: the card type's own
    bonus (face value over price, e.g. pay 1,000 for 1,100), in the same proportion for a top-up."""
    if card_type.kind != CardKind.STORED_VALUE or card_type.price <= 0 or card_type.face_value <= card_type.price:
        return ZERO
    return round_money(principal * (card_type.face_value - card_type.price) / card_type.price)


def numbered(card: Card) -> Card:
    """Gives a new card its number: the kind's letter and its id."""
    card.card_no = f"{CARD_NO_PREFIX[CardKind(card.kind)]}{card.pk:0{CARD_NO_DIGITS}d}"
    card.save(update_fields=["card_no"])
    return card


def card_issue(
    *,
    actor: Actor,
    store: OrgUnit,
    member_id: int,
    card_type: CardType,
    principal: Decimal = ZERO,
    order_id: int | None = None,
    today: date | None = None,
) -> Card:
    """A new card for the member: a stored-value card loaded with `principal` (what was paid) and
    its gift, or a package card with the sessions of its project package. Valid from `today` for the
    card type's days, a package card for its package's (decision 0038: the package says what is sold
    and for how long; its card type is the card it is held on)."""
    today = today or timezone.localdate()
    valid_days = card_type.validity_days
    if card_type.kind == CardKind.PACKAGE and card_type.project_package is not None:
        valid_days = card_type.project_package.validity_days
    if card_type.kind == CardKind.STORED_VALUE and principal < 0:
        raise InvalidInput(_("the amount cannot be negative"), field="amount")
    with use_case_atomic():
        card = Card.objects.create(
            member_id=member_id,
            card_type=card_type,
            kind=card_type.kind,
            store=store,
            expires_on=today + timedelta(days=valid_days),
        )
        numbered(card)
        if card.kind == CardKind.STORED_VALUE:
            loaded = Money(principal=round_money(principal), gift=gift_for(card_type, principal))
            card_entry_write(actor=actor, card=card, kind=EntryKind.SALE, store=store, change=loaded, order_id=order_id)
        else:
            lines = ProjectPackageLine.objects.filter(package_id=card_type.project_package_id).order_by("id")
            for line in lines:
                session = CardSession.objects.create(card=card, project_id=line.project_id, total=line.sessions, left=0)
                card_entry_write(
                    actor=actor,
                    card=card,
                    kind=EntryKind.SALE,
                    store=store,
                    session=session,
                    sessions_change=line.sessions,
                    order_id=order_id,
                )
        audit_record(
            actor=actor,
            action=AuditAction.CARD_ISSUED,
            target=card,
            detail={"cardNo": card.card_no, "cardTypeId": card_type.pk, "memberId": member_id, "orderId": order_id},
        )
    return card


def card_top_up(
    *, actor: Actor, store: OrgUnit, card_id: int, member_id: int, principal: Decimal, order_id: int | None = None
) -> CardEntry:
    """Loads `principal` (what was paid) and its gift onto a usable stored-value card."""
    principal = round_money(principal)
    if principal <= 0:
        raise InvalidInput(_("the top-up must be above 0"), field="amount")
    with use_case_atomic():
        card = card_usable(card_locked(card_id, member_id=member_id))
        if card.kind != CardKind.STORED_VALUE:
            raise InvalidInput(_("only a stored-value card can be topped up"), field="cardId")
        loaded = Money(principal=principal, gift=gift_for(card.card_type, principal))
        entry = card_entry_write(
            actor=actor, card=card, kind=EntryKind.TOP_UP, store=store, change=loaded, order_id=order_id
        )
        audit_record(
            actor=actor,
            action=AuditAction.CARD_TOPPED_UP,
            target=card,
            detail={"principal": str(loaded.principal), "gift": str(loaded.gift), "orderId": order_id},
        )
    return entry


def refused(refusal: LedgerRefusal) -> DomainError:
    """The domain error of a ledger function's refusal: what card_locked, card_usable and the use
    case's own checks raise."""
    match refusal:
        case LedgerRefusal.NO_CARD:
            return NotFound(_("no such card"))
        case LedgerRefusal.NOT_USABLE:
            return CardNotUsable()
        case LedgerRefusal.NOT_STORED_VALUE:
            return InvalidInput(_("only a stored-value card pays an amount"), field="cardId")
        case LedgerRefusal.BALANCE_SHORT:
            return BalanceShort()
        case LedgerRefusal.NO_SESSIONS:
            return InvalidInput(_("the card has no sessions of this project"), field="cardId")
        case LedgerRefusal.SESSIONS_SHORT:
            return SessionsShort()


def card_spend(
    *, actor: Actor, store: OrgUnit, card_id: int, member_id: int, amount: Decimal, order_id: int | None = None
) -> CardEntry:
    """Pays `amount` from a usable stored-value card of the member; 409 CARD-40901 when it holds less.

    The till's hottest write, so after the closed-day check it is one round trip: the database
    function cards_card_spend (migration cards 0013) takes the card's row lock as `card_locked` does,
    refuses a card of another member (404), one not usable (409 CARD-40903), one not stored-value
    (400, cardId) or holding less than `amount` (409 CARD-40901), takes principal and gift as
    `spending_split` does and writes the entry as `card_entry_write` does; the refusal comes back as
    a code (`refused` gives its error, translated here) and the listeners hear of the entry here."""
    amount = round_money(amount)
    if amount <= 0:
        raise InvalidInput(_("the amount must be above 0"), field="amount")
    with use_case_atomic():
        check_day_open(store_id=store.pk, day=business_day())
        written = card_spend_write(
            actor=actor, store=store, card_id=card_id, member_id=member_id, amount=amount, order_id=order_id
        )
        if isinstance(written, LedgerRefusal):
            raise refused(written)
        return written


def card_sessions_use(
    *,
    actor: Actor,
    store: OrgUnit,
    card_id: int,
    member_id: int,
    project_id: int,
    count: int,
    order_id: int | None = None,
) -> CardEntry:
    """Uses `count` sessions of a project from a usable package card; 409 CARD-40902 when fewer are left.

    After the closed-day check, one round trip, as `card_spend`: cards_sessions_use (migration cards
    0013) locks the card, refuses a card of another member (404), one not usable (409 CARD-40903),
    one without sessions of the project (400, cardId) or with fewer than `count` left (409
    CARD-40902), and writes the entry."""
    if count <= 0:
        raise InvalidInput(_("the number of sessions must be above 0"), field="qty")
    with use_case_atomic():
        check_day_open(store_id=store.pk, day=business_day())
        written = card_sessions_use_write(
            actor=actor,
            store=store,
            card_id=card_id,
            member_id=member_id,
            project_id=project_id,
            count=count,
            order_id=order_id,
        )
        if isinstance(written, LedgerRefusal):
            raise refused(written)
        return written


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please give a reason"), field="reason")
    return reason


def card_freeze(*, actor: Actor, store: OrgUnit, card_id: int, reason: str) -> Card:
    """Freezes an active card (a lost card, a dispute): nothing can be paid, moved or changed with it
    (409 CARD-40903) until it is unfrozen. Its value stays on it; the ledger and the log note why."""
    reason = _reason(reason)
    with use_case_atomic():
        card = card_locked(card_id)
        if card.status != CardStatus.ACTIVE:
            raise CardNotUsable()
        card.status = CardStatus.FROZEN
        card.save(update_fields=["status", "updated_at"])
        card_entry_write(actor=actor, card=card, kind=EntryKind.FREEZE, store=store, remark=reason)
        audit_record(actor=actor, action=AuditAction.CARD_FROZEN, target=card, detail={"reason": reason})
    return card


def card_unfreeze(*, actor: Actor, store: OrgUnit, card_id: int, reason: str) -> Card:
    """Makes a frozen card active again (its date still applies)."""
    reason = _reason(reason)
    with use_case_atomic():
        card = card_locked(card_id)
        if card.status != CardStatus.FROZEN:
            raise InvalidInput(_("the card is not frozen"), field="cardId")
        card.status = CardStatus.ACTIVE
        card.save(update_fields=["status", "updated_at"])
        card_entry_write(actor=actor, card=card, kind=EntryKind.UNFREEZE, store=store, remark=reason)
        audit_record(actor=actor, action=AuditAction.CARD_UNFROZEN, target=card, detail={"reason": reason})
    return card


def card_delay(*, actor: Actor, store: OrgUnit, card_id: int, until: date, reason: str) -> Card:
    """Extends a card's validity to `until` (cardDelayErp); the ledger notes it, the system log too."""
    reason = _reason(reason)
    with use_case_atomic():
        card = card_locked(card_id)
        if card.status != CardStatus.ACTIVE:
            raise CardNotUsable()
        if until <= card.expires_on:
            raise InvalidInput(_("the new date must be after the current one"), field="until")
        before = card.expires_on
        card.expires_on = until
        card.save(update_fields=["expires_on", "updated_at"])
        card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.DELAY,
            store=store,
            remark=f"{before.isoformat()} → {until.isoformat()} {reason}",
        )
        audit_record(
            actor=actor,
            action=AuditAction.CARD_DELAYED,
            target=card,
            detail={"from": before.isoformat(), "to": until.isoformat(), "reason": reason},
        )
    return card
