"""Refunds above the store's approval amount, asked for by someone without the owner's code (issue 17
§1; decision 0011, "Approval above the store's amount").

recede/recede by a caller who does not hold BTN-YLTH-REFUND-APPROVE, for more than the store's
`refund_approval_above`, writes no refund: it files an approval request of kind "refund" (the order
is its subject, the quoted amount its amount, the refund's body its payload) and answers 202. Asking
again for the same order while that request waits answers the waiting one.

The owner decides in the approval centre. The approval runs `refund_approved` inside the decision's
transaction, under the request's row lock: the refund is made by `order_refund`, the same code as
recede/recede, with the approver as the actor and the request noted on the refund, for the amount
approved only. So two owners approving at once make one refund (the second finds the request
decided), and an order that changed meanwhile (refunded since, a day closed, a card used) refuses
with billing's own error: the decision is undone and the request keeps waiting for the owner to
reject it. A provider tender's money goes out after the decision commits, exactly as for recede/recede:
`provider_refund_record` registers `transaction.on_commit` within the decision's transaction, and the
sweeper (`provider_refunds_sweep`) sends it should the process die in between. A rejection (or a
withdrawal) refunds nothing: there is nothing held to release."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.approvals.choices import ApprovalStatus
from apps.approvals.kinds import ApprovalKind
from apps.approvals.models import ApprovalRequest
from apps.approvals.services import request_approval
from apps.billing.choices import ReturnedGoods
from apps.billing.models import Order, OrderLine, Refund
from apps.billing.refunds.rows import AskedLinePayload
from apps.billing.refunds.services import LineAsked, RefundPlan, order_refund, refund_quote
from apps.core.audit import Actor
from apps.core.errors import DomainError
from apps.core.json_types import JsonObject
from apps.core.money import money_to_wire
from apps.core.role_codes import REFUND_APPROVE

KIND = "refund"
SUBJECT_TYPE = "order"


def _wire_lines(lines: list[LineAsked]) -> list[AskedLinePayload]:
    return [
        {
            "orderLineId": line.order_line_id,
            "qty": line.qty,
            "amount": None if line.amount is None else money_to_wire(line.amount),
            "goodsBack": line.goods_back,
            "damageReason": line.damage_reason,
        }
        for line in lines
    ]


def _asked_lines(payload: JsonObject) -> list[LineAsked]:
    return [
        LineAsked(
            order_line_id=int(line["orderLineId"]),
            qty=line.get("qty"),
            amount=None if line.get("amount") is None else Decimal(line["amount"]),
            # A request asked before goods had a place to go back to put them on the shelf.
            goods_back=str(line.get("goodsBack") or ReturnedGoods.SHELF),
            damage_reason=str(line.get("damageReason") or ""),
        )
        for line in payload.get("lines", [])
    ]


def refund_needing_approval(*, order_id: int, lines: list[LineAsked], reason: str) -> RefundPlan | None:
    """The plan of a refund that is above the store's approval amount (None: it is not), checked as
    the refund would be (the same errors), nothing written."""
    plan = refund_quote(order_id=order_id, lines=lines, reason=reason, approved=True)
    return plan if plan.needs_approval else None


def ask_refund_approval(*, actor: Actor, plan: RefundPlan, lines: list[LineAsked], reason: str) -> ApprovalRequest:
    """Files the refund of `plan` for the owner's approval (or answers the request already waiting
    for this order)."""
    order = plan.order
    return request_approval(
        actor=actor,
        kind=KIND,
        store_id=order.store_id,
        subject_type=SUBJECT_TYPE,
        subject_id=order.pk,
        subject=" ".join(part for part in (order.order_no or f"#{order.pk}", order.name) if part),
        amount=plan.amount,
        payload={"lines": _wire_lines(lines), "reason": reason.strip()},
        reason=reason.strip(),
    )


def waiting_refund_approval(order: Order) -> ApprovalRequest | None:
    """The refund request of `order` still waiting for the owner, if any (the /returnList page shows it)."""
    return ApprovalRequest.objects.filter(
        kind=KIND, subject_type=SUBJECT_TYPE, subject_id=str(order.pk), status=ApprovalStatus.PENDING
    ).first()


def refund_approved(request: ApprovalRequest, actor: Actor) -> Refund:
    """The approval's hook: the refund as it was asked, made now by the approver (see the module's doc)."""
    payload = request.payload or {}
    return order_refund(
        actor=actor,
        order_id=int(request.subject_id),
        lines=_asked_lines(payload),
        reason=str(payload.get("reason") or request.reason),
        approved=True,
        approval_id=request.pk,
        approved_amount=request.amount,
    )


def describe_refund(request: ApprovalRequest) -> list[tuple[str, str]]:
    """What the approval centre shows of a refund request: the reason and the lines asked; while it
    waits, the tenders the refund would give back if approved now (quoted again: the order may have
    changed since, and then why it cannot be refunded); once approved, the refund's number."""
    payload = request.payload or {}
    asked = _asked_lines(payload)
    rows: list[tuple[str, str]] = [(_("reason"), str(payload.get("reason") or request.reason))]
    names = dict(OrderLine.objects.filter(pk__in=[line.order_line_id for line in asked]).values_list("pk", "name"))
    for line in asked:
        if line.amount is not None:
            what = money_to_wire(line.amount)
        elif line.qty is not None:
            what = _("%(qty)s units") % {"qty": line.qty}
        else:
            what = _("all that is left")
        if line.goods_back == ReturnedGoods.DAMAGED:
            what = _("%(what)s, written off as damaged: %(reason)s") % {"what": what, "reason": line.damage_reason}
        rows.append((_("line"), f"{names.get(line.order_line_id, line.order_line_id)}: {what}"))
    if request.status == ApprovalStatus.APPROVED:
        refund = Refund.objects.filter(approval_id=request.pk).first()
        if refund is not None:
            rows.append((_("refund number"), refund.refund_no or ""))
    if request.status != ApprovalStatus.PENDING:
        return rows
    try:
        plan = refund_quote(
            order_id=int(request.subject_id),
            lines=asked,
            reason=str(payload.get("reason") or request.reason or "-"),
            approved=True,
        )
    except DomainError as refused:
        rows.append((_("cannot be refunded now"), str(refused.message)))
        return rows
    if request.amount is not None and plan.amount != request.amount:
        changed = _("the order changed since the refund was asked for: it would now give back %(amount)s")
        rows.append((_("cannot be refunded now"), changed % {"amount": money_to_wire(plan.amount)}))
        return rows
    for row in plan.tenders_back:
        value = str(row.sessions) if row.sessions else money_to_wire(row.amount)
        rows.append((_("back to"), f"{row.get_method_display()}: {value}"))
    return rows


REFUND_KIND = ApprovalKind(
    code=KIND,
    name=gettext_lazy("refund above the store's amount"),
    decide_codes=(REFUND_APPROVE.code,),
    on_approved=refund_approved,
    detail_route="/orderDetails?orderId={subject_id}",
    describe=describe_refund,
)
