"""Asset transfer (资产转移, issue 17 §3, spec §7.8 `asserMigration`): a member moved to another store
of the chain with every card she holds, or a duplicate member file merged into the person's kept
file. Applying files an approval request (kind "asset-transfer"); only the approval carries it out,
inside the decision's transaction (apps.approvals.services.decide), under the row locks of both
member files and of every card, members first then cards in the order of their ids (as a payment
takes them), so a spend at the same moment waits or is waited for.

Nothing is created or lost. Each card that moves gets a pair of ledger entries: `assetOut` taking
its whole balance (or each project's sessions left) out where it was, `assetIn` putting exactly that
back where it goes: at the new store (the entry's card store) for a move, under the kept file for a
merge. The card keeps its number, type and validity. A merge moves the points by a pair of points
entries (apps.members.services.member_merged) and the coupons not yet used.

The application records what it saw (`AssetTransfer.assets`). If anything of it changed before the
approval (a card spent, used, frozen, closed, points earned), the approval is refused with 409
CARD-40906 and the request keeps waiting: the applicant withdraws it and applies again."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.approvals.choices import ApprovalStatus
from apps.approvals.models import ApprovalRequest
from apps.approvals.services import request_approval
from apps.cards.choices import (
    ASSET_TRANSFER_KIND,
    ASSET_TRANSFER_SUBJECT,
    AssetTransferKind,
    AssetTransferStatus,
    AuditAction,
    CardKind,
    CardStatus,
    CouponStatus,
    EntryKind,
)
from apps.cards.errors import AssetsChanged, AssetTransferWaiting
from apps.cards.ledger import Money, card_entry_write, locked_in_order
from apps.cards.models import ZERO, AssetTransfer, Card, CardSession, MemberCoupon
from apps.core.audit import Actor, audit_record
from apps.core.errors import Conflict, InvalidInput, NotFound
from apps.core.money import money_to_wire as money_str
from apps.core.phones import mask_phone
from apps.members.choices import MemberStatus
from apps.members.models import Member
from apps.members.services import member_merged
from apps.org.models import OrgUnit

# The cards a member holds that move with her: the others (transferred, closed) hold nothing and
# stay where their history is.
MOVING_STATUSES = (CardStatus.ACTIVE, CardStatus.FROZEN)


def _member_of(member_id: int, store_ids: frozenset[int]) -> Member:
    """An active member file of the caller's stores; another store's member is not found."""
    member = (
        Member.objects.select_related("home_store")
        .filter(pk=member_id, status=MemberStatus.ACTIVE, home_store_id__in=store_ids)
        .first()
    )
    if member is None:
        raise NotFound(_("no such member"))
    return member


def _target_store(store_id: int, member: Member) -> OrgUnit:
    store = OrgUnit.objects.stores().filter(pk=store_id, is_active=True).first()
    if store is None:
        raise InvalidInput(_("choose a store of the chain"), field="toStoreId")
    if store.pk == member.home_store_id:
        raise InvalidInput(_("the member already belongs to this store"), field="toStoreId")
    return store


def holdings(member_id: int) -> dict[str, Any]:
    """What the member holds that a transfer moves: each card with its balances and sessions left,
    the points and the coupons not yet used, as JSON (money as strings with 2 places)."""
    cards = list(
        Card.objects.filter(member_id=member_id, status__in=MOVING_STATUSES)
        .select_related("card_type", "store")
        .order_by("id")
    )
    sessions: dict[int, list[dict[str, Any]]] = {}
    for session in (
        CardSession.objects.filter(card_id__in=[card.pk for card in cards]).select_related("project").order_by("id")
    ):
        sessions.setdefault(session.card_id, []).append(
            {"projectId": session.project_id, "projectName": session.project.name, "left": session.left}
        )
    coupons = MemberCoupon.objects.filter(member_id=member_id, status=CouponStatus.AVAILABLE).order_by("id")
    points = Member.objects.filter(pk=member_id).values_list("points", flat=True).first() or 0
    return {
        "cards": [
            {
                "id": card.pk,
                "cardNo": card.card_no or "",
                "kind": card.kind,
                "cardTypeName": card.card_type.name,
                "status": card.status,
                "storeId": card.store_id,
                "storeName": card.store.name,
                "principal": money_str(card.principal),
                "gift": money_str(card.gift),
                "sessions": sessions.get(card.pk, []),
            }
            for card in cards
        ],
        "points": points,
        "couponIds": [coupon.pk for coupon in coupons],
    }


def _what_counts(assets: dict[str, Any], *, with_points: bool) -> Any:
    """The part of `holdings` an approval must find unchanged (names may be edited meanwhile)."""
    cards = [
        (
            card["id"],
            card["status"],
            card["principal"],
            card["gift"],
            tuple((session["projectId"], session["left"]) for session in card["sessions"]),
        )
        for card in assets["cards"]
    ]
    return (cards, assets["points"] if with_points else None, assets["couponIds"] if with_points else None)


def stored_value(assets: dict[str, Any]) -> str:
    total = sum((Decimal(card["principal"]) + Decimal(card["gift"]) for card in assets["cards"]), ZERO)
    return money_str(total)


def preview(
    *,
    store_ids: frozenset[int],
    kind: str,
    member_id: int,
    to_store_id: int | None = None,
    to_member_id: int | None = None,
) -> dict[str, Any]:
    """What a transfer would move, checked as applying checks it (nothing is written)."""
    member, to_store, to_member = _parties(
        store_ids=store_ids, kind=kind, member_id=member_id, to_store_id=to_store_id, to_member_id=to_member_id
    )
    assets = holdings(member.pk)
    return {
        "kind": kind,
        "member": _member_summary(member),
        "toStore": None if to_store is None else {"id": to_store.pk, "name": to_store.name},
        "toMember": None if to_member is None else _member_summary(to_member),
        "assets": assets,
        "storedValue": stored_value(assets),
    }


def _member_summary(member: Member) -> dict[str, Any]:
    return {
        "id": member.pk,
        "name": member.name,
        "phone": mask_phone(member.phone),
        "crmCode": member.crm_code,
        "homeStoreId": member.home_store_id,
        "homeStoreName": member.home_store.name,
        "points": member.points,
    }


def _parties(
    *, store_ids: frozenset[int], kind: str, member_id: int, to_store_id: int | None, to_member_id: int | None
) -> tuple[Member, OrgUnit | None, Member | None]:
    member = _member_of(member_id, store_ids)
    if kind == AssetTransferKind.STORE:
        if to_store_id is None:
            raise InvalidInput(_("choose the store the member moves to"), field="toStoreId")
        return member, _target_store(to_store_id, member), None
    if to_member_id is None:
        raise InvalidInput(_("choose the member file to keep"), field="toMemberId")
    if to_member_id == member.pk:
        raise InvalidInput(_("choose two different member files"), field="toMemberId")
    return member, None, _member_of(to_member_id, store_ids)


def _subject(transfer: AssetTransfer) -> str:
    if transfer.kind == AssetTransferKind.STORE:
        assert transfer.to_store is not None
        return _("Move %(member)s to %(store)s") % {"member": transfer.member.name, "store": transfer.to_store.name}
    assert transfer.to_member is not None
    return _("Merge member file %(member)s into %(kept)s") % {
        "member": f"{transfer.member.name} ({transfer.member_id})",
        "kept": f"{transfer.to_member.name} ({transfer.to_member_id})",
    }


def apply(
    *,
    actor: Actor,
    store_ids: frozenset[int],
    kind: str,
    member_id: int,
    reason: str,
    to_store_id: int | None = None,
    to_member_id: int | None = None,
) -> AssetTransfer:
    """Files the transfer and its approval request at the member's home store (whose approvers
    decide it); nothing moves until it is approved. A member
    file with a transfer already waiting (moved, merged away or kept) answers 409 CARD-40907."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please give a reason"), field="reason")
    with transaction.atomic():
        member, to_store, to_member = _parties(
            store_ids=store_ids, kind=kind, member_id=member_id, to_store_id=to_store_id, to_member_id=to_member_id
        )
        _no_transfer_waiting([member.pk] + ([to_member.pk] if to_member is not None else []))
        assets = holdings(member.pk)
        transfer = _transfer_filed(
            actor=actor, kind=kind, member=member, to_store=to_store, to_member=to_member, assets=assets, reason=reason
        )
        request = _approval_asked(actor=actor, transfer=transfer, reason=reason)
        audit_record(
            actor=actor,
            action=AuditAction.ASSET_TRANSFER_APPLIED,
            target=transfer,
            detail={
                "kind": kind,
                "memberId": member.pk,
                "toStoreId": to_store_id,
                "toMemberId": to_member_id,
                "approvalId": request.pk,
                "storedValue": stored_value(assets),
            },
        )
    return transfer


