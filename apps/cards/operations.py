"""Operations on the cards a member holds besides selling and spending (issue 13 §1): transfer to
another member (转卡), card to card (卡转卡), change to another card type (换卡) and upgrade.

Each runs in one transaction, takes the row locks of every card it changes in the order of their
ids (apps.cards.services.locked_in_order), writes a ledger entry on each side linked by
`other_card`, and the system log. None creates or loses value: a transfer and a card to card move
exactly what leaves one card onto the other; a change gives the new card the old card's value times
the old-card coefficient (at most 1), and the difference is written on both entries and in the log."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.cards.choices import AuditAction, CardKind, CardStatus, EntryKind, TransferStatus
from apps.cards.errors import BalanceShort, CardNotUsable, NoTransferUnderWay
from apps.cards.ledger import Money, card_entry_write, card_locked, card_usable, locked_in_order, spending_split
from apps.cards.models import Card, CardCoefficient, CardEntry, CardSession, CardTransfer
from apps.cards.services import numbered
from apps.catalog.models import CardType
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import round_money
from apps.members.choices import MemberStatus
from apps.members.models import Member
from apps.org.models import OrgUnit

ONE = Decimal("1")


def _holds_something(card: Card) -> bool:
    if card.kind == CardKind.STORED_VALUE:
        return card.balance > 0
    return card.sessions.filter(left__gt=0).exists()


def transfer_refusal(card: Card) -> str:
    """Why `card` cannot be transferred now, or "" when it can (usercard/transferCard)."""
    if not card.usable():
        return str(CardNotUsable.default_message)
    if not _holds_something(card):
        return _("the card holds nothing to transfer")
    return ""


def _target_member(member_id: int, card: Card) -> Member:
    member = Member.objects.filter(pk=member_id, status=MemberStatus.ACTIVE).first()
    if member is None:
        raise NotFound(_("no such member"))
    if member.pk == card.member_id:
        raise InvalidInput(_("the card already belongs to this member"), field="toMemId")
    return member


def transfer_start(*, actor: Actor, store: OrgUnit, card_id: int, to_member_id: int, remark: str = "") -> CardTransfer:
    """Starts giving a card to another member (addtransferCard): checks that the card can go and
    names the target. A transfer already pending for the card is replaced (the desk chose again)."""
    with transaction.atomic():
        card = card_usable(card_locked(card_id))
        refusal = transfer_refusal(card)
        if refusal:
            raise InvalidInput(refusal, field="cardId")
        member = _target_member(to_member_id, card)
        CardTransfer.objects.filter(card=card, status=TransferStatus.PENDING).update(status=TransferStatus.CANCELLED)
        transfer = CardTransfer.objects.create(
            card=card,
            from_member_id=card.member_id,
            to_member=member,
            store=store,
            remark=(remark or "").strip()[:200],
            operator_id=actor.user_id,
            operator_name=actor.login_name[:40],
        )
        audit_record(
            actor=actor,
            action=AuditAction.TRANSFER_STARTED,
            target=card,
            detail={"transferId": transfer.pk, "fromMemId": card.member_id, "toMemId": member.pk},
        )
    return transfer


def transfer_commit(*, actor: Actor, store: OrgUnit, card_id: int) -> CardTransfer:
    """Commits the card's pending transfer (transferCardCommit): everything the card holds moves to a
    new card of the same type for the target member; the old card ends empty and `transferred`. A
    second commit finds the card transferred: 409 CARD-40903."""
    with transaction.atomic():
        card = card_usable(card_locked(card_id))
        transfer = CardTransfer.objects.filter(card=card, status=TransferStatus.PENDING).first()
        if transfer is None:
            raise NoTransferUnderWay()
        if Member.objects.filter(pk=transfer.to_member_id, status=MemberStatus.ACTIVE).first() is None:
            raise NotFound(_("no such member"))
        new_card = _move_everything(actor=actor, store=store, card=card, to_member_id=transfer.to_member_id)
        transfer.status = TransferStatus.COMMITTED
        transfer.new_card = new_card
        transfer.committed_at = timezone.now()
        transfer.save(update_fields=["status", "new_card", "committed_at"])
        audit_record(
            actor=actor,
            action=AuditAction.CARD_TRANSFERRED,
            target=card,
            detail={
                "transferId": transfer.pk,
                "fromMemId": transfer.from_member_id,
                "toMemId": transfer.to_member_id,
                "newCardId": new_card.pk,
                "newCardNo": new_card.card_no,
            },
        )
    return transfer


def card_transfer(*, actor: Actor, store: OrgUnit, card_id: int, to_member_id: int, remark: str = "") -> CardTransfer:
    """Start and commit in one transaction (for callers that need no confirmation step)."""
    with transaction.atomic():
        transfer_start(actor=actor, store=store, card_id=card_id, to_member_id=to_member_id, remark=remark)
        return transfer_commit(actor=actor, store=store, card_id=card_id)


def _move_everything(*, actor: Actor, store: OrgUnit, card: Card, to_member_id: int) -> Card:
    """The locked `card`'s whole balance or every session left onto a new card of the same type,
    sold at the same store (the money was received there) and valid as long."""
    new_card = numbered(
        Card.objects.create(
            member_id=to_member_id,
            card_type_id=card.card_type_id,
            kind=card.kind,
            store_id=card.store_id,
            expires_on=card.expires_on,
        )
    )
    if card.kind == CardKind.STORED_VALUE:
        moved = Money(card.principal, card.gift)
        card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.TRANSFER_OUT,
            store=store,
            change=Money(-moved.principal, -moved.gift),
            other_card=new_card,
        )
        card_entry_write(
            actor=actor, card=new_card, kind=EntryKind.TRANSFER_IN, store=store, change=moved, other_card=card
        )
    else:
        for session in CardSession.objects.filter(card=card, left__gt=0).order_by("id"):
            left = session.left
            received = CardSession.objects.create(card=new_card, project_id=session.project_id, total=left, left=0)
            card_entry_write(
                actor=actor,
                card=card,
                kind=EntryKind.TRANSFER_OUT,
                store=store,
                session=session,
                sessions_change=-left,
                other_card=new_card,
            )
            card_entry_write(
                actor=actor,
                card=new_card,
                kind=EntryKind.TRANSFER_IN,
                store=store,
                session=received,
                sessions_change=left,
                other_card=card,
            )
    card.status = CardStatus.TRANSFERRED
    card.save(update_fields=["status", "updated_at"])
    return new_card


@dataclass(frozen=True)
class CardToCard:
    taken: CardEntry
    given: CardEntry


def card_to_card(
    *, actor: Actor, store: OrgUnit, member_id: int, from_card_id: int, to_card_id: int, amount: Decimal
) -> CardToCard:
    """Moves `amount` from one of the member's stored-value cards to another of hers (卡转卡).
    Principal and gift leave the source in its own proportion (spending_split) and arrive as they
    left, so the target's gift share says truly how much of it was paid for."""
    amount = round_money(amount)
    if amount <= 0:
        raise InvalidInput(_("the amount must be above 0"), field="amount")
    if from_card_id == to_card_id:
        raise InvalidInput(_("choose two different cards"), field="toCardId")
    with transaction.atomic():
        cards = locked_in_order([from_card_id, to_card_id])
        source, target = cards.get(from_card_id), cards.get(to_card_id)
        if source is None or target is None or source.member_id != member_id or target.member_id != member_id:
            raise NotFound(_("no such card"))
        for card in (source, target):
            card_usable(card)
            if card.kind != CardKind.STORED_VALUE:
                raise InvalidInput(_("only stored-value cards hold a balance to move"), field="cardId")
        moved = spending_split(source, amount)
        taken = card_entry_write(
            actor=actor,
            card=source,
            kind=EntryKind.CARD_TO_CARD_OUT,
            store=store,
            change=Money(-moved.principal, -moved.gift),
            other_card=target,
        )
        given = card_entry_write(
            actor=actor, card=target, kind=EntryKind.CARD_TO_CARD_IN, store=store, change=moved, other_card=source
        )
        audit_record(
            actor=actor,
            action=AuditAction.CARD_TO_CARD,
            target=source,
            detail={
                "fromCardId": source.pk,
                "toCardId": target.pk,
                "principal": str(moved.principal),
                "gift": str(moved.gift),
            },
        )
    return CardToCard(taken=taken, given=given)


