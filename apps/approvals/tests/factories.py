from __future__ import annotations

from decimal import Decimal
from typing import Any

from apps.approvals.models import ApprovalRequest
from apps.approvals.services import request_approval
from apps.core.audit import Actor


def asked(entry: Any, *, kind: str, subject_id: str = "1", amount: str = "500.00", **payload: Any) -> ApprovalRequest:
    """A request filed by the user of role entry `entry` at its store, as an app's service files one."""
    actor = Actor(user_id=entry.user_id, login_name=entry.user.login_name, store_id=entry.hier_id)
    return request_approval(
        actor=actor,
        kind=kind,
        store_id=entry.hier_id,
        subject_type="order",
        subject_id=subject_id,
        subject=f"order {subject_id}",
        amount=Decimal(amount),
        payload=payload,
        reason="customer moved away",
    )