def _transfer_filed(
    *,
    actor: Actor,
    kind: str,
    member: Member,
    to_store: OrgUnit | None,
    to_member: Member | None,
    assets: dict[str, Any],
    reason: str,
) -> AssetTransfer:
    """The transfer, filed at the member's home store with what the member holds now; a transfer
    that another till filed meanwhile for the same member file (the database's unique index on the
    waiting ones) answers 409 CARD-40907."""
    try:
        with transaction.atomic():
            return AssetTransfer.objects.create(
                kind=kind,
                store_id=member.home_store_id,
                member=member,
                to_store=to_store,
                to_member=to_member,
                assets=assets,
                reason=reason,
                applicant_id=actor.user_id,
                applicant_name=actor.login_name[:40],
            )
    except IntegrityError as taken:
        raise AssetTransferWaiting() from taken


def _approval_asked(*, actor: Actor, transfer: AssetTransfer, reason: str) -> ApprovalRequest:
    """The transfer's request in the approval centre, for the approvers of the member's home store."""
    request = request_approval(
        actor=actor,
        kind=ASSET_TRANSFER_KIND,
        store_id=transfer.store_id,
        subject_type=ASSET_TRANSFER_SUBJECT,
        subject_id=transfer.pk,
        subject=_subject(transfer),
        amount=None,
        payload={"kind": transfer.kind, "memberId": transfer.member_id, "cards": len(transfer.assets["cards"])},
        reason=reason,
    )
    transfer.approval = request
    transfer.save(update_fields=["approval"])
    return request


