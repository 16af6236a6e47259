"""What a refund (billing, a floor higher) does to the cards a member holds (docs/decisions/0011-refunds.md).

Every change is a ledger entry that names the refund (`refund_id`) and the order it refunds, written
under the card's row lock like every other change (apps.cards.services): value given back is a
`refund` entry, value taken off a card (a refunded card sale or top-up) is a `refundOut` entry. The
caller (billing's refund) has locked the cards in the order of their ids already."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from apps.cards.choices import AuditAction, CardKind, CardStatus, EntryKind
from apps.cards.errors import CardNotUsable
from apps.cards.ledger import Money, card_entry_write, card_locked
from apps.cards.models import ZERO, Card, CardEntry, CardSession
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput
from apps.core.money import round_money
from apps.core.transactions import use_case_atomic
from apps.org.models import OrgUnit

# A card a refund may still give value back to or take value off: not closed, not given away.
REFUNDABLE_STATUSES = (CardStatus.ACTIVE, CardStatus.FROZEN)


@dataclass(frozen=True)
class SpentOnOrder:
    """What an order took from one stored-value card (its spend entries) and what refunds of the
    order have given back to it so far (its refund entries): principal and gift each."""

    principal: Decimal
    gift: Decimal
    principal_back: Decimal
    gift_back: Decimal

    @property
    def total(self) -> Decimal:
        return self.principal + self.gift

    @property
    def back(self) -> Decimal:
        return self.principal_back + self.gift_back

    def split(self, amount: Decimal) -> Money:
        """How `amount` more goes back: as the order spent it, principal and gift in proportion
        over everything given back so far (so the cents rounding leaves do not pile up on one
        side), never more of either than the order took."""
        gift_target = round_money(self.gift * (self.back + amount) / self.total) if self.total else ZERO
        gift = min(max(gift_target - self.gift_back, ZERO), self.gift - self.gift_back, amount)
        principal = amount - gift
        if principal > self.principal - self.principal_back:
            principal = self.principal - self.principal_back
            gift = amount - principal
        return Money(principal=principal, gift=gift)


@dataclass(frozen=True)
class ClosedCard:
    """What closing a card took off it: its principal and gift, and for a package card the sessions
    it came with and how many were used."""

    card: Card
    principal: Decimal
    gift: Decimal
    sessions_total: int
    sessions_used: int


def _refundable(card: Card) -> Card:
    if card.status not in REFUNDABLE_STATUSES:
        raise CardNotUsable()
    return card


def spent_on_order(*, card_id: int, order_id: int) -> SpentOnOrder:
    """What `order_id` took from the card and what its refunds gave back (see SpentOnOrder)."""
    spent = {"p": ZERO, "g": ZERO}
    back = {"p": ZERO, "g": ZERO}
    for kind, p, g in CardEntry.objects.filter(
        card_id=card_id, order_id=order_id, kind__in=[EntryKind.SPEND, EntryKind.REFUND]
    ).values_list("kind", "principal_change", "gift_change"):
        if kind == EntryKind.SPEND:
            spent["p"] -= p
            spent["g"] -= g
        else:
            back["p"] += p
            back["g"] += g
    return SpentOnOrder(principal=spent["p"], gift=spent["g"], principal_back=back["p"], gift_back=back["g"])


def loaded_on_order(*, card_id: int, order_id: int) -> Money:
    """What `order_id` loaded onto the card (its sale or top-up entries): principal and gift."""
    principal = gift = ZERO
    for p, g in CardEntry.objects.filter(
        card_id=card_id, order_id=order_id, kind__in=[EntryKind.SALE, EntryKind.TOP_UP]
    ).values_list("principal_change", "gift_change"):
        principal += p
        gift += g
    return Money(principal=principal, gift=gift)


def cards_sold_by_order(*, order_id: int, card_type_id: int) -> list[Card]:
    """The cards of a card type an order sold (one per unit of its line), oldest first."""
    ids = (
        CardEntry.objects.filter(order_id=order_id, kind=EntryKind.SALE, card__card_type_id=card_type_id)
        .values_list("card_id", flat=True)
        .distinct()
    )
    return list(Card.objects.filter(pk__in=ids).order_by("id").prefetch_related("sessions"))


def card_money_back(
    *, actor: Actor, store: OrgUnit, card_id: int, back: Money, order_id: int, refund_id: int
) -> CardEntry:
    """Gives principal and gift back to a stored-value card a refunded order spent it from."""
    if back.principal < 0 or back.gift < 0 or back.total <= 0:
        raise InvalidInput(_("the amount must be above 0"), field="amount")
    with use_case_atomic():
        card = _refundable(card_locked(card_id))
        return card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.REFUND,
            store=store,
            change=back,
            order_id=order_id,
            refund_id=refund_id,
        )


def card_sessions_back(
    *, actor: Actor, store: OrgUnit, card_id: int, project_id: int, count: int, order_id: int, refund_id: int
) -> CardEntry:
    """Gives `count` sessions of a project back to the package card a refunded order used them from."""
    if count <= 0:
        raise InvalidInput(_("the number of sessions must be above 0"), field="qty")
    with use_case_atomic():
        card = _refundable(card_locked(card_id))
        session = CardSession.objects.filter(card=card, project_id=project_id).first()
        if session is None:
            raise InvalidInput(_("the card has no sessions of this project"), field="cardId")
        return card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.REFUND,
            store=store,
            session=session,
            sessions_change=count,
            order_id=order_id,
            refund_id=refund_id,
        )


def card_value_taken_back(
    *, actor: Actor, store: OrgUnit, card_id: int, taken: Money, order_id: int, refund_id: int
) -> CardEntry:
    """Takes principal and gift off a stored-value card (a refunded top-up); never more than it holds."""
    with use_case_atomic():
        card = _refundable(card_locked(card_id))
        if taken.principal < 0 or taken.gift < 0 or taken.principal > card.principal or taken.gift > card.gift:
            raise InvalidInput(_("the card does not hold that much"), field="amount")
        return card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.REFUND_OUT,
            store=store,
            change=Money(-taken.principal, -taken.gift),
            order_id=order_id,
            refund_id=refund_id,
        )


def card_close_for_refund(*, actor: Actor, store: OrgUnit, card_id: int, order_id: int, refund_id: int) -> ClosedCard:
    """Closes a card whose sale is refunded: its principal and gift, or the sessions it has left,
    are taken off it by `refundOut` entries, and it can never be used again. Answers what it held
    (billing works out what goes back to the member from it)."""
    with use_case_atomic():
        card = _refundable(card_locked(card_id))
        principal, gift = card.principal, card.gift
        if principal or gift:
            card_entry_write(
                actor=actor,
                card=card,
                kind=EntryKind.REFUND_OUT,
                store=store,
                change=Money(-principal, -gift),
                order_id=order_id,
                refund_id=refund_id,
            )
        total = used = 0
        if card.kind == CardKind.PACKAGE:
            for session in CardSession.objects.filter(card=card).order_by("id"):
                total += session.total
                used += session.total - session.left
                if session.left:
                    card_entry_write(
                        actor=actor,
                        card=card,
                        kind=EntryKind.REFUND_OUT,
                        store=store,
                        session=session,
                        sessions_change=-session.left,
                        order_id=order_id,
                        refund_id=refund_id,
                    )
        card.status = CardStatus.CLOSED
        card.save(update_fields=["status", "updated_at"])
        audit_record(
            actor=actor,
            action=AuditAction.CARD_CLOSED_BY_REFUND,
            target=card,
            detail={
                "orderId": order_id,
                "refundId": refund_id,
                "principal": str(principal),
                "gift": str(gift),
                "sessionsUsed": used,
            },
        )
    return ClosedCard(card=card, principal=principal, gift=gift, sessions_total=total, sessions_used=used)