def coefficient_for(card_type_id: int, store_id: int | None) -> Decimal:
    """The old-card coefficient of a card type in a store: the store's own, else head office's, else
    1 (the whole value carries over)."""
    found: dict[int | None, Decimal] = dict(
        CardCoefficient.objects.filter(card_type_id=card_type_id)
        .filter(Q(store__isnull=True) | Q(store_id=store_id))
        .values_list("store_id", "coefficient")
    )
    return found.get(store_id) or found.get(None) or ONE


@dataclass(frozen=True)
class ChangeValue:
    """What a change gives: the old card's value, the coefficient, the new card's value (each part
    rounded half up to the cent) and what is lost."""

    old: Money
    coefficient: Decimal
    new: Money

    @property
    def difference(self) -> Decimal:
        return self.old.total - self.new.total

    def remark(self) -> str:
        return f"×{self.coefficient:.4f}: {self.old.total} → {self.new.total} (-{self.difference})"


def change_value(card: Card, coefficient: Decimal) -> ChangeValue:
    old = Money(card.principal, card.gift)
    new = Money(round_money(old.principal * coefficient), round_money(old.gift * coefficient))
    return ChangeValue(old=old, coefficient=coefficient, new=new)


def _new_stored_value_type(card: Card, card_type_id: int) -> CardType:
    card_type = CardType.objects.filter(pk=card_type_id, enabled=True, kind=CardKind.STORED_VALUE).first()
    if card_type is None:
        raise InvalidInput(_("choose an enabled stored-value card type"), field="cardTypeId")
    if card_type.pk == card.card_type_id:
        raise InvalidInput(_("the card is already of this card type"), field="cardTypeId")
    return card_type