def _no_transfer_waiting(member_ids: list[int]) -> None:
    waiting = AssetTransfer.objects.filter(status=AssetTransferStatus.PENDING)
    if waiting.filter(member_id__in=member_ids).exists() or waiting.filter(to_member_id__in=member_ids).exists():
        raise AssetTransferWaiting()


def _locked_transfer(request: ApprovalRequest) -> AssetTransfer:
    transfer = (
        AssetTransfer.objects.select_for_update(of=("self",))
        .select_related("member", "to_member", "to_store", "store")
        .filter(pk=int(request.subject_id))
        .first()
    )
    if transfer is None:
        raise NotFound()
    if transfer.status != AssetTransferStatus.PENDING:
        raise Conflict()
    return transfer


def _locked_members(member_ids: list[int]) -> dict[int, Member]:
    members = Member.objects.select_for_update(no_key=True).filter(pk__in=member_ids).order_by("id")
    return {member.pk: member for member in members}


def _move_card(*, actor: Actor, card: Card, out_store: OrgUnit, in_store: OrgUnit, remark: str, **moved: Any) -> None:
    """The card's whole value out (at `out_store`) and back in (at `in_store`) after `moved` (the
    card's new `store` or `member`) was set between the two entries, so each entry names the card's
    store as it was when written."""
    sessions = list(CardSession.objects.filter(card=card, left__gt=0).order_by("id"))
    if card.kind == CardKind.STORED_VALUE or not sessions:
        value = Money(card.principal, card.gift)
        card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.ASSET_OUT,
            store=out_store,
            change=Money(-value.principal, -value.gift),
            remark=remark,
        )
        _moved(card, moved)
        card_entry_write(actor=actor, card=card, kind=EntryKind.ASSET_IN, store=in_store, change=value, remark=remark)
        return
    lefts = [session.left for session in sessions]
    for session, left in zip(sessions, lefts, strict=True):
        card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.ASSET_OUT,
            store=out_store,
            session=session,
            sessions_change=-left,
            remark=remark,
        )
    _moved(card, moved)
    for session, left in zip(sessions, lefts, strict=True):
        card_entry_write(
            actor=actor,
            card=card,
            kind=EntryKind.ASSET_IN,
            store=in_store,
            session=session,
            sessions_change=left,
            remark=remark,
        )


def _moved(card: Card, moved: dict[str, Any]) -> None:
    for field, value in moved.items():
        setattr(card, field, value)
    card.save(update_fields=[*moved, "updated_at"])


