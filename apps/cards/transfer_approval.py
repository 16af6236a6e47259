"""A card transfer waiting for the owner (issue 17 §1): in a store whose `card_transfer_approval` is
on, committing a started transfer (transferCardCommit) without BTN-KDJC-CARD-TRANSFER-APPROVE files
an approval request (kind "card-transfer", subject the card) instead of moving anything. The
started transfer stays pending meanwhile; the approval commits it with apps.cards.operations'
own transfer_commit inside the decision's transaction, a rejection or withdrawal cancels it.

The request records what the card held when it was sent. If the card changed before the approval
(closed, frozen, already transferred, spent or used, or the desk started another transfer of it),
the approval is refused with the cards' own error (CARD-40903, CARD-40905 or CARD-40908) and the
request keeps waiting: the applicant withdraws it and transfers again."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from apps.approvals.choices import ApprovalStatus
from apps.approvals.models import ApprovalRequest
from apps.approvals.services import request_approval
from apps.cards.choices import (
    CARD_TRANSFER_KIND,
    CARD_TRANSFER_SUBJECT,
    AuditAction,
    CardKind,
    TransferStatus,
)
from apps.cards.errors import NoTransferUnderWay, TransferredCardChanged
from apps.cards.ledger import card_locked, card_usable
from apps.cards.models import Card, CardSession, CardTransfer
from apps.cards.operations import transfer_commit
from apps.core.audit import Actor, audit_record
from apps.core.json_types import JsonObject
from apps.core.money import money_to_wire
from apps.core.role_codes import CARD_TRANSFER_APPROVE
from apps.org.models import OrgUnit


def needs_approval(*, store: OrgUnit, codes: frozenset[str] | set[str]) -> bool:
    """Whether a commit in `store` by a caller holding `codes` waits for the owner."""
    return bool(store.card_transfer_approval) and CARD_TRANSFER_APPROVE.code not in codes


def _holding(card: Card) -> JsonObject:
    """What the card holds that the transfer moves: the balance, or each session row's count left."""
    if card.kind == CardKind.STORED_VALUE:
        return {"principal": money_to_wire(card.principal), "gift": money_to_wire(card.gift)}
    left = CardSession.objects.filter(card=card, left__gt=0).order_by("id").values_list("pk", "left")
    return {"sessions": {str(session_id): count for session_id, count in left}}


def ask_transfer_approval(*, actor: Actor, store: OrgUnit, card_id: int) -> ApprovalRequest:
    """Sends the card's started transfer to the owner; nothing moves. Asking again while the
    request waits answers the waiting request (apps.approvals.services.request_approval)."""
    with transaction.atomic():
        card = card_usable(card_locked(card_id))
        transfer = (
            CardTransfer.objects.select_related("to_member", "from_member")
            .filter(card=card, status=TransferStatus.PENDING)
            .first()
        )
        if transfer is None:
            raise NoTransferUnderWay()
        return request_approval(
            actor=actor,
            kind=CARD_TRANSFER_KIND,
            store_id=store.pk,
            subject_type=CARD_TRANSFER_SUBJECT,
            subject_id=card.pk,
            subject=f"{card} {transfer.from_member.name} → {transfer.to_member.name}",
            amount=card.balance if card.kind == CardKind.STORED_VALUE else None,
            payload={
                "transferId": transfer.pk,
                "cardId": card.pk,
                "fromMemId": transfer.from_member_id,
                "toMemId": transfer.to_member_id,
                "holding": _holding(card),
            },
            reason=transfer.remark,
        )


def on_approved(request: ApprovalRequest, actor: Actor) -> None:
    """The approval's hook: commits the very transfer that was sent, if the card still holds what it
    held then; otherwise refuses with the cards' error and the request keeps waiting."""
    payload = request.payload
    card = card_usable(card_locked(int(payload["cardId"])))
    pending = CardTransfer.objects.filter(card=card, status=TransferStatus.PENDING).first()
    if pending is None or pending.pk != payload["transferId"]:
        raise NoTransferUnderWay()
    if _holding(card) != payload["holding"]:
        raise TransferredCardChanged()
    transfer_commit(actor=actor, store=OrgUnit.objects.get(pk=request.store_id), card_id=card.pk)


def on_rejected(request: ApprovalRequest, actor: Actor) -> None:
    """A rejection or a withdrawal cancels the transfer that was sent (if the desk has not replaced
    it meanwhile): the card stays with its member, holding what it held."""
    payload = request.payload
    card = card_locked(int(payload["cardId"]))
    cancelled = CardTransfer.objects.filter(pk=payload["transferId"], card=card, status=TransferStatus.PENDING).update(
        status=TransferStatus.CANCELLED
    )
    if cancelled:
        audit_record(
            actor=actor,
            action=AuditAction.TRANSFER_CANCELLED,
            target=card,
            detail={
                "transferId": payload["transferId"],
                "approvalId": request.pk,
                "approval": "withdrawn" if request.status == ApprovalStatus.WITHDRAWN else "rejected",
            },
        )


def describe(request: ApprovalRequest) -> list[tuple[str, str]]:
    """What the approval centre shows of a card transfer, in the reader's language."""
    transfer = (
        CardTransfer.objects.select_related("card__card_type", "from_member", "to_member")
        .filter(pk=request.payload.get("transferId"))
        .first()
    )
    if transfer is None:
        return []
    holding = request.payload.get("holding", {})
    if "sessions" in holding:
        moves = _("%(count)s sessions") % {"count": sum(holding["sessions"].values())}
    else:
        moves = _("principal %(principal)s, gift %(gift)s") % {
            "principal": holding.get("principal", "0.00"),
            "gift": holding.get("gift", "0.00"),
        }
    return [
        (_("Card"), f"{transfer.card} ({transfer.card.card_type.name})"),
        (_("From member"), f"{transfer.from_member.name} ({transfer.from_member_id})"),
        (_("To member"), f"{transfer.to_member.name} ({transfer.to_member_id})"),
        (_("What moves"), moves),
    ]
