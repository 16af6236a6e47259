"""Approval requests named as the system log shows them (apps.core.object_names): the kind of
request in the reader's language and what it is about (its subject: an order's number, a stocktake's)."""

from __future__ import annotations

from collections.abc import Collection

from apps.approvals.kinds import kind_of
from apps.approvals.models import ApprovalRequest


def request_names(ids: Collection[int]) -> dict[int, str]:
    """Refund above the store's amount: SO2026120600000008 王静."""
    names = {}
    for pk, code, subject in ApprovalRequest.objects.filter(pk__in=ids).values_list("pk", "kind", "subject"):
        kind = kind_of(code)
        label = str(kind.name) if kind is not None else code
        names[pk] = f"{label}: {subject}" if subject else label
    return names