def on_approved(request: ApprovalRequest, actor: Actor) -> None:
    """The approval's hook: carries the transfer out as applied for, or refuses (409 CARD-40906)
    when what the member holds changed since; then the decision is undone and the request waits."""
    transfer = _locked_transfer(request)
    member_ids = sorted({transfer.member_id, *([transfer.to_member_id] if transfer.to_member_id else [])})
    members = _locked_members(member_ids)
    member = members.get(transfer.member_id)
    if member is None or member.status != MemberStatus.ACTIVE:
        raise NotFound(_("no such member"))
    card_ids = [card["id"] for card in transfer.assets.get("cards", [])]
    now_ids = list(Card.objects.filter(member_id=member.pk, status__in=MOVING_STATUSES).values_list("pk", flat=True))
    cards = locked_in_order(sorted({*card_ids, *now_ids}))
    merge = transfer.kind == AssetTransferKind.MERGE
    if _what_counts(holdings(member.pk), with_points=merge) != _what_counts(transfer.assets, with_points=merge):
        raise AssetsChanged()
    if merge:
        into = members.get(transfer.to_member_id or 0)
        if into is None or into.status != MemberStatus.ACTIVE:
            raise NotFound(_("no such member"))
        remark = _("member file %(member)s merged into %(kept)s") % {"member": member.pk, "kept": into.pk}
        for card_id in card_ids:
            _move_card(
                actor=actor,
                card=cards[card_id],
                out_store=transfer.store,
                in_store=transfer.store,
                remark=remark,
                member=into,
            )
        MemberCoupon.objects.filter(pk__in=transfer.assets.get("couponIds", []), member=member).update(member=into)
        member_merged(actor=actor, member=member, into=into, store=transfer.store, reason=remark)
    else:
        to_store = transfer.to_store
        assert to_store is not None
        old_store = member.home_store
        remark = _("moved from %(from)s to %(to)s") % {"from": old_store.name, "to": to_store.name}
        for card_id in card_ids:
            card = cards[card_id]
            out_store = card.store
            _move_card(actor=actor, card=card, out_store=out_store, in_store=to_store, remark=remark, store=to_store)
        member.home_store = to_store
        member.save(update_fields=["home_store", "updated_at"])
    transfer.status = AssetTransferStatus.DONE
    transfer.done_at = timezone.now()
    transfer.save(update_fields=["status", "done_at"])
    audit_record(
        actor=actor,
        action=AuditAction.ASSET_TRANSFER_DONE,
        target=transfer,
        detail={
            "kind": transfer.kind,
            "memberId": transfer.member_id,
            "toStoreId": transfer.to_store_id,
            "toMemberId": transfer.to_member_id,
            "cardIds": card_ids,
            "storedValue": stored_value(transfer.assets),
            "points": transfer.assets.get("points", 0) if merge else None,
            "approvalId": request.pk,
        },
    )


def on_rejected(request: ApprovalRequest, actor: Actor) -> None:
    """A rejection or a withdrawal closes the transfer; nothing moved."""
    transfer = _locked_transfer(request)
    transfer.status = (
        AssetTransferStatus.WITHDRAWN if request.status == ApprovalStatus.WITHDRAWN else AssetTransferStatus.REJECTED
    )
    transfer.done_at = timezone.now()
    transfer.save(update_fields=["status", "done_at"])
    audit_record(
        actor=actor,
        action=AuditAction.ASSET_TRANSFER_CLOSED,
        target=transfer,
        detail={"status": transfer.status, "approvalId": request.pk},
    )


def describe(request: ApprovalRequest) -> list[tuple[str, str]]:
    """What the approval centre's detail shows of an asset transfer, in the reader's language."""
    transfer = (
        AssetTransfer.objects.select_related("member", "to_member", "to_store", "store")
        .filter(pk=int(request.subject_id or 0))
        .first()
    )
    if transfer is None:
        return []
    rows = [
        (_("Kind"), str(AssetTransferKind(transfer.kind).label)),
        (_("Member"), f"{transfer.member.name} ({transfer.member_id})"),
    ]
    if transfer.to_store is not None:
        rows.append((_("From store"), transfer.store.name))
        rows.append((_("To store"), transfer.to_store.name))
    if transfer.to_member is not None:
        rows.append((_("Kept member file"), f"{transfer.to_member.name} ({transfer.to_member_id})"))
        rows.append((_("Points"), str(transfer.assets.get("points", 0))))
    rows.append((_("Cards"), str(len(transfer.assets.get("cards", [])))))
    rows.append((_("Stored value"), stored_value(transfer.assets)))
    return rows
