"""Opening the cards of an approved member move-in (issue 17 §2). The move-in and its API live in
the members app (floor 6), which may not import cards (floor 7); so the approval kind
"member-move-in" is registered here, in CardsConfig.ready(), and its hook runs inside the approval
decision's transaction under the request's row lock:

1. the move-in is locked and must be waiting for approval (a second decision finds it decided);
2. the member is found or filed by the members app's own service;
3. each old card opens a new card of its chosen type with one opening ledger entry per balance or
   per project's sessions, of kind `moveIn`: the value was paid at the old store, so the entry is
   neither a sale nor money at the till (the daily closing counts sales and top-ups only), and the
   card's balances stay the sums of its entries (`manage.py audit_ledgers`);
4. the move-in is marked approved with the cards opened for it.

Any refusal (the store's day is closed, the member's file was closed) undoes the decision."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from apps.approvals.models import ApprovalRequest
from apps.cards.choices import AuditAction, CardKind, EntryKind
from apps.cards.ledger import Money, card_entry_write
from apps.cards.models import Card, CardSession
from apps.cards.services import numbered
from apps.catalog.models import CardType
from apps.core.audit import Actor, audit_record
from apps.core.errors import Conflict
from apps.core.money import money_to_wire
from apps.members import move_ins
from apps.members.models import MoveIn, MoveInLine
from apps.org.models import OrgUnit

ZERO = Decimal("0")


def card_open_moved_in(
    *,
    actor: Actor,
    store: OrgUnit,
    member_id: int,
    card_type: CardType,
    principal: Decimal = ZERO,
    sessions: list[tuple[int, int]] | None = None,
    expires_on: date | None = None,
    remark: str = "",
) -> Card:
    """A card of `card_type` for the member holding what an old card still held: `principal` on a
    stored-value card, or `sessions` [(project id, sessions)] on a package card, each in one
    opening entry of kind moveIn. Valid until `expires_on` (the old card's date), else for the card
    type's days from today."""
    today = timezone.localdate()
    card = numbered(
        Card.objects.create(
            member_id=member_id,
            card_type=card_type,
            kind=card_type.kind,
            store=store,
            expires_on=expires_on or today + timedelta(days=card_type.validity_days),
        )
    )
    if card.kind == CardKind.STORED_VALUE:
        card_entry_write(
            actor=actor, card=card, kind=EntryKind.MOVE_IN, store=store, change=Money(principal, ZERO), remark=remark
        )
    else:
        for project_id, count in sessions or []:
            session = CardSession.objects.create(card=card, project_id=project_id, total=count, left=0)
            card_entry_write(
                actor=actor,
                card=card,
                kind=EntryKind.MOVE_IN,
                store=store,
                session=session,
                sessions_change=count,
                remark=remark,
            )
    audit_record(
        actor=actor,
        action=AuditAction.CARD_MOVED_IN,
        target=card,
        detail={"cardNo": card.card_no, "cardTypeId": card_type.pk, "memberId": member_id, "remark": remark},
    )
    return card


def _line_card(actor: Actor, move_in: MoveIn, member_id: int, line: MoveInLine) -> Card:
    if line.expires_on is not None and line.expires_on < timezone.localdate():
        raise Conflict(_("an old card of the move-in has expired; send it back to correct it"))
    remark = f"{move_in.number} {move_in.source_store} {line.old_card_name} {line.old_card_no}".strip()
    return card_open_moved_in(
        actor=actor,
        store=move_in.store,
        member_id=member_id,
        card_type=line.card_type,
        principal=line.new_value,
        sessions=[(session.project_id, session.sessions) for session in line.sessions.all()],
        expires_on=line.expires_on,
        remark=remark,
    )


def move_in_approved(request: ApprovalRequest, actor: Actor) -> None:
    """The approval kind's on_approved hook (module docstring)."""
    move_in = move_ins.move_in_for_approval(move_in_id=int(request.subject_id))
    member = move_ins.move_in_member(actor=actor, move_in=move_in)
    cards: dict[int, tuple[int, str]] = {}
    for line in move_in.lines.select_related("card_type").prefetch_related("sessions").order_by("id"):
        card = _line_card(actor, move_in, member.pk, line)
        cards[line.pk] = (card.pk, card.card_no or "")
    move_ins.move_in_approved(actor=actor, move_in=move_in, member=member, cards=cards)


def move_in_sent_back(request: ApprovalRequest, actor: Actor) -> None:
    """The kind's on_rejected hook: a rejection or a withdrawal sends the move-in back."""
    move_ins.move_in_sent_back(actor=actor, request=request)


def move_in_described(request: ApprovalRequest) -> list[tuple[str, str]]:
    """What the approval centre's detail shows of a move-in request."""
    move_in = MoveIn.objects.filter(pk=int(request.subject_id)).first()
    if move_in is None:
        return []
    return [
        (_("From"), " ".join(part for part in (move_in.source_brand, move_in.source_store) if part)),
        (_("Old cards"), str(move_in.line_count)),
        (_("Old cards' balance"), money_to_wire(move_in.old_value)),
        (_("New cards' value"), money_to_wire(move_in.new_value)),
        (_("Sessions"), str(move_in.sessions)),
    ]
