"""Asset transfers named as the system log shows them (apps.core.object_names): what the transfer
does, in the reader's language, and its member (apps.members.names)."""

from __future__ import annotations

from collections.abc import Collection

from apps.cards.choices import AssetTransferKind
from apps.cards.models import AssetTransfer, Card
from apps.members.names import member_label


def asset_transfer_names(ids: Collection[int]) -> dict[int, str]:
    """Move to another store: HY0100021 王*."""
    rows = AssetTransfer.objects.filter(pk__in=ids).values_list("pk", "kind", "member__crm_code", "member__name")
    return {pk: f"{AssetTransferKind(kind).label}: {member_label(code, name)}" for pk, kind, code, name in rows}


def card_numbers(ids: Collection[int]) -> dict[int, str]:
    """V000000123: each card's number."""
    return {pk: number or "" for pk, number in Card.objects.filter(pk__in=ids).values_list("pk", "card_no")}
