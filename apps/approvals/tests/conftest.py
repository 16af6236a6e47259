from __future__ import annotations

import pytest

from apps.approvals import kinds
from apps.approvals.kinds import ApprovalKind
from apps.core.audit import Actor, audit_record
from apps.core.errors import Conflict
from apps.core.role_codes import REFUND_APPROVE

TEST_KIND = "test-purchase"
# A real button code: a role gets only codes the product defines.
DECIDE_CODE = REFUND_APPROVE.code


def _approved(request, actor: Actor) -> None:
    if request.payload.get("refuse"):
        raise Conflict("the purchase can no longer be made")
    audit_record(actor=actor, action="test.purchase_made", target=request)


def _rejected(request, actor: Actor) -> None:
    audit_record(actor=actor, action=f"test.purchase_{request.status}", target=request)


@pytest.fixture
def purchase_kind():
    """A kind registered the way an app registers one, whose hooks leave a trace in the system log
    (and refuse when the payload says so)."""
    kind = ApprovalKind(
        code=TEST_KIND,
        name="purchase",
        decide_codes=(DECIDE_CODE,),
        on_approved=_approved,
        on_rejected=_rejected,
        detail_route="/orderDetails?orderId={subject_id}",
        describe=lambda request: [("Item", request.payload.get("item", ""))],
    )
    kinds.register_kind(kind)
    yield kind
    kinds.unregister_kind(TEST_KIND)
