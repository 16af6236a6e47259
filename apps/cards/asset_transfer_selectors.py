"""Reads of asset transfers (资产转移): the list of a store's transfers and one transfer with what it
moved and its approval. A transfer is seen by the store it was applied at and by the store it moves
a member to; another store's transfer is not found."""

from __future__ import annotations

from collections.abc import Iterable
from typing import overload

from django.db.models import Q, QuerySet

from apps.approvals.choices import ApprovalStatus
from apps.cards.asset_transfers import stored_value
from apps.cards.models import AssetTransfer
from apps.cards.rows import AssetMemberRow, AssetStoreRow, AssetTransferDetailRow, AssetTransferRow
from apps.core.audit import operator_name
from apps.core.errors import NotFound
from apps.core.phones import mask_phone
from apps.members.models import Member
from apps.org.models import OrgUnit


def _of_stores(store_ids: frozenset[int]) -> QuerySet[AssetTransfer]:
    return AssetTransfer.objects.filter(Q(store_id__in=store_ids) | Q(to_store_id__in=store_ids))


def transfers(*, store_ids: frozenset[int], kind: str = "", status: str = "") -> QuerySet[AssetTransfer]:
    rows = _of_stores(store_ids).select_related("member", "to_member", "to_store", "store", "approval")
    if kind:
        rows = rows.filter(kind=kind)
    if status:
        rows = rows.filter(status=status)
    return rows.order_by("-id")


@overload
def _member(member: Member) -> AssetMemberRow: ...
@overload
def _member(member: Member | None) -> AssetMemberRow | None: ...
def _member(member: Member | None) -> AssetMemberRow | None:
    if member is None:
        return None
    return {"id": member.pk, "name": member.name, "phone": mask_phone(member.phone), "crmCode": member.crm_code}


def _row(transfer: AssetTransfer) -> AssetTransferRow:
    return {
        "id": transfer.pk,
        "kind": transfer.kind,
        "status": transfer.status,
        "storeId": transfer.store_id,
        "storeName": transfer.store.name,
        "member": _member(transfer.member),
        "toStore": None if transfer.to_store is None else {"id": transfer.to_store.pk, "name": transfer.to_store.name},
        "toMember": _member(transfer.to_member),
        "cardCount": len(transfer.assets.get("cards", [])),
        "storedValue": stored_value(transfer.assets),
        "points": transfer.assets.get("points", 0),
        "reason": transfer.reason,
        "applicantName": operator_name(transfer.applicant_name),
        "approvalId": transfer.approval_id,
        "createdAt": transfer.created_at,
        "doneAt": transfer.done_at,
    }


def transfer_rows(window: Iterable[AssetTransfer]) -> list[AssetTransferRow]:
    return [_row(transfer) for transfer in window]


def transfer_detail(
    *, transfer_id: int, store_ids: frozenset[int], user_id: int | None, may_decide: bool
) -> AssetTransferDetailRow:
    """One transfer with what it moves (as applied for, which is what moved once done), its approval
    and whether the reader may decide or withdraw it."""
    transfer = (
        _of_stores(store_ids)
        .select_related("member", "to_member", "to_store", "store", "approval")
        .filter(pk=transfer_id)
        .first()
    )
    if transfer is None:
        raise NotFound()
    approval = transfer.approval
    waiting = approval is not None and approval.status == ApprovalStatus.PENDING
    own = approval is not None and approval.applicant_id == user_id
    return {
        **_row(transfer),
        "assets": transfer.assets,
        "approval": None
        if approval is None
        else {
            "id": approval.pk,
            "status": approval.status,
            "decidedByName": operator_name(approval.decided_by_name),
            "decidedAt": approval.decided_at,
            "remark": approval.remark,
        },
        "canDecide": waiting and may_decide and not own and transfer.store_id in store_ids,
        "canWithdraw": waiting and own,
    }


def target_stores() -> list[AssetStoreRow]:
    """Every active store of the chain: a member moves to any of them (the home store is refused)."""
    return [
        {"id": pk, "name": name}
        for pk, name in OrgUnit.objects.stores().filter(is_active=True).order_by("path").values_list("pk", "name")
    ]