def _stored_value(card: Card) -> Card:
    if card.kind != CardKind.STORED_VALUE:
        raise InvalidInput(_("only a stored-value card can be changed or upgraded"), field="cardId")
    return card


def change_target(card: Card, card_type_id: int) -> CardType:
    """The card type a stored-value card may be changed or upgraded to, or 400 saying why not."""
    return _new_stored_value_type(_stored_value(card), card_type_id)


@dataclass(frozen=True)
class CardChange:
    old_card: Card
    new_card: Card
    value: ChangeValue


def card_change(
    *, actor: Actor, store: OrgUnit, card_id: int, card_type_id: int, today: date | None = None
) -> CardChange:
    """Changes a stored-value card to a new card of another stored-value type (换卡). The new card
    gets the old card's principal and gift, each times the old card type's coefficient in this
    store; the old card ends empty and closed. The new card is valid for its type's days from
    today and counts as sold where the old card was (that store received the money)."""
    today = today or timezone.localdate()
    with transaction.atomic():
        card = card_usable(card_locked(card_id))
        card_type = change_target(card, card_type_id)
        value = change_value(card, coefficient_for(card.card_type_id, store.pk))
        new_card = numbered(
            Card.objects.create(
                member_id=card.member_id,
                card_type=card_type,
                kind=card_type.kind,
                store_id=card.store_id,
                expires_on=today + timedelta(days=card_type.validity_days),
            )
        )
        card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.CHANGE_OUT,
            store=store,
            change=Money(-value.old.principal, -value.old.gift),
            other_card=new_card,
            remark=value.remark(),
        )
        card_entry_write(
            actor=actor,
            card=new_card,
            kind=EntryKind.CHANGE_IN,
            store=store,
            change=value.new,
            other_card=card,
            remark=value.remark(),
        )
        card.status = CardStatus.CLOSED
        card.save(update_fields=["status", "updated_at"])
        audit_record(
            actor=actor,
            action=AuditAction.CARD_CHANGED,
            target=card,
            detail={
                "newCardId": new_card.pk,
                "newCardNo": new_card.card_no,
                "cardTypeId": card_type.pk,
                "oldValue": str(value.old.total),
                "coefficient": str(value.coefficient),
                "newValue": str(value.new.total),
                "difference": str(value.difference),
            },
        )
    return CardChange(old_card=card, new_card=new_card, value=value)


def card_upgrade(*, actor: Actor, store: OrgUnit, card_id: int, card_type_id: int, today: date | None = None) -> Card:
    """Upgrades a stored-value card to a higher stored-value card type (a greater face value): the
    same card, number and balance take the new type's discounts, its gift rate on later top-ups and
    its validity when longer. The card must already hold the new type's price: a top-up to get there
    is sold at the till first (an order's topUp line), so the upgrade itself moves no money."""
    today = today or timezone.localdate()
    with transaction.atomic():
        card = _stored_value(card_usable(card_locked(card_id)))
        card_type = _new_stored_value_type(card, card_type_id)
        before = card.card_type
        if card_type.face_value <= before.face_value:
            raise InvalidInput(_("choose a card type above the card's own"), field="cardTypeId")
        if card.balance < card_type.price:
            raise BalanceShort(
                _("the card must hold %(price)s to be upgraded to this card type; top it up first")
                % {"price": card_type.price}
            )
        card.card_type = card_type
        card.expires_on = max(card.expires_on, today + timedelta(days=card_type.validity_days))
        card.save(update_fields=["card_type", "expires_on", "updated_at"])
        card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.UPGRADE,
            store=store,
            remark=f"{before.code} → {card_type.code}",
        )
        audit_record(
            actor=actor,
            action=AuditAction.CARD_UPGRADED,
            target=card,
            detail={
                "fromCardTypeId": before.pk,
                "toCardTypeId": card_type.pk,
                "expiresOn": card.expires_on.isoformat(),
            },
        )
    return card


__all__ = [
    "CardChange",
    "CardToCard",
    "ChangeValue",
    "card_change",
    "card_to_card",
    "card_transfer",
    "card_upgrade",
    "change_target",
    "change_value",
    "coefficient_for",
    "transfer_commit",
    "transfer_refusal",
    "transfer_start",
]
